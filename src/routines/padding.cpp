// NumPy's pad (its "Padding arrays" chapter), written as NumPy's own
// algorithm: the center copied once into the new array, then axis by axis
// each pad area written from values already in the array (edges, mirror
// images, periods) or from a statistic of them. Every piece is one strided
// copy or fill (Note [Pad pieces]); nothing is read twice for the common
// modes, so constant, edge, reflect, symmetric and wrap move as many bytes
// as one copy of the result.
//
// Note [Pad pieces]
// After axis k is padded, the pad areas of the later axes are still empty,
// so axis k works on a "region of interest": the whole extent of axes <= k
// and only the original area of the later ones (NumPy's _view_roi). Corners
// are thus written once, by the last axis, from values the earlier axes
// already wrote, and the result equals NumPy's for every mode.
#include "cunum/padding.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

PadMode pad_mode_from_string(std::string_view m) {
  static constexpr std::pair<std::string_view, PadMode> kModes[] = {
      {"constant", PadMode::Constant}, {"edge", PadMode::Edge},       {"linear_ramp", PadMode::LinearRamp},
      {"maximum", PadMode::Maximum},   {"mean", PadMode::Mean},       {"median", PadMode::Median},
      {"minimum", PadMode::Minimum},   {"reflect", PadMode::Reflect}, {"symmetric", PadMode::Symmetric},
      {"wrap", PadMode::Wrap},         {"empty", PadMode::Empty}};
  for (const auto& [name, mode] : kModes)
    if (name == m) return mode;
  throw ValueError("mode '" + std::string(m) + "' is not supported");
}

namespace {
using Pair = std::pair<int64_t, int64_t>;

// x[..., s, ...] with s on `axis`.
ndarray at(const ndarray& x, int axis, Slice s) {
  std::vector<Index> key(static_cast<size_t>(axis), Index(Slice{}));
  key.push_back(Index(s));
  return index(x, key);
}

template <class T>
std::vector<T> per_axis(const std::vector<T>& v, int nd, const T& dflt, const char* what) {
  if (v.empty()) return std::vector<T>(nd, dflt);
  if (v.size() == 1) return std::vector<T>(nd, v[0]);
  if (static_cast<int>(v.size()) != nd)
    throw ValueError(std::string(what) + " must have one (before, after) pair per axis, or one for all");
  return v;
}

// NumPy's _view_roi (Note [Pad pieces]).
ndarray roi(const ndarray& padded, const std::vector<Pair>& w, const Shape& orig, int axis) {
  std::vector<Index> key;
  for (int d = 0; d < padded.ndim(); ++d)
    key.push_back(d <= axis ? Index(Slice{}) : Index(Slice{w[d].first, w[d].first + orig[d], {}}));
  return index(padded, key);
}

// Both pad areas of an axis in one launch (Note [Pad pairs]): two congruent
// views of one storage (same dtype, shape and strides) as one view with a
// leading dim of 2 that steps from a to b (stride 0 when they are the same
// view); an invalid ndarray when they are not congruent.
//
// Note [Pad pairs]
// pad(m, w) of a 2-d array writes four pad areas besides the center. With
// the same width on both sides, an axis's two areas are congruent views, and
// so are their sources (edge rows, mirrored or wrapped chunks, one constant):
// one copy or fill per axis moves both, so a 2-d pad is 3 launches instead
// of 5 (plus the copies of the edge slices that a bounds-based overlap test
// made). The areas never overlap what they read (NumPy's algorithm reads only
// the part already filled), so the copies skip that test (assign_disjoint).
ndarray both(const ndarray& a, const ndarray& b) {
  if (a.storage() != b.storage() || a.dtype() != b.dtype() || a.shape() != b.shape() ||
      a.strides() != b.strides() || a.ndim() >= kMaxDims || a.size() == 0)
    return {};
  Shape shape{2};
  shape.insert(shape.end(), a.shape().begin(), a.shape().end());
  Strides strides{b.offset() - a.offset()};
  strides.insert(strides.end(), a.strides().begin(), a.strides().end());
  return ndarray(a.storage(), a.offset(), shape, strides, a.dtype());
}

// dst_a = src_a and dst_b = src_b, in one copy where both pairs are congruent.
void assign_pair(const ndarray& dst_a, const ndarray& src_a, const ndarray& dst_b, const ndarray& src_b) {
  const ndarray d = both(dst_a, dst_b);
  if (d.valid()) {
    const int extra = d.ndim() - 1 - src_a.ndim();  // src broadcast to dst: align its dims on the right
    if (extra >= 0) {
      const ndarray s = both(src_a, src_b);
      if (s.valid()) {
        Shape shape = s.shape();
        Strides strides = s.strides();
        shape.insert(shape.begin() + 1, static_cast<size_t>(extra), 1);
        strides.insert(strides.begin() + 1, static_cast<size_t>(extra), 0);
        core::assign_disjoint(d, ndarray(s.storage(), s.offset(), shape, strides, s.dtype()));
        return;
      }
    }
  }
  core::assign_disjoint(dst_a, src_a);
  core::assign_disjoint(dst_b, src_b);
}

// The areas of reflect_both and wrap_both: each pair (destination, source)
// where it is valid.
void assign_areas(const ndarray& dl, const ndarray& sl, const ndarray& dr, const ndarray& sr) {
  if (dl.valid() && dr.valid()) assign_pair(dl, sl, dr, sr);
  else if (dl.valid()) core::assign_disjoint(dl, sl);
  else if (dr.valid()) core::assign_disjoint(dr, sr);
}

// NumPy's _set_pad_area with arrays (broadcast along the axis) or scalars.
void set_area(const ndarray& r, int axis, Pair w, const ndarray& left, const ndarray& right) {
  const int64_t n = r.shape()[axis];
  const ndarray la = at(r, axis, Slice{0, w.first, {}}), ra = at(r, axis, Slice{n - w.second, {}, {}});
  if (w.first && w.second) assign_pair(la, left, ra, right);
  else if (w.first) core::assign_disjoint(la, left);
  else if (w.second) core::assign_disjoint(ra, right);
}
void fill_area(const ndarray& r, int axis, Pair w, const Scalar& left, const Scalar& right) {
  const int64_t n = r.shape()[axis];
  if (r.size() == 0) return;
  ndarray la = at(r, axis, Slice{0, w.first, {}}), ra = at(r, axis, Slice{n - w.second, {}, {}});
  if (w.first && w.second) {
    // One fill when both values store the same bytes (Note [Pad pairs]).
    alignas(16) unsigned char lb[16] = {}, rb[16] = {};
    left.store(r.dtype(), lb);
    right.store(r.dtype(), rb);
    ndarray pair = std::memcmp(lb, rb, sizeof lb) == 0 ? both(la, ra) : ndarray();
    if (pair.valid()) {
      pair.fill(left);
      return;
    }
  }
  if (w.first) la.fill(left);
  if (w.second) ra.fill(right);
}

std::pair<ndarray, ndarray> edges(const ndarray& r, int axis, Pair w) {
  const int64_t right = r.shape()[axis] - w.second;
  return {at(r, axis, Slice{w.first, w.first + 1, {}}), at(r, axis, Slice{right - 1, right, {}})};
}

// NumPy's linspace(end, edge, width, endpoint=False, dtype=padded's) along
// `axis`, computed as NumPy computes it (Note [Linear ramps]).
//
// Note [Linear ramps]
// NumPy's linspace works in result_type(end, edge, float) and multiplies by
// step = delta / width, unless some step of the whole array is 0, when it
// divides first and multiplies by delta (its denormal rule): the rounding
// differs, so both are computed and the flag, a 0-d array, picks one on the
// device (no synchronisation). Integer results are floored, then cast.
ndarray ramp(const ndarray& edge, const Scalar& end, int64_t width, int axis, DType out) {
  std::vector<DType> strong{edge.dtype()};
  std::vector<WeakKind> weak{WeakKind::Float};  // linspace's result is inexact
  if (end.strong) strong.push_back(end.dtype);
  else weak.push_back(end.weak_kind());
  const DType dt = result_type(strong.data(), static_cast<int>(strong.size()), weak.data(), static_cast<int>(weak.size()));
  const ndarray delta = subtract(edge, end, {.dtype = dt});
  Shape s(edge.ndim(), 1);
  s[axis] = width;
  const ndarray t = reshape(arange(Scalar(0), Scalar(width), Scalar(1), dt, edge.device()), s);
  const ndarray step = divide(delta, Scalar(width));
  ndarray y = multiply(t, step);
  core::assign_where(y, multiply(divide(t, Scalar(width)), delta), any(equal(step, Scalar(0))));
  add(y, end, {.out = y});  // NumPy's y += start, in y's dtype
  if (is_integer(out)) y = floor_divide(y, Scalar(1));
  return y.astype(out, false);
}

// Round half to even (NumPy's round) of a float array, from floor_divide
// and remainder.
ndarray round_even(const ndarray& x) {
  const ndarray f = floor_divide(x, Scalar(1));
  const ndarray d = subtract(x, f);
  const ndarray up = logical_or(greater(d, Scalar(0.5)),
                                logical_and(equal(d, Scalar(0.5)), equal(remainder(f, Scalar(2)), Scalar(1))));
  return add(f, up);
}

ndarray stat(const ndarray& chunk, int axis, PadMode mode, DType padded) {
  ndarray s;
  ReduceOptions o{{{axis}}, true};
  switch (mode) {
    case PadMode::Maximum: s = max(chunk, o); break;
    case PadMode::Minimum: s = min(chunk, o); break;
    case PadMode::Mean: s = mean(chunk, o); break;
    default: s = median(chunk, std::vector<int64_t>{axis}, true); break;  // NumPy's np.median(keepdims=True)
  }
  if (is_integer(padded) && !is_integer(s.dtype()) && !is_bool(s.dtype())) s = round_even(s);
  return s;
}

// NumPy's _set_reflect_both: one round of mirror images into both pad areas;
// returns the widths still to fill.
Pair reflect_both(const ndarray& r, int axis, Pair w, bool odd, int64_t period, bool include_edge) {
  auto [left, right] = w;
  int64_t old = r.shape()[axis] - right - left, edge_offset;
  if (include_edge) {
    old = old / period * period;
    edge_offset = 1;
  } else {
    old = (old - 1) / (period - 1) * (period - 1) + 1;
    edge_offset = 0;
    old -= 1;
  }
  auto mirror = [&](ndarray chunk, Slice edge) {
    return odd ? subtract(multiply(at(r, axis, edge), Scalar(2)), chunk) : chunk;
  };
  // Both chunks lie in the part already filled, which neither area overlaps:
  // read both, then write both (one copy when congruent, Note [Pad pairs]).
  ndarray dl, sl, dr, sr;
  if (left > 0) {
    const int64_t len = std::min(old, left);
    const int64_t stop = left - edge_offset, start = stop + len;
    sl = mirror(at(r, axis, Slice{start, stop, -1}), Slice{left, left + 1, {}});
    dl = at(r, axis, Slice{left - len, left, {}});
    left -= len;
  }
  if (right > 0) {
    const int64_t len = std::min(old, right);
    const int64_t start = -right + edge_offset - 2, stop = start - len;
    sr = mirror(at(r, axis, Slice{start, stop, -1}), Slice{-right - 1, -right, {}});
    const int64_t at0 = r.shape()[axis] - right;
    dr = at(r, axis, Slice{at0, at0 + len, {}});
    right -= len;
  }
  assign_areas(dl, sl, dr, sr);
  return {left, right};
}

// NumPy's _set_wrap_both: one period into both pad areas.
Pair wrap_both(const ndarray& r, int axis, Pair w, int64_t original) {
  const auto [left, right] = w;
  int64_t period = r.shape()[axis] - right - left;
  period = period / original * original;
  Pair rest{0, 0};
  ndarray dl, sl, dr, sr;  // written after both are read, as in reflect_both
  if (left > 0) {
    const int64_t end = left + period, start = end - std::min(period, left);
    sl = at(r, axis, Slice{start, end, {}});
    if (left > period) {
      dl = at(r, axis, Slice{left - period, left, {}});
      rest.first = left - period;
    } else {
      dl = at(r, axis, Slice{{}, left, {}});
    }
  }
  if (right > 0) {
    const int64_t start = -right - period, end = start + std::min(period, right);
    sr = at(r, axis, Slice{start, end, {}});
    if (right > period) {
      dr = at(r, axis, Slice{-right, -right + period, {}});
      rest.second = right - period;
    } else {
      dr = at(r, axis, Slice{-right, {}, {}});
    }
  }
  assign_areas(dl, sl, dr, sr);
  return rest;
}
}  // namespace

ndarray pad(const ndarray& a, const std::vector<Pair>& widths_in, PadMode mode, const PadOptions& o) {
  const int nd = a.ndim();
  if (widths_in.empty() && nd > 0) throw ValueError("pad_width must have at least one (before, after) pair");
  const std::vector<Pair> w = per_axis(widths_in, nd, Pair{0, 0}, "pad_width");
  for (const Pair& p : w)
    if (p.first < 0 || p.second < 0) throw ValueError("index can't contain negative values");
  Shape shape;
  for (int d = 0; d < nd; ++d) shape.push_back(w[d].first + a.shape()[d] + w[d].second);
  const char order = a.is_f_contiguous() && !a.is_c_contiguous() ? 'F' : 'C';
  ndarray padded = empty(shape, a.dtype(), a.device(), order);
  const Shape& orig = a.shape();
  if (a.size() > 0) {
    std::vector<Index> center;
    for (int d = 0; d < nd; ++d) center.push_back(Index(Slice{w[d].first, w[d].first + orig[d], {}}));
    core::assign(index(padded, center), a);
  }
  if (mode == PadMode::Constant) {
    const auto values = per_axis(o.constant_values, nd, std::pair{Scalar(0), Scalar(0)}, "constant_values");
    for (int d = 0; d < nd; ++d) fill_area(roi(padded, w, orig, d), d, w[d], values[d].first, values[d].second);
    return padded;
  }
  if (mode == PadMode::Empty) return padded;
  // Before the empty result's early return: NumPy refuses to extend an empty
  // axis even when another axis makes the result empty too.
  if (a.size() == 0) {
    for (int d = 0; d < nd; ++d)
      if (orig[d] == 0 && (w[d].first || w[d].second))
        throw ValueError("can't extend empty axis " + std::to_string(d) +
                         " using modes other than 'constant' or 'empty'");
    return padded;
  }
  if (padded.size() == 0) return padded;
  switch (mode) {
    case PadMode::Edge:
      for (int d = 0; d < nd; ++d) {
        const ndarray r = roi(padded, w, orig, d);
        const auto [l, rt] = edges(r, d, w[d]);
        set_area(r, d, w[d], l, rt);
      }
      break;
    case PadMode::LinearRamp: {
      const auto ends = per_axis(o.end_values, nd, std::pair{Scalar(0), Scalar(0)}, "end_values");
      for (int d = 0; d < nd; ++d) {
        const ndarray r = roi(padded, w, orig, d);
        const auto [l, rt] = edges(r, d, w[d]);
        if (w[d].first) core::assign(at(r, d, Slice{0, w[d].first, {}}), ramp(l, ends[d].first, w[d].first, d, a.dtype()));
        if (w[d].second) {
          const ndarray right = ramp(rt, ends[d].second, w[d].second, d, a.dtype());
          core::assign(at(r, d, Slice{r.shape()[d] - w[d].second, {}, {}}), at(right, d, Slice{{}, {}, -1}));
        }
      }
      break;
    }
    case PadMode::Maximum: case PadMode::Minimum: case PadMode::Mean: case PadMode::Median: {
      using Len = std::pair<std::optional<int64_t>, std::optional<int64_t>>;
      const auto lengths = per_axis(o.stat_length, nd, Len{}, "stat_length");
      for (int d = 0; d < nd; ++d) {
        const ndarray r = roi(padded, w, orig, d);
        const int64_t li = w[d].first, ri = r.shape()[d] - w[d].second, max_len = ri - li;
        int64_t ll = lengths[d].first.value_or(max_len), rl = lengths[d].second.value_or(max_len);
        if (ll < 0 || rl < 0) throw ValueError("index can't contain negative values");
        ll = std::min(ll, max_len);
        rl = std::min(rl, max_len);
        if ((ll == 0 || rl == 0) && (mode == PadMode::Maximum || mode == PadMode::Minimum))
          throw ValueError("stat_length of 0 yields no value for padding");
        if (!w[d].first && !w[d].second) continue;
        const ndarray ls = stat(at(r, d, Slice{li, li + ll, {}}), d, mode, a.dtype());
        const ndarray rs = ll == max_len && rl == max_len ? ls : stat(at(r, d, Slice{ri - rl, ri, {}}), d, mode, a.dtype());
        set_area(r, d, w[d], ls, rs);
      }
      break;
    }
    case PadMode::Reflect: case PadMode::Symmetric: {
      const bool include_edge = mode == PadMode::Symmetric;
      for (int d = 0; d < nd; ++d) {
        Pair left_right = w[d];
        const ndarray r = roi(padded, w, orig, d);
        if (orig[d] == 1 && (w[d].first || w[d].second)) {
          // NumPy extends a singleton axis as 'edge' over the whole padded
          // array, reading the later axes' pad areas before they are written
          // (they are overwritten later); over the region of interest the
          // result is the same and nothing unwritten is read.
          const auto [l, rt] = edges(r, d, w[d]);
          set_area(r, d, w[d], l, rt);
          continue;
        }
        while (left_right.first > 0 || left_right.second > 0)
          left_right = reflect_both(r, d, left_right, o.reflect_odd, orig[d], include_edge);
      }
      break;
    }
    case PadMode::Wrap:
      for (int d = 0; d < nd; ++d) {
        const ndarray r = roi(padded, w, orig, d);
        Pair left_right = w[d];
        while (left_right.first > 0 || left_right.second > 0) left_right = wrap_both(r, d, left_right, orig[d]);
      }
      break;
    default: break;
  }
  return padded;
}

}  // namespace cunum
