// Sources of the copy/cast family's fast kernels (Note [Copy kernels]): the
// contiguous one (forward or reversed source), the tiled transpose, rows
// and the inner repeat (Note [Row copies]).
// The general strided one is cast_source() in kernel_source.cpp. Both sides
// are typed by their stored types (Note [Bool bytes]): a copy within bool
// moves bytes, a cast from bool tests each byte against zero.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

std::string cast_contiguous_source(DType from, DType to, int vec, int unroll, bool reversed) {
  // Operand 0 (the source) and 1 (the destination) are contiguous and aligned
  // to vec elements. A reversed source walks down from p.data[0]: vector j
  // covers items j*V .. j*V+V-1, which sit at increasing addresses from
  // p.data[0] - (j*V + V-1) items, so it is loaded whole and read backwards.
  const std::string F = stored_type_name(from), T = stored_type_name(to);
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

std::string cast_transposed_source(DType from, DType to, int nd, int tile, int group, bool vec4) {
  // Note [Copy kernels]: a block moves a tile x tile square of the (R, C)
  // plane, R the source's unit-stride dim (p.iaux[0]) and C the last dim,
  // the destination's unit-stride one. Reads walk R (coalesced in the
  // source), writes walk C (coalesced in the destination); the square waits
  // in shared memory in between, one column of padding keeping the column
  // reads free of bank conflicts. blockIdx.y numbers the other dims.
  // blockIdx.x runs over the squares in groups of `group` rows of squares
  // (along R), so the blocks resident at one time read and write runs of
  // group * tile items of the same rows of both arrays (DRAM pages stay
  // open), instead of one square's tile items per row. Whole squares skip
  // the bounds checks.
  const std::string F = stored_type_name(from), T = stored_type_name(to);
  const std::string N = std::to_string(nd), TD = std::to_string(tile), GR = std::to_string(group);
  // A whole square, item by item (threadIdx.x along the coalesced side)...
  const std::string scalar_read =
      "#pragma unroll\n"
      "    for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
      "#pragma unroll\n"
      "      for (int jx = threadIdx.x; jx < TD; jx += BX)\n"
      "        tile[jy][jx] = cunum::convert<" + T + ">(*(const " + F + "*)(src + jx * sR + jy * sC));\n";
  const std::string scalar_write =
      "#pragma unroll\n"
      "    for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
      "#pragma unroll\n"
      "      for (int jx = threadIdx.x; jx < TD; jx += BX) *(" + T + "*)(dst + jy * dR + jx * dC) = tile[jx][jy];\n";
  // ... or, for 4-byte items whose rows are 16-byte aligned, four at a time:
  // one 16-byte load of four source items along R, one 16-byte store of four
  // destination items along C (the shared-memory side stays item by item).
  const std::string vec4_read =
      "#pragma unroll\n"
      "    for (int k = 0; k < TD * TD / 4 / 256; ++k) {\n"
      "      const int idx = threadIdx.y * BX + threadIdx.x + k * 256, c = idx / (TD / 4), r = idx % (TD / 4) * 4;\n"
      "      const V4<" + F + "> v = *(const V4<" + F + ">*)(src + r * sR + c * sC);\n"
      "#pragma unroll\n"
      "      for (int j = 0; j < 4; ++j) tile[c][r + j] = cunum::convert<" + T + ">(v.v[j]);\n"
      "    }\n";
  const std::string vec4_write =
      "#pragma unroll\n"
      "    for (int k = 0; k < TD * TD / 4 / 256; ++k) {\n"
      "      const int idx = threadIdx.y * BX + threadIdx.x + k * 256, r = idx / (TD / 4), c = idx % (TD / 4) * 4;\n"
      "      V4<" + T + "> o;\n"
      "#pragma unroll\n"
      "      for (int j = 0; j < 4; ++j) o.v[j] = tile[c + j][r];\n"
      "      *(V4<" + T + ">*)(dst + r * dR + c * dC) = o;\n"
      "    }\n";
  std::string s = kPrelude + params(nd);
  if (vec4) s += "template <class X> struct alignas(16) V4 { X v[4]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int ND = " + N + ", TD = " + TD + ", GROUP = " + GR + ", BX = 32, BY = 8;\n"
       "  __shared__ " + T + " tile[TD][TD + 1];\n"
       "  const int R = (int)p.iaux[0];\n"
       "  long long b = blockIdx.y, os = 0, od = 0;\n"
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
       "  // square (ty, tx) of the ty_n x tx_n grid, in groups of GROUP rows\n"
       "  const long long ty_n = (nR + TD - 1) / TD, tx_n = (nC + TD - 1) / TD;\n"
       "  const long long q = blockIdx.x, per_group = (long long)GROUP * tx_n;\n"
       "  const long long g0 = q / per_group * GROUP, rows = ty_n - g0 < GROUP ? ty_n - g0 : GROUP;\n"
       "  const long long in_group = q % per_group;\n"
       "  const long long r0 = (g0 + in_group % rows) * TD, c0 = in_group / rows * TD;\n"
       "  const bool whole = r0 + TD <= nR && c0 + TD <= nC;\n"
       "  src += r0 * sR + c0 * sC; dst += r0 * dR + c0 * dC;\n"
       "  if (whole) {\n" + (vec4 ? vec4_read : scalar_read) + "  } else {\n"
       "#pragma unroll\n"
       "    for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
       "#pragma unroll\n"
       "      for (int jx = threadIdx.x; jx < TD; jx += BX)\n"
       "        if (r0 + jx < nR && c0 + jy < nC)\n"
       "          tile[jy][jx] = cunum::convert<" + T + ">(*(const " + F + "*)(src + jx * sR + jy * sC));\n"
       "  }\n"
       "  __syncthreads();\n"
       "  if (whole) {\n" + (vec4 ? vec4_write : scalar_write) + "  } else {\n"
       "#pragma unroll\n"
       "    for (int jy = threadIdx.y; jy < TD; jy += BY)\n"
       "#pragma unroll\n"
       "      for (int jx = threadIdx.x; jx < TD; jx += BX)\n"
       "        if (r0 + jy < nR && c0 + jx < nC) *(" + T + "*)(dst + jy * dR + jx * dC) = tile[jx][jy];\n"
       "  }\n"
       "}\n";
  return s;
}

std::string cast_rows_source(DType from, DType to, int nd, int vec, int unroll, RowSource source) {
  // Note [Row copies]: p.n rows (the dims before the last, unravelled once
  // per row), each of p.shape[ND-1] items as ceil(L / V) vectors, the last
  // one possibly partial (item by item). A row has `tpr` threads (p.iaux[0],
  // a power of two: short rows share a block, long ones fill it) and is cut
  // into chunks of p.iaux[1] vectors along blockIdx.y, so that a few long
  // rows still spread over the device.
  // CopyReplicated: the dim before the last is not unravelled; the loop over
  // it sits innermost, around the stores, so the row is loaded once.
  const bool replicated = source == RowSource::CopyReplicated;
  if (replicated) source = RowSource::Copy;
  const std::string F = stored_type_name(from), T = stored_type_name(to);
  const std::string N = std::to_string(nd), V = std::to_string(vec), U = std::to_string(unroll);
  std::string s = kPrelude + params(nd);
  s += "template <class X> struct alignas(sizeof(X) * " + V + ") Vec { X v[" + V + "]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int ND = " + N + ", V = " + V + ", U = " + U + ", OUTER = ND - " + (replicated ? "3" : "2") + ";\n"
       "  const int tpr = (int)p.iaux[0], lane = threadIdx.x & (tpr - 1);\n"
       "  const long long chunk = p.iaux[1], rows = p.n, L = p.shape[ND - 1], nv = (L + V - 1) / V;\n"
       "  const long long rpb = blockDim.x / tpr;\n"
       "  for (long long rg = blockIdx.x; rg * rpb < rows; rg += gridDim.x) {\n"
       "    const long long row = rg * rpb + threadIdx.x / tpr;\n"
       "    if (row >= rows) break;\n"
       "    long long rem = row, os = 0, od = 0;\n"
       "#pragma unroll\n"
       "    for (int d = OUTER; d >= 0; --d) {\n"
       "      const long long e = p.shape[d], c = rem % e; rem /= e;\n"
       "      os += c * p.strides[0][d]; od += c * p.strides[1][d];\n"
       "    }\n"
       "    (void)os;\n"
       "    " + T + "* y = (" + T + "*)(p.data[1] + od);\n";
  if (source == RowSource::Copy)
    s += "    const " + F + "* x = (const " + F + "*)(p.data[0] + os);\n";
  else if (source == RowSource::Broadcast)
    s += "    const " + T + " b = cunum::convert<" + T + ">(*(const " + F + "*)(p.data[0] + os));\n";
  else
    s += "    const " + T + " b = *(const " + T + "*)p.value;\n";
  s += "    for (long long j0 = (long long)blockIdx.y * chunk; j0 < nv; j0 += (long long)gridDim.y * chunk) {\n"
       "      const long long j1 = j0 + chunk < nv ? j0 + chunk : nv;\n"
       "      for (long long j = j0 + lane; j < j1; j += (long long)tpr * U) {\n";
  if (source == RowSource::Copy)
    s += "        Vec<" + F + "> a[U];\n"
         "#pragma unroll\n"
         "        for (int u = 0; u < U; ++u) {\n"
         "          const long long k = j + (long long)u * tpr;\n"
         "          if (k < j1 && (k + 1) * V <= L) a[u] = ((const Vec<" + F + ">*)x)[k];\n"
         "        }\n";
  s += "#pragma unroll\n"
       "        for (int u = 0; u < U; ++u) {\n"
       "          const long long k = j + (long long)u * tpr;\n"
       "          if (k >= j1) break;\n"
       "          if ((k + 1) * V <= L) {\n"
       "            Vec<" + T + "> o;\n"
       "#pragma unroll\n";
  if (replicated)
    s += "            for (int t = 0; t < V; ++t) o.v[t] = cunum::convert<" + T + ">(a[u].v[t]);\n"
         "            for (long long r = 0; r < p.shape[ND - 2]; ++r)\n"
         "              ((Vec<" + T + ">*)((char*)y + r * p.strides[1][ND - 2]))[k] = o;\n"
         "          } else {\n"
         "            for (long long r = 0; r < p.shape[ND - 2]; ++r) {\n"
         "              " + T + "* yr = (" + T + "*)((char*)y + r * p.strides[1][ND - 2]);\n"
         "              for (long long i = k * V; i < L; ++i) yr[i] = cunum::convert<" + T + ">(x[i]);\n"
         "            }\n"
         "          }\n";
  else if (source == RowSource::Copy)
    s += "            for (int t = 0; t < V; ++t) o.v[t] = cunum::convert<" + T + ">(a[u].v[t]);\n"
         "            ((Vec<" + T + ">*)y)[k] = o;\n"
         "          } else {\n"
         "            for (long long i = k * V; i < L; ++i) y[i] = cunum::convert<" + T + ">(x[i]);\n"
         "          }\n";
  else
    s += "            for (int t = 0; t < V; ++t) o.v[t] = b;\n"
         "            ((Vec<" + T + ">*)y)[k] = o;\n"
         "          } else {\n"
         "            for (long long i = k * V; i < L; ++i) y[i] = b;\n"
         "          }\n";
  s += "        }\n      }\n    }\n  }\n}\n";
  return s;
}

std::string cast_repeat_source(DType from, DType to, int vec, int r) {
  // Note [Row copies]: output-centric, so every store is a coalesced vector:
  // output vector q holds items q*V .. q*V+V-1, item i a copy of source item
  // i / R (R a constant: the divisions become multiplies); neighbouring
  // threads read neighbouring source items, from L1 after the first.
  const std::string F = stored_type_name(from), T = stored_type_name(to);
  const std::string V = std::to_string(vec), R = std::to_string(r);
  std::string s = kPrelude + params(0);
  s += "template <class X> struct alignas(sizeof(X) * " + V + ") Vec { X v[" + V + "]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int V = " + V + ", R = " + R + ";\n"
       "  const " + F + "* x = (const " + F + "*)p.data[0];\n"
       "  " + T + "* y = (" + T + "*)p.data[1];\n"
       "  const long long total = p.n * R, nq = total / V;\n"
       "  const long long step = (long long)gridDim.x * blockDim.x;\n"
       "  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x; q < nq; q += step) {\n"
       "    const long long s0 = q * V / R;\n"
       "    const int r0 = (int)(q * V - s0 * R);\n"
       "    Vec<" + T + "> o;\n"
       "#pragma unroll\n"
       "    for (int t = 0; t < V; ++t) o.v[t] = cunum::convert<" + T + ">(x[s0 + (r0 + t) / R]);\n"
       "    ((Vec<" + T + ">*)y)[q] = o;\n"
       "  }\n"
       "  for (long long i = nq * V + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step)\n"
       "    y[i] = cunum::convert<" + T + ">(x[i / R]);\n"
       "}\n";
  return s;
}

}  // namespace cunum::backend::cuda
