// Conversions between Python objects and cunum's C++ values.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/stl/detail/nb_list.h>

#include <optional>

#include "cunum/ndarray.hpp"
#include "cunum/ufunc.hpp"

// cunum::Dims (Shape, Strides) converts like std::vector<int64_t>: a list
// from C++, any sequence of ints from Python.
namespace nanobind::detail {
template <> struct type_caster<cunum::Dims> : list_caster<cunum::Dims, int64_t> {};
}  // namespace nanobind::detail

namespace cunum::py {
namespace nb = nanobind;

// Python bool/int/float/complex (exact types: NumPy scalars are strong and go
// through as_array) -> weak Scalar. nullopt for anything else.
std::optional<Scalar> python_scalar(nb::handle h);
// Any array-like -> ndarray (cunum arrays pass through; others go through the
// Python-side converter cunum._convert.asarray).
ndarray as_array(nb::handle h);
// Any array-like converted with dtype d as numpy.asarray(h, d) would.
ndarray as_array(nb::handle h, DType d);
// Whether h is a NumPy scalar (an instance of numpy.generic).
bool is_numpy_scalar(nb::handle h);
// An ufunc operand: array (borrowed: h must outlive the Operand), weak Python
// scalar, or anything array-like (converted, owned).
Operand as_operand(nb::handle h);
// A Scalar -> the Python object NumPy's item() would give.
nb::object scalar_to_python(const Scalar& s);
// A DType <-> numpy.dtype
DType as_dtype(nb::handle h);  // accepts anything numpy.dtype() accepts
nb::object numpy_dtype(DType d);

// The Python functions cunum's C++ code calls (Note [Python objects in static
// storage], convert.cpp): imported on first use and kept until
// release_python_refs, which Python's atexit calls.
enum class PythonFunction { Asarray, DtypeCode, IndexArray, KeyArray, NumpyShape };
inline constexpr int kNumPythonFunctions = 5;
nb::object python_function(PythonFunction f);
void set_python_helpers(nb::object asarray, nb::object dtype_of);
// At exit (Python's atexit): drops the references above and keeps `modules`
// (cunum's) alive to the end (Note [Module globals at teardown]).
void release_python_refs(nb::tuple modules);

}  // namespace cunum::py
