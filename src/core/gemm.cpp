// The matrix-product planner (Note [Gemm plans]).
//
// Note [Gemm layouts]
// BLAS takes column-major matrices with one unit stride and a leading
// dimension, possibly transposed. A row-major (C-ordered) out of m x n is the
// column-major n x m matrix out^T, so the planner asks for out^T = b^T a^T
// instead (the usual swap); an F-ordered out is taken as it is. Each operand
// is then a transpose flag plus a leading dimension whenever one of its two
// matrix strides is one element (or its extent is 1) and the other is large
// enough; otherwise (a stepped view, negative strides, a misaligned buffer)
// it is copied once into C order. The batch dims of the three operands are
// coalesced (Note [Dimension coalescing]); the innermost becomes the plan's
// strided batch (one cuBLAS call for 100,000 small matrices, a stride of 0
// for a broadcast operand) and any dims left are looped here, a call each.
#include "core/gemm.hpp"

#include <optional>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/error.hpp"

namespace cunum::core {

namespace {
using backend::GemmOp;

struct Layout {
  GemmOp op;
  int64_t ld;
};

// How the r x c matrix with element strides (sr, sc) is passed as a
// column-major operand of r x c, if it can be.
std::optional<Layout> fit(int64_t r, int64_t c, int64_t sr, int64_t sc) {
  if (sr < 0 || sc < 0) return std::nullopt;
  if (sr == 1 || r <= 1) {
    const int64_t ld = c <= 1 ? std::max<int64_t>(1, r) : sc;
    if (ld >= std::max<int64_t>(1, r)) return Layout{GemmOp::N, ld};
  }
  if (sc == 1 || c <= 1) {
    const int64_t ld = r <= 1 ? std::max<int64_t>(1, c) : sr;
    if (ld >= std::max<int64_t>(1, c)) return Layout{GemmOp::T, ld};
  }
  return std::nullopt;
}

// Element strides of the last two dims, if every stride is a whole number of
// elements and the data is aligned to the element.
std::optional<std::pair<int64_t, int64_t>> matrix_strides(const ndarray& x) {
  const int64_t is = int64_t(x.itemsize()), nd = x.ndim();
  if (reinterpret_cast<uintptr_t>(x.data()) % std::min<int64_t>(is, 16)) return std::nullopt;
  for (int64_t s : x.strides())
    if (s % is) return std::nullopt;
  return std::make_pair(x.strides()[nd - 2] / is, x.strides()[nd - 1] / is);
}

// x as a matrix of the last two dims (rows x cols), transposed when `swap`.
std::optional<Layout> layout(const ndarray& x, bool swap) {
  auto st = matrix_strides(x);
  if (!st) return std::nullopt;
  const int64_t r = x.shape()[x.ndim() - 2], c = x.shape()[x.ndim() - 1];
  return swap ? fit(c, r, st->second, st->first) : fit(r, c, st->first, st->second);
}
}  // namespace

void gemm(const ndarray& out, const ndarray& a0, const ndarray& b0, double alpha, double beta) {
  const int nd = out.ndim();
  CUNUM_ASSERT(nd >= 2 && a0.ndim() == nd && b0.ndim() == nd);
  CUNUM_ASSERT(a0.dtype() == out.dtype() && b0.dtype() == out.dtype());
  const int64_t m = out.shape()[nd - 2], n = out.shape()[nd - 1], k = a0.shape()[nd - 1];
  CUNUM_ASSERT(a0.shape()[nd - 2] == m && b0.shape()[nd - 2] == k && b0.shape()[nd - 1] == n);
  if (out.size() == 0) return;
  if (k == 0 && beta == 0) {
    ndarray(out).fill(Scalar(int64_t(0)));
    return;
  }
  // An out that overlaps an input, or that BLAS cannot write, is computed in a temporary.
  const std::optional<Layout> oc = layout(out, true), of = layout(out, false);
  const bool out_c = oc && oc->op == GemmOp::N, out_f = of && of->op == GemmOp::N;
  if ((!out_c && !out_f) || may_overlap(out, a0) || may_overlap(out, b0)) {
    ndarray tmp = ndarray::allocate(out.shape(), out.dtype(), out.device());
    if (beta != 0) assign(tmp, out);
    gemm(tmp, a0, b0, alpha, beta);
    assign(out, tmp);
    return;
  }
  // out^T = b^T a^T when out is row-major: the slots swap (Note [Gemm layouts]).
  const bool swap = out_c && !(out_f && out.shape()[nd - 1] == 1 && m > 1);
  ndarray a = a0, b = b0;
  std::optional<Layout> la = layout(a, swap), lb = layout(b, swap);
  if (!la) {
    a = a0.copy();
    la = layout(a, swap);
  }
  if (!lb) {
    b = b0.copy();
    lb = layout(b, swap);
  }
  const Layout lc = *layout(out, swap);
  CUNUM_ASSERT(la && lb && lc.op == GemmOp::N);

  backend::GemmPlan p;
  p.dtype = out.dtype();
  p.alpha = alpha;
  p.beta = beta;
  p.k = k;
  p.ldc = lc.ld;
  if (swap) {  // out^T (n x m) = op(b^T) (n x k) op(a^T) (k x m)
    p.m = n, p.n = m;
    p.transa = lb->op, p.lda = lb->ld;
    p.transb = la->op, p.ldb = la->ld;
  } else {
    p.m = m, p.n = n;
    p.transa = la->op, p.lda = la->ld;
    p.transb = lb->op, p.ldb = lb->ld;
  }
  // The batch dims, coalesced over [out, first slot, second slot].
  const ndarray& first = swap ? b : a;
  const ndarray& second = swap ? a : b;
  Shape batch(out.shape().begin(), out.shape().end() - 2);
  auto lead = [&](const ndarray& x) { return Strides(x.strides().begin(), x.strides().end() - 2); };
  const PlanOperand ops[3] = {{out.data(), lead(out)}, {first.data(), lead(first)}, {second.data(), lead(second)}};
  Dims bshape, bst[3];
  coalesce_dims(batch, ops, 3, 0, bshape, bst);
  const int64_t is = int64_t(out.itemsize());
  const int nb = int(bshape.size());
  if (nb > 0) {
    p.batch = bshape[nb - 1];
    p.stride_c = bst[0][nb - 1] / is, p.stride_a = bst[1][nb - 1] / is, p.stride_b = bst[2][nb - 1] / is;
  }
  // A negative batch stride is looped here rather than handed to BLAS.
  if (p.stride_a < 0 || p.stride_b < 0 || p.stride_c < 0) p.batch = 1, p.stride_a = p.stride_b = p.stride_c = 0;
  backend::Backend& be = backend::get(out.device());
  // Loop over the dims before the plan's batch (all of them when it has none).
  const int loop_nd = p.batch > 1 ? nb - 1 : nb;
  Dims idx(size_t(loop_nd), 0);
  for (;;) {
    int64_t off[3] = {0, 0, 0};
    for (int d = 0; d < loop_nd; ++d)
      for (int o = 0; o < 3; ++o) off[o] += idx[d] * bst[o][d];
    p.c = out.data() + off[0];
    p.a = first.data() + off[1];
    p.b = second.data() + off[2];
    be.gemm(p);
    int d = loop_nd - 1;
    while (d >= 0 && ++idx[d] == bshape[d]) idx[d--] = 0;
    if (d < 0) break;
  }
}

}  // namespace cunum::core
