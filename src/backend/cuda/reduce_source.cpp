// Reduction kernel sources (Note [Reduction strategies] in kernel_source.hpp).
//
// Every source has the same shape: the reduction's descriptor (Note
// [Reduction descriptors], cunum/kernels/reductions.hpp) named by the
// accumulator `Acc` and four one-line wrappers (`put` one element converted to
// the loop dtype, `merge` two accumulators, `finish` into the output's dtype),
// the group-combine helpers (warp shuffles, then shared memory across
// the warps of a block), and the one kernel of the requested mode.
#include <algorithm>

#include "cunum/kernels/reductions.hpp"

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
// The reduction descriptors; they include ops.hpp and convert.hpp themselves
// (by the names their #pragma once knows them by under NVRTC).
const char* const kReducePrelude =
    "#include \"cunum/kernels/reductions.hpp\"\n"
    "using namespace cunum;\n";
}  // namespace

int reduce_vector_width(DType dtype) { return static_cast<int>(std::max<size_t>(1, 16 / itemsize(dtype))); }

int reduce_outer_vector_width(DType dtype) { return std::min(4, reduce_vector_width(dtype)); }

size_t reduce_partial_bytes(core::ReduceId id, DType loop) {
  // sizeof the descriptor's accumulator (the kernels' `Acc`), rounded up to 16 bytes.
  size_t bytes = 0;
  switch (id) {
#define CUNUM_X(name, ufunc, kind, method)                                                         \
  case core::ReduceId::name:                                                                     \
    bytes = dispatch(loop, [](auto t) {                                                          \
      return sizeof(typename ::cunum::reductions::name<typename decltype(t)::type>::acc_t);       \
    });                                                                                          \
    break;
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
  }
  return (bytes + 15) / 16 * 16;
}

std::string reduce_common_source(core::ReduceId id, DType in, DType loop, DType out, int out_nd) {
  std::string s = kReducePrelude + params(out_nd);
  // T: the input's elements as loaded (their stored type: Note [Bool bytes]);
  // the descriptor R runs over the loop dtype LoopT, and its result is
  // converted to the output's dtype OutT.
  s += std::string("using T = ") + stored_type_name(in) + ";\nusing LoopT = " + kernel_type_name(loop) +
       ";\nusing OutT = " + kernel_type_name(out) + ";\n";
  s += std::string("using R = cunum::reductions::") + core::reduce_info(id).name + "<LoopT>;\n";
  // --- the accumulator and its four operations (Note [Reduction descriptors])
  s += "using Acc = R::acc_t;\n"
       "__device__ __forceinline__ Acc acc_init() { return R::init(); }\n"
       "__device__ __forceinline__ void put(Acc& s, const T v, const long long j) {"
       " R::accumulate(s, cunum::convert<LoopT>(v), j); }\n"
       "__device__ __forceinline__ void merge(Acc& s, const Acc& o) { R::merge(s, o); }\n"
       "__device__ __forceinline__ void finish(char* out, const Acc& s) {"
       " *(OutT*)out = cunum::convert<OutT>(R::finalize(s)); }\n";
  // --- combining the accumulators of a warp (shuffles) and of a block
  // Native shuffles for 4- and 8-byte arithmetic types; any other trivially
  // copyable X (bool, int8, half, complex ...) as 32-bit words through a union.
  s += "__device__ __forceinline__ float shfl_xor(float x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }\n"
       "__device__ __forceinline__ double shfl_xor(double x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }\n"
       "__device__ __forceinline__ int shfl_xor(int x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }\n"
       "__device__ __forceinline__ unsigned shfl_xor(unsigned x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }\n"
       "__device__ __forceinline__ long long shfl_xor(long long x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }\n"
       "__device__ __forceinline__ unsigned long long shfl_xor(unsigned long long x, int m) {"
       " return __shfl_xor_sync(0xffffffffu, x, m); }\n";
  s += "template <class X> __device__ __forceinline__ X shfl_xor(X x, int m) {\n"
       "  union U { X x; unsigned int w[(sizeof(X) + 3) / 4]; __device__ U() {} } u;\n"
       "  u.w[(sizeof(X) + 3) / 4 - 1] = 0u;\n"
       "  u.x = x;\n"
       "#pragma unroll\n"
       "  for (int k = 0; k < (int)((sizeof(X) + 3) / 4); ++k) u.w[k] = __shfl_xor_sync(0xffffffffu, u.w[k], m);\n"
       "  return u.x;\n}\n";
  // Merges the accumulators of each aligned group of `width` lanes (a power
  // of two <= 32); all 32 lanes must call it.
  // An arg-reduction's value and index go as two shuffles of their own types.
  s += "template <class X> __device__ __forceinline__ cunum::reductions::ArgAcc<X> shfl_xor("
       "cunum::reductions::ArgAcc<X> a, int m) { a.v = shfl_xor(a.v, m); a.idx = shfl_xor(a.idx, m); return a; }\n";
  s += "__device__ __forceinline__ void warp_merge(Acc& s, int width = 32) {\n"
       "  for (int m = width >> 1; m > 0; m >>= 1) { const Acc o = shfl_xor(s, m); merge(s, o); }\n}\n";
  // The whole block (256 threads, 8 warps); the result is in thread 0.
  s += "__device__ __forceinline__ Acc block_merge(Acc s) {\n"
       "  __shared__ Acc sh[8];\n"
       "  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;\n"
       "  warp_merge(s);\n"
       "  if (lane == 0) sh[w] = s;\n"
       "  __syncthreads();\n"
       "  if (w == 0) { s = lane < 8 ? sh[lane] : acc_init(); warp_merge(s); }\n"
       "  __syncthreads();  // sh is reused by the block's next task\n"
       "  return s;\n}\n";
  s += "template <class X, int N> struct alignas(sizeof(X) * N) Vec { X v[N]; };\n";
  return s;
}

std::string reduce_inner_tasks_open(bool warp) {
  std::string s = "  const long long ntasks = p.n * C;\n";
  if (warp)
    s += "  const int G = 1 << flags[1], lane = threadIdx.x & 31, tid = lane & (G - 1);\n"
         "  const long long per_warp = 32 >> flags[1];\n"
         "  const long long nwarps = ((long long)gridDim.x * blockDim.x) >> 5;\n"
         "  // warp-uniform rounds: every lane reaches the shuffles\n"
         "  for (long long t0 = (((long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5) * per_warp; t0 < ntasks;"
         " t0 += nwarps * per_warp) {\n"
         "    const long long task = t0 + (lane >> flags[1]);\n"
         "    const bool valid = task < ntasks;\n";
  else
    s += "  constexpr int G = 256;\n"
         "  const int tid = threadIdx.x;\n"
         "  for (long long task = blockIdx.x; task < ntasks; task += gridDim.x) {\n"
         "    const bool valid = true;\n";
  return s + "    Acc s0 = acc_init();\n";
}

std::string reduce_inner_tasks_close(bool warp) {
  std::string s = warp ? "    warp_merge(s0, G);\n" : "    s0 = block_merge(s0);\n";
  s += "    if (valid && tid == 0) {\n"
       "      if (C == 1) finish(p.data[1] + oo, s0);\n"
       "      else ((Acc*)p.data[2])[o * part_o + c * part_c] = s0;\n"
       "    }\n"
       "  }\n}\n";
  return s;
}

std::string reduce_source(core::ReduceId id, DType in, DType loop, DType out, int out_nd, ReduceMode mode) {
  const DType dtype = in;  // what the kernel loads (its vector widths follow it)
  const std::string V = std::to_string(reduce_vector_width(dtype));
  const std::string OV = std::to_string(mode == ReduceMode::OuterVec ? reduce_outer_vector_width(dtype) : 1);
  std::string s = reduce_common_source(id, in, loop, out, out_nd);
  const std::string unravel =
      out_nd > 0 ? "    for (int d = " + std::to_string(out_nd - 1) +
                       "; d >= 0; --d) { long long c_ = rem % p.shape[d]; rem /= p.shape[d];"
                       " io += c_ * p.strides[0][d]; oo += c_ * p.strides[1][d]; }\n"
                 : "";
  // p.n: outputs; p.iaux[0]: reduced length R, p.iaux[1]: its byte stride;
  // p.aux[0]: chunks C, p.aux[1]: chunk length L, p.aux[2], p.aux[3]: the
  // partials' index strides per output and per chunk; p.value (int): 1 when
  // Inner rows may be read with 16-byte loads; p.data[2]: the partials.
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  const long long R = p.iaux[0], rs = p.iaux[1];\n"
       "  const long long C = (long long)p.aux[0], L = (long long)p.aux[1];\n"
       "  const long long part_o = (long long)p.aux[2], part_c = (long long)p.aux[3];\n"
       "  (void)R; (void)rs; (void)C; (void)L; (void)part_o; (void)part_c;\n";
  switch (mode) {
    case ReduceMode::InnerWarp:
    case ReduceMode::InnerBlock: {
      // A group per task = (output o, chunk c): in InnerWarp a group is
      // 2^flags[1] lanes of a warp (short rows take a few lanes each, long
      // rows a whole warp), in InnerBlock the whole block. With unit stride
      // the row is read in 16-byte vectors from its first aligned element,
      // four vectors in flight per thread, each into its own accumulator (so
      // every accumulator still sees increasing indices).
      const bool warp = mode == ReduceMode::InnerWarp;
      // Loads in flight per thread: 4 vectors, 2 for the narrow types (their
      // 8-16 elements per vector already make long unrolled bodies that slow
      // NVRTC down).
      const std::string U = reduce_vector_width(dtype) >= 8 ? "2" : "4";
      s += "  constexpr int V = " + V + ", U = " + U + ";\n"
           "  using VT = Vec<T, V>;\n"
           "  const int* flags = (const int*)p.value;\n"
           "  const int vec_ok = flags[0];\n";
      s += reduce_inner_tasks_open(warp);
      s += "    long long o = 0, c = 0, oo = 0;\n"
           "    if (valid) {\n"
           "    o = task / C; c = task - o * C;\n"
           "    long long rem = o, io = 0;\n" + unravel +
           "    const char* base = p.data[0] + io;\n"
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    if (vec_ok) {\n"
           "      const char* first = base + j0 * (long long)sizeof(T);\n"
           "      long long head = (long long)(((16u - ((unsigned)(unsigned long long)first & 15u)) & 15u) / sizeof(T));\n"
           "      if (head > j1 - j0) head = j1 - j0;\n"
           "      for (long long h = tid; h < head; h += G) put(s0, ((const T*)first)[h], j0 + h);\n"
           "      const long long jb = j0 + head, nv = (j1 - jb) / V;\n"
           "      const VT* vp = (const VT*)(base + jb * (long long)sizeof(T));\n"
           "      Acc sx[U - 1];  // one accumulator per load in flight\n"
           "#pragma unroll\n"
           "      for (int u = 0; u < U - 1; ++u) sx[u] = acc_init();\n"
           "      const VT* q = vp + tid;\n"
           "      const VT* const qu = nv > (U - 1) * G ? vp + nv - (U - 1) * G : vp;  // a full round starts below this\n"
           "#pragma unroll 1\n"
           "      for (; q < qu; q += U * G) {\n"
           "        VT a[U];\n"
           "#pragma unroll\n"
           "        for (int u = 0; u < U; ++u) a[u] = q[u * G];\n"
           "        const long long jk = jb + (q - vp) * V;\n"
           "#pragma unroll\n"
           "        for (int e = 0; e < V; ++e) put(s0, a[0].v[e], jk + e);\n"
           "#pragma unroll\n"
           "        for (int u = 1; u < U; ++u)\n"
           "#pragma unroll\n"
           "          for (int e = 0; e < V; ++e) put(sx[u - 1], a[u].v[e], jk + (long long)u * G * V + e);\n"
           "      }\n"
           "#pragma unroll 1\n"
           "      for (; q < vp + nv; q += G) {\n"
           "        const VT a0 = *q;\n"
           "#pragma unroll\n"
           "        for (int e = 0; e < V; ++e) put(s0, a0.v[e], jb + (q - vp) * V + e);\n"
           "      }\n"
           "#pragma unroll\n"
           "      for (int u = 0; u < U - 1; ++u) merge(s0, sx[u]);\n"
           "      for (long long jt = jb + nv * V + tid; jt < j1; jt += G)"
           " put(s0, *(const T*)(base + jt * (long long)sizeof(T)), jt);\n"
           "    } else {\n"
           "      for (long long j = j0 + tid; j < j1; j += G) put(s0, *(const T*)(base + j * rs), j);\n"
           "    }\n"
           "    }\n";
      s += reduce_inner_tasks_close(warp);
      break;
    }
    case ReduceMode::Outer:
    case ReduceMode::OuterVec: {
      // Neighbouring threads take neighbouring outputs (OV of them each, read
      // with one vector load per row), so a warp reads whole row segments:
      // 2^flags[1] threads across the outputs, the rest of the block's 256
      // threads split the chunk's rows and combine through shared memory.
      s += "  constexpr int OV = " + OV + ";\n"
           "  using VT = Vec<T, OV>;\n"
           "  const int* flags = (const int*)p.value;\n"
           "  const int tw = 1 << flags[1], nr = 256 >> flags[1];\n"
           "  const int tx = threadIdx.x & (tw - 1), ty = threadIdx.x >> flags[1];\n"
           "  const long long cols = p.n / OV, tiles = (cols + tw - 1) / tw;\n";
      s += std::string("  const long long ostride = ") + (out_nd > 0 ? "p.strides[1][" + std::to_string(out_nd - 1) + "]" : "0") +
           "; (void)ostride;\n";
      s += "  __shared__ Acc sh[256];\n"
           "  for (long long task = blockIdx.x; task < tiles * C; task += gridDim.x) {\n"
           "    const long long tile = task % tiles, c = task / tiles;\n"
           "    const long long g = tile * tw + tx;\n"
           "    const bool valid = g < cols;\n"
           "    long long rem = valid ? g * OV : 0, io = 0, oo = 0;\n" + unravel +
           "    const char* base = p.data[0] + io;\n"
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    Acc s[OV];\n"
           "#pragma unroll\n"
           "    for (int e = 0; e < OV; ++e) s[e] = acc_init();\n"
           "    if (valid) {\n"
           "      long long j = j0 + ty;\n"
           "#pragma unroll 1\n"
           "      for (; j + 3 * nr < j1; j += 4 * nr) {\n"
           "        const VT a0 = *(const VT*)(base + j * rs), a1 = *(const VT*)(base + (j + nr) * rs);\n"
           "        const VT a2 = *(const VT*)(base + (j + 2 * nr) * rs), a3 = *(const VT*)(base + (j + 3 * nr) * rs);\n"
           "#pragma unroll\n"
           "        for (int e = 0; e < OV; ++e) {\n"
           "          put(s[e], a0.v[e], j); put(s[e], a1.v[e], j + nr);\n"
           "          put(s[e], a2.v[e], j + 2 * nr); put(s[e], a3.v[e], j + 3 * nr);\n"
           "        }\n"
           "      }\n"
           "#pragma unroll 1\n"
           "      for (; j < j1; j += nr) {\n"
           "        const VT a0 = *(const VT*)(base + j * rs);\n"
           "#pragma unroll\n"
           "        for (int e = 0; e < OV; ++e) put(s[e], a0.v[e], j);\n"
           "      }\n"
           "    }\n"
           "    // a tree over the row groups, one output of the OV at a time\n"
           "#pragma unroll\n"
           "    for (int e = 0; e < OV; ++e) {\n"
           "      sh[threadIdx.x] = s[e];\n"
           "      __syncthreads();\n"
           "      for (int st = nr >> 1; st > 0; st >>= 1) {\n"
           "        if (ty < st) { Acc t = sh[threadIdx.x]; merge(t, sh[threadIdx.x + st * tw]); sh[threadIdx.x] = t; }\n"
           "        __syncthreads();\n"
           "      }\n"
           "      if (ty == 0 && valid) {\n"
           "        const Acc t = sh[tx];\n"
           "        if (C == 1) finish(p.data[1] + oo + e * ostride, t);\n"
           "        else ((Acc*)p.data[2])[(g * OV + e) * part_o + c * part_c] = t;\n"
           "      }\n"
           "      __syncthreads();\n"
           "    }\n"
           "  }\n}\n";
      break;
    }
    case ReduceMode::FinalThread: {
      // A thread per output merges its C partials (few of them).
      s += "  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < p.n;"
           " o += (long long)gridDim.x * blockDim.x) {\n"
           "    long long rem = o, io = 0, oo = 0;\n" + unravel +
           "    (void)io;\n"
           "    const Acc* parts = (const Acc*)p.data[2] + o * part_o;\n"
           "    Acc s0 = acc_init();\n"
           "    for (long long c = 0; c < C; ++c) merge(s0, parts[c * part_c]);\n"
           "    finish(p.data[1] + oo, s0);\n"
           "  }\n}\n";
      break;
    }
    case ReduceMode::FinalBlock: {
      // A block per output merges its C partials (many of them).
      s += "  for (long long o = blockIdx.x; o < p.n; o += gridDim.x) {\n"
           "    long long rem = o, io = 0, oo = 0;\n" + unravel +
           "    (void)io;\n"
           "    const Acc* parts = (const Acc*)p.data[2] + o * part_o;\n"
           "    Acc s0 = acc_init();\n"
           "    for (long long c = threadIdx.x; c < C; c += blockDim.x) merge(s0, parts[c * part_c]);\n"
           "    s0 = block_merge(s0);\n"
           "    if (threadIdx.x == 0) finish(p.data[1] + oo, s0);\n"
           "  }\n}\n";
      break;
    }
  }
  return s;
}

}  // namespace cunum::backend::cuda
