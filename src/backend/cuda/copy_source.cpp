// Sources of the copy/cast family's two fast kernels (Note [Copy kernels]):
// the contiguous one (forward or reversed source) and the tiled transpose.
// The general strided one is cast_source() in kernel_source.cpp.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

std::string cast_contiguous_source(DType from, DType to, int vec, int unroll, bool reversed) {
  // Operand 0 (the source) and 1 (the destination) are contiguous and aligned
  // to vec elements. A reversed source walks down from p.data[0]: vector j
  // covers items j*V .. j*V+V-1, which sit at increasing addresses from
  // p.data[0] - (j*V + V-1) items, so it is loaded whole and read backwards.
  const std::string F = kernel_type_name(from), T = kernel_type_name(to);
  const std::string V = std::to_string(vec), U = std::to_string(unroll);
  std::string s = kPrelude + params(0);
  s += "template <class X> struct alignas(sizeof(X) * " + V + ") Vec { X v[" + V + "]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int U = " + U + ", V = " + V + ";\n"
       "  const long long n = p.n, nv = n / V;\n";
  if (reversed)
    s += "  const Vec<" + F + ">* x = (const Vec<" + F + ">*)(p.data[0] - (V - 1) * (long long)sizeof(" + F +
         "));\n#define CUNUM_LOAD(j) x[-(j)]\n#define CUNUM_ITEM(k) (V - 1 - (k))\n";
  else
    s += "  const Vec<" + F + ">* x = (const Vec<" + F + ">*)p.data[0];\n"
         "#define CUNUM_LOAD(j) x[j]\n#define CUNUM_ITEM(k) (k)\n";
  s += "  Vec<" + T + ">* y = (Vec<" + T + ">*)p.data[1];\n"
       "  const long long tile = (long long)blockDim.x * U;\n"
       "  for (long long t0 = (long long)blockIdx.x * tile; t0 < nv; t0 += (long long)gridDim.x * tile) {\n"
       "    const long long i0 = t0 + threadIdx.x;\n"
       "    Vec<" + F + "> a[U];\n"
       "    if (t0 + tile <= nv) {\n"
       "#pragma unroll\n"
       "      for (int u = 0; u < U; ++u) a[u] = CUNUM_LOAD(i0 + u * (long long)blockDim.x);\n"
       "    } else {\n"
       "#pragma unroll\n"
       "      for (int u = 0; u < U; ++u) if (i0 + u * (long long)blockDim.x < nv) a[u] = CUNUM_LOAD(i0 + u * (long long)blockDim.x);\n"
       "    }\n"
       "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) {\n"
       "      const long long i = i0 + u * (long long)blockDim.x;\n"
       "      if (i < nv) {\n"
       "        Vec<" + T + "> o;\n"
       "#pragma unroll\n"
       "        for (int k = 0; k < V; ++k) o.v[k] = cunum::convert<" + T + ">(a[u].v[CUNUM_ITEM(k)]);\n"
       "        y[i] = o;\n"
       "      }\n"
       "    }\n"
       "  }\n";
  // The tail: the last n % V items one by one.
  s += std::string("  const ") + F + "* xs = (const " + F + "*)p.data[0];\n"
       "  for (long long i = nv * V + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;"
       " i += (long long)gridDim.x * blockDim.x)\n"
       "    ((" + T + "*)p.data[1])[i] = cunum::convert<" + T + ">(xs[" + (reversed ? "-i" : "i") + "]);\n"
       "}\n#undef CUNUM_LOAD\n#undef CUNUM_ITEM\n";
  return s;
}

std::string cast_transposed_source(DType from, DType to, int nd, int tile) {
  // Note [Copy kernels]: a block moves a tile x tile square of the (R, C)
  // plane, R the source's unit-stride dim (p.iaux[0]) and C the last dim,
  // the destination's unit-stride one. Reads walk R (coalesced in the
  // source), writes walk C (coalesced in the destination); the square waits
  // in shared memory in between, one column of padding keeping the column
  // reads free of bank conflicts. blockIdx.z numbers the other dims.
  const std::string F = kernel_type_name(from), T = kernel_type_name(to);
  const std::string N = std::to_string(nd), TD = std::to_string(tile);
  std::string s = kPrelude + params(nd);
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int ND = " + N + ", TD = " + TD + ", BX = 32, BY = 8;\n"
       "  __shared__ " + T + " tile[TD][TD + 1];\n"
       "  const int R = (int)p.iaux[0];\n"
       "  long long b = blockIdx.z, os = 0, od = 0;\n"
       "#pragma unroll\n"
       "  for (int d = ND - 2; d >= 0; --d) {\n"
       "    if (d == R) continue;\n"
       "    const long long e = p.shape[d], c = b % e; b /= e;\n"
       "    os += c * p.strides[0][d]; od += c * p.strides[1][d];\n"
       "  }\n"
       "  const char* src = p.data[0] + os; char* dst = p.data[1] + od;\n"
       "  const long long nR = p.shape[R], nC = p.shape[ND - 1];\n"
       "  const long long sR = p.strides[0][R], sC = p.strides[0][ND - 1];\n"
       "  const long long dR = p.strides[1][R], dC = p.strides[1][ND - 1];\n"
       "  const long long r0 = (long long)blockIdx.y * TD, c0 = (long long)blockIdx.x * TD;\n"
       "#pragma unroll\n"
       "  for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
       "#pragma unroll\n"
       "    for (int jx = threadIdx.x; jx < TD; jx += BX) {\n"
       "      const long long r = r0 + jx, c = c0 + jy;\n"
       "      if (r < nR && c < nC) tile[jy][jx] = cunum::convert<" + T + ">(*(const " + F +
       "*)(src + r * sR + c * sC));\n"
       "    }\n"
       "  __syncthreads();\n"
       "#pragma unroll\n"
       "  for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
       "#pragma unroll\n"
       "    for (int jx = threadIdx.x; jx < TD; jx += BX) {\n"
       "      const long long r = r0 + jy, c = c0 + jx;\n"
       "      if (r < nR && c < nC) *(" + T + "*)(dst + r * dR + c * dC) = tile[jx][jy];\n"
       "    }\n"
       "}\n";
  return s;
}

}  // namespace cunum::backend::cuda
