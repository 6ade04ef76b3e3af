// The product gufuncs: matmul, vecdot, matvec, vecmat (NumPy's signatures,
// dtype resolution, out=, casting= and error messages), each one batched
// GEMM through the planner (src/core/gemm.cpp).
//
// Note [Product gufuncs]
// Each is lowered to one shape, (..., m, k) @ (..., k, n) -> (..., m, n):
// a vector operand is a matrix with a size-1 axis inserted (a view), vecdot
// is (..., 1, n) @ (..., n, 1), and the inserted axes are views again on the
// result and on out=. The batch dims are broadcast as stride-0 views, so a
// (3, 4) matrix times a (1000, 4, 5) stack is one strided-batched GEMM whose
// A-stride is 0. The operands are cast to the loop dtype first (a copy only
// when their dtype differs), and out= of the loop dtype is written by the
// GEMM itself; out= of another dtype gets the result through one cast.
#include <string>

#include "core/assign.hpp"
#include "core/gemm.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/products_internal.hpp"

namespace cunum {

namespace products {

ndarray view(const ndarray& x, const Shape& shape, const Strides& strides) {
  return ndarray(x.storage(), x.offset(), shape, strides, x.dtype());
}

ndarray insert_axis(const ndarray& x, int pos) {
  Shape s = x.shape();
  Strides st = x.strides();
  s.insert(s.begin() + pos, 1);
  st.insert(st.begin() + pos, 0);
  return view(x, s, st);
}

ndarray drop_axis(const ndarray& x, int pos) {
  Shape s = x.shape();
  Strides st = x.strides();
  s.erase(s.begin() + pos);
  st.erase(st.begin() + pos);
  return view(x, s, st);
}

ndarray conj_if_complex(const ndarray& x) { return is_complex(x.dtype()) ? conjugate(x) : x; }

ndarray batched_product(const ndarray& a0, const ndarray& b0, DType loop, const Shape& batch,
                        const std::optional<ndarray>& out) {
  const int nb = int(batch.size());
  auto widen = [&](const ndarray& x0) {
    ndarray x = x0.dtype() == loop ? x0 : x0.astype(loop);
    Shape s = batch;
    Strides st(size_t(nb), 0);
    const int xb = x.ndim() - 2;
    for (int d = 0; d < xb; ++d)
      if (x.shape()[d] != 1) st[nb - xb + d] = x.strides()[d];
    for (int d = xb; d < x.ndim(); ++d) s.push_back(x.shape()[d]), st.push_back(x.strides()[d]);
    return view(x, s, st);
  };
  const ndarray a = widen(a0), b = widen(b0);
  Shape rs = batch;
  rs.push_back(a.shape()[nb]);
  rs.push_back(b.shape()[nb + 1]);
  if (out && out->dtype() == loop) {
    if (out->device() != a.device()) {
      ndarray r = ndarray::allocate(rs, loop, a.device());
      core::gemm(r, a, b);
      core::assign(*out, r);
    } else {
      core::gemm(*out, a, b);
    }
    return *out;
  }
  ndarray r = ndarray::allocate(rs, loop, a.device());
  core::gemm(r, a, b);
  if (out) {
    core::assign(*out, r);
    return *out;
  }
  return r;
}

DType resolve_loop(const char* name, DType a, DType b, const ProductOptions& o) {
  const DType loop = o.dtype ? *o.dtype : promote_types(a, b);
  auto quoted = [](DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; };
  const DType in[2] = {a, b};
  for (int i = 0; i < 2; ++i)
    if (!can_cast(in[i], loop, o.casting))
      throw TypeError("Cannot cast ufunc '" + std::string(name) + "' input " + std::to_string(i) + " from " +
                      quoted(in[i]) + " to " + quoted(loop) + " with casting rule '" +
                      std::string(casting_name(o.casting)) + "'");
  if (o.out && !can_cast(loop, o.out->dtype(), o.casting))
    throw TypeError("Cannot cast ufunc '" + std::string(name) + "' output from " + quoted(loop) + " to " +
                    quoted(o.out->dtype()) + " with casting rule '" + std::string(casting_name(o.casting)) + "'");
  return loop;
}

void require_dims(const Gufunc& g, int operand, const ndarray& x, int need) {
  if (x.ndim() < need)
    throw ValueError(std::string(g.name) + ": Input operand " + std::to_string(operand) +
                     " does not have enough dimensions (has " + std::to_string(x.ndim()) +
                     ", gufunc core with signature " + g.signature + " requires " + std::to_string(need) + ")");
}

void core_mismatch(const Gufunc& g, const char* which, int operand, int dim, int64_t got, int64_t want) {
  throw ValueError(std::string(g.name) + ": " + which + " operand " + std::to_string(operand) +
                   " has a mismatch in its core dimension " + std::to_string(dim) + ", with gufunc signature " +
                   g.signature + " (size " + std::to_string(got) + " is different from " + std::to_string(want) +
                   ")");
}

// NumPy's message names each operand's loop dims and a newaxis per output core dim.
namespace {
std::string remapped(const Shape& batch, int out_core) {
  if (batch.empty()) return "()";
  std::string r = "(";
  for (size_t i = 0; i < batch.size(); ++i) r += (i ? "," : "") + std::to_string(batch[i]);
  for (int i = 0; i < out_core; ++i) r += ",newaxis";
  if (batch.size() == 1 && out_core == 0) r += ",";
  return r + ")";
}
}  // namespace

Shape broadcast_batch(const Gufunc& g, const ndarray& a, int a_core, const ndarray& b, int b_core,
                      const std::optional<ndarray>& out, const Shape& out_core) {
  const Shape ba(a.shape().begin(), a.shape().end() - a_core), bb(b.shape().begin(), b.shape().end() - b_core);
  const size_t nd = std::max(ba.size(), bb.size());
  Shape r(nd, 1);
  bool ok = true;
  for (const Shape* s : {&ba, &bb})
    for (size_t i = 0; i < s->size(); ++i) {
      int64_t& d = r[nd - s->size() + i];
      const int64_t v = (*s)[i];
      if (v == 1) continue;
      if (d != 1 && d != v) ok = false;
      d = v;
    }
  std::string requested = "(";
  for (size_t i = 0; i < out_core.size(); ++i) requested += (i ? "," : "") + std::to_string(out_core[i]);
  requested += ")";
  const int oc = int(out_core.size());
  if (!ok)
    throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                     shape_str(a.shape()) + "->" + remapped(ba, oc) + " " + shape_str(b.shape()) + "->" +
                     remapped(bb, oc) + "  and requested shape " + requested);
  if (out) {
    if (out->ndim() < oc) throw ValueError(std::string(g.name) + ": Output operand 0 does not have enough dimensions");
    for (int d = 0; d < oc; ++d)
      if (out->shape()[out->ndim() - oc + d] != out_core[d])
        core_mismatch(g, "Output", 0, d, out->shape()[out->ndim() - oc + d], out_core[d]);
    const Shape bo(out->shape().begin(), out->shape().end() - oc);
    bool match = bo.size() >= r.size();
    for (size_t i = 0; match && i < r.size(); ++i)
      match = bo[bo.size() - r.size() + i] == r[i] || r[i] == 1;
    if (!match) {
      bool conflict = false;
      for (size_t i = 0; i < std::min(r.size(), bo.size()); ++i) {
        const int64_t x = bo[bo.size() - 1 - i], y = r[r.size() - 1 - i];
        if (x != y && x != 1 && y != 1) conflict = true;
      }
      if (conflict)
        throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                         shape_str(a.shape()) + "->" + remapped(ba, oc) + " " + shape_str(b.shape()) + "->" +
                         remapped(bb, oc) + " " + shape_str(out->shape()) + "->" + shape_str(out->shape()) +
                         "  and requested shape " + requested);
      throw ValueError(
          "output operand requires a reduction along dimension -1, but the reduction is not enabled. The "
          "dimension size of 1 does not match the expected output shape.");
    }
    return bo;  // out's batch dims (a superset of the inputs', which broadcast to it)
  }
  return r;
}

}  // namespace products

using namespace products;

ndarray matmul(const ndarray& a, const ndarray& b, const ProductOptions& o) {
  static const Gufunc g{"matmul", "(n?,k),(k,m?)->(n?,m?)"};
  require_dims(g, 0, a, 1);
  require_dims(g, 1, b, 1);
  const bool av = a.ndim() == 1, bv = b.ndim() == 1;
  const int64_t k = a.shape()[a.ndim() - 1], kb = bv ? b.shape()[0] : b.shape()[b.ndim() - 2];
  if (k != kb) core_mismatch(g, "Input", 1, 0, kb, k);
  Shape oc;
  if (!av) oc.push_back(a.shape()[a.ndim() - 2]);
  if (!bv) oc.push_back(b.shape()[b.ndim() - 1]);
  const Shape batch = broadcast_batch(g, a, av ? 1 : 2, b, bv ? 1 : 2, o.out, oc);
  const DType loop = resolve_loop(g.name, a.dtype(), b.dtype(), o);
  const ndarray a2 = av ? insert_axis(a, 0) : a, b2 = bv ? insert_axis(b, 1) : b;
  std::optional<ndarray> out2;
  if (o.out) {
    ndarray ov = *o.out;
    if (av) ov = insert_axis(ov, ov.ndim() - (bv ? 0 : 1));
    if (bv) ov = insert_axis(ov, ov.ndim());
    out2 = ov;
  }
  ndarray r = batched_product(a2, b2, loop, batch, out2);
  if (o.out) return *o.out;
  if (bv) r = drop_axis(r, r.ndim() - 1);
  if (av) r = drop_axis(r, r.ndim() - (bv ? 1 : 2));
  return r;
}

ndarray vecdot(const ndarray& a0, const ndarray& b0, int64_t axis, const ProductOptions& o) {
  static const Gufunc g{"vecdot", "(n),(n)->()"};
  require_dims(g, 0, a0, 1);
  require_dims(g, 1, b0, 1);
  const ndarray a = moveaxis(a0, {normalize_axis(axis, a0.ndim())}, {-1});
  const ndarray b = moveaxis(b0, {normalize_axis(axis, b0.ndim())}, {-1});
  const int64_t n = a.shape()[a.ndim() - 1];
  if (b.shape()[b.ndim() - 1] != n) core_mismatch(g, "Input", 1, 0, b.shape()[b.ndim() - 1], n);
  const Shape batch = broadcast_batch(g, a, 1, b, 1, o.out, {});
  const DType loop = resolve_loop(g.name, a.dtype(), b.dtype(), o);
  ndarray ac = a.dtype() == loop ? a : a.astype(loop);
  ac = conj_if_complex(ac);
  std::optional<ndarray> out2;
  if (o.out) out2 = insert_axis(insert_axis(*o.out, o.out->ndim()), o.out->ndim());
  ndarray r = batched_product(insert_axis(ac, ac.ndim() - 1), insert_axis(b, b.ndim()), loop, batch, out2);
  if (o.out) return *o.out;
  return drop_axis(drop_axis(r, r.ndim() - 1), r.ndim() - 2);
}

ndarray matvec(const ndarray& a, const ndarray& b, const ProductOptions& o) {
  static const Gufunc g{"matvec", "(m,n),(n)->(m)"};
  require_dims(g, 0, a, 2);
  require_dims(g, 1, b, 1);
  const int64_t n = a.shape()[a.ndim() - 1];
  if (b.shape()[b.ndim() - 1] != n) core_mismatch(g, "Input", 1, 0, b.shape()[b.ndim() - 1], n);
  const Shape batch = broadcast_batch(g, a, 2, b, 1, o.out, {a.shape()[a.ndim() - 2]});
  const DType loop = resolve_loop(g.name, a.dtype(), b.dtype(), o);
  std::optional<ndarray> out2;
  if (o.out) out2 = insert_axis(*o.out, o.out->ndim());
  ndarray r = batched_product(a, insert_axis(b, b.ndim()), loop, batch, out2);
  if (o.out) return *o.out;
  return drop_axis(r, r.ndim() - 1);
}

ndarray vecmat(const ndarray& a, const ndarray& b, const ProductOptions& o) {
  static const Gufunc g{"vecmat", "(n),(n,m)->(m)"};
  require_dims(g, 0, a, 1);
  require_dims(g, 1, b, 2);
  const int64_t n = a.shape()[a.ndim() - 1];
  if (b.shape()[b.ndim() - 2] != n) core_mismatch(g, "Input", 1, 0, b.shape()[b.ndim() - 2], n);
  const Shape batch = broadcast_batch(g, a, 1, b, 2, o.out, {b.shape()[b.ndim() - 1]});
  const DType loop = resolve_loop(g.name, a.dtype(), b.dtype(), o);
  ndarray ac = a.dtype() == loop ? a : a.astype(loop);
  ac = conj_if_complex(ac);
  std::optional<ndarray> out2;
  if (o.out) out2 = insert_axis(*o.out, o.out->ndim() - 1);
  ndarray r = batched_product(insert_axis(ac, ac.ndim() - 1), b, loop, batch, out2);
  if (o.out) return *o.out;
  return drop_axis(r, r.ndim() - 2);
}

}  // namespace cunum
