// The sort family on the GPU (Note [Sort plans]).
//
// Note [GPU sorts]
// CUB's DeviceRadixSort (libcunum_cub.so, Note [The CUB library]) sorts
// unsigned keys; NVRTC kernels (Note [Sort kernels]) make them from the data
// and undo them. A plan of n = nseg * len elements of a dtype whose key has kb
// bits (Note [Sort keys]):
// - Keys only, a real dtype: Encode the reversible keys into the smallest
//   container of kb + sb bits, the segment number (sb = bits of nseg - 1)
//   packed above the key so that one device-wide sort sorts every segment;
//   SortKeys over those bits only (CUB skips nothing on its own: an int8 sort
//   in one segment is one 8-bit pass); Decode into the output. float32 2^26:
//   read 4 + write 4, 4 passes of (read 4 + write 4) + a histogram read of 4,
//   read 4 + write 4: 52 bytes per element, 5 launches and CUB's.
// - Otherwise (argsort, complex, a stable float sort) key-value pairs with
//   int64 positions: one SortPairs per key component, least significant first
//   (complex: imaginary, real, class), the first pass writing the positions
//   0..n-1, the later ones reading the data through the permutation so far;
//   the segment number is packed above the last component when kb + sb <= 64,
//   else sorted by a last stable pass of its own (only 64-bit keys with
//   several segments, and complex128 over 2^62 segments: never). The
//   permutation then gives the keys (a gather) and the in-segment index.
//   Positions are int32 below 2^31 items (CUB moves 4 + 4 bytes per item and
//   pass instead of 4 + 8; the Finish pass widens them to the int64 index):
//   argsort of float32 2^26 moves encode 4 + 4 + 4, a histogram read of 4,
//   4 passes of 16, finish 4 + 8: 92 bytes per element (116 with int64
//   positions, where the last CUB pass of a one-segment argsort writes the
//   index itself and no Finish runs).
// - Keys only of one segment of an integer, bool, float32 or float64 dtype:
//   CUB sorts the values themselves, no encode or decode (Note [Native
//   sorts] in cub/cub_sort.cu): float32 2^26 moves 36 bytes per element.
// - The argsort (and stable sort) of one segment of float32, int32 or uint32
//   under 2^31 items: CUB sorts (value, int32 position) pairs of the values
//   themselves, a library kernel widens the positions and puts the NaNs last
//   by position (Note [Native argsorts] in cub/cub_sort.cu): 84 bytes per
//   element instead of 92, no NVRTC kernel. CUNUM_ARGSORT_OWN=1 (read once)
//   sorts them by our own onesweep radix sort instead, below 2^30 items
//   (Note [Own onesweep argsort]): 64 bytes per element.
// Packing the segment number costs no pass when it fits (a segment count of
// 2^20 adds 20 bits: 32-bit keys become 64-bit keys, 8 passes instead of 4,
// still one sort); DeviceSegmentedSort would avoid the wider keys but sorts
// many small segments with block sorts and does not share this code path.
// Temporary storage (keys, positions, CUB's own) comes from the caching pool
// on the current stream: no cudaMalloc per call and no synchronisation.
#include <algorithm>
#include <bit>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/sort_cub.hpp"
#include "backend/cuda/tuning.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
int key_bits(DType d) { return static_cast<int>(itemsize(d)) * (dtype_kind(d) == 'c' ? 4 : 8); }

int container(int bits, bool pairs) {
  if (pairs || bits > 16) return bits <= 32 ? 4 : 8;
  return bits <= 8 ? 1 : 2;
}

// CUNUM_ARGSORT_OWN=1 (read once): the one-segment 32-bit argsort by our own
// onesweep radix sort (Note [Own onesweep argsort] in cub/cub_sort.cu)
// instead of CUB's pairs; off by default until measured on a GPU.
bool argsort_own() {
  static const bool b = env_int("CUNUM_ARGSORT_OWN", 0, 1, 0) == 1;
  return b;
}

// A block of pool memory for the length of one call (freed in stream order).
struct Temp {
  Backend& b;
  void* p = nullptr;
  size_t n = 0;
  Temp(Backend& be, size_t bytes) : b(be), p(bytes ? be.allocate(bytes) : nullptr), n(bytes) {}
  ~Temp() {
    if (p) b.deallocate(p, n);
  }
  Temp(const Temp&) = delete;
  Temp& operator=(const Temp&) = delete;
  template <class X> X* as() const { return static_cast<X*>(p); }
};
}  // namespace

uint64_t CudaBackend::sort_key(const SortKernel& k) {
  const int lw = k.key_bytes == 1 ? 0 : k.key_bytes == 2 ? 1 : k.key_bytes == 4 ? 2 : 3;
  return uint64_t(Family::Sort) | uint64_t(k.op) << 8 | uint64_t(k.dtype) << 11 | uint64_t(lw) << 16 |
         uint64_t(k.comp) << 18 | uint64_t(k.exact) << 20 | uint64_t(k.perm) << 21 | uint64_t(k.pack) << 22 |
         uint64_t(k.iota) << 23 | uint64_t(k.keys) << 24 | uint64_t(k.index) << 25 | uint64_t(k.right) << 26 |
         uint64_t(k.flags) << 27 | uint64_t(k.equal_nan) << 28 | uint64_t(k.idx32) << 29 | uint64_t(k.segs) << 30;
}

void CudaBackend::launch_sort(const SortKernel& sk, SortParams& p) {
  if (p.n <= 0) return;
  LoadedKernel k = kernel(sort_key(sk), [&] { return sort_source(sk); });
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((p.n + 255) / 256, 1, int64_t(1) << 30));
  void* args[] = {&p};
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
}

void CudaBackend::sort(const SortPlan& plan) {
  const int64_t n = plan.nseg * plan.len;
  if (n <= 0) return;
  use_device();
  const CunumCubTable& cub = cub_table();
  void* s = stream();
  const int kb = key_bits(plan.dtype);
  const int sb = plan.nseg > 1 ? static_cast<int>(std::bit_width(static_cast<uint64_t>(plan.nseg - 1))) : 0;
  const bool complex = dtype_kind(plan.dtype) == 'c';
  auto radix = [&](const void* kin, void* kout, const void* vin, void* vout, int vb, int bytes, int end_bit) {
    size_t tb = 0;
    CUNUM_CUDA_CHECK(
        cudaError_t(cub.radix_sort(device_, nullptr, &tb, kin, kout, vin, vout, vb, n, bytes, 0, end_bit, s)));
    Temp t(*this, std::max<size_t>(tb, 16));  // never null: CUB would only size
    CUNUM_CUDA_CHECK(
        cudaError_t(cub.radix_sort(device_, t.p, &tb, kin, kout, vin, vout, vb, n, bytes, 0, end_bit, s)));
  };

  // Keys only, one segment of a type CUB orders itself: straight into the
  // output (Note [Native sorts] in cub/cub_sort.cu).
  const char kind = dtype_kind(plan.dtype);
  const bool native = kind == 'i' || kind == 'u' || kind == 'b' || (kind == 'f' && itemsize(plan.dtype) >= 4);
  if (native && !plan.index && plan.nseg == 1) {
    const char k = kind == 'b' ? 'u' : kind;
    const int w = static_cast<int>(itemsize(plan.dtype));
    size_t tb = 0;
    CUNUM_CUDA_CHECK(cudaError_t(cub.radix_sort_native(device_, nullptr, &tb, plan.in, plan.keys, n, k, w, s)));
    Temp t(*this, std::max<size_t>(tb, 16));
    CUNUM_CUDA_CHECK(cudaError_t(cub.radix_sort_native(device_, t.p, &tb, plan.in, plan.keys, n, k, w, s)));
    return;
  }

  // The argsort of one segment of 32-bit values CUB orders itself (Note
  // [Native argsorts] in cub/cub_sort.cu).
  if (plan.index && plan.nseg == 1 && n < (int64_t(1) << 31) && itemsize(plan.dtype) == 4 &&
      (kind == 'f' || kind == 'i' || kind == 'u')) {
    // our own onesweep sort below 2^30 items when asked, else CUB's pairs
    const auto run = argsort_own() && n < (int64_t(1) << 30) ? cub.argsort_onesweep : cub.argsort_native;
    size_t tb = 0;
    CUNUM_CUDA_CHECK(cudaError_t(run(device_, nullptr, &tb, plan.in, plan.index, plan.keys, n, kind, 4, s)));
    Temp t(*this, std::max<size_t>(tb, 16));
    CUNUM_CUDA_CHECK(cudaError_t(run(device_, t.p, &tb, plan.in, plan.index, plan.keys, n, kind, 4, s)));
    return;
  }

  // Keys only (Note [GPU sorts]).
  if (!complex && !plan.index && kb + sb <= 64) {
    const int w = container(kb + sb, false);
    Temp a(*this, size_t(n) * w), b(*this, size_t(n) * w);
    SortParams p;
    p.a = plan.in;
    p.out = a.p;
    p.n = n;
    p.len = plan.len;
    p.shift = kb;
    launch_sort({.op = SortOp::Encode, .dtype = plan.dtype, .key_bytes = w, .exact = true, .pack = sb > 0}, p);
    radix(a.p, b.p, nullptr, nullptr, 0, w, kb + sb);
    SortParams d;
    d.a = b.p;
    d.out = plan.keys;
    d.n = n;
    launch_sort({.op = SortOp::Decode, .dtype = plan.dtype, .key_bytes = w}, d);
    return;
  }

  // Key-value pairs: one stable pass per component, least significant first.
  struct Pass {
    int comp, bits;
    bool pack;
  };
  Pass passes[4];
  int np = 0;
  const int ncomp = complex ? 3 : 1;
  for (int c = 0; c < ncomp; ++c) {
    const int bits = complex && c == 2 ? 2 : kb;
    passes[np++] = {c, bits, c == ncomp - 1 && sb > 0 && bits + sb <= 64};
  }
  if (sb > 0 && !passes[np - 1].pack) passes[np++] = {3, sb, false};
  int wmax = 4;
  for (int i = 0; i < np; ++i) wmax = std::max(wmax, container(passes[i].bits + (passes[i].pack ? sb : 0), true));
  // Positions in int32 below 2^31 items (Note [GPU sorts]); int64 otherwise,
  // when the last pass of a one-segment argsort writes the index itself.
  const bool idx32 = n < (int64_t(1) << 31);
  const int vb = idx32 ? 4 : 8;
  Temp ka(*this, size_t(n) * wmax), kbuf(*this, size_t(n) * wmax);
  Temp pa(*this, size_t(n) * vb), pb(*this, size_t(n) * vb);
  void* perm = pa.p;
  void* next = pb.p;
  const bool direct = !idx32 && plan.nseg == 1 && !plan.keys;
  for (int i = 0; i < np; ++i) {
    const Pass& ps = passes[i];
    const int end_bit = ps.bits + (ps.pack ? sb : 0);
    const int w = container(end_bit, true);
    SortParams p;
    p.a = plan.in;
    p.b = perm;
    p.out = ka.p;
    p.out2 = perm;
    p.n = n;
    p.len = plan.len;
    p.shift = ps.bits;
    launch_sort({.op = SortOp::Encode, .dtype = plan.dtype, .key_bytes = w, .comp = ps.comp, .perm = i > 0,
                 .pack = ps.pack, .iota = i == 0, .idx32 = idx32},
                p);
    void* out = direct && i == np - 1 ? static_cast<void*>(plan.index) : next;
    radix(ka.p, kbuf.p, perm, out, vb, w, end_bit);
    if (out == plan.index) return;
    std::swap(perm, next);
  }
  SortParams f;
  f.a = plan.in;
  f.b = perm;
  f.out = plan.keys;
  f.out2 = plan.index;
  f.n = n;
  f.len = plan.len;
  launch_sort({.op = SortOp::Finish, .dtype = plan.dtype, .keys = plan.keys != nullptr, .index = plan.index != nullptr,
               .idx32 = idx32, .segs = plan.nseg > 1},
              f);
}

void CudaBackend::search(const SearchPlan& plan) {
  if (plan.m <= 0) return;
  use_device();
  SortParams p;
  p.a = plan.sorted;
  p.b = plan.values;
  p.out = plan.out;
  p.n = plan.m;
  p.len = plan.n;
  launch_sort({.op = SortOp::Search, .dtype = plan.dtype, .right = plan.right}, p);
}

int64_t CudaBackend::runs(const RunsPlan& plan) {
  const int64_t n = plan.n;
  if (n <= 0) return 0;
  use_device();
  const CunumCubTable& cub = cub_table();
  void* s = stream();
  Temp flags(*this, size_t(n)), count(*this, 8);
  SortParams p;
  p.a = plan.keys;
  p.out = flags.p;
  p.n = n;
  launch_sort({.op = SortOp::RunFlags, .dtype = plan.flags ? DType::Bool : plan.dtype, .flags = plan.flags,
               .equal_nan = plan.equal_nan},
              p);
  const uint8_t* f = flags.as<uint8_t>();
  size_t tb = 0;
  CUNUM_CUDA_CHECK(cudaError_t(cub.select_flagged(device_, nullptr, &tb, f, plan.starts, count.as<int64_t>(), n, s)));
  {
    Temp t(*this, std::max<size_t>(tb, 16));  // never null: CUB would only size
    CUNUM_CUDA_CHECK(cudaError_t(cub.select_flagged(device_, t.p, &tb, f, plan.starts, count.as<int64_t>(), n, s)));
  }
  if (plan.inverse) {
    Temp incl(*this, size_t(n) * 8);
    tb = 0;
    CUNUM_CUDA_CHECK(cudaError_t(cub.inclusive_sum(device_, nullptr, &tb, f, incl.as<int64_t>(), n, s)));
    {
      Temp t(*this, std::max<size_t>(tb, 16));  // never null: CUB would only size
      CUNUM_CUDA_CHECK(cudaError_t(cub.inclusive_sum(device_, t.p, &tb, f, incl.as<int64_t>(), n, s)));
    }
    SortParams q;
    q.a = incl.p;
    q.b = plan.perm;
    q.out = plan.inverse;
    q.n = n;
    launch_sort({.op = SortOp::RunScatter, .perm = plan.perm != nullptr}, q);
  }
  int64_t c = 0;
  copy_to_host(&c, count.p, 8);  // the one wait (Note [unique by runs])
  return c;
}

}  // namespace cunum::backend::cuda
