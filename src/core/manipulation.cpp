#include "cunum/manipulation.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
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

ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  int i = normalize_axis(axis1, nd, "axis1"), j = normalize_axis(axis2, nd, "axis2");
  std::vector<int64_t> perm(nd);
  for (int k = 0; k < nd; ++k) perm[k] = k;
  std::swap(perm[i], perm[j]);
  return transpose(a, perm);
}

// Note [Axis error precedence]
// NumPy normalises a tuple of axes first (AxisError for any out of bounds)
// and only then looks for repeats (ValueError); moveaxis does source, then
// destination, then compares their lengths. cunum raises in the same order.
namespace {
std::vector<bool> normalize_axes(std::vector<int64_t>& axes, int nd, const char* arg_name,
                                 const char* repeated) {
  for (auto& ax : axes) ax = arg_name ? normalize_axis(ax, nd, arg_name) : normalize_axis(ax, nd);
  std::vector<bool> seen(nd, false);
  for (int64_t ax : axes) {
    if (seen[ax]) throw ValueError(repeated);
    seen[ax] = true;
  }
  return seen;
}
}  // namespace

ndarray moveaxis(const ndarray& a, std::vector<int64_t> source, std::vector<int64_t> destination) {
  const int nd = a.ndim();
  const std::vector<bool> seen_s =
      normalize_axes(source, nd, "source", "repeated axis in `source` argument");
  normalize_axes(destination, nd, "destination", "repeated axis in `destination` argument");
  if (source.size() != destination.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
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
    // NumPy reads the axes one by one (bounds, then repeat), then checks sizes.
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (drop[d]) throw ValueError("duplicate value in 'axis'");
      drop[d] = true;
    }
    for (int d = 0; d < nd; ++d)
      if (drop[d] && a.shape()[d] != 1)
        throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
  }
  Shape s;
  Strides t;
  for (int d = 0; d < nd; ++d)
    if (!drop[d]) { s.push_back(a.shape()[d]); t.push_back(a.strides()[d]); }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray expand_dims(const ndarray& a, std::vector<int64_t> axis) {
  const int out_nd = a.ndim() + static_cast<int>(axis.size());
  const std::vector<bool> is_new = normalize_axes(axis, out_nd, nullptr, "repeated axis");
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
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape.size()));
  for (int64_t s : shape)
    if (s < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  // NumPy's iterator messages (it builds the view with one)
  if (static_cast<size_t>(a.ndim()) > shape.size())
    throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t v = a.shape()[d], t = shape[shape.size() - a.ndim() + d];
    if (v != 1 && v != t)
      throw ValueError("operands could not be broadcast together with remapped shapes "
                       "[original->remapped]: " + shape_str(a.shape()) + "  and requested shape " +
                       shape_str(shape));
  }
  // NumPy builds the view with its iterator, which refuses an element count
  // beyond int64 (multiplied in order, so a later 0 does not help).
  int64_t count = 1;
  for (int64_t s : shape)
    if (__builtin_mul_overflow(count, s, &count)) throw ValueError("iterator is too large");
  Strides st = core::broadcast_strides(a, shape);
  return ndarray(a.storage(), a.offset(), shape, st, a.dtype());
}

// NumPy's np.broadcast: output axes left to right, arguments in order; the
// error names the argument that set the extent and the one that conflicts,
// their shapes spelled as Python tuples.
Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  size_t nd = 0;
  for (const Shape& s : shapes) nd = std::max(nd, s.size());
  Shape r(nd, 1);
  auto tuple_str = [](const Shape& s) {
    std::string t = "(";
    for (size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
    return t + (s.size() == 1 ? ",)" : ")");
  };
  for (size_t i = 0; i < nd; ++i) {
    size_t src = 0;
    for (size_t j = 0; j < shapes.size(); ++j) {
      const Shape& s = shapes[j];
      if (i + s.size() < nd) continue;
      const int64_t v = s[i + s.size() - nd];
      if (v == 1) continue;
      if (r[i] == 1) {
        r[i] = v;
        src = j;
      } else if (r[i] != v) {
        throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                         "between arg " + std::to_string(src) + " with shape " + tuple_str(shapes[src]) +
                         " and arg " + std::to_string(j) + " with shape " + tuple_str(s) + ".");
      }
    }
  }
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
