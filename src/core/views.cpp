// The views the ndarray's own methods are (ndarray.hpp: reshape, ravel,
// transpose), which the planner uses too, so they sit in the core layer. The
// other array manipulation routines are in src/routines/manipulation.cpp.
#include "cunum/manipulation.hpp"

#include <algorithm>

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

}  // namespace cunum
