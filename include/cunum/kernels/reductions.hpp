// cunum/kernels/reductions.hpp — the semantics of every reduction, written once
// for both backends (the CPU loops in src/backend/cpu/reduce.cpp instantiate
// these templates; the CUDA backend hands this text to NVRTC and names them in
// the generated source).
//
//   using R = cunum::reductions::sum<float>;
//   R::acc_t a = R::init();
//   for (int64_t j = 0; j < n; ++j) R::accumulate(a, x[j], j);
//   float s = R::finalize(a);
//
// Note [Reduction descriptors]
// A reduction named in CUNUM_FOR_EACH_REDUCTION (cunum/reduction_list.hpp) is
// a struct template NAME<T> here, T being the loop dtype (the planner has
// chosen it; the backends convert each input element to T in registers):
//   acc_t       the partial result (a sum, a running extremum, value + index);
//   result_t    what finalize returns: T, bool or an int64 index; the backend
//               converts it to the output's dtype;
//   indexed     accumulate and merge look at element indices (argmin/argmax);
//   pairwise    the CPU sums contiguous runs pairwise (NumPy's float sums);
//   init()                 an accumulator that has seen nothing;
//   accumulate(a, v, j)    v, the element at index j of the reduced run, enters a.
//                          One accumulator sees its elements in increasing j;
//   merge(a, b)            b's elements join a's. For indexed reductions the
//                          two may hold any ranges of indices: ties go to the
//                          smaller index, so every split gives NumPy's answer;
//   finalize(a)            the result.
// Indexed reductions also name `summary`, a non-indexed reduction whose
// result over a block, accumulated like an element, changes an accumulator
// only if some element of the block would: the CPU skips blocks that cannot
// (Note [Block summaries] in src/backend/cpu/reduce.cpp).
//
// NaN rules are NumPy's: max/min propagate NaN, argmax/argmin return the index
// of the first NaN, nansum/nanprod treat NaN as 0 / 1. A complex value is NaN
// when either part is. Sums and products of float16 accumulate in float32
// (docs/architecture.md: a deliberate departure, more accurate than NumPy).
#pragma once
#include "complex.hpp"
#include "convert.hpp"
#include "half.hpp"
#include "ops.hpp"
#include "traits.hpp"

namespace cunum::reductions {

namespace detail {
// The smallest and the largest value of T in NumPy's order: the identities
// of max and min (neither has one in NumPy, which rejects empty reductions;
// here they start every accumulator so that none needs a "seen anything" flag).
template <class T> CUNUM_HD T lowest() {
  if constexpr (traits::info<T>::is_bool) return false;
  else if constexpr (traits::is_unsigned_int_v<T>) return T(0);
  else if constexpr (traits::is_signed_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)(U(1) << (sizeof(T) * 8 - 1));
  } else if constexpr (traits::is_complex_v<T>) {
    using R = typename traits::info<T>::real_type;
    return T(-math::inf<R>(), -math::inf<R>());
  } else if constexpr (traits::is_float_v<T> && sizeof(T) == 2) return T::from_bits(0xfc00u);
  else return -math::inf<T>();
}
template <class T> CUNUM_HD T highest() {
  if constexpr (traits::info<T>::is_bool) return true;
  else if constexpr (traits::is_int_v<T>) return (T)~lowest<T>();
  else if constexpr (traits::is_complex_v<T>) {
    using R = typename traits::info<T>::real_type;
    return T(math::inf<R>(), math::inf<R>());
  } else if constexpr (traits::is_float_v<T> && sizeof(T) == 2) return T::from_bits(0x7c00u);
  else return math::inf<T>();
}
template <class T> CUNUM_HD bool isnan(T v) {
  if constexpr (traits::is_float_v<T> || traits::is_complex_v<T>) return math::isnan(v);
  else return false;
}
template <class T> constexpr bool is_inexact_v = traits::is_float_v<T> || traits::is_complex_v<T>;
}  // namespace detail

// ---------------------------------------------------------------- sums and products
// Integers wrap (ops::add/multiply), bool adds as `or` and multiplies as `and`.
template <class T> struct sum {
  using acc_t = traits::compute_t<T>;
  using result_t = T;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = detail::is_inexact_v<T>;
  CUNUM_HD static acc_t init() { return acc_t(0); }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = ops::add{}(a, acc_t(v)); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = ops::add{}(a, b); }
  CUNUM_HD static result_t finalize(const acc_t& a) { return result_t(a); }
};
template <class T> struct prod {
  using acc_t = traits::compute_t<T>;
  using result_t = T;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() { return acc_t(1); }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = ops::multiply{}(a, acc_t(v)); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = ops::multiply{}(a, b); }
  CUNUM_HD static result_t finalize(const acc_t& a) { return result_t(a); }
};
// NaN counts as 0 (nansum) or 1 (nanprod); every other rule is sum's / prod's.
template <class T> struct nansum : sum<T> {
  CUNUM_HD static void accumulate(typename sum<T>::acc_t& a, T v, int64_t j) {
    sum<T>::accumulate(a, detail::isnan(v) ? T(0) : v, j);
  }
};
template <class T> struct nanprod : prod<T> {
  CUNUM_HD static void accumulate(typename prod<T>::acc_t& a, T v, int64_t j) {
    prod<T>::accumulate(a, detail::isnan(v) ? T(1) : v, j);
  }
};

// ---------------------------------------------------------------- extrema
// NaN propagates (ops::maximum/minimum).
template <class T> struct max {
  using acc_t = T;
  using result_t = T;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() { return detail::lowest<T>(); }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = ops::maximum{}(a, v); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = ops::maximum{}(a, b); }
  CUNUM_HD static result_t finalize(const acc_t& a) { return a; }
};
template <class T> struct min {
  using acc_t = T;
  using result_t = T;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() { return detail::highest<T>(); }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = ops::minimum{}(a, v); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = ops::minimum{}(a, b); }
  CUNUM_HD static result_t finalize(const acc_t& a) { return a; }
};

// ---------------------------------------------------------------- arg-reductions
// The best value so far and its index; idx < 0: nothing seen yet.
template <class T> struct ArgAcc {
  T v;
  int64_t idx;
};
// The first extremum wins; the first NaN wins over everything. Better(a, b):
// b strictly beyond a in the reduction's direction.
template <class T, class Better> struct arg_extremum {
  using acc_t = ArgAcc<T>;
  using result_t = int64_t;
  static constexpr bool indexed = true;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() {
    acc_t a;
    a.v = T(0);
    a.idx = -1;
    return a;
  }
  // Elements arrive in increasing j: a strict comparison keeps the first of
  // equal values, and a NaN, once held, is never replaced.
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t j) {
    if (a.idx < 0 || (!detail::isnan(a.v) && (detail::isnan(v) || Better{}(a.v, v)))) {
      a.v = v;
      a.idx = j;
    }
  }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) {
    if (b.idx < 0) return;
    bool take;
    if (a.idx < 0) take = true;
    else {
      const bool an = detail::isnan(a.v), bn = detail::isnan(b.v);
      if (an || bn) take = an && bn ? b.idx < a.idx : bn;
      else take = Better{}(a.v, b.v) || (!Better{}(b.v, a.v) && b.idx < a.idx);
    }
    if (take) a = b;
  }
  CUNUM_HD static result_t finalize(const acc_t& a) { return a.idx; }
};
namespace detail {
struct greater {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return b > a; }
};
struct less {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return b < a; }
};
}  // namespace detail
template <class T> struct argmax : arg_extremum<T, detail::greater> {
  using summary = max<T>;
};
template <class T> struct argmin : arg_extremum<T, detail::less> {
  using summary = min<T>;
};

// ---------------------------------------------------------------- truth tests
// Over the input's own dtype: an element counts by its truth value.
template <class T> struct any {
  using acc_t = bool;
  using result_t = bool;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() { return false; }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = a | convert<bool>(v); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = a | b; }
  CUNUM_HD static result_t finalize(const acc_t& a) { return a; }
};
template <class T> struct all {
  using acc_t = bool;
  using result_t = bool;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = false;
  CUNUM_HD static acc_t init() { return true; }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) { a = a & convert<bool>(v); }
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) { a = a & b; }
  CUNUM_HD static result_t finalize(const acc_t& a) { return a; }
};

// ---------------------------------------------------------------- central moments
// Note [Variance in one pass]
// var and std read their input once: moment2<T> returns M2 = sum |x - mean|^2
// of the reduced run, and the planner divides by max(n - ddof, 0) on the
// (small) output. The accumulator is (n, K, S, Q): a shift K (the first
// element an accumulator sees), S = sum (x - K) and Q = sum |x - K|^2, so an
// element costs a subtraction and two adds, no division. It stands for the
// pair (mean, M2) = (K + S/n, Q - |S|^2/n), exact in real arithmetic whatever
// K; with K an element of the data, x - K is small when the data's spread is
// (a large mean cancels in the subtraction, not in Q - |S|^2/n), which is
// what keeps the shifted sums accurate. Two accumulators merge by Chan's
// formula for (n, mean, M2), M2 = M2a + M2b + |mb - ma|^2 na nb / n, with
// the means taken as offsets from a's K, and the result is stored back with
// K = the merged mean (rounded; S holds the rounding's residue) and Q = M2 +
// |S|^2/n, so later elements are shifted by the running mean. Every part is double (real and imaginary
// parts apart for complex T): float32 data then keeps its accuracy over
// runs of any length on both backends, and the GPU still reads at memory
// speed (a few FP64 operations per 4-byte element). n is a double: exact to
// 2^53 elements.
template <int P> struct MomentAcc {  // P = 1 real, 2 complex
  double n, k[P], s[P], q;
};
namespace detail {
// The real type var's M2 is returned in: float32 for float16 (M2 overflows
// float16 long before the variance does), the real part's type for complex,
// float64 for the integer loops that the planner never chooses.
template <class T> struct moment_result { using type = double; };
template <> struct moment_result<half> { using type = float; };
template <> struct moment_result<float> { using type = float; };
template <class R> struct moment_result<complex<R>> { using type = R; };
}  // namespace detail
template <class T> struct moment2 {
  static constexpr int P = traits::is_complex_v<T> ? 2 : 1;
  using acc_t = MomentAcc<P>;
  using result_t = typename detail::moment_result<T>::type;
  static constexpr bool indexed = false;
  static constexpr bool pairwise = detail::is_inexact_v<T>;
  CUNUM_HD static acc_t init() {
    acc_t a;
    a.n = 0.0;
    a.q = 0.0;
    for (int i = 0; i < P; ++i) a.k[i] = a.s[i] = 0.0;
    return a;
  }
  CUNUM_HD static void parts(T v, double* x) {
    if constexpr (P == 2) {
      x[0] = convert<double>(v.real());
      x[1] = convert<double>(v.imag());
    } else {
      x[0] = convert<double>(v);
    }
  }
  CUNUM_HD static void accumulate(acc_t& a, T v, int64_t) {
    double x[P];
    parts(v, x);
    const bool first = a.n == 0.0;
    a.n += 1.0;
    for (int i = 0; i < P; ++i) {
      if (first) a.k[i] = x[i];
      const double d = x[i] - a.k[i];
      a.s[i] += d;
      a.q += d * d;
    }
  }
  // Chan's merge, written in offsets from a's shift so that no mean of the
  // data's magnitude is formed and subtracted (a mean of 1e9 rounded to
  // 1e-7 would cost the variance that much, times the elements merged).
  CUNUM_HD static void merge(acc_t& a, const acc_t& b) {
    if (b.n == 0.0) return;
    if (a.n == 0.0) {
      a = b;
      return;
    }
    const double n = a.n + b.n, fb = b.n / n;
    double m2 = a.q + b.q, dd = 0.0, off[P];  // M2a + M2b, then + |d|^2 na nb / n
    for (int i = 0; i < P; ++i) {
      const double oa = a.s[i] / a.n, sb = b.s[i] / b.n, d = sb + (b.k[i] - a.k[i]) - oa;
      m2 -= a.s[i] * oa + b.s[i] * sb;
      dd += d * d;
      off[i] = oa + d * fb;  // the merged mean, as an offset from a.k
    }
    a.q = 0.0;
    for (int i = 0; i < P; ++i) {
      // The new shift is the merged mean rounded; S keeps what the rounding lost.
      const double k = a.k[i] + off[i];
      a.s[i] = n * (off[i] - (k - a.k[i]));
      a.k[i] = k;
      a.q += a.s[i] * a.s[i] / n;
    }
    a.q += m2 + dd * a.n * fb;
    a.n = n;
  }
  CUNUM_HD static result_t finalize(const acc_t& a) {
    if (a.n == 0.0) return result_t(0);
    double ss = 0.0;
    for (int i = 0; i < P; ++i) ss += a.s[i] * a.s[i];
    const double m2 = a.q - ss / a.n;
    return result_t(m2 < 0.0 ? 0.0 : m2);  // rounding may leave Q - |S|^2/n just below 0; NaN stays
  }
};

// moment2 over the elements that are not NaN (nanvar, nanstd).
template <class T> struct nanmoment2 : moment2<T> {
  CUNUM_HD static void accumulate(typename moment2<T>::acc_t& a, T v, int64_t j) {
    if (!detail::isnan(v)) moment2<T>::accumulate(a, v, j);
  }
};

}  // namespace cunum::reductions
