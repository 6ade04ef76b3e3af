// The argument parsers every binding file shares: NumPy's conventions for
// integers and axes, shapes, dtypes, devices, out= and scalars, each parsed in
// one place with NumPy's errors. A binding file includes this header;
// convert.hpp (arrays, scalars, dtypes as values) comes with it.
#pragma once
#include <nanobind/nanobind.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "convert.hpp"
#include "cunum/indexing.hpp"

namespace cunum::py {
namespace nb = nanobind;

// ---------------------------------------------------------------- integers, axes
// An integer argument: anything with __index__ (a TypeError naming the type
// otherwise, as NumPy's).
int64_t as_index(nb::handle h);
// A slice bound or step: None -> nullopt, else an integer; one beyond int64
// is clamped to it (Note [Python ints beyond int64 in indices], args.cpp).
std::optional<int64_t> opt_index(nb::handle h);
// An integer index (a[i]): OverflowError past INT64_MAX up to UINT64_MAX,
// IndexError (kNumpyBadIndex) further out or for a non-integer, as NumPy.
int64_t integer_index(nb::handle h);
inline constexpr const char* kNumpyBadIndex =
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
    "boolean arrays are valid indices";
// axis=: None -> nullopt (every axis), an integer -> one axis, a tuple or a
// list -> those axes.
std::optional<std::vector<int64_t>> opt_axes(nb::handle h);
// axis=: None -> nullopt, else one integer (NumPy's PyArray_AxisConverter: a
// bool is a TypeError, an int beyond int64 an OverflowError).
std::optional<int64_t> opt_axis(nb::handle h);
// mode= of take, put, choose (NumPy's clipmode): None, 'raise', 'wrap',
// 'clip' (str or bytes), or 2, 1, 0; NumPy's ValueError or TypeError
// otherwise.
ClipMode clip_mode(nb::handle h);

// ---------------------------------------------------------------- shapes, dtypes, devices
Shape as_shape(nb::handle h);  // an integer or a sequence of integers
// dtype=: None -> nullopt, else anything numpy.dtype() accepts (as_dtype,
// convert.hpp, for a dtype that must be given).
std::optional<DType> opt_dtype(nb::handle h);
std::optional<Device> opt_device(nb::handle h);  // device=: None -> nullopt

// ---------------------------------------------------------------- values
// out=: None -> nullopt; a TypeError unless a cunum array.
std::optional<ndarray> opt_out(nb::handle h);
// A Python scalar, or an array-like of one element, as a Scalar.
Scalar to_scalar(nb::handle h);
// Python's truth value of any object (keepdims= given as numpy.bool_ ...).
bool truthy(nb::handle h);

}  // namespace cunum::py
