// Source of the random kernels (Note [Random kernels] in kernel_source.hpp).
// Only called on a kernel-cache miss.
#include <string>

#include "backend/cuda/kernel_source.hpp"
#include "cunum/kernels/random_dists.hpp"

namespace cunum::backend::cuda {

std::string random_source(const RandomKernel& k) {
  const random::Dist d = static_cast<random::Dist>(k.dist);
  const int per = random::random_per(d, static_cast<int>(itemsize(k.dtype)));
  const int bytes = per * static_cast<int>(itemsize(k.dtype));
  std::string s =
      "#include \"cunum/kernels/random_dists.hpp\"\n"
      "using namespace cunum;\n"
      "typedef " + std::string(kernel_type_name(k.dtype)) + " T;\n"
      "typedef random::" + std::string(random::random_name(d)) + " D;\n"
      "constexpr int P = " + std::to_string(per) + ";\n"
      "constexpr bool S = " + std::string(k.scalar ? "true" : "false") + ";\n"
      "struct __align__(" + std::to_string(bytes) + ") Pack { T v[P]; };\n";
  // The store of block t's values p (the 16-byte store where aligned).
  // Note [Random kernel index]: with k.index32 (fills below 2^31 elements)
  // the block index and the element offsets are 32-bit (unsigned, so that
  // t + the grid's stride cannot overflow): fewer instructions per block
  // than 64-bit index arithmetic, the same values.
  const std::string I = k.index32 ? "unsigned" : "long long";
  // Note [Table sine and cosine]: the float normals read their table from
  // shared memory, filled by every kernel that draws them before anything else.
  const bool turn = (d == random::Dist::StandardNormal || d == random::Dist::Normal) && k.dtype == DType::Float32;
  const std::string prologue = turn ? "  random::rmath::load_turn_table();\n" : "";
  std::string store =
      "    T* o = (T*)a.out + t * P;\n"
      "    const " + I + " left = (" + I + ")a.n - t * P;\n";
  if (k.vec) store += "    if (left >= P) { *(Pack*)o = p; continue; }\n";
  store += "#pragma unroll\n"
           "    for (int j = 0; j < P; ++j) if (j < left) o[j] = p.v[j];\n";
  if (k.engine == 0 && k.vec && k.index32) {
    // Note [Random kernel index], the aligned case: the grid-stride loop runs
    // over the blocks whose values all lie in the output (a 16-byte store
    // each, no bounds test per block); a last partial block, if any, falls
    // to the one thread whose index reaches it after the loop. The counter
    // of block t is (lo + t, hi) in two 32-bit words until the low word
    // wraps (at t = 2^32 - lo; a fill that crosses it is rare but allowed):
    // two loops, the high word hi in the first and hi + 1 in the second, and
    // what depends on it alone comes precomputed in rk (Note [Philox low
    // word]: random.cpp passes round_keys(key, hi)). `stride` is the grid's
    // thread count, a parameter (an operand from the constant bank) because
    // the compiler reloaded and multiplied gridDim.x in every iteration.
    auto body = [](const char* j) {
      return std::string("    Pack p;\n"
                         "    random::random_block_words<D, T, S>(a, (long long)t, rk.block_low(lo + t, ") + j + "), p.v);\n"
                         "    ((Pack*)a.out)[t] = p;\n";
    };
    const std::string threads = std::to_string(kRandomThreads);
    s += "extern \"C\" __global__ void __launch_bounds__(" + threads + ") cunum_kernel(random::RandomArgs a,"
         " long long blocks, random::RoundKeys rk, unsigned stride) {\n" + prologue +
         "  const unsigned nb = (unsigned)blocks, full = (unsigned)(a.n / P);\n"
         "  const unsigned lo = (unsigned)a.counter, wrap = 0u - lo;\n"
         "  const unsigned end0 = lo != 0u && wrap < full ? wrap : full;\n"
         "  unsigned t = blockIdx.x * " + threads + " + threadIdx.x;\n"
         "  for (; t < end0; t += stride) {\n" + body("0") + "  }\n"
         "  for (; t < full; t += stride) {\n" + body("1") + "  }\n"
         "  if (t < nb) {\n"
         "    Pack p;\n"
         "    random::random_block_words<D, T, S>(a, (long long)t, rk.block(a.counter + (unsigned long long)t), p.v);\n"
         "    T* o = (T*)a.out + t * P;\n"
         "    const unsigned left = (unsigned)a.n - t * P;\n"
         "#pragma unroll\n"
         "    for (int j = 0; j < P; ++j) if (j < left) o[j] = p.v[j];\n"
         "  }\n}\n";
    return s;
  }
  if (k.engine == 0) {
    // Note [Philox round keys]: the key schedule comes in as `rk` (the last
    // parameter, the aligned kernel's stride, unused here).
    s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks,"
         " random::RoundKeys rk, unsigned) {\n" + prologue +
         "  const " + I + " nb = (" + I + ")blocks, stride = (" + I + ")gridDim.x * blockDim.x;\n"
         "  for (" + I + " t = (" + I + ")blockIdx.x * blockDim.x + threadIdx.x; t < nb; t += stride) {\n"
         "    Pack p;\n"
         "    random::random_block_words<D, T, S>(a, (long long)t, rk.block(a.counter + (unsigned long long)t), p.v);\n" +
         store + "  }\n}\n";
    return s;
  }
  if (k.vec) {
    // Note [Staged engine stores]
    // A sequential engine, aligned output: the 32 lanes of a warp own 32
    // consecutive runs (Note [Sequential engines]); each lane makes 8 blocks
    // of its run into shared memory (a row of 9 packs per lane, so that the
    // lanes' rows start on different banks), then the warp stores them
    // transposed: in store step q, lanes 8i .. 8i + 7 write the 8 blocks of
    // lane 4q + i, 8 packs back to back. A warp's store instruction then
    // covers 4 runs of 8 x 16 contiguous bytes instead of 32 lines 16 KB
    // apart (the layout before, at 396 GB/s on the H100). The loops are
    // warp-uniform (runs are multiples of 8, set by random.cpp); lanes past
    // the fill's end compute values that nobody stores. Values: those of the
    // blocks, as before (only who stores what changes).
    s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks,"
         " long long run) {\n"
         "  __shared__ Pack stage[8][32 * 9];\n" + prologue +
         "  const int lane = threadIdx.x & 31;\n"
         "  Pack* st = stage[threadIdx.x >> 5];\n"
         "  const long long warps_stride = (long long)gridDim.x * blockDim.x;\n"
         "  for (long long r0 = (long long)blockIdx.x * blockDim.x + (threadIdx.x & ~31); r0 * run < blocks;"
         " r0 += warps_stride) {\n"
         "    const long long t0 = (r0 + lane) * run;\n"
         "    random::EngineCursor c = random::engine_at(a, t0 < blocks ? t0 : 0);\n"
         "    for (long long g = 0; g < run && (r0 * run + g) < blocks; g += 8) {\n"
         "#pragma unroll\n"
         "      for (int j = 0; j < 8; ++j) {\n"
         "        const long long t = t0 + g + j;\n"
         "        Pack p;\n"
         "        random::random_block_words<D, T, S>(a, t < blocks ? t : blocks - 1, c.next4(), p.v);\n"
         "        st[lane * 9 + j] = p;\n"
         "      }\n"
         "      __syncwarp();\n"
         "#pragma unroll\n"
         "      for (int q = 0; q < 8; ++q) {\n"
         "        const int src = 4 * q + (lane >> 3), j = lane & 7;\n"
         "        const long long start = (r0 + src) * run, t = start + g + j;\n"
         "        const long long end = start + run < blocks ? start + run : blocks;\n"
         "        if (t >= end) continue;\n"
         "        const Pack p = st[src * 9 + j];\n"
         "        T* o = (T*)a.out + t * P;\n"
         "        const long long left = a.n - t * P;\n"
         "        if (left >= P) { *(Pack*)o = p; continue; }\n"
         "        for (int e = 0; e < P; ++e) if (e < left) o[e] = p.v[e];\n"
         "      }\n"
         "      __syncwarp();\n"
         "    }\n"
         "  }\n"
         "}\n";
    return s;
  }
  // A sequential engine, unaligned output: a run of blocks per thread
  // (Note [Sequential engines]), each block stored by its thread.
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks,"
       " long long run) {\n" + prologue +
       "  for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x; r * run < blocks;"
       " r += (long long)gridDim.x * blockDim.x) {\n"
       "    const long long t0 = r * run, t1 = t0 + run < blocks ? t0 + run : blocks;\n"
       "    random::EngineCursor c = random::engine_at(a, t0);\n"
       "    for (long long t = t0; t < t1; ++t) {\n"
       "    Pack p;\n"
       "    random::random_block_words<D, T, S>(a, t, c.next4(), p.v);\n" +
       store + "    }\n  }\n}\n";
  return s;
}

}  // namespace cunum::backend::cuda
