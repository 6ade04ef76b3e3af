// Reduction kernel sources (Note [Reduction strategies] in kernel_source.hpp).
#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

std::string reduce_source(core::ReduceId id, DType dtype, int out_nd, ReduceMode mode) {
  using core::ReduceId;
  const std::string T = kernel_type_name(dtype);
  // Per reduction: the accumulator type A, its start value, how one element v
  // (at index j) enters it, how another partial (oacc, oidx, ohave) merges
  // into it, and how it is written to `out`.
  std::string A, init, elem, merge, result;
  const bool integral = is_integer(dtype) || is_bool(dtype);
  switch (id) {
    case ReduceId::sum:
    case ReduceId::prod: {
      const bool sum = id == ReduceId::sum;
      A = integral ? T : "cunum::traits::compute_t<" + T + ">";
      init = std::string("A(") + (sum ? "0" : "1") + ")";
      const std::string opn = sum ? "cunum::ops::add{}" : "cunum::ops::multiply{}";
      const std::string sym = sum ? "+" : "*";
      elem = integral ? "acc = " + opn + "(acc, v);" : "acc = acc " + sym + " A(v);";
      merge = integral ? "acc = " + opn + "(acc, oacc);" : "acc = acc " + sym + " oacc;";
      result = "*(" + T + "*)out = " + T + "(acc);";
      break;
    }
    case ReduceId::max:
    case ReduceId::min: {
      const std::string opn = id == ReduceId::max ? "cunum::ops::maximum{}" : "cunum::ops::minimum{}";
      A = T;
      init = "A{}";
      elem = "if (!have) { acc = v; have = 1; } else acc = " + opn + "(acc, v);";
      merge = "if (ohave) { if (!have) { acc = oacc; have = 1; } else acc = " + opn + "(acc, oacc); }";
      result = "*(" + T + "*)out = acc;";
      break;
    }
    case ReduceId::argmax:
    case ReduceId::argmin: {
      const std::string gt = id == ReduceId::argmax ? ">" : "<";
      A = T;
      init = "A{}";
      // Within one thread indices grow: a strict compare keeps the first.
      elem = "if (!have) { acc = v; idx = j; have = 1; } else if (!cunum::math::isnan(acc) && "
             "(cunum::math::isnan(v) || v " + gt + " acc)) { acc = v; idx = j; }";
      // Across partials: NaN first, then the extremum, ties to the smaller index.
      merge = "if (ohave) { bool an = cunum::math::isnan(acc), bn = cunum::math::isnan(oacc);"
              " bool take = !have || (an && bn ? oidx < idx : an ? false : bn ? true :"
              " (oacc " + gt + " acc) || (!(acc " + gt + " oacc) && oidx < idx));"
              " if (take) { acc = oacc; idx = oidx; have = 1; } }";
      result = "*(long long*)out = idx;";
      break;
    }
    case ReduceId::any:
    case ReduceId::all: {
      const bool any = id == ReduceId::any;
      A = "bool";
      init = any ? "false" : "true";
      const std::string sym = any ? "||" : "&&";
      elem = "acc = acc " + sym + " cunum::convert<bool>(v);";
      merge = "acc = acc " + sym + " oacc;";
      result = "*(bool*)out = acc;";
      break;
    }
  }
  const std::string unravel =
      out_nd > 0 ? "    for (int d = " + std::to_string(out_nd - 1) +
                       "; d >= 0; --d) { long long c_ = rem % p.shape[d]; rem /= p.shape[d];"
                       " io += c_ * p.strides[0][d]; oo += c_ * p.strides[1][d]; }\n"
                 : "";
  std::string s = kPrelude + params(out_nd);
  s += "using T = " + T + ";\nusing A = " + A + ";\n";
  s += "struct Part { A acc; long long idx; int have; };\n";
  // p.n: outputs; p.iaux[0]: reduced length R, p.iaux[1]: its byte stride;
  // p.aux unused; chunks C = p.shape-independent value in p.iaux via data[3].
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  const long long R = p.iaux[0], rs = p.iaux[1];\n"
       "  const long long C = (long long)p.aux[0], L = (long long)p.aux[1];\n"
       "  (void)C; (void)L; (void)rs; (void)R;\n";
  auto block_tree = [&](const std::string& finish) {
    return "    __shared__ A sh[256]; __shared__ long long shi[256]; __shared__ int shv[256];\n"
           "    sh[t] = acc; shi[t] = idx; shv[t] = have;\n"
           "    __syncthreads();\n"
           "    for (int s = blockDim.x / 2; s > 0; s >>= 1) {\n"
           "      if (t < s) { A oacc = sh[t + s]; long long oidx = shi[t + s]; int ohave = shv[t + s];"
           " (void)oidx; (void)ohave; " + merge + " sh[t] = acc; shi[t] = idx; shv[t] = have; }\n"
           "      __syncthreads();\n"
           "    }\n"
           "    if (t == 0) { " + finish + " }\n"
           "    __syncthreads();\n";
  };
  const std::string write_part = "((Part*)p.data[2])[task] = Part{acc, idx, have};";
  switch (mode) {
    case ReduceMode::Block:
    case ReduceMode::BlockPartial: {
      // One block per task = (output o, chunk c) of the reduced range.
      const bool partial = mode == ReduceMode::BlockPartial;
      s += "  const int t = threadIdx.x;\n"
           "  for (long long task = blockIdx.x; task < p.n * C; task += gridDim.x) {\n"
           "    const long long o = task / C, c = task % C;\n"
           "    long long rem = o, io = 0, oo = 0;\n" + unravel +
           "    const char* base = p.data[0] + io; char* out = p.data[1] + oo; (void)out;\n"
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    A acc = " + init + "; int have = 0; long long idx = 0;\n"
           "    for (long long j = j0 + t; j < j1; j += blockDim.x) { const T v = *(const T*)(base + j * rs); " + elem + " }\n" +
           block_tree(partial ? write_part : result) + "  }\n}\n";
      break;
    }
    case ReduceMode::Final: {
      // One block per output merges its C partials (C <= blockDim).
      s += "  const int t = threadIdx.x;\n"
           "  for (long long o = blockIdx.x; o < p.n; o += gridDim.x) {\n"
           "    long long rem = o, io = 0, oo = 0;\n" + unravel +
           "    char* out = p.data[1] + oo; (void)io;\n"
           "    A acc = " + init + "; int have = 0; long long idx = 0;\n"
           "    for (long long q = t; q < C; q += blockDim.x) { const Part r = ((const Part*)p.data[2])[o * C + q];"
           " A oacc = r.acc; long long oidx = r.idx; int ohave = r.have; (void)oidx; (void)ohave; " + merge + " }\n" +
           block_tree(result) + "  }\n}\n";
      break;
    }
    case ReduceMode::Thread:
    case ReduceMode::ThreadPartial: {
      // One thread per task; neighbouring threads take neighbouring outputs,
      // so strided (outer-axis) reductions read coalesced rows.
      const bool partial = mode == ReduceMode::ThreadPartial;
      s += "  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < p.n * C;"
           " g += (long long)gridDim.x * blockDim.x) {\n"
           "    const long long o = g % p.n, c = g / p.n, task = o * C + c; (void)task;\n"
           "    long long rem = o, io = 0, oo = 0;\n" + unravel +
           "    const char* base = p.data[0] + io; char* out = p.data[1] + oo; (void)out;\n"
           "    const long long j0 = c * L, j1 = (j0 + L < R) ? j0 + L : R;\n"
           "    A acc = " + init + "; int have = 0; long long idx = 0;\n"
           "    for (long long j = j0; j < j1; ++j) { const T v = *(const T*)(base + j * rs); " + elem + " }\n"
           "    (void)have; (void)idx;\n"
           "    " + (partial ? write_part : result) + "\n  }\n}\n";
      break;
    }
  }
  return s;
}

}  // namespace cunum::backend::cuda
