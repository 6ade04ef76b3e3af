// Joining arrays (NumPy's "Joining arrays"): concatenate and the stacks built
// on it. Each input is copied once into its slab of the result (one copy
// kernel per input, converting in registers when dtypes differ): one pass
// over memory, as NumPy's own concatenate.
#include <string>
#include <vector>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"

namespace cunum {

namespace {
std::string dt(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

// NumPy's result layout: Fortran order when every input is F-contiguous and
// not C-contiguous (so a transposed stack stays transposed), else C.
char result_order(const std::vector<ndarray>& arrays) {
  for (const ndarray& a : arrays)
    if (!a.is_f_contiguous() || a.is_c_contiguous()) return 'C';
  return 'F';
}
}  // namespace

ndarray concatenate(const std::vector<ndarray>& arrays_in, std::optional<int64_t> axis,
                    const std::optional<ndarray>& out, std::optional<DType> dtype, Casting casting) {
  if (arrays_in.empty()) throw ValueError("need at least one array to concatenate");
  if (out && dtype)
    throw TypeError("concatenate() only takes `out` or `dtype` as an argument, but both were provided.");
  std::vector<ndarray> arrays = arrays_in;
  if (!axis)
    for (ndarray& a : arrays) a = ravel(a);
  const int nd = arrays[0].ndim();
  if (nd == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  const int ax = normalize_axis(axis.value_or(0), nd);
  Shape shape = arrays[0].shape();
  shape[ax] = 0;
  std::vector<DType> dtypes;
  for (size_t i = 0; i < arrays.size(); ++i) {
    const ndarray& a = arrays[i];
    if (a.ndim() != nd)
      throw ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                       "but along dimension 0, the array at index 0 has " + std::to_string(nd) +
                       " dimension(s) and the array at index " + std::to_string(i) + " has " +
                       std::to_string(a.ndim()) + " dimension(s)");
    for (int d = 0; d < nd; ++d)
      if (d != ax && a.shape()[d] != arrays[0].shape()[d])
        throw ValueError("all the input array dimensions except for the concatenation axis must match "
                         "exactly, but along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                         std::to_string(arrays[0].shape()[d]) + " and the array at index " + std::to_string(i) +
                         " has size " + std::to_string(a.shape()[d]));
    shape[ax] += a.shape()[ax];
    dtypes.push_back(a.dtype());
  }
  const DType common = result_type(dtypes.data(), static_cast<int>(dtypes.size()), nullptr, 0);
  const DType target = out ? out->dtype() : dtype.value_or(common);
  for (const ndarray& a : arrays)
    if (!can_cast(a.dtype(), target, casting))
      throw TypeError("Cannot cast array data from " + dt(a.dtype()) + " to " + dt(target) +
                      " according to the rule '" + std::string(casting_name(casting)) + "'");
  if (out) {
    if (out->ndim() != nd) throw ValueError("Output array has wrong dimensionality");
    if (out->shape() != shape) throw ValueError("Output array is the wrong shape");
  }
  const Device dev = arrays[0].device();
  ndarray r = out ? *out : empty(shape, target, dev, result_order(arrays));
  std::vector<Index> slab(nd, Index(Slice{}));
  int64_t at = 0;
  for (const ndarray& a : arrays) {
    const int64_t n = a.shape()[ax];
    slab[ax] = Slice{at, at + n, {}};
    if (n > 0) core::assign(index(r, slab), a);
    at += n;
  }
  return r;
}

ndarray stack(const std::vector<ndarray>& arrays, int64_t axis, const std::optional<ndarray>& out,
              std::optional<DType> dtype, Casting casting) {
  if (arrays.empty()) throw ValueError("need at least one array to stack");
  for (const ndarray& a : arrays)
    if (a.shape() != arrays[0].shape()) throw ValueError("all input arrays must have the same shape");
  const int ax = normalize_axis(axis, arrays[0].ndim() + 1);
  std::vector<ndarray> expanded;
  for (const ndarray& a : arrays) expanded.push_back(expand_dims(a, {ax}));
  return concatenate(expanded, ax, out, dtype, casting);
}

ndarray hstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype, Casting casting) {
  std::vector<ndarray> a;
  for (const ndarray& x : arrays) a.push_back(atleast_1d(x));
  if (a.empty()) throw ValueError("need at least one array to concatenate");
  return concatenate(a, a[0].ndim() == 1 ? 0 : 1, {}, dtype, casting);
}

ndarray vstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype, Casting casting) {
  std::vector<ndarray> a;
  for (const ndarray& x : arrays) a.push_back(atleast_2d(x));
  return concatenate(a, 0, {}, dtype, casting);
}

ndarray dstack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> a;
  for (const ndarray& x : arrays) a.push_back(atleast_3d(x));
  return concatenate(a, 2);
}

ndarray column_stack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> a;
  for (const ndarray& x : arrays) a.push_back(x.ndim() < 2 ? transpose(atleast_2d(x)) : x);
  return concatenate(a, 1);
}

}  // namespace cunum
