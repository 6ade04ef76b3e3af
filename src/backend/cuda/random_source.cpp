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
      "struct __align__(" + std::to_string(bytes) + ") Pack { T v[P]; };\n";
  // The store of block t's values p (the 16-byte store where aligned).
  // Note [Random kernel index]: with k.index32 (fills below 2^31 elements)
  // the block index and the element offsets are 32-bit (unsigned, so that
  // t + the grid's stride cannot overflow): fewer instructions per block
  // than 64-bit index arithmetic, the same values.
  const std::string I = k.index32 ? "unsigned" : "long long";
  std::string store =
      "    T* o = (T*)a.out + t * P;\n"
      "    const " + I + " left = (" + I + ")a.n - t * P;\n";
  if (k.vec) store += "    if (left >= P) { *(Pack*)o = p; continue; }\n";
  store += "#pragma unroll\n"
           "    for (int j = 0; j < P; ++j) if (j < left) o[j] = p.v[j];\n";
  if (k.engine == 0) {
    // Note [Philox round keys]: the key schedule comes in as `rk`.
    s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks,"
         " random::RoundKeys rk) {\n"
         "  const " + I + " nb = (" + I + ")blocks, stride = (" + I + ")gridDim.x * blockDim.x;\n"
         "  for (" + I + " t = (" + I + ")blockIdx.x * blockDim.x + threadIdx.x; t < nb; t += stride) {\n"
         "    Pack p;\n"
         "    random::random_block_words<D, T>(a, (long long)t, rk.block(a.counter + (unsigned long long)t), p.v);\n" +
         store + "  }\n}\n";
    return s;
  }
  // A sequential engine: a run of blocks per thread (Note [Sequential engines]).
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks,"
       " long long run) {\n"
       "  for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x; r * run < blocks;"
       " r += (long long)gridDim.x * blockDim.x) {\n"
       "    const long long t0 = r * run, t1 = t0 + run < blocks ? t0 + run : blocks;\n"
       "    random::EngineCursor c = random::engine_at(a, t0);\n"
       "    for (long long t = t0; t < t1; ++t) {\n"
       "    Pack p;\n"
       "    random::random_block_words<D, T>(a, t, c.next4(), p.v);\n" +
       store + "    }\n  }\n}\n";
  return s;
}

}  // namespace cunum::backend::cuda
