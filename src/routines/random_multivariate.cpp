// cunum::random's routines composed of fills (cunum/random.hpp): choice,
// dirichlet, multinomial, multivariate_hypergeometric, multivariate_normal.
// Each is NumPy's algorithm over sample(), the sort family, cumsum,
// searchsorted, take and cunum::linalg, so it runs on both backends. The
// order of the fills is part of the stream (docs/random.md): a change here
// changes the values a seed gives.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/linalg.hpp"
#include "cunum/logic.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/random.hpp"
#include "cunum/reduction.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/host_values.hpp"

namespace cunum::random {

namespace {

using detail::host_values;

int64_t prod(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

Shape append(Shape s, int64_t k) {
  s.push_back(k);
  return s;
}

bool truth(const ndarray& a) { return a.item().b; }  // a 0-d bool: waits on a GPU


// NumPy's pairwise summation of float64 (numpy/_core/src/umath/loops_utils:
// blocks of 8 partial sums up to 128 values, halves above), so the check
// sum(pvals[:-1]) > 1 + 1e-12 decides as NumPy's does at the boundary.
double pairwise_sum(const double* a, int64_t n) {
  if (n < 8) {
    double r = 0.0;
    for (int64_t i = 0; i < n; ++i) r += a[i];
    return r;
  }
  if (n <= 128) {
    double r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    int64_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[i + j];
    double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) s += a[i];
    return s;
  }
  int64_t h = n / 2;
  h -= h % 8;
  return pairwise_sum(a, h) + pairwise_sum(a + h, n - h);
}

// The indices of choice() into a population of `pop`.
ndarray choice_index(BitState& state, int64_t pop, const Shape& shape, bool replace, const std::optional<ndarray>& p,
                     bool shuffle, Device dev, const char* empty_message) {
  const int64_t k = prod(shape);
  if (pop == 0 && k != 0) throw ValueError(empty_message);
  ndarray pp;
  if (p) {
    pp = (p->device() == dev ? *p : p->to(dev)).astype(DType::Float64);
    if (pp.ndim() != 1) throw ValueError("p must be 1-dimensional");
    if (pp.shape()[0] != pop) throw ValueError("a and p must have same size");
    // NumPy's Generator messages, in its order (NaN first)
    if (truth(any(isnan(pp)))) throw ValueError("Probabilities contain NaN");
    if (truth(any(less(pp, Scalar(0))))) throw ValueError("Probabilities are not non-negative");
    if (std::abs(sum(pp).item().as_double() - 1.0) > std::sqrt(std::numeric_limits<double>::epsilon()))
      throw ValueError("Probabilities do not sum to 1. See Notes section of docstring for more information.");
  }
  ndarray idx;
  if (replace) {
    if (!p) {
      const std::vector<Param> range{Param::integer(0), Param::word(static_cast<uint64_t>(pop - 1))};
      idx = pop > 0 ? sample(state, Dist::Integers, shape, DType::Int64, range, {}, dev) : zeros(shape, DType::Int64, dev);
    } else {
      ndarray cdf = cumsum(pp);
      cdf = divide(cdf, index(cdf, {Index(-1)}));
      const ndarray u = sample(state, Dist::Random, shape, DType::Float64, {}, {}, dev);
      idx = minimum(searchsorted(cdf, u.ravel(), /*right=*/true), Scalar(pop - 1)).reshape(shape);
    }
    return idx;
  }
  if (k > pop) throw ValueError("Cannot take a larger sample than population when replace is False");
  const Slice first_k{std::nullopt, k, std::nullopt};
  if (!p) {
    idx = index(permutation(state, pop, dev), {Index(first_k)});
  } else {
    if (count_nonzero(pp).item().as_int64() < k) throw ValueError("Fewer non-zero entries in p than size");
    // Efraimidis–Spirakis: the k smallest E / p of standard exponentials E.
    const ndarray keys = divide(sample(state, Dist::StandardExponential, {pop}, DType::Float64, {}, {}, dev), pp);
    idx = index(argsort(keys), {Index(first_k)});
  }
  if (!shuffle) idx = sort(idx);
  return idx.reshape(shape);
}

// Generator.beta's checks for the stick-breaking betas of dirichlet.
void check_beta(double a, double b) {
  if (a <= 0) throw ValueError("a <= 0");
  if (b <= 0) throw ValueError("b <= 0");
}

}  // namespace

ndarray choice(BitState& state, int64_t a, const std::optional<Shape>& size, bool replace,
               const std::optional<ndarray>& p, bool shuffle, std::optional<Device> device) {
  static const char* kMessage = "a must be a positive integer unless no samples are taken";
  if (a < 0) throw ValueError(kMessage);
  return choice_index(state, a, size.value_or(Shape{}), replace, p, shuffle, device.value_or(default_device()), kMessage);
}

ndarray choice(BitState& state, const ndarray& a, const std::optional<Shape>& size, bool replace,
               const std::optional<ndarray>& p, int64_t axis, bool shuffle) {
  if (a.ndim() == 0) throw ValueError("a must be a sequence or an integer, not a 0-d array");
  if (axis < -a.ndim() || axis >= a.ndim()) throw AxisError(axis, a.ndim());
  const ndarray idx = choice_index(state, a.shape(static_cast<int>(axis)), size.value_or(Shape{}), replace, p, shuffle,
                                   a.device(), "a cannot be empty unless no samples are taken");
  if (!size && a.ndim() == 1) return take(a, idx);
  return take(a, idx, axis);
}

ndarray dirichlet(BitState& state, const ndarray& alpha, const std::optional<Shape>& size, std::optional<Device> device) {
  if (alpha.ndim() != 1) throw ValueError("alpha must be a one-dimensional sequence of floats");
  const std::vector<double> al = host_values<double>(alpha, DType::Float64);
  if (std::any_of(al.begin(), al.end(), [](double v) { return v < 0; })) throw ValueError("alpha < 0");
  if (std::any_of(al.begin(), al.end(), [](double v) { return v != v; })) throw ValueError("alpha contains NaNs");
  const Shape shape = size.value_or(Shape{});
  const Device dev = device.value_or(default_device());
  const int64_t k = static_cast<int64_t>(al.size());
  if (k > 0 && *std::max_element(al.begin(), al.end()) < 0.1) {
    // NumPy's switch: every gamma may underflow to 0 for tiny alphas, so
    // break the stick with betas: x_j = B(a_j, a_{j+1} + ...) of what is left.
    std::vector<double> tail(al.size());
    tail[k - 1] = al[k - 1];
    for (int64_t j = k - 2; j >= 0; --j) tail[j] = tail[j + 1] + al[j];  // the order of cumsum(al[::-1])
    ndarray left = ones(shape, DType::Float64, dev);
    std::vector<ndarray> cols;
    for (int64_t j = 0; j + 1 < k; ++j) {
      check_beta(al[j], tail[j + 1]);
      const ndarray x = multiply(sample(state, Dist::Beta, shape, DType::Float64, {al[j], tail[j + 1]}, {}, dev), left);
      cols.push_back(x);
      left = subtract(left, x);
    }
    cols.push_back(left);
    return stack(cols, -1);
  }
  ndarray a = empty({k}, DType::Float64, Device::cpu());
  if (k > 0) a.copy_from_host(al.data());
  const ndarray g = sample(state, Dist::StandardGamma, append(shape, k), DType::Float64, {Param(a)}, {}, dev);
  return divide(g, sum(g, ReduceOptions{{{-1}}, true, {}, {}, true}));
}

ndarray multinomial(BitState& state, const ndarray& n, const ndarray& pvals, const std::optional<Shape>& size,
                    std::optional<Device> device) {
  if (pvals.ndim() == 0 || pvals.shape().back() == 0)
    throw ValueError("pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.");
  // pvals of shape (..., k): one row of k probabilities per position of its
  // leading dims, broadcast against n (NumPy's Generator)
  const int64_t k = pvals.shape().back();
  const Shape rows(pvals.shape().begin(), pvals.shape().end() - 1);
  const std::vector<double> pv = host_values<double>(pvals, DType::Float64);
  for (double v : pv)
    if (v < 0 || v > 1 || v != v) throw ValueError("pvals < 0, pvals > 1 or pvals contains NaNs");
  const int64_t nrows = static_cast<int64_t>(pv.size()) / k;
  for (int64_t r = 0; r < nrows && k > 1; ++r)
    if (pairwise_sum(pv.data() + r * k, k - 1) > 1.0 + 1e-12)
      throw ValueError(rows.empty() ? "sum(pvals[:-1]) > 1.0" : "sum(pvals[...,:-1]) > 1.0");
  const ndarray nh = n.to(Device::cpu());
  if (truth(any(less(nh, Scalar(0))))) throw ValueError("n < 0");
  const Shape shape = size ? *size : broadcast_shapes({nh.shape(), rows});
  if (size && broadcast_shapes({*size, nh.shape(), rows}) != *size)
    throw ValueError("shape mismatch: objects cannot be broadcast to a single shape");
  const Device dev = device.value_or(default_device());
  // Conditional binomials: x_j ~ Bin(left, p_j / (1 - p_0 - ... - p_{j-1})),
  // the ratio a number for one row of pvals, an array over its rows otherwise.
  ndarray left = broadcast_to(nh.astype(DType::Int64).to(dev), shape).copy();
  std::vector<double> rest(static_cast<size_t>(nrows), 1.0), q(static_cast<size_t>(nrows));
  std::vector<ndarray> cols;
  for (int64_t j = 0; j + 1 < k; ++j) {
    for (int64_t r = 0; r < nrows; ++r) {
      const double v = pv[static_cast<size_t>(r * k + j)], left_p = rest[static_cast<size_t>(r)];
      q[static_cast<size_t>(r)] = left_p > 0 ? std::min(std::max(v / left_p, 0.0), 1.0) : 0.0;
      rest[static_cast<size_t>(r)] -= v;
    }
    Param qp = q[0];
    if (!rows.empty()) {
      ndarray qa = empty(rows, DType::Float64, Device::cpu());
      qa.copy_from_host(q.data());
      qp = Param(qa.to(dev));
    }
    ndarray x;
    if (!shape.empty()) {
      x = sample(state, Dist::Binomial, shape, DType::Int64, {Param(left), qp}, {}, left.device());
    } else {  // one value, drawn as a (1,) fill
      x = index(sample(state, Dist::Binomial, {1}, DType::Int64, {Param(left.reshape({1})), qp}, {}, left.device()),
                {Index(0)});
    }
    cols.push_back(x);
    left = subtract(left, x);
  }
  cols.push_back(left);
  return stack(cols, -1);
}

ndarray multivariate_hypergeometric(BitState& state, const ndarray& colors, int64_t nsample,
                                    const std::optional<Shape>& size, const std::string& method,
                                    std::optional<Device> device) {
  if (method != "count" && method != "marginals") throw ValueError("method must be \"count\" or \"marginals\".");
  static const char* kColors =
      "colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807.";
  // NumPy's test: integers (bool too) in one dimension; an empty sequence of any type
  const bool integral = colors.dtype() == DType::Bool || is_integer(colors.dtype()) || colors.size() == 0;
  if (colors.ndim() != 1 || !integral) throw ValueError(kColors);
  const std::vector<int64_t> c = host_values<int64_t>(colors, DType::Int64);
  if (std::any_of(c.begin(), c.end(), [](int64_t v) { return v < 0; })) throw ValueError(kColors);
  int64_t total = 0;
  for (int64_t v : c)
    if (__builtin_add_overflow(total, v, &total))
      throw ValueError("sum(colors) must not exceed the maximum value of a 64 bit signed integer (" +
                       std::to_string(std::numeric_limits<int64_t>::max()) + ")");
  if (nsample < 0) throw ValueError("nsample must be nonnegative");
  if (nsample > total) throw ValueError("nsample > sum(colors)");
  const Shape shape = size.value_or(Shape{});
  if (c.empty()) return zeros(append(shape, 0), DType::Int64, device.value_or(default_device()));  // NumPy's (..., 0)
  const Shape sh = shape.empty() ? Shape{1} : shape;
  // Conditional hypergeometrics: colour j from c_j good and the rest bad.
  ndarray left = full(sh, Scalar(nsample), DType::Int64, device.value_or(default_device()));
  int64_t rest = total;
  std::vector<ndarray> cols;
  for (size_t j = 0; j + 1 < c.size(); ++j) {
    rest -= c[j];
    const ndarray x = sample(state, Dist::Hypergeometric, sh, DType::Int64,
                             {Param::integer(c[j]), Param::integer(rest), Param(left)}, {}, left.device());
    cols.push_back(x);
    left = subtract(left, x);
  }
  cols.push_back(left);
  const ndarray r = stack(cols, -1);
  return shape.empty() ? index(r, {Index(0)}) : r;
}

ndarray multivariate_normal(BitState& state, const ndarray& mean, const ndarray& cov, const std::optional<Shape>& size,
                            const std::string& check_valid, double tol, const std::string& method, bool* not_psd,
                            std::optional<Device> device) {
  if (method != "svd" && method != "eigh" && method != "cholesky")
    throw ValueError("method must be one of {'eigh', 'svd', 'cholesky'}");
  if (mean.ndim() != 1) throw ValueError("mean must be 1 dimensional");
  if (cov.ndim() != 2 || cov.shape()[0] != cov.shape()[1]) throw ValueError("cov must be 2 dimensional and square");
  if (mean.shape()[0] != cov.shape()[0]) throw ValueError("mean and cov must have same length");
  const Shape shape = size.value_or(Shape{});
  const int64_t k = mean.shape()[0];
  const ndarray z = sample(state, Dist::StandardNormal, append(shape, k), DType::Float64, {}, {},
                           device.value_or(default_device()));
  const ndarray cv = cov.astype(DType::Float64);
  ndarray u, s, vh, factor;
  if (method == "svd") {
    linalg::SvdResult r = linalg::svd(cv);
    u = r.u, s = r.s, vh = r.vh;
  } else if (method == "eigh") {
    std::tie(s, u) = linalg::eigh(cv);
  } else {
    factor = linalg::cholesky(cv);
  }
  if (not_psd) *not_psd = false;
  if (check_valid != "ignore" && method != "cholesky") {
    if (check_valid != "warn" && check_valid != "raise")
      throw ValueError("check_valid must equal 'warn', 'raise', or 'ignore'");
    const bool psd = method == "svd"
                         ? truth(allclose(matmul(multiply(vh.T(), s), vh), cv, Scalar(tol), Scalar(tol)))
                         : !truth(any(less(s, Scalar(-tol))));
    if (!psd) {
      if (check_valid == "raise") throw ValueError("covariance is not symmetric positive-semidefinite.");
      if (not_psd) *not_psd = true;
    }
  }
  if (method == "eigh") factor = multiply(u, sqrt(absolute(s)));  // |w|: no NaN from a tiny negative eigenvalue
  else if (method == "svd") factor = multiply(u, sqrt(s));
  const ndarray x = add(matmul(z.reshape({-1, k}), factor.T()), mean);
  return x.reshape(append(shape, k));
}

}  // namespace cunum::random
