// The sort family on the CPU (Note [Sort plans]): a stable LSD radix sort on
// order-preserving unsigned keys, binary search, and runs of equal values.
//
// Note [CPU radix sort]
// Every dtype's order is an unsigned key (Note [Sort keys]), so one sort
// serves all: least significant byte first, one counting pass that builds
// the histograms of every byte at once, then one scatter per byte into a
// second buffer (a byte whose histogram has a single bucket is skipped: int8
// data widened nowhere, small integers in int64, the 2-bit complex class).
// Each pass is stable, so the whole sort is. A keys-only sort of a real dtype
// sorts the reversible keys and decodes them; argsort (and every complex
// sort) carries a permutation of 32-bit positions (64-bit past 2^32) and
// sorts once per key component, least significant first. Segments (a sort
// along an axis) are sorted independently, spread over the threads; a long
// one is split into cache-sized buckets first, which the threads share (Note
// [Cache-sized radix buckets]). Segments shorter than kInsertion are
// insertion-sorted.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/sort_keys.hpp"

namespace cunum::backend::cpu {

namespace {

constexpr int64_t kInsertion = 48;
constexpr int64_t kMsd = int64_t(1) << 16;  // a segment this long splits by its top byte first

template <class U> inline unsigned digit(U x, int d) { return static_cast<unsigned>((x >> (8 * d)) & 0xffu); }

// Stable insertion sort of (k, v) by k; v may be null.
template <class U, class V> void insertion_sort(U* k, V* v, int64_t n) {
  for (int64_t i = 1; i < n; ++i) {
    const U x = k[i];
    V y = v ? v[i] : V();
    int64_t j = i;
    for (; j > 0 && x < k[j - 1]; --j) {
      k[j] = k[j - 1];
      if (v) v[j] = v[j - 1];
    }
    k[j] = x;
    if (v) v[j] = y;
  }
}

// LSD radix over bytes [0, nd) of n items (k, v), ping-ponging with (k2, v2):
// one counting pass for every byte, then a stable scatter per byte whose
// histogram has more than one bucket. The result is in (k, v). Offsets are
// 32-bit where they fit: the scatter's read-increment-write of its bucket
// offset measured 1.7x faster with 32-bit offsets than with 64-bit ones here.
template <class O, class U, class V> void lsd_passes(U* k, V* v, U* k2, V* v2, int64_t n, int nd) {
  O hist[sizeof(U)][256] = {};
  for (int64_t i = 0; i < n; ++i) {
    const U x = k[i];
    for (int d = 0; d < nd; ++d) ++hist[d][digit(x, d)];
  }
  U* src = k;
  U* dst = k2;
  V* vs = v;
  V* vd = v2;
  for (int d = 0; d < nd; ++d) {
    const O* h = hist[d];
    if (int64_t(h[digit(src[0], d)]) == n) continue;  // every element has this byte: nothing moves
    O off[256];
    O sum = 0;
    for (int b = 0; b < 256; ++b) {
      off[b] = sum;
      sum += h[b];
    }
    if (v) {
      for (int64_t i = 0; i < n; ++i) {
        const U x = src[i];
        const O o = off[digit(x, d)]++;
        dst[o] = x;
        vd[o] = vs[i];
      }
    } else {
      for (int64_t i = 0; i < n; ++i) {
        const U x = src[i];
        dst[off[digit(x, d)]++] = x;
      }
    }
    std::swap(src, dst);
    std::swap(vs, vd);
  }
  if (src != k) {
    std::memcpy(k, src, size_t(n) * sizeof(U));
    if (v) std::memcpy(v, vs, size_t(n) * sizeof(V));
  }
}

template <class U, class V> void lsd_sort(U* k, V* v, U* k2, V* v2, int64_t n, int nd) {
  if (n < kInsertion) return insertion_sort(k, v, n);
  if (n <= int64_t(UINT32_MAX)) lsd_passes<uint32_t>(k, v, k2, v2, n, nd);
  else lsd_passes<int64_t>(k, v, k2, v2, n, nd);
}

// Note [Cache-sized radix buckets]
// An LSD pass over a long array scatters into 256 places spread over memory:
// every pass streams the whole array through DRAM. A long segment is instead
// split first by its most significant byte that varies (one stable scatter,
// the MSD step), into buckets of about n/256 items that fit in L2; each
// bucket is then sorted by the lower bytes with LSD passes in cache, buckets
// spread over the threads. Bytes above the split are equal everywhere, so
// the order is the same, and every step is stable, so the sort is.
template <class U, class V> void radix_sort(U* k, V* v, U* k2, V* v2, int64_t n) {
  constexpr int D = sizeof(U);
  if (n < kMsd || D == 1) return lsd_sort(k, v, k2, v2, n, D);
  std::vector<int64_t> hist(size_t(D) * 256, 0);
  for (int64_t i = 0; i < n; ++i) {
    const U x = k[i];
    for (int d = 0; d < D; ++d) ++hist[d * 256 + digit(x, d)];
  }
  int top = D - 1;
  while (top >= 0 && hist[top * 256 + digit(k[0], top)] == n) --top;
  if (top < 0) return;  // all keys equal
  if (top == 0) return lsd_sort(k, v, k2, v2, n, 1);
  int64_t start[257];
  start[0] = 0;
  for (int b = 0; b < 256; ++b) start[b + 1] = start[b] + hist[top * 256 + b];
  int64_t off[256];
  std::copy(start, start + 256, off);
  for (int64_t i = 0; i < n; ++i) {
    const U x = k[i];
    const int64_t o = off[digit(x, top)]++;
    k2[o] = x;
    if (v) v2[o] = v[i];
  }
  parallel_for(256, 1, [&](int64_t b0, int64_t b1) {
    for (int64_t b = b0; b < b1; ++b) {
      const int64_t s = start[b], m = start[b + 1] - s;
      if (m == 0) continue;
      lsd_sort(k2 + s, v ? v2 + s : nullptr, k + s, v ? v + s : nullptr, m, top);
      std::memcpy(k + s, k2 + s, size_t(m) * sizeof(U));
      if (v) std::memcpy(v + s, v2 + s, size_t(m) * sizeof(V));
    }
  });
}

// Buffers one thread reuses across the segments it sorts.
struct Scratch {
  std::vector<unsigned char> keys, keys2, perm, perm2;
  template <class X> static X* get(std::vector<unsigned char>& b, int64_t n) {
    if (b.size() < size_t(n) * sizeof(X)) b.resize(size_t(n) * sizeof(X));
    return reinterpret_cast<X*>(b.data());
  }
};

// Note [CPU radix sort], for one segment of T with positions of type V.
template <class T, class V>
void argsort_segment(const T* in, T* keys_out, int64_t* index_out, int64_t len, Scratch& s) {
  using K = sortkey::key<T>;
  using U = typename K::U;
  U* k = Scratch::get<U>(s.keys, len);
  U* k2 = Scratch::get<U>(s.keys2, len);
  V* p = Scratch::get<V>(s.perm, len);
  V* p2 = Scratch::get<V>(s.perm2, len);
  for (int64_t i = 0; i < len; ++i) p[i] = static_cast<V>(i);
  for (int c = 0; c < K::components; ++c) {
    for (int64_t i = 0; i < len; ++i) k[i] = sortkey::component(in[c == 0 ? i : int64_t(p[i])], c);
    radix_sort(k, p, k2, p2, len);
  }
  if (index_out)
    for (int64_t i = 0; i < len; ++i) index_out[i] = static_cast<int64_t>(p[i]);
  if (keys_out)
    for (int64_t i = 0; i < len; ++i) keys_out[i] = in[p[i]];
}

template <class T> void sort_segment(const T* in, T* keys_out, int64_t* index_out, int64_t len, Scratch& s) {
  using K = sortkey::key<T>;
  using U = typename K::U;
  if constexpr (K::components == 1) {
    if (!index_out) {  // keys only: the reversible keys (Note [Sort keys])
      U* k = Scratch::get<U>(s.keys, len);
      U* k2 = Scratch::get<U>(s.keys2, len);
      for (int64_t i = 0; i < len; ++i) k[i] = K::encode(in[i], false);
      radix_sort<U, uint32_t>(k, nullptr, k2, nullptr, len);
      for (int64_t i = 0; i < len; ++i) keys_out[i] = K::decode(k[i]);
      return;
    }
  }
  if (len <= int64_t(UINT32_MAX)) argsort_segment<T, uint32_t>(in, keys_out, index_out, len, s);
  else argsort_segment<T, uint64_t>(in, keys_out, index_out, len, s);
}

}  // namespace

void CpuBackend::sort(const SortPlan& plan) {
  if (plan.nseg <= 0 || plan.len <= 0) return;
  dispatch(plan.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = reinterpret_cast<const T*>(plan.in);
    T* keys = reinterpret_cast<T*>(plan.keys);
    const int64_t len = plan.len;
    const int64_t grain = std::max<int64_t>(1, 65536 / len);
    parallel_for(plan.nseg, grain, [&](int64_t b, int64_t e) {
      Scratch s;
      for (int64_t g = b; g < e; ++g)
        sort_segment<T>(in + g * len, keys ? keys + g * len : nullptr, plan.index ? plan.index + g * len : nullptr,
                        len, s);
    });
  });
}

void CpuBackend::search(const SearchPlan& plan) {
  if (plan.m <= 0) return;
  dispatch(plan.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* a = reinterpret_cast<const T*>(plan.sorted);
    const T* v = reinterpret_cast<const T*>(plan.values);
    const int64_t n = plan.n;
    const bool right = plan.right;
    parallel_for(plan.m, 4096, [&](int64_t b, int64_t e) {
      for (int64_t j = b; j < e; ++j) {
        const T x = v[j];
        int64_t lo = 0, hi = n;
        while (lo < hi) {
          const int64_t mid = lo + (hi - lo) / 2;
          const bool go_right = right ? !sortkey::less(x, a[mid]) : sortkey::less(a[mid], x);
          if (go_right) lo = mid + 1;
          else hi = mid;
        }
        plan.out[j] = lo;
      }
    });
  });
}

int64_t CpuBackend::runs(const RunsPlan& plan) {
  if (plan.n <= 0) return 0;
  int64_t count = 0;
  auto emit = [&](auto&& starts_here) {
    int64_t run = -1;
    for (int64_t i = 0; i < plan.n; ++i) {
      if (i == 0 || starts_here(i)) plan.starts[++run] = i;
      if (plan.inverse) plan.inverse[plan.perm ? plan.perm[i] : i] = run;
    }
    count = run + 1;
  };
  if (plan.flags) {
    const bool* f = reinterpret_cast<const bool*>(plan.keys);
    emit([&](int64_t i) { return f[i]; });
  } else {
    dispatch(plan.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* k = reinterpret_cast<const T*>(plan.keys);
      const bool eq_nan = plan.equal_nan;
      emit([&](int64_t i) { return !sortkey::same(k[i - 1], k[i], eq_nan); });
    });
  }
  return count;
}

}  // namespace cunum::backend::cpu
