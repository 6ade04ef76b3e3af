// The views the ndarray's own methods are (ndarray.hpp: reshape, ravel,
// flatten, transpose), which the planner uses too, so they sit in the core
// layer. The other array manipulation routines are in
// src/routines/manipulation.cpp.
#include "cunum/manipulation.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "cunum/error.hpp"

namespace cunum {

namespace {
// A requested shape as NumPy's reshape error spells it: no spaces, leading
// unknown (negative) dimensions dropped, later ones as "newaxis".
std::string requested_shape_str(const Shape& req) {
  size_t i = 0;
  while (i < req.size() && req[i] < 0) ++i;
  if (i == req.size()) return "()";
  std::string r = "(" + std::to_string(req[i++]);
  for (; i < req.size(); ++i) r += req[i] < 0 ? ",newaxis" : "," + std::to_string(req[i]);
  return r + (req.size() == 1 ? ",)" : ")");
}

// Resolves the one unknown dimension of a requested shape against `size`:
// as in NumPy 2, any negative extent is the unknown one (reshape(-2, 3)).
Shape resolve_shape(const Shape& req, int64_t size) {
  Shape s = req;
  int unknown = -1;
  int64_t known = 1;
  bool overflow = false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] < 0) {
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = static_cast<int>(i);
    } else if (__builtin_mul_overflow(known, s[i], &known)) {
      overflow = true;
    }
  }
  auto mismatch = [&] {
    return ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                      requested_shape_str(req));
  };
  if (overflow) throw mismatch();
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) throw mismatch();
    s[unknown] = size / known;
  } else if (known != size) {
    throw mismatch();
  }
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
  const Shape shape = resolve_shape(req, a.size());
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape.size()));
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

// Note [ravel and order 'K']
// As NumPy: ravel is a view only when the array's elements are contiguous in
// the requested order (for 'K': in the order of decreasing |stride|, all
// strides positive); otherwise it copies, as flatten always does. Order 'K'
// visits the axes by decreasing |stride| (stable), each in index order: a
// negative stride is not flipped (arange(12).reshape(4, 3).T[::-1] ravels
// as 2, 1, 0, 5, 4, 3, ...). A strided or broadcast array thus never comes
// back as a strided view. The copy visits the axes as NumPy's iterator
// orders them (keep_order_axes): an axis of stride 0 does not take part in the
// ordering, so a broadcast row ravels like its C-order copy.
namespace {
ndarray flat_view(const ndarray& a) {
  return ndarray(a.storage(), a.offset(), {a.size()}, {static_cast<int64_t>(a.itemsize())},
                 a.dtype());
}
char resolve_order(const ndarray& a, char order) {
  if (order == 'A') return (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
  if (order == 'K' && a.is_c_contiguous()) return 'C';
  if (order == 'K' && a.is_f_contiguous()) return 'F';
  return order;
}
bool keep_order_contiguous(const ndarray& a) {
  const int nd = a.ndim();
  std::vector<int> perm(nd);
  for (int i = 0; i < nd; ++i) perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](int x, int y) {
    return std::llabs(a.strides()[x]) > std::llabs(a.strides()[y]);
  });
  int64_t expect = static_cast<int64_t>(a.itemsize());
  for (int i = nd - 1; i >= 0; --i) {
    const int d = perm[i];
    if (a.shape()[d] == 1) continue;
    if (a.strides()[d] != expect) return false;
    expect *= a.shape()[d];
  }
  return true;
}

// The axes, outermost first, in the order NumPy's iterator visits them for
// order 'K': an insertion sort from the innermost axis outwards that moves an
// axis inside every axis of larger |stride|, where axes of stride 0 (or size
// 1) neither block nor decide a move.
std::vector<int64_t> keep_order_axes(const ndarray& a) {
  const int nd = a.ndim();
  auto stride = [&](int d) { return a.shape()[d] == 1 ? int64_t(0) : std::llabs(a.strides()[d]); };
  std::vector<int> inner(nd);  // inner[0] is the innermost axis
  for (int i = 0; i < nd; ++i) inner[i] = nd - 1 - i;
  for (int i0 = 1; i0 < nd; ++i0) {
    const int ax = inner[i0];
    int pos = i0;
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      const int64_t s0 = stride(ax), s1 = stride(inner[i1]);
      if (s0 == 0 || s1 == 0) continue;  // undecided: look further in
      if (s1 <= s0) break;
      pos = i1;
    }
    if (pos != i0) {
      inner.erase(inner.begin() + i0);
      inner.insert(inner.begin() + pos, ax);
    }
  }
  return std::vector<int64_t>(inner.rbegin(), inner.rend());
}
}  // namespace

ndarray ravel(const ndarray& a, char order) {
  order = resolve_order(a, order);
  if (order == 'C' && a.is_c_contiguous()) return flat_view(a);
  if (order == 'F' && a.is_f_contiguous()) return flat_view(a);
  if (order == 'K' && keep_order_contiguous(a)) return flat_view(a);
  return flatten(a, order);
}

ndarray flatten(const ndarray& a, char order) {
  order = resolve_order(a, order);
  if (order != 'C' && order != 'F' && order != 'K')
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K'");
  if (order == 'K') return flat_view(transpose(a, keep_order_axes(a)).copy('C'));
  return flat_view(a.copy(order));  // a fresh copy is contiguous in `order`
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
