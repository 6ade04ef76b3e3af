// The source of a fused reduction kernel (Note [Fused reduction kernels]).
#include <algorithm>
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
std::string str(int64_t v) { return std::to_string(v); }
}  // namespace

int fused_reduce_vector_width(const FusedPlan& map) {
  size_t widest = 1;
  for (int k = 0; k < map.nin; ++k) widest = std::max(widest, itemsize(map.dtypes[k]));
  return static_cast<int>(std::max<size_t>(1, 16 / widest));
}

std::string fused_reduce_source(core::ReduceId id, const FusedPlan& map, DType value, DType loop, DType out,
                                int out_nd, ReduceMode mode, bool vec) {
  const int nin = map.nin;
  const int w = out_nd > 0 ? out_nd : 1;
  // ty: an input's values (fmap's parameters); st: its memory (Note [Bool bytes])
  auto ty = [&](int k) { return std::string(kernel_type_name(map.dtypes[k])); };
  auto st = [&](int k) { return std::string(stored_type_name(map.dtypes[k])); };
  auto load = [&](int k, const std::string& addr) {
    return stored_value(map.dtypes[k], "*(const " + st(k) + "*)(" + addr + ")");
  };
  // T (the value's dtype) is what `put` takes: the map's result.
  std::string s = reduce_common_source(id, value, loop, out, out_nd);
  s += fused_rounding_source();
  s += "struct FR { alignas(16) unsigned char scal[" + str(kMaxFusedScalars) + "][16]; const char* data[" +
       str(kMaxFusedOperands) + "]; long long red[" + str(kMaxFusedOperands) + "]; long long strides[" +
       str(kMaxFusedOperands) + "][" + str(w) + "]; };\n";
  // The map: the graph's steps over one element of each input.
  std::string sig, call_args;
  for (int k = 0; k < nin; ++k) sig += ", const " + ty(k) + " in" + str(k);
  s += "__device__ __forceinline__ T fmap(const FR& p" + sig + ") {\n  T r_;\n";
  // T is the value's stored type (reduce_common_source): a bool result as its byte
  s += fused_body(map, [&](int, const std::string& x) {
    return "  r_ = " + (value == DType::Bool ? "cunum::convert<T>(" + x + ")" : x) + ";\n";
  });
  s += "  return r_;\n}\n";
  // Offsets of output o: every input's (io0..) and the output's (oo).
  std::string decl = "    long long rem = o, oo = 0;\n";
  for (int k = 0; k < nin; ++k) decl += "    long long io" + str(k) + " = 0;\n";
  if (out_nd > 0) {
    decl += "    for (int d = " + str(out_nd - 1) + "; d >= 0; --d) { const long long c_ = rem % p.shape[d]; rem /= p.shape[d];"
            " oo += c_ * p.strides[1][d];";
    for (int k = 0; k < nin; ++k) decl += " io" + str(k) + " += c_ * f.strides[" + str(k) + "][d];";
    decl += " }\n";
  }
  decl += "    (void)rem;\n";
  for (int k = 0; k < nin; ++k)
    decl += "    const char* const b" + str(k) + " = f.data[" + str(k) + "] + io" + str(k) + ";\n";
  // One element j of every input, strided: the map's value.
  auto strided = [&](const std::string& j) {
    std::string a;
    for (int k = 0; k < nin; ++k)
      a += ", " + load(k, "b" + str(k) + " + (" + j + ") * f.red[" + str(k) + "]");
    return "fmap(f" + a + ")";
  };
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p, FR f) {\n"
       "  const long long R = p.iaux[0];\n"
       "  const long long C = (long long)p.aux[0], L = (long long)p.aux[1];\n"
       "  const long long part_o = (long long)p.aux[2], part_c = (long long)p.aux[3];\n"
       "  (void)R; (void)C; (void)L; (void)part_o; (void)part_c;\n"
       "  const int* flags = (const int*)p.value;\n";
  switch (mode) {
    case ReduceMode::InnerWarp:
    case ReduceMode::InnerBlock: {
      const bool warp = mode == ReduceMode::InnerWarp;
      const int V = fused_reduce_vector_width(map);
      const int U = V >= 8 ? 2 : 4;
      s += reduce_inner_tasks_open(warp);
      s += "    long long o = 0, c = 0;\n"
           "    if (valid) { o = task / C; c = task - o * C; }\n" +
           decl +
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    if (valid) {\n";
      if (vec) {
        // j0 is a multiple of 16 (the chunk length is) and so of V: every
        // input's vectors are aligned from j0 on.
        s += "      constexpr int V = " + str(V) + ", U = " + str(U) + ";\n"
             "      const long long nv = (j1 - j0) / V;\n";
        for (int k = 0; k < nin; ++k)
          s += "      const Vec<" + st(k) + ", V>* const q" + str(k) + " = (const Vec<" + st(k) + ", V>*)(b" + str(k) +
               " + j0 * (long long)sizeof(" + st(k) + "));\n";
        s += "      Acc sx[U - 1];  // one accumulator per load in flight\n"
             "#pragma unroll\n"
             "      for (int u = 0; u < U - 1; ++u) sx[u] = acc_init();\n"
             "      long long i = tid;\n"
             "#pragma unroll 1\n"
             "      for (; i + (U - 1) * G < nv; i += U * G) {\n";
        for (int k = 0; k < nin; ++k)
          s += "        Vec<" + st(k) + ", V> a" + str(k) + "[U];\n";
        s += "#pragma unroll\n        for (int u = 0; u < U; ++u) {";
        for (int k = 0; k < nin; ++k) s += " a" + str(k) + "[u] = q" + str(k) + "[i + u * G];";
        s += " }\n";
        std::string e0, eu;
        for (int k = 0; k < nin; ++k) {
          e0 += ", " + vector_lane(map.dtypes[k], "a" + str(k) + "[0].v[e]");
          eu += ", " + vector_lane(map.dtypes[k], "a" + str(k) + "[u].v[e]");
        }
        s += "        const long long jk = j0 + i * V;\n"
             "#pragma unroll\n"
             "        for (int e = 0; e < V; ++e) put(s0, fmap(f" + e0 + "), jk + e);\n"
             "#pragma unroll\n"
             "        for (int u = 1; u < U; ++u)\n"
             "#pragma unroll\n"
             "          for (int e = 0; e < V; ++e) put(sx[u - 1], fmap(f" + eu + "), jk + (long long)u * G * V + e);\n"
             "      }\n"
             "#pragma unroll 1\n"
             "      for (; i < nv; i += G) {\n";
        std::string e1;
        for (int k = 0; k < nin; ++k) {
          s += "        const Vec<" + st(k) + ", V> a" + str(k) + " = q" + str(k) + "[i];\n";
          e1 += ", " + vector_lane(map.dtypes[k], "a" + str(k) + ".v[e]");
        }
        s += "#pragma unroll\n"
             "        for (int e = 0; e < V; ++e) put(s0, fmap(f" + e1 + "), j0 + i * V + e);\n"
             "      }\n"
             "#pragma unroll\n"
             "      for (int u = 0; u < U - 1; ++u) merge(s0, sx[u]);\n"
             "      for (long long jt = j0 + nv * V + tid; jt < j1; jt += G) put(s0, " + strided("jt") + ", jt);\n";
      } else {
        s += "      for (long long j = j0 + tid; j < j1; j += G) put(s0, " + strided("j") + ", j);\n";
      }
      s += "    }\n";
      s += reduce_inner_tasks_close(warp);
      break;
    }
    default: {
      // Outer: a thread per output, 2^flags[1] threads across the outputs,
      // the rest of the block splits the chunk's rows (four loads of every
      // input in flight per thread), a shared-memory tree merges them.
      s += "  const int tw = 1 << flags[1], nr = 256 >> flags[1];\n"
           "  const int tx = threadIdx.x & (tw - 1), ty = threadIdx.x >> flags[1];\n"
           "  const long long cols = p.n, tiles = (cols + tw - 1) / tw;\n"
           "  __shared__ Acc sh[256];\n"
           "  for (long long task = blockIdx.x; task < tiles * C; task += gridDim.x) {\n"
           "    const long long tile = task % tiles, c = task / tiles;\n"
           "    const long long g = tile * tw + tx;\n"
           "    const bool valid = g < cols;\n"
           "    const long long o = valid ? g : 0;\n" +
           decl +
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    Acc s = acc_init();\n"
           "    if (valid) {\n"
           "      long long j = j0 + ty;\n"
           "#pragma unroll 1\n"
           "      for (; j + 3 * nr < j1; j += 4 * nr) {\n";
      for (int r = 0; r < 4; ++r) {
        const std::string jr = r == 0 ? "j" : "j + " + str(r) + " * nr";
        for (int k = 0; k < nin; ++k)
          s += "        const " + ty(k) + " x" + str(r) + "_" + str(k) + " = " +
               load(k, "b" + str(k) + " + (" + jr + ") * f.red[" + str(k) + "]") + ";\n";
      }
      for (int r = 0; r < 4; ++r) {
        std::string a;
        for (int k = 0; k < nin; ++k) a += ", x" + str(r) + "_" + str(k);
        s += "        put(s, fmap(f" + a + "), " + (r == 0 ? std::string("j") : "j + " + str(r) + " * nr") + ");\n";
      }
      s += "      }\n"
           "#pragma unroll 1\n"
           "      for (; j < j1; j += nr) put(s, " + strided("j") + ", j);\n"
           "    }\n"
           "    sh[threadIdx.x] = s;\n"
           "    __syncthreads();\n"
           "    for (int st = nr >> 1; st > 0; st >>= 1) {\n"
           "      if (ty < st) { Acc t = sh[threadIdx.x]; merge(t, sh[threadIdx.x + st * tw]); sh[threadIdx.x] = t; }\n"
           "      __syncthreads();\n"
           "    }\n"
           "    if (ty == 0 && valid) {\n"
           "      const Acc t = sh[tx];\n"
           "      if (C == 1) finish(p.data[1] + oo, t);\n"
           "      else ((Acc*)p.data[2])[g * part_o + c * part_c] = t;\n"
           "    }\n"
           "    __syncthreads();\n"
           "  }\n}\n";
      break;
    }
  }
  return s;
}

}  // namespace cunum::backend::cuda
