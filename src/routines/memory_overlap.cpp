// shares_memory / may_share_memory: whether two arrays touch a common byte,
// from their layouts alone.
#include <algorithm>
#include <numeric>
#include <vector>

#include "cunum/misc.hpp"

namespace cunum {

namespace {
struct Term {
  int64_t c;  // coefficient (bytes), > 0
  int64_t u;  // the variable's bound: 0 <= z <= u
};

// The first and one-past-last byte an array touches (it is not empty).
std::pair<int64_t, int64_t> extent(const ndarray& a) {
  int64_t lo = reinterpret_cast<int64_t>(a.data()), hi = lo;
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t span = (a.shape()[d] - 1) * a.strides()[d];
    (span < 0 ? lo : hi) += span;
  }
  return {lo, hi + static_cast<int64_t>(a.itemsize())};
}

// Note [Exact memory overlap]
// a and b share a byte iff some element offsets and bytes inside the items agree:
//   A + sum_i x_i s_i + p == B + sum_j y_j t_j + q,
//   0 <= x_i < n_i, 0 <= y_j < m_j, 0 <= p < itemsize(a), 0 <= q < itemsize(b).
// Moving every term to one side and flipping each negative coefficient c on a
// variable bounded by U (c z == c U + |c| (U - z)) leaves sum c_k z_k == T
// with positive c_k, 0 <= z_k <= U_k (terms of equal coefficient merged: their
// bounds add). A depth-first search over the largest coefficients first, each
// level's range cut to what the smaller terms can still make up, and pruned by
// the gcd of the remaining coefficients, settles it; `budget` counts the
// candidates tried (NumPy's max_work).
struct Solver {
  std::vector<Term> t;
  std::vector<int64_t> rest, g;  // sum of c*u and gcd of c over t[k..]
  int64_t budget;                // < 0: unlimited
  bool too_hard = false;

  bool solve(size_t k, int64_t target) {
    if (target < 0) return false;
    if (k == t.size()) return target == 0;
    if (target > rest[k] || target % g[k] != 0) return false;
    const int64_t c = t[k].c, after = k + 1 < t.size() ? rest[k + 1] : 0;
    const int64_t lo = std::max<int64_t>(0, (target - after + c - 1) / c);
    const int64_t hi = std::min(t[k].u, target / c);
    for (int64_t z = hi; z >= lo; --z) {
      if (budget >= 0 && budget-- == 0) {
        too_hard = true;
        return false;
      }
      if (solve(k + 1, target - c * z)) return true;
      if (too_hard) return false;
    }
    return false;
  }
};
}  // namespace

int shares_memory(const ndarray& a, const ndarray& b, int64_t max_work) {
  if (a.size() == 0 || b.size() == 0 || a.device() != b.device()) return 0;
  const auto [alo, ahi] = extent(a);
  const auto [blo, bhi] = extent(b);
  if (ahi <= blo || bhi <= alo) return 0;
  if (max_work == 0) return 1;
  // A + sum x s + p - sum y t - q == B.
  int64_t target = reinterpret_cast<int64_t>(b.data()) - reinterpret_cast<int64_t>(a.data());
  std::vector<std::pair<int64_t, int64_t>> raw;  // (signed coefficient, bound)
  for (int d = 0; d < a.ndim(); ++d) raw.push_back({a.strides()[d], a.shape()[d] - 1});
  for (int d = 0; d < b.ndim(); ++d) raw.push_back({-b.strides()[d], b.shape()[d] - 1});
  raw.push_back({1, static_cast<int64_t>(a.itemsize()) - 1});
  raw.push_back({-1, static_cast<int64_t>(b.itemsize()) - 1});
  std::vector<Term> terms;
  for (auto [c, u] : raw) {
    if (c == 0 || u == 0) continue;
    if (c < 0) {
      target -= c * u;
      c = -c;
    }
    auto same = std::find_if(terms.begin(), terms.end(), [&](const Term& x) { return x.c == c; });
    if (same != terms.end()) same->u += u;
    else terms.push_back({c, u});
  }
  std::sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.c > y.c; });
  Solver s{terms, std::vector<int64_t>(terms.size()), std::vector<int64_t>(terms.size()), max_work};
  int64_t r = 0, gg = 0;
  for (size_t k = terms.size(); k-- > 0;) {
    r += terms[k].c * terms[k].u;
    gg = std::gcd(gg, terms[k].c);
    s.rest[k] = r;
    s.g[k] = gg;
  }
  if (terms.empty()) return target == 0 ? 1 : 0;
  const bool found = s.solve(0, target);
  if (s.too_hard) return -1;
  return found ? 1 : 0;
}

bool may_share_memory(const ndarray& a, const ndarray& b, int64_t max_work) {
  return shares_memory(a, b, max_work) != 0;
}

}  // namespace cunum
