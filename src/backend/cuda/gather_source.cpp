// Source of the gather kernels (Note [Gather kernels] in kernel_source.hpp).
// Only called on a kernel-cache miss.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
// `pos` unravelled (C order) over dims [first, first + nd) of p.shape, each
// coordinate times its stride added to `off`; the outermost coordinate needs
// no modulo.
std::string unravel(const std::string& pos, int first, int nd) {
  std::string s;
  for (int d = first + nd - 1; d >= first; --d) {
    const std::string D = std::to_string(d);
    if (d == first) {
      s += "          off += " + pos + " * (I)p.strides[" + D + "];\n";
    } else {
      s += "          { const I e = (I)p.shape[" + D + "]; off += (" + pos + " % e) * (I)p.strides[" + D +
           "]; " + pos + " /= e; }\n";
    }
  }
  return s;
}

// Makes `v` (the index as read, also in v0) a position along the axis, or
// sets ok = false (mode Raise, after reporting it).
std::string normalise(GatherMode mode) {
  switch (mode) {
    case GatherMode::Raise:
      return "        if (v < 0) v += len;\n"
             "        if ((unsigned long long)v >= (unsigned long long)len) {\n"
             "          cunum::report_index_error(v0, p.axis, len);\n"
             "          ok = false;\n"
             "        }\n";
    case GatherMode::Wrap:
      return "        if (v < 0 || v >= len) { v %= len; if (v < 0) v += len; }\n";
    case GatherMode::Clip:
      return "        v = v < 0 ? 0 : (v >= len ? len - 1 : v);\n";
  }
  return "";
}
}  // namespace

std::string gather_source(const GatherKernel& k) {
  const int nd = k.outer_nd + k.inner_nd;
  const std::string ND = std::to_string(nd > 0 ? nd : 1);
  const std::string I = k.index32 ? "int" : "long long";
  const std::string Index = k.index == DType::Bool ? "unsigned char" : kernel_type_name(k.index);
  std::string s =
      "#include \"cunum/kernels/errors.hpp\"\n"
      "using namespace cunum;\n"  // the prelude's last line, as every generated source
      "struct __align__(16) Item16 { unsigned long long lo, hi; };\n"
      "typedef " + std::string(item_type_name(k.itemsize)) + " Item;\n"
      "typedef " + Index + " Index;\n"
      "typedef " + I + " I;\n"
      "struct G { const char* in; char* out; const char* index;\n"
      "  long long n, nidx, inner, len, axis_stride, index_stride, axis;\n"
      "  long long shape[" + ND + "]; long long strides[" + ND + "]; };\n"
      "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(G p) {\n"
      "  constexpr int U = " + std::to_string(k.unroll) + ";\n"
      "  const long long n = p.n, len = p.len, tile = (long long)blockDim.x * U;\n"
      "  const I nidx = (I)p.nidx, inner = (I)p.inner; (void)nidx; (void)inner;\n"
      "  for (long long t0 = (long long)blockIdx.x * tile + threadIdx.x; t0 - threadIdx.x < n;"
      " t0 += (long long)gridDim.x * tile) {\n"
      "    // 1: every item's index, loads issued back to back\n"
      "    long long x[U]; I ov[U], iv[U]; (void)ov; (void)iv;\n"
      "#pragma unroll\n"
      "    for (int u = 0; u < U; ++u) {\n"
      "      x[u] = 0;\n"
      "      if (t0 + (long long)u * blockDim.x < n) {\n"
      "        I r = (I)(t0 + (long long)u * blockDim.x);\n";
  if (k.inner_nd > 0) s += "        iv[u] = r % inner; r /= inner;\n";
  if (k.outer_nd > 0)
    s += "        const I j = r % nidx; ov[u] = r / nidx;\n";
  else
    s += "        const I j = r;\n";
  s += std::string("        x[u] = (long long)") +
       (k.streaming ? "__ldcs((const Index*)(p.index + j * (I)p.index_stride));\n"
                    : "*(const Index*)(p.index + j * (I)p.index_stride);\n") +
       "      }\n"
       "    }\n"
       "    // 2: the source addresses (null: past the end, or an index out of bounds)\n"
       "    const char* src[U];\n"
       "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) {\n"
       "      src[u] = nullptr;\n"
       "      if (t0 + (long long)u * blockDim.x < n) {\n"
       "        const long long v0 = x[u]; long long v = v0; bool ok = true; (void)ok;\n";
  s += normalise(k.mode);
  s += "        if (ok) {\n"
       "          I off = (I)v * (I)p.axis_stride;\n";
  if (k.outer_nd > 0) s += "          I o = ov[u];\n" + unravel("o", 0, k.outer_nd);
  if (k.inner_nd > 0) s += "          I i = iv[u];\n" + unravel("i", k.outer_nd, k.inner_nd);
  s += "          src[u] = p.in + off;\n"
       "        }\n"
       "      }\n"
       "    }\n"
       "    // 3: all loads, then all stores. An item whose index is out of bounds\n"
       "    // (mode raise, reported above) is written as zero bytes: the result\n"
       "    // a read raises for holds no unwritten memory (compute-sanitizer's\n"
       "    // initcheck), and a cast into out= copies defined values.\n"
       "    Item val[U];\n"
       "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) val[u] = src[u] ? " +
       std::string(k.nc && k.itemsize <= 8 ? "__ldg((const Item*)src[u])" : "*(const Item*)src[u]") + " : Item{};\n"
       "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) if (t0 + (long long)u * blockDim.x < n) " +
       std::string(k.streaming && k.itemsize <= 8 ? "__stcs((Item*)p.out + t0 + (long long)u * blockDim.x, val[u]);\n"
                                                  : "((Item*)p.out)[t0 + (long long)u * blockDim.x] = val[u];\n") +
       "  }\n"
       "}\n";
  return s;
}

}  // namespace cunum::backend::cuda
