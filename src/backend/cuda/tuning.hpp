// Small helpers shared by the kernel launchers: the CUNUM_* knobs that
// override a tuning choice for measuring, and the bit widths packed into
// kernel cache keys.
#pragma once
#include <cstdlib>

namespace cunum::backend::cuda {

// The integer in environment variable `name` when it lies in [lo, hi],
// else `fallback`. Read once by each caller (a function-local static).
inline int env_int(const char* name, int lo, int hi, int fallback) {
  const char* e = std::getenv(name);
  const int v = e && *e ? std::atoi(e) : lo - 1;
  return v >= lo && v <= hi ? v : fallback;
}

// The smallest l with 2^l >= v (an item size's log2, for a key field).
inline int log2_ceil(int v) {
  int l = 0;
  while ((1 << l) < v) ++l;
  return l;
}

}  // namespace cunum::backend::cuda
