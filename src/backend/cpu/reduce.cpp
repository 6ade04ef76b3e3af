// CPU reductions. Float sums use pairwise summation (as NumPy does), so their
// error grows like O(log n) rather than O(n).
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/convert.hpp"
#include "cunum/kernels/ops.hpp"

namespace cunum::backend::cpu {

namespace {

template <class T> const T& at(const char* p, int64_t i, int64_t s) {
  return *reinterpret_cast<const T*>(p + i * s);
}

// Pairwise sum of n elements of T at p with stride s, accumulated in A.
template <class A, class T> A pairwise_sum(const char* p, int64_t n, int64_t s) {
  if (n < 8) {
    A r = A(0);
    for (int64_t i = 0; i < n; ++i) r = r + A(at<T>(p, i, s));
    return r;
  }
  if (n <= 128) {
    A r[8];
    for (int j = 0; j < 8; ++j) r[j] = A(at<T>(p, j, s));
    int64_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (int j = 0; j < 8; ++j) r[j] = r[j] + A(at<T>(p, i + j, s));
    A res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res = res + A(at<T>(p, i, s));
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum<A, T>(p, n2, s) + pairwise_sum<A, T>(p + n2 * s, n - n2, s);
}

template <class T> constexpr bool is_real_float = traits::is_float_v<T>;
template <class T> constexpr bool is_cplx = traits::is_complex_v<T>;

// Reduces the elements of one output position. `red` holds the reduced dims.
template <core::ReduceId Id, class T>
void reduce_one(const char* in, char* out, const std::vector<int64_t>& shape,
                const std::vector<int64_t>& strides) {
  const int nd = static_cast<int>(shape.size());
  int64_t total = 1;
  for (int64_t s : shape) total *= s;
  // Iterate the outer reduced dims; the innermost one is a contiguous run.
  const int64_t n = nd ? shape[nd - 1] : 1;
  const int64_t st = nd ? strides[nd - 1] : 0;
  std::vector<int64_t> idx(nd > 0 ? nd - 1 : 0, 0);
  auto for_each_run = [&](auto&& fn) {
    if (total == 0) return;
    const char* p = in;
    for (;;) {
      fn(p);
      int d = nd - 2;
      for (; d >= 0; --d) {
        p += strides[d];
        if (++idx[d] < shape[d]) break;
        p -= strides[d] * shape[d];
        idx[d] = 0;
      }
      if (d < 0) return;
    }
  };

  if constexpr (Id == core::ReduceId::sum) {
    using A = traits::compute_t<T>;
    if constexpr (traits::is_int_v<T> || traits::info<T>::is_bool) {
      T acc = T(0);
      ops::add op;
      for_each_run([&](const char* p) {
        for (int64_t i = 0; i < n; ++i) acc = op(acc, at<T>(p, i, st));
      });
      *reinterpret_cast<T*>(out) = acc;
    } else {
      A acc = A(0);
      for_each_run([&](const char* p) { acc = acc + pairwise_sum<A, T>(p, n, st); });
      *reinterpret_cast<T*>(out) = T(acc);
    }
  } else if constexpr (Id == core::ReduceId::prod) {
    using A = traits::compute_t<T>;
    A acc = A(1);
    for_each_run([&](const char* p) {
      for (int64_t i = 0; i < n; ++i) {
        if constexpr (traits::is_int_v<T> || traits::info<T>::is_bool) acc = ops::multiply{}(acc, at<T>(p, i, st));
        else acc = acc * A(at<T>(p, i, st));
      }
    });
    *reinterpret_cast<T*>(out) = T(acc);
  } else if constexpr (Id == core::ReduceId::max || Id == core::ReduceId::min) {
    using Op = std::conditional_t<Id == core::ReduceId::max, ops::maximum, ops::minimum>;
    Op op;
    bool first = true;
    T acc{};
    for_each_run([&](const char* p) {
      for (int64_t i = 0; i < n; ++i) {
        if (first) { acc = at<T>(p, i, st); first = false; }
        else acc = op(acc, at<T>(p, i, st));
      }
    });
    *reinterpret_cast<T*>(out) = acc;
  } else if constexpr (Id == core::ReduceId::argmax || Id == core::ReduceId::argmin) {
    // One reduced dim (the planner guarantees it). First extremum wins; the
    // first NaN wins over everything.
    T best = at<T>(in, 0, st);
    int64_t bi = 0;
    if constexpr (is_real_float<T> || is_cplx<T>) {
      if (math::isnan(best)) { *reinterpret_cast<int64_t*>(out) = 0; return; }
    }
    for (int64_t i = 1; i < n; ++i) {
      const T v = at<T>(in, i, st);
      if constexpr (is_real_float<T> || is_cplx<T>) {
        if (math::isnan(v)) { bi = i; break; }
      }
      bool better;
      if constexpr (Id == core::ReduceId::argmax) better = v > best;
      else better = v < best;
      if (better) { best = v; bi = i; }
    }
    *reinterpret_cast<int64_t*>(out) = bi;
  } else if constexpr (Id == core::ReduceId::any || Id == core::ReduceId::all) {
    constexpr bool want = Id == core::ReduceId::any;
    bool r = !want;
    bool done = false;
    for_each_run([&](const char* p) {
      if (done) return;
      for (int64_t i = 0; i < n; ++i)
        if (convert<bool>(at<T>(p, i, st)) == want) { r = want; done = true; return; }
    });
    *reinterpret_cast<bool*>(out) = r;
  }
}

template <core::ReduceId Id, class T> void reduce_impl(const ReducePlan& p) {
  const int nd = static_cast<int>(p.out_shape.size());
  for (int64_t s : p.out_shape)
    if (s == 0) return;
  std::vector<int64_t> idx(nd, 0);
  const char* in = p.in;
  char* out = p.out;
  for (;;) {
    reduce_one<Id, T>(in, out, p.red_shape, p.red_strides);
    int d = nd - 1;
    for (; d >= 0; --d) {
      in += p.in_strides[d];
      out += p.out_strides[d];
      if (++idx[d] < p.out_shape[d]) break;
      in -= p.in_strides[d] * p.out_shape[d];
      out -= p.out_strides[d] * p.out_shape[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

template <core::ReduceId Id> void reduce_dispatch(DType d, const ReducePlan& p) {
  dispatch(d, [&](auto tag) { reduce_impl<Id, typename decltype(tag)::type>(p); });
}
}  // namespace

void CpuBackend::reduce(core::ReduceId id, DType dtype, const ReducePlan& plan) {
  switch (id) {
#define CUNUM_X(name)                                        \
  case core::ReduceId::name:                                 \
    reduce_dispatch<core::ReduceId::name>(dtype, plan);      \
    return;
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
  }
}

}  // namespace cunum::backend::cpu
