#include "cunum/manipulation.hpp"

#include <algorithm>

#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"

namespace cunum {

namespace {
// Resolves one -1 in a requested shape against `size`.
Shape resolve_shape(const Shape& req, int64_t size, const Shape& from) {
  Shape s = req;
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == -1) {
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = static_cast<int>(i);
    } else if (s[i] < 0) {
      throw ValueError("negative dimensions not allowed");
    } else {
      known *= s[i];
    }
  }
  if (unknown >= 0) {
    if (known == 0 || size % known != 0)
      throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                       shape_str(req));
    s[unknown] = size / known;
  } else if (known != size) {
    throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                     shape_str(req));
  }
  (void)from;
  return s;
}

// Strides for viewing `a` (C-order traversal) with `shape` without a copy, or
// false if impossible. The approach: group old and new dims into runs of equal
// element count; each old run must be contiguous in itself.
bool view_strides_c(const Shape& oshape, const Strides& ostr, const Shape& nshape, Strides& nstr) {
  Shape os;
  Strides ot;
  for (size_t i = 0; i < oshape.size(); ++i)
    if (oshape[i] != 1) { os.push_back(oshape[i]); ot.push_back(ostr[i]); }
  const int on = static_cast<int>(os.size()), nn = static_cast<int>(nshape.size());
  nstr.assign(nn, 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    int64_t np = nshape[ni], op = os[oi];
    while (np != op) {
      if (np < op) np *= nshape[nj++];
      else op *= os[oj++];
    }
    for (int k = oi; k < oj - 1; ++k)
      if (ot[k] != ot[k + 1] * os[k + 1]) return false;
    nstr[nj - 1] = ot[oj - 1];
    for (int k = nj - 1; k > ni; --k) nstr[k - 1] = nstr[k] * nshape[k];
    ni = nj++;
    oi = oj++;
  }
  // Trailing size-1 dims of the new shape.
  int64_t last = nn > 0 && ni > 0 ? nstr[ni - 1] : 1;
  for (int k = ni; k < nn; ++k) nstr[k] = last;
  return true;
}
}  // namespace

ndarray reshape(const ndarray& a, const Shape& req, char order) {
  if (order != 'C' && order != 'F' && order != 'A')
    throw ValueError("order must be one of 'C', 'F', 'A'");
  if (order == 'A') order = (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
  const Shape shape = resolve_shape(req, a.size(), a.shape());
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64");
  if (a.size() <= 1) {
    return ndarray(a.storage(), a.offset(), shape, contiguous_strides(shape, a.itemsize(), order),
                   a.dtype());
  }
  Strides ns;
  bool ok;
  if (order == 'C') {
    ok = view_strides_c(a.shape(), a.strides(), shape, ns);
  } else {
    Shape ro(a.shape().rbegin(), a.shape().rend()), rn(shape.rbegin(), shape.rend());
    Strides rs(a.strides().rbegin(), a.strides().rend());
    ok = view_strides_c(ro, rs, rn, ns);
    std::reverse(ns.begin(), ns.end());
  }
  if (ok) return ndarray(a.storage(), a.offset(), shape, ns, a.dtype());
  ndarray c = a.copy(order);
  return ndarray(c.storage(), c.offset(), shape, contiguous_strides(shape, a.itemsize(), order),
                 a.dtype());
}

ndarray ravel(const ndarray& a, char order) {
  if (order == 'K') order = (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
  return reshape(a, {a.size()}, order);
}

ndarray flatten(const ndarray& a, char order) {
  if (order == 'A' || order == 'K') order = (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
  return reshape(a.copy(order), {a.size()}, order);
}

ndarray transpose(const ndarray& a, std::optional<std::vector<int64_t>> axes) {
  const int nd = a.ndim();
  std::vector<int64_t> perm;
  if (!axes) {
    for (int i = nd - 1; i >= 0; --i) perm.push_back(i);
  } else {
    if (static_cast<int>(axes->size()) != nd) throw ValueError("axes don't match array");
    std::vector<bool> seen(nd, false);
    for (int64_t ax : *axes) {
      int n = normalize_axis(ax, nd);
      if (seen[n]) throw ValueError("repeated axis in transpose");
      seen[n] = true;
      perm.push_back(n);
    }
  }
  Shape s(nd);
  Strides t(nd);
  for (int i = 0; i < nd; ++i) {
    s[i] = a.shape()[perm[i]];
    t[i] = a.strides()[perm[i]];
  }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  int i = normalize_axis(axis1, nd), j = normalize_axis(axis2, nd);
  std::vector<int64_t> perm(nd);
  for (int k = 0; k < nd; ++k) perm[k] = k;
  std::swap(perm[i], perm[j]);
  return transpose(a, perm);
}

ndarray moveaxis(const ndarray& a, std::vector<int64_t> source, std::vector<int64_t> destination) {
  const int nd = a.ndim();
  if (source.size() != destination.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<bool> seen_s(nd, false), seen_d(nd, false);
  for (auto& s : source) {
    s = normalize_axis(s, nd);
    if (seen_s[s]) throw ValueError("repeated axis in `source` argument");
    seen_s[s] = true;
  }
  for (auto& d : destination) {
    d = normalize_axis(d, nd);
    if (seen_d[d]) throw ValueError("repeated axis in `destination` argument");
    seen_d[d] = true;
  }
  std::vector<int64_t> order;
  for (int k = 0; k < nd; ++k)
    if (!seen_s[k]) order.push_back(k);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (size_t i = 0; i < source.size(); ++i) pairs.push_back({destination[i], source[i]});
  std::sort(pairs.begin(), pairs.end());
  for (auto [dst, src] : pairs) order.insert(order.begin() + dst, src);
  return transpose(a, order);
}

ndarray matrix_transpose(const ndarray& a) {
  if (a.ndim() < 2)
    throw ValueError("matrix transpose with ndim < 2 is undefined");
  return swapaxes(a, -1, -2);
}

ndarray squeeze(const ndarray& a, std::optional<std::vector<int64_t>> axis) {
  const int nd = a.ndim();
  std::vector<bool> drop(nd, false);
  if (!axis) {
    for (int d = 0; d < nd; ++d) drop[d] = a.shape()[d] == 1;
  } else {
    for (int64_t ax : *axis) normalize_axis(ax, nd);  // AxisError before anything else
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (drop[d]) throw ValueError("duplicate value in 'axis'");
      if (a.shape()[d] != 1)
        throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
      drop[d] = true;
    }
  }
  Shape s;
  Strides t;
  for (int d = 0; d < nd; ++d)
    if (!drop[d]) { s.push_back(a.shape()[d]); t.push_back(a.strides()[d]); }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray expand_dims(const ndarray& a, std::vector<int64_t> axis) {
  const int out_nd = a.ndim() + static_cast<int>(axis.size());
  std::vector<bool> is_new(out_nd, false);
  for (int64_t ax : axis) {
    int d = normalize_axis(ax, out_nd);
    if (is_new[d]) throw ValueError("repeated axis");
    is_new[d] = true;
  }
  Shape s;
  Strides t;
  int src = 0;
  for (int d = 0; d < out_nd; ++d) {
    if (is_new[d]) { s.push_back(1); t.push_back(0); }
    else { s.push_back(a.shape()[src]); t.push_back(a.strides()[src]); ++src; }
  }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray broadcast_to(const ndarray& a, const Shape& shape) {
  for (int64_t s : shape)
    if (s < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  Strides st = core::broadcast_strides(a, shape);
  return ndarray(a.storage(), a.offset(), shape, st, a.dtype());
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  Shape r;
  for (const Shape& s : shapes) r = core::broadcast_shape({&r, &s});
  return r;
}

std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays) {
  std::vector<Shape> shapes;
  for (const auto& a : arrays) shapes.push_back(a.shape());
  Shape s = broadcast_shapes(shapes);
  std::vector<ndarray> r;
  for (const auto& a : arrays) r.push_back(broadcast_to(a, s));
  return r;
}

ndarray atleast_1d(const ndarray& a) { return a.ndim() >= 1 ? a : reshape(a, {1}); }
ndarray atleast_2d(const ndarray& a) {
  if (a.ndim() >= 2) return a;
  if (a.ndim() == 1) return expand_dims(a, {0});
  return reshape(a, {1, 1});
}
ndarray atleast_3d(const ndarray& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 2) return expand_dims(a, {2});
  if (a.ndim() == 1) return expand_dims(a, {0, 2});
  return reshape(a, {1, 1, 1});
}

}  // namespace cunum
