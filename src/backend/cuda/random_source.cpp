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
  std::string store =
      "    T* o = (T*)a.out + t * P;\n"
      "    const long long left = a.n - t * P;\n";
  if (k.vec) store += "    if (left >= P) { *(Pack*)o = p; continue; }\n";
  store += "#pragma unroll\n"
           "    for (int j = 0; j < P; ++j) if (j < left) o[j] = p.v[j];\n";
  if (k.engine == 0) {
    s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(random::RandomArgs a, long long blocks) {\n"
         "  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < blocks;"
         " t += (long long)gridDim.x * blockDim.x) {\n"
         "    Pack p;\n"
         "    random::random_block<D, T>(a, t, p.v);\n" +
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
