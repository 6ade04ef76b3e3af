// Products and linear algebra: python/cunum/_routines/linalg.py and the
// cunum.linalg package call these (NumPy's gufunc keywords — out tuples,
// axes=, axis= — are unpacked there; dtype=, casting= and out= are parsed
// here with args.hpp's converters).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "backend/cpu/blas.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
ProductOptions product_options(nb::handle out, nb::handle dtype, nb::handle casting) {
  ProductOptions o;
  o.out = opt_out(out);
  o.dtype = opt_dtype(dtype);
  if (!casting.is_none()) {
    if (!nb::isinstance<nb::str>(casting))
      throw TypeError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
    o.casting = casting_from_string(nb::cast<std::string>(casting));
  }
  return o;
}

linalg::NormOrd norm_ord(nb::handle h) {
  if (h.is_none()) return std::monostate{};
  if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
  return nb::cast<double>(nb::float_(h));
}
// Note [NumPy's OpenBLAS]
// The CPU backend looks for a BLAS at its first product (Note [The CPU
// BLAS]). Under Python, NumPy is always installed and carries an OpenBLAS
// (ILP64) that its import loads: importing it here makes that library the
// one found in the process, so no other BLAS needs installing. NumPy is not
// imported at `import cunum` (Note [Lazy NumPy]); this runs only at the first
// CPU product.
std::string find_numpy_blas() {
  nb::gil_scoped_acquire gil;
  try {
    nb::module_::import_("numpy");
  } catch (const nb::python_error&) {
  }
  return "";
}
}  // namespace

void bind_linalg(nb::module_& m) {
  backend::cpu::set_blas_finder(&find_numpy_blas);
  m.def("_matmul", [](const ndarray& a, const ndarray& b, nb::handle out, nb::handle dtype, nb::handle casting) {
    return matmul(a, b, product_options(out, dtype, casting));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_vecdot", [](const ndarray& a, const ndarray& b, int64_t axis, nb::handle out, nb::handle dtype,
                      nb::handle casting) { return vecdot(a, b, axis, product_options(out, dtype, casting)); },
        nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_matvec", [](const ndarray& a, const ndarray& b, nb::handle out, nb::handle dtype, nb::handle casting) {
    return matvec(a, b, product_options(out, dtype, casting));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_vecmat", [](const ndarray& a, const ndarray& b, nb::handle out, nb::handle dtype, nb::handle casting) {
    return vecmat(a, b, product_options(out, dtype, casting));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_dot", [](const ndarray& a, const ndarray& b, nb::handle out) { return dot(a, b, opt_out(out)); },
        nb::arg(), nb::arg(), nb::arg().none());
  m.def("_vdot", [](const ndarray& a, const ndarray& b) { return vdot(a, b); });
  m.def("_inner", [](const ndarray& a, const ndarray& b) { return inner(a, b); });
  m.def("_outer", [](const ndarray& a, const ndarray& b, nb::handle out) { return outer(a, b, opt_out(out)); },
        nb::arg(), nb::arg(), nb::arg().none());
  m.def("_tensordot", [](const ndarray& a, const ndarray& b, const std::vector<int64_t>& axa,
                         const std::vector<int64_t>& axb) { return tensordot(a, b, axa, axb); });
  m.def("_tensordot_n", [](const ndarray& a, const ndarray& b, int64_t n) { return tensordot(a, b, n); });
  m.def("_kron", [](const ndarray& a, const ndarray& b) { return kron(a, b); });
  m.def("_matrix_power", [](const ndarray& a, int64_t n) { return matrix_power(a, n); });

  m.def("_einsum", [](const std::string& subscripts, const std::vector<ndarray>& ops, nb::handle out,
                      nb::handle dtype, nb::handle casting, const std::string& optimize) {
    return einsum(subscripts, ops, product_options(out, dtype, casting), optimize);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_einsum_path", [](const std::string& subscripts, const std::vector<Shape>& shapes,
                           const std::string& optimize) {
    auto [path, report] = einsum_path(subscripts, shapes, optimize);
    nb::list l;
    l.append("einsum_path");
    for (const auto& step : path) {
      nb::list t;
      for (int64_t i : step) t.append(i);
      l.append(nb::tuple(t));
    }
    return nb::make_tuple(l, report);
  });
  m.def("_multi_dot", [](const std::vector<ndarray>& arrays, nb::handle out) {
    return linalg::multi_dot(arrays, opt_out(out));
  }, nb::arg(), nb::arg().none());
  m.def("_cross", [](const ndarray& a, const ndarray& b, int64_t axis) { return linalg::cross(a, b, axis); });
  m.def("_vector_norm", [](const ndarray& x, nb::handle axis, bool keepdims, double ord) {
    return linalg::vector_norm(x, opt_axes(axis), keepdims, ord);
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg());
  m.def("_matrix_norm", [](const ndarray& x, nb::handle ord, bool keepdims) {
    return linalg::matrix_norm(x, norm_ord(ord), keepdims);
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_norm", [](const ndarray& x, nb::handle ord, nb::handle axis, bool keepdims) {
    return linalg::norm(x, norm_ord(ord), opt_axes(axis), keepdims);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_inv", [](const ndarray& a) { return linalg::inv(a); });
  m.def("_solve", [](const ndarray& a, const ndarray& b) { return linalg::solve(a, b); });
  m.def("_det", [](const ndarray& a) { return linalg::det(a); });
  m.def("_slogdet", [](const ndarray& a) {
    auto [s, l] = linalg::slogdet(a);
    return nb::make_tuple(s, l);
  });
  m.def("_cholesky", [](const ndarray& a, bool upper) { return linalg::cholesky(a, upper); });
  m.def("_svd", [](const ndarray& a, bool full, bool uv, bool herm) {
    linalg::SvdResult r = linalg::svd(a, full, uv, herm);
    return nb::make_tuple(uv ? nb::cast(r.u) : nb::none(), r.s, uv ? nb::cast(r.vh) : nb::none());
  });
  m.def("_svdvals", [](const ndarray& a) { return linalg::svdvals(a); });
  m.def("_eigh", [](const ndarray& a, bool lower, bool vectors) {
    if (!vectors) return nb::make_tuple(linalg::eigvalsh(a, lower), nb::none());
    auto [w, v] = linalg::eigh(a, lower);
    return nb::make_tuple(w, v);
  });
  m.def("_eig", [](const ndarray& a, bool vectors, bool real_if_real) {
    auto [w, v] = linalg::eig(a, vectors, real_if_real);
    return nb::make_tuple(w, vectors ? nb::cast(v) : nb::none());
  });
  m.def("_qr", [](const ndarray& a, const std::string& mode) {
    linalg::QrResult r = linalg::qr(a, mode);
    return nb::make_tuple(r.q.valid() ? nb::cast(r.q) : nb::none(), r.r);
  });
  m.def("_pinv", [](const ndarray& a, double rcond, bool herm) { return linalg::pinv(a, rcond, herm); });
  m.def("_matrix_rank", [](const ndarray& a, std::optional<double> tol, bool herm, std::optional<double> rtol) {
    return linalg::matrix_rank(a, tol, herm, rtol);
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_cond", [](const ndarray& x, nb::handle p) { return linalg::cond(x, norm_ord(p)); }, nb::arg(),
        nb::arg().none());
  m.def("_lstsq", [](const ndarray& a, const ndarray& b, std::optional<double> rcond) {
    linalg::LstsqResult r = linalg::lstsq(a, b, rcond);
    return nb::make_tuple(r.x, r.residuals, r.rank, r.s);
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_tensorsolve", [](const ndarray& a, const ndarray& b, nb::handle axes) {
    return linalg::tensorsolve(a, b, opt_axes(axes));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_tensorinv", [](const ndarray& a, int64_t ind) { return linalg::tensorinv(a, ind); });
}

}  // namespace cunum::py
