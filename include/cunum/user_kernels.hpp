// cunum/user_kernels.hpp — user-written kernels from C++: an elementwise loop
// or a reduction whose body is C++ text (CuPy's ElementwiseKernel and
// ReductionKernel), compiled at the first call for the array's device (NVRTC
// on a GPU, the system C++ compiler on the CPU) and cached in memory and on
// disk. The Python classes cunum.ElementwiseKernel/ReductionKernel parse
// CuPy's parameter strings and resolve the types; this layer takes resolved
// types.
//
//   using namespace cunum::user;
//   KernelSpec s;
//   s.name = "axpy";
//   s.params = {{"a", "float", DType::Float32, DType::Float32, ArgKind::Scalar, false},
//               {"x", "float", DType::Float32, DType::Float32, ArgKind::Array, false},
//               {"y", "float", DType::Float32, DType::Float32, ArgKind::Array, true}};
//   s.operation = "y = a * x";
//   Kernel k(s);
//   k.elementwise({Arg::of(Scalar(2.0)), Arg::of(x), Arg::of(y)}, x.shape(), x.device());
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cunum/ndarray.hpp"

namespace cunum::user {

enum class ArgKind : uint8_t {
  Array,   // one element per loop index (broadcast)
  Raw,     // the whole array, indexed by the body (CArray)
  Scalar,  // a value
};

struct ParamSpec {
  std::string name;
  std::string ctype;  // the parameter's C type in the body ("float", "complex<double>", "float16")
  DType dtype;        // the parameter's dtype (what ctype names)
  DType arg_dtype;    // the argument's dtype: an input array of another dtype is converted as it is read
  ArgKind kind;
  bool output;
};

// Everything the generated source depends on besides the ranks.
struct KernelSpec {
  bool reduction = false;
  std::string name = "kernel";
  std::vector<ParamSpec> params;  // inputs, then outputs
  std::vector<std::pair<std::string, std::string>> typedefs;  // {"T", "float"}: type placeholders
  std::string preamble, loop_prep, after_loop;
  std::string operation;                  // elementwise
  std::string map_expr, reduce_expr, post_map_expr, identity, reduce_type;  // reduction
  bool has_identity = false;
  std::vector<std::string> options;
};

// One argument of a call: an array (Array and Raw parameters) or a value.
struct Arg {
  const ndarray* array = nullptr;
  Scalar value;
  static Arg of(const ndarray& a) { return Arg{&a, {}}; }
  static Arg of(const Scalar& v) { return Arg{nullptr, v}; }
};

// A kernel's loop rank and the ranks of its raw arguments: each combination
// is its own generated source.
struct Variant {
  int nd = 0;      // elementwise: loop dims; reduction: kept dims
  int nd_red = 0;  // reduction: reduced dims
  std::vector<int> raw_ndims;
  bool operator<(const Variant& o) const {
    return std::tie(nd, nd_red, raw_ndims) < std::tie(o.nd, o.nd_red, o.raw_ndims);
  }
};

// The source of spec's kernel for one variant; the same text compiles with
// NVRTC and with a host C++ compiler (include/cunum/kernels/user_prelude.hpp).
std::string kernel_source(const KernelSpec& spec, const Variant& v);
// The number of 64-bit words of the variant's parameter block.
int kernel_words(const KernelSpec& spec, const Variant& v);

class Kernel {
 public:
  explicit Kernel(KernelSpec spec);
  const KernelSpec& spec() const { return spec_; }
  // Runs the elementwise body over `shape` (outputs allocated by the caller;
  // each Array argument broadcasts to shape). `size`: the loop size when
  // shape is empty because no argument is an Array one (CuPy's size=).
  void elementwise(const std::vector<Arg>& args, const Shape& shape, Device device, int64_t size = -1) const;
  // Reduces the broadcast inputs (shape `shape`) over `axes` (sorted,
  // distinct) into the outputs (kept dims in order, reduced dims dropped or,
  // with keepdims, of length 1).
  void reduce(const std::vector<Arg>& args, const Shape& shape, const std::vector<int>& axes, Device device) const;

 private:
  struct Compiled {
    std::string source;
    uint64_t hash = 0;
    int nwords = 0;
  };
  const Compiled& compiled(const Variant& v) const;
  // One launch of a compiled variant over the argument words `w`.
  void launch(const Compiled& c, Device device, int64_t n, int64_t m, bool reduction, const int64_t* w) const;
  KernelSpec spec_;
  mutable std::mutex mu_;
  mutable std::map<Variant, std::unique_ptr<Compiled>> variants_;
};

}  // namespace cunum::user
