// cunum/kernels/histogram.hpp — the bin of a value among histogram edges
// (Note [Histogram plans] in src/base/plans.hpp), compiled into the CPU
// backend's histogram loop and into the CUDA backend's histogram kernels, so
// that both find the same bin.
#pragma once
#include "convert.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp

namespace cunum::hist {

// The bin of x among the `bins + 1` edges e (non-decreasing; x and the edges
// already rounded through the comparison dtype, held as doubles, which
// represents every float16/32/64 value exactly), or -1 for x outside
// [e[0], e[bins]] or NaN. As NumPy's histogram: the last i with e[i] <= x,
// and x == e[bins] in the last bin.
// - uniform (strictly increasing edges from linspace): a guess by arithmetic,
//   scale = bins / (last - first), then stepped down or up until
//   e[b] <= x < e[b + 1]. The guess is off by at most one or two in practice
//   (NumPy corrects it by one step either way); the loops make the result
//   depend on the edges alone.
// - otherwise a binary search keeping e[lo] <= x < e[hi].
CUNUM_HD long long find_bin(double x, const double* e, long long bins, bool uniform, double first,
                                   double scale) {
  if (!(x >= e[0] && x <= e[bins])) return -1;
  if (x == e[bins]) return bins - 1;
  long long b;
  if (uniform) {
    const double g = (x - first) * scale;
    b = g >= 0 ? (g < (double)bins ? (long long)g : bins - 1) : 0;  // also NaN (0 * inf) to 0
    while (b > 0 && x < e[b]) --b;
    while (b < bins - 1 && x >= e[b + 1]) ++b;
  } else {
    long long lo = 0, hi = bins;  // e[lo] <= x < e[hi]
    while (hi - lo > 1) {
      const long long mid = lo + (hi - lo) / 2;
      if (e[mid] <= x) lo = mid;
      else hi = mid;
    }
    b = lo;
  }
  return b;
}

}  // namespace cunum::hist
