// Mathematical functions, differences and integrals: diff, ediff1d, gradient,
// trapezoid, cross, unwrap. Slices (views) and ufuncs written into slices of
// the result, as NumPy composes them: no kernel of their own.
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// a[start:stop] along axis, as a view (0 <= start <= stop <= len).
ndarray slab(const ndarray& a, int axis, int64_t start, int64_t stop) {
  Shape s = a.shape();
  s[axis] = stop - start;
  return ndarray(a.storage(), a.offset() + start * a.strides()[axis], s, a.strides(), a.dtype());
}
// Python's a[start:] / a[:stop] with negative positions from the end.
ndarray from(const ndarray& a, int axis, int64_t start) {
  const int64_t n = a.shape()[axis];
  if (start < 0) start = std::max<int64_t>(0, n + start);
  return slab(a, axis, std::min(start, n), n);
}
ndarray until(const ndarray& a, int axis, int64_t stop) {
  const int64_t n = a.shape()[axis];
  if (stop < 0) stop = std::max<int64_t>(0, n + stop);
  return slab(a, axis, 0, std::min(stop, n));
}
// The one element at position i (negative from the end), the axis kept.
ndarray at(const ndarray& a, int axis, int64_t i) {
  if (i < 0) i += a.shape()[axis];
  return slab(a, axis, i, i + 1);
}

UfuncOptions into(const ndarray& out) {
  UfuncOptions o;
  o.out = out;
  o.casting = Casting::Unsafe;  // NumPy assigns with out[...] = expression
  return o;
}

ndarray sum_along(const ndarray& a, int64_t axis) {
  ReduceOptions o;
  o.axis = std::vector<int64_t>{axis};
  o.axis_is_int = true;
  return sum(a, o);
}

double as_double(const Scalar& s) { return s.as_double(); }
}  // namespace

ndarray diff(const ndarray& a0, const DiffOptions& o) {
  if (o.n == 0) return a0;
  if (o.n < 0) throw ValueError("order must be non-negative but got " + std::to_string(o.n));
  if (a0.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  const int axis = normalize_axis(o.axis, a0.ndim());
  auto edge = [&](const ndarray& v) {
    if (v.ndim() != 0) return v;
    Shape s = a0.shape();
    s[axis] = 1;
    return broadcast_to(v, s);
  };
  std::vector<ndarray> parts;
  if (o.prepend) parts.push_back(edge(*o.prepend));
  parts.push_back(a0);
  if (o.append) parts.push_back(edge(*o.append));
  ndarray a = parts.size() > 1 ? concatenate(parts, axis) : a0;
  for (int64_t k = 0; k < o.n; ++k) {
    const ndarray hi = from(a, axis, 1), lo = until(a, axis, -1);
    a = is_bool(a.dtype()) ? not_equal(hi, lo) : subtract(hi, lo);
  }
  return a;
}

ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end, const std::optional<ndarray>& to_begin) {
  const ndarray flat = ravel(ary);
  const DType d = flat.dtype();
  if (!to_begin && !to_end) return subtract(from(flat, 0, 1), until(flat, 0, -1));
  auto part = [&](const std::optional<ndarray>& v, const char* name) {
    if (!v) return ndarray();
    if (!can_cast(v->dtype(), d, Casting::SameKind))
      throw TypeError(std::string("dtype of `") + name +
                      "` must be compatible with input `ary` under the `same_kind` rule.");
    return ravel(*v);
  };
  const ndarray begin = part(to_begin, "to_begin"), end = part(to_end, "to_end");
  const int64_t nb = begin.valid() ? begin.size() : 0, ne = end.valid() ? end.size() : 0;
  const int64_t nd = std::max<int64_t>(flat.size() - 1, 0);
  ndarray res = empty({nb + nd + ne}, d, flat.device());
  if (nb) copyto(slab(res, 0, 0, nb), begin, Casting::Unsafe);
  if (ne) copyto(slab(res, 0, nb + nd, nb + nd + ne), end, Casting::Unsafe);
  UfuncOptions o;
  o.out = slab(res, 0, nb, nb + nd);
  subtract(from(flat, 0, 1), until(flat, 0, -1), o);
  return res;
}

std::vector<ndarray> gradient(const ndarray& f0, const std::vector<Operand>& spacing,
                              std::optional<std::vector<int64_t>> axis, int edge_order) {
  ndarray f = f0;
  const int N = f.ndim();
  std::vector<int> axes;
  if (!axis) {
    for (int d = 0; d < N; ++d) axes.push_back(d);
  } else {
    std::vector<bool> seen(N, false);
    for (int64_t ax : *axis) {
      const int d = normalize_axis(ax, N);
      if (seen[d]) throw ValueError("repeated axis");
      seen[d] = true;
      axes.push_back(d);
    }
  }
  const size_t len_axes = axes.size();
  // Per axis: a uniform step h, or the differences d of 1-d coordinates.
  struct Step {
    bool uniform = true;
    double h = 1.0;
    ndarray d;
  };
  std::vector<Step> dx(len_axes);
  auto is_scalar = [](const Operand& s) { return !s.is_array() || s.array().ndim() == 0; };
  auto scalar_of = [](const Operand& s) { return s.is_array() ? s.array().item().as_double() : s.scalar().as_double(); };
  if (spacing.empty()) {
  } else if (spacing.size() == 1 && is_scalar(spacing[0])) {
    for (Step& s : dx) s.h = scalar_of(spacing[0]);
  } else if (spacing.size() == len_axes) {
    for (size_t i = 0; i < len_axes; ++i) {
      if (is_scalar(spacing[i])) {
        dx[i].h = scalar_of(spacing[i]);
        continue;
      }
      ndarray c = spacing[i].array();
      if (c.ndim() != 1) throw ValueError("distances must be either scalars or 1d");
      if (c.shape()[0] != f.shape()[axes[i]])
        throw ValueError("when 1d, distances must match the length of the corresponding dimension");
      if (is_integer(c.dtype())) c = c.astype(DType::Float64);
      dx[i].uniform = false;
      dx[i].d = diff(c);
    }
  } else {
    throw TypeError("invalid number of arguments");
  }
  if (edge_order > 2) throw ValueError("'edge_order' greater than 2 not supported");
  DType otype = f.dtype();
  if (!is_inexact(otype)) {
    if (is_integer(otype)) f = f.astype(DType::Float64);
    otype = DType::Float64;
  }
  std::vector<ndarray> outs;
  for (size_t i = 0; i < len_axes; ++i) {
    const int ax = axes[i];
    const Step& s = dx[i];
    if (f.shape()[ax] < edge_order + 1)
      throw ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                       "elements are required.");
    ndarray out = empty_like(f, otype);
    const int64_t n = f.shape()[ax];
    // Interior: second-order central differences.
    const ndarray inner = slab(out, ax, 1, n - 1);
    if (s.uniform) {
      true_divide(subtract(from(f, ax, 2), until(f, ax, -2)), Scalar(2.0 * s.h), into(inner));
    } else {
      Shape sh(N, 1);
      sh[ax] = -1;
      const ndarray dx1 = until(s.d, 0, -1), dx2 = from(s.d, 0, 1);
      const ndarray a = reshape(-dx2 / (dx1 * (dx1 + dx2)), sh);
      const ndarray b = reshape((dx2 - dx1) / (dx1 * dx2), sh);
      const ndarray c = reshape(dx1 / (dx2 * (dx1 + dx2)), sh);
      add(a * until(f, ax, -2) + b * slab(f, ax, 1, n - 1), c * from(f, ax, 2), into(inner));
    }
    const ndarray first = at(out, ax, 0), last = at(out, ax, -1);
    if (edge_order == 1) {
      const Operand d0 = s.uniform ? Operand(Scalar(s.h)) : Operand(at(s.d, 0, 0));
      const Operand dn = s.uniform ? Operand(Scalar(s.h)) : Operand(at(s.d, 0, -1));
      true_divide(subtract(at(f, ax, 1), at(f, ax, 0)), d0, into(first));
      true_divide(subtract(at(f, ax, -1), at(f, ax, -2)), dn, into(last));
    } else {
      // Second-order one-sided differences at both ends.
      auto combine = [&](const Operand& a, const Operand& b, const Operand& c, int64_t i0, const ndarray& dst) {
        const ndarray ta = a.is_array() ? a.array() * at(f, ax, i0) : at(f, ax, i0) * a.scalar();
        const ndarray tb = b.is_array() ? b.array() * at(f, ax, i0 + 1) : at(f, ax, i0 + 1) * b.scalar();
        const ndarray tc = c.is_array() ? c.array() * at(f, ax, i0 + 2) : at(f, ax, i0 + 2) * c.scalar();
        add(ta + tb, tc, into(dst));
      };
      if (s.uniform) {
        const double h = s.h;
        combine(Scalar(-1.5 / h), Scalar(2.0 / h), Scalar(-0.5 / h), 0, first);
        combine(Scalar(0.5 / h), Scalar(-2.0 / h), Scalar(1.5 / h), n - 3, last);
      } else {
        ndarray dx1 = at(s.d, 0, 0), dx2 = at(s.d, 0, 1);
        combine(-(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2)), (dx1 + dx2) / (dx1 * dx2), -dx1 / (dx2 * (dx1 + dx2)),
                0, first);
        dx1 = at(s.d, 0, -2);
        dx2 = at(s.d, 0, -1);
        combine(dx2 / (dx1 * (dx1 + dx2)), -(dx2 + dx1) / (dx1 * dx2), (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2)),
                n - 3, last);
      }
    }
    outs.push_back(out);
  }
  return outs;
}

ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x, const Operand& dx, int64_t axis0) {
  const int nd = y.ndim();
  // NumPy indexes a list of nd slices with `axis`: beyond it, Python's IndexError.
  if (axis0 < -nd || axis0 >= nd) throw IndexError("list assignment index out of range");
  const int axis = static_cast<int>(axis0 < 0 ? axis0 + nd : axis0);
  Operand d = dx;
  if (x) {
    if (x->ndim() == 1) {
      const ndarray dd = diff(*x);
      Shape s(nd, 1);
      s[axis] = dd.shape()[0];
      d = reshape(dd, s);
    } else {
      d = diff(*x, {.n = 1, .axis = axis0});
    }
  }
  const ndarray mid = add(from(y, axis, 1), until(y, axis, -1));
  const ndarray prod = d.is_array() ? d.array() * mid : mid * d.scalar();
  return sum_along(true_divide(prod, Scalar(2.0)), axis);
}

ndarray cross(const ndarray& a0, const ndarray& b0, int64_t axisa, int64_t axisb, int64_t axisc,
              std::optional<int64_t> axis) {
  if (a0.ndim() < 1 || b0.ndim() < 1) throw ValueError("At least one array has zero dimension");
  if (axis) axisa = axisb = axisc = *axis;
  const int aa = normalize_axis(axisa, a0.ndim(), "axisa");
  const int ab = normalize_axis(axisb, b0.ndim(), "axisb");
  const ndarray a = moveaxis(a0, {aa}, {-1}), b = moveaxis(b0, {ab}, {-1});
  const int64_t na = a.shape().back(), nb = b.shape().back();
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  auto comp = [](const ndarray& v, int64_t k) { return index(v, {Index::ellipsis(), Index(k)}); };
  Shape shape = broadcast_shapes({comp(a, 0).shape(), comp(b, 0).shape()});
  int ac = 0;
  if (na == 3 || nb == 3) {
    shape.push_back(3);
    ac = normalize_axis(axisc, static_cast<int>(shape.size()), "axisc");
  }
  const DType dtype = promote_types(a.dtype(), b.dtype());
  ndarray cp = empty(shape, dtype, a.device());
  const ndarray a_0 = comp(a, 0), a_1 = comp(a, 1), b_0 = comp(b, 0), b_1 = comp(b, 1);
  UfuncOptions o;
  if (na == 2 && nb == 2) {
    o.out = cp;
    multiply(a_0, b_1, o);
    cp -= a_1 * b_0;
    return cp;
  }
  const ndarray c0 = comp(cp, 0), c1 = comp(cp, 1), c2 = comp(cp, 2);
  auto mul_into = [&](const ndarray& x, const ndarray& y, const ndarray& dst) {
    UfuncOptions u;
    u.out = dst;
    multiply(x, y, u);
  };
  auto neg = [&](const ndarray& dst) {
    UfuncOptions u;
    u.out = dst;
    negative(dst, u);
  };
  if (na == 2) {  // b has 3 components
    const ndarray b_2 = comp(b, 2);
    mul_into(a_1, b_2, c0);
    mul_into(a_0, b_2, c1);
    neg(c1);
    mul_into(a_0, b_1, c2);
    ndarray t = c2;
    t -= a_1 * b_0;
  } else if (nb == 3) {
    const ndarray a_2 = comp(a, 2), b_2 = comp(b, 2);
    mul_into(a_1, b_2, c0);
    ndarray t0 = c0;
    t0 -= a_2 * b_1;
    mul_into(a_2, b_0, c1);
    ndarray t1 = c1;
    t1 -= a_0 * b_2;
    mul_into(a_0, b_1, c2);
    ndarray t2 = c2;
    t2 -= a_1 * b_0;
  } else {  // a has 3, b 2
    const ndarray a_2 = comp(a, 2);
    mul_into(a_2, b_1, c0);
    neg(c0);
    mul_into(a_2, b_0, c1);
    mul_into(a_0, b_1, c2);
    ndarray t = c2;
    t -= a_1 * b_0;
  }
  return moveaxis(cp, {-1}, {ac});
}

ndarray unwrap(const ndarray& p, std::optional<Scalar> discont, int64_t axis0, const Scalar& period) {
  const int nd = p.ndim();
  const ndarray dd = diff(p, {.n = 1, .axis = axis0});
  const int axis = normalize_axis(axis0, nd);
  const bool int_period = period.kind == Scalar::Kind::Int || period.kind == Scalar::Kind::UInt ||
                          period.kind == Scalar::Kind::Bool;
  const Scalar disc = discont ? *discont : Scalar(as_double(period) / 2);
  const DType ddt = dd.dtype();
  const WeakKind wk = period.strong ? WeakKind::None : period.weak_kind();
  const DType dtype = period.strong ? promote_types(ddt, period.dtype) : result_type(&ddt, 1, &wk, 1);
  Scalar high;
  bool ambiguous = true;
  if (is_integer(dtype) && int_period) {
    const int64_t per = period.as_int64();
    int64_t q = per / 2, r = per % 2;  // Python's divmod
    if (r != 0 && (r < 0) != (2 < 0)) { r += 2; q -= 1; }
    high = Scalar(q);
    ambiguous = r == 0;
  } else {
    high = Scalar(as_double(period) / 2);
  }
  const Scalar low = high.kind == Scalar::Kind::Int ? Scalar(-high.i) : Scalar(-high.re);
  ndarray ddmod = add(remainder(subtract(dd, low), period), low);
  if (ambiguous) copyto(ddmod, high, Casting::SameKind, logical_and(equal(ddmod, low), greater(dd, Scalar(0))));
  ndarray ph = subtract(ddmod, dd);
  copyto(ph, Scalar(0), Casting::SameKind, less(absolute(dd), disc));
  ndarray up = p.astype(dtype);
  ScanOptions so;
  so.axis = axis;
  copyto(from(up, axis, 1), add(from(p, axis, 1), cumsum(ph, so)), Casting::Unsafe);
  return up;
}

}  // namespace cunum
