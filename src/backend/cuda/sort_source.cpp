// Source of the sort family's NVRTC kernels (Note [Sort kernels] in
// kernel_source.hpp). Only called on a kernel-cache miss.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
const char* key_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}
const char* b(bool v) { return v ? "true" : "false"; }

std::string body(const SortKernel& k) {
  switch (k.op) {
    case SortOp::Encode: {
      std::string s = "    const long long src = " + std::string(k.perm ? "((const P*)p.b)[i]" : "i") + ";\n";
      if (k.comp == 3) s += "    U key = (U)(src / p.len);\n";
      else if (k.exact) s += "    U key = (U)sortkey::key<T>::encode(((const T*)p.a)[src], false);\n";
      else s += "    U key = (U)sortkey::component(((const T*)p.a)[src], " + std::to_string(k.comp) + ");\n";
      if (k.pack) s += "    key |= (U)(src / p.len) << (int)p.shift;\n";
      s += "    ((U*)p.out)[i] = key;\n";
      if (k.iota) s += "    ((P*)p.out2)[i] = (P)i;\n";
      return s;
    }
    case SortOp::Decode:
      return "    ((T*)p.out)[i] = sortkey::key<T>::decode((typename sortkey::key<T>::U)((const U*)p.a)[i]);\n";
    case SortOp::Finish: {
      std::string s = "    const long long src = ((const P*)p.b)[i];\n";
      if (k.keys) s += "    ((T*)p.out)[i] = ((const T*)p.a)[src];\n";
      if (k.index) s += k.segs ? "    ((long long*)p.out2)[i] = src - (i / p.len) * p.len;\n"
                               : "    ((long long*)p.out2)[i] = src;\n";
      return s;
    }
    case SortOp::Search:
      return std::string("    const T x = ((const T*)p.b)[i];\n"
                         "    const T* a = (const T*)p.a;\n"
                         "    long long lo = 0, hi = p.len;\n"
                         "    while (lo < hi) {\n"
                         "      const long long mid = lo + ((hi - lo) >> 1);\n"
                         "      const bool go = ") +
             (k.right ? "!sortkey::less(x, a[mid])" : "sortkey::less(a[mid], x)") +
             ";\n"
             "      if (go) lo = mid + 1; else hi = mid;\n"
             "    }\n"
             "    ((long long*)p.out)[i] = lo;\n";
    case SortOp::RunFlags:
      if (k.flags)
        return "    ((unsigned char*)p.out)[i] = (unsigned char)(i == 0 || ((const bool*)p.a)[i]);\n";
      return std::string("    const T* a = (const T*)p.a;\n"
                         "    ((unsigned char*)p.out)[i] = (unsigned char)(i == 0 || !sortkey::same(a[i - 1], a[i], ") +
             b(k.equal_nan) + "));\n";
    case SortOp::RunScatter:
      return std::string("    const long long d = ") + (k.perm ? "((const long long*)p.b)[i]" : "i") +
             ";\n"
             "    ((long long*)p.out)[d] = ((const long long*)p.a)[i] - 1;\n";
  }
  return "";
}
}  // namespace

std::string sort_source(const SortKernel& k) {
  return std::string(
             "#include \"cunum/kernels/sort_keys.hpp\"\n"
             "using namespace cunum;\n"  // the prelude's last line, as every generated source
             "typedef ") +
         kernel_type_name(k.dtype) + " T;\n" + "typedef " + key_type(k.key_bytes) +
         " U;\n"
         "typedef " + (k.idx32 ? "int" : "long long") + " P;\n"
         "struct S { const void* a; const void* b; void* out; void* out2; long long n, len, shift; };\n"
         "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(S p) {\n"
         "  for (long long i = (long long)blockIdx.x * 256 + threadIdx.x; i < p.n; i += (long long)gridDim.x * 256) {\n" +
         body(k) + "  }\n}\n";
}

}  // namespace cunum::backend::cuda
