// cunum/error.hpp — the exceptions cunum throws. Each maps to the Python
// exception NumPy raises in the same situation (the bindings translate them).
//
//   CUNUM_CHECK(ndim <= kMaxDims, ValueError, "maximum supported dimension is 64");
#pragma once
#include <stdexcept>
#include <string>

namespace cunum {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct TypeError : Error { using Error::Error; };
struct ValueError : Error { using Error::Error; };
struct IndexError : Error { using Error::Error; };
struct OverflowError : Error { using Error::Error; };
struct ZeroDivisionError : Error { using Error::Error; };
struct OutOfMemoryError : Error { using Error::Error; };
// numpy.exceptions.AxisError: both a ValueError and an IndexError in NumPy.
// `prefix` names the argument (NumPy's msg_prefix: "source: axis 5 is ...").
struct AxisError : ValueError {
  AxisError(long long axis, int ndim, std::string prefix = {})
      : ValueError((prefix.empty() ? "" : prefix + ": ") + "axis " + std::to_string(axis) +
                   " is out of bounds for array of dimension " + std::to_string(ndim)),
        axis(axis), ndim(ndim), prefix(std::move(prefix)) {}
  long long axis;
  int ndim;
  std::string prefix;
};
// numpy.linalg.LinAlgError (a ValueError): singular or non-positive-definite
// matrices, arrays of the wrong rank for a linalg routine.
struct LinAlgError : ValueError { using ValueError::ValueError; };
// A user-written kernel that failed to compile (NVRTC, or the host compiler
// for the CPU): what() carries the compiler's log; the Python layer raises
// cunum.cuda.compiler.CompileException (CuPy's) with these fields.
struct CompileError : Error {
  CompileError(const std::string& msg, std::string log, std::string source, std::string name)
      : Error(msg), log(std::move(log)), source(std::move(source)), name(std::move(name)) {}
  std::string log, source, name;
};
// An internal invariant broke: a bug in cunum, not in the caller's input.
struct InternalError : Error { using Error::Error; };

}  // namespace cunum

#define CUNUM_CHECK(cond, Exc, msg)    \
  do {                                 \
    if (!(cond)) throw ::cunum::Exc(msg); \
  } while (0)
#define CUNUM_ASSERT(cond)                                                            \
  do {                                                                                \
    if (!(cond))                                                                      \
      throw ::cunum::InternalError(std::string("internal error: ") + #cond + " at " + \
                                   __FILE__ + ":" + std::to_string(__LINE__));        \
  } while (0)
