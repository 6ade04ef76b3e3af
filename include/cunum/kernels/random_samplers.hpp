// cunum/kernels/random_samplers.hpp — samplers that draw from an element's
// stream (philox.hpp) as many words as they need: the building blocks of
// the distributions in random_dists.hpp. All in double precision.
//
// Note [Rejection samplers]
// Methods (each exact in distribution; the streams are cunum's own):
//   normal       Box-Muller on one pair of doubles (random_math.hpp: the
//                same bits on every device)
//   exponential  -log(U), U in (0, 1] (random_math.hpp)
//   gamma        Marsaglia and Tsang (2000) for shape >= 1; shape < 1 as
//                gamma(shape + 1) * U^(1/shape)
//   beta         Johnk's method when both parameters are <= 1 (in logs when
//                both powers underflow), else X / (X + Y) of two gammas
//   poisson      multiplication of uniforms for lam < 10; Hormann's PTRS
//                (transformed rejection with squeeze, 1993) above
//   binomial     inversion (sequential search from 0) once n min(p, 1-p) < 16,
//                reached by Devroye's recursion on the median order statistic
//                (X = i + Bin(n - i, (p - Y)/(1 - Y)) or Bin(i - 1, p / Y),
//                Y ~ Beta(i, n + 1 - i), i = (n + 1) / 2): O(log n) betas
//   hypergeom.   drawing without replacement when min(sample, total - sample)
//                <= 64, else inversion searching outwards from the mode
// Transcendentals other than random_math.hpp's come from the C library on
// the host and CUDA's on the device: these samplers give the same
// distribution on both, not always the same bits (docs/random.md).
#pragma once
#include "math.hpp"
#include "philox.hpp"
#include "random_math.hpp"

namespace cunum::random {

CUNUM_HD double s_uniform(Stream& s) { return s.next_double(); }

CUNUM_HD double s_normal(Stream& s) {
  const double u = s.next_double_oc();
  const uint64_t k = s.next64() >> 11;
  double sn, cs;
  rmath::sincos_turn53(k, sn, cs);
  return math::sqrt(-2.0 * rmath::log(u)) * cs;
}

CUNUM_HD double s_exponential(Stream& s) { return -rmath::log(s.next_double_oc()); }

CUNUM_HD double s_gamma(Stream& s, double shape) {
  if (shape <= 0.0) return 0.0;
  double boost = 1.0;
  if (shape < 1.0) {
    // gamma(a) = gamma(a + 1) U^(1/a), in logs so that tiny shapes stay > 0 where they can
    boost = math::exp(rmath::log(s.next_double_oc()) / shape);
    shape += 1.0;
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / math::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = s_normal(s);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = s.next_double_oc();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return d * v * boost;
    if (rmath::log(u) < 0.5 * x * x + d * (1.0 - v + rmath::log(v))) return d * v * boost;
  }
}

CUNUM_HD double s_beta(Stream& s, double a, double b) {
  if (a <= 1.0 && b <= 1.0) {
    for (;;) {
      const double u = s.next_double_oc(), v = s.next_double_oc();
      const double x = math::pow(u, 1.0 / a), y = math::pow(v, 1.0 / b), xy = x + y;
      if (xy <= 1.0 && xy > 0.0) return x / xy;
      if (xy <= 1.0) {  // both powers underflowed: the ratio in logs
        double lx = math::log(u) / a, ly = math::log(v) / b;
        const double lm = lx > ly ? lx : ly;
        lx -= lm;
        ly -= lm;
        return math::exp(lx - math::log(math::exp(lx) + math::exp(ly)));
      }
    }
  }
  const double x = s_gamma(s, a), y = s_gamma(s, b);
  return x / (x + y);
}

CUNUM_HD double s_chisquare(Stream& s, double df) { return 2.0 * s_gamma(s, df / 2.0); }

CUNUM_HD int64_t s_poisson(Stream& s, double lam) {
  if (!(lam > 0.0)) return 0;  // NaN too: PTRS below would never accept (callers check lam)
  if (lam < 10.0) {
    const double limit = math::exp(-lam);
    double prod = s.next_double();
    int64_t k = 0;
    while (prod > limit) {
      ++k;
      prod *= s.next_double();
    }
    return k;
  }
  const double slam = math::sqrt(lam), loglam = math::log(lam);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    const double u = s.next_double() - 0.5, v = s.next_double_oc();
    const double us = 0.5 - math::fabs(u);
    const double kf = math::floor((2.0 * a / us + b) * u + lam + 0.43);
    if (us >= 0.07 && v <= vr) return (int64_t)kf;
    if (kf < 0.0 || (us < 0.013 && v > us)) continue;
    if (math::log(v) + math::log(invalpha) - math::log(a / (us * us) + b) <= -lam + kf * loglam - ::lgamma(kf + 1.0))
      return (int64_t)kf;
  }
}

// Inversion: the mean n p is small (p <= 1/2 here).
CUNUM_HD int64_t binomial_inversion(Stream& s, int64_t n, double p) {
  const double q = 1.0 - p, r = p / q, g = r * (double)(n + 1);
  for (;;) {
    double f = math::exp((double)n * math::log1p(-p));  // P(X = 0)
    double u = s.next_double();
    int64_t x = 0;
    while (u > f) {
      u -= f;
      ++x;
      if (x > n) break;
      f *= g / (double)x - r;
    }
    if (x <= n) return x;  // else rounding ran off the end: draw again
  }
}

CUNUM_HD int64_t s_binomial(Stream& s, int64_t n, double p) {
  if (n <= 0 || p <= 0.0) return 0;
  if (p >= 1.0) return n;
  // The result is base + sign * Bin(n, p) for the n and p of each step.
  int64_t base = 0, sign = 1;
  for (;;) {
    if (p > 0.5) {  // Bin(n, p) = n - Bin(n, 1 - p)
      base += sign * n;
      sign = -sign;
      p = 1.0 - p;
    }
    if (n < 32 || (double)n * p < 16.0) break;
    const int64_t i = (n + 1) / 2;
    const double y = s_beta(s, (double)i, (double)(n + 1 - i));
    if (y <= p) {
      base += sign * i;
      n -= i;
      p = (p - y) / (1.0 - y);
    } else {
      n = i - 1;
      p = p / y;
    }
  }
  return base + sign * binomial_inversion(s, n, p);
}

CUNUM_HD double lchoose(double n, double k) { return ::lgamma(n + 1.0) - ::lgamma(k + 1.0) - ::lgamma(n - k + 1.0); }

// Small samples: draw without replacement, min(sample, total - sample)
// draws. Large ones: inversion by a search that starts at the mode and
// alternates outwards (probabilities by their ratios), O(standard deviation).
CUNUM_HD int64_t s_hypergeometric(Stream& s, int64_t good, int64_t bad, int64_t sample) {
  int64_t total = good + bad;
  const bool complement = sample > total / 2;
  const int64_t m = complement ? total - sample : sample;
  if (m <= 64) {
    int64_t g = good, x = 0;
    for (int64_t j = 0; j < m; ++j) {
      if (s.next_double() * (double)total < (double)g) {
        ++x;
        --g;
      }
      --total;
    }
    return complement ? good - x : x;
  }
  const double G = (double)good, B = (double)bad, S = (double)sample, N = (double)total;
  const int64_t lo_k = sample - bad > 0 ? sample - bad : 0, hi_k = sample < good ? sample : good;
  int64_t mode = (int64_t)math::floor((S + 1.0) * (G + 1.0) / (N + 2.0));
  mode = mode < lo_k ? lo_k : (mode > hi_k ? hi_k : mode);
  const double pm = math::exp(lchoose(G, (double)mode) + lchoose(B, S - (double)mode) - lchoose(N, S));
  double u = s.next_double() - pm;
  if (u < 0.0) return mode;
  int64_t up = mode, down = mode;
  double pu = pm, pd = pm;
  for (;;) {
    bool moved = false;
    if (up < hi_k) {  // P(k + 1) / P(k) = (G - k)(S - k) / ((k + 1)(B - S + k + 1))
      const double k = (double)up;
      pu *= (G - k) * (S - k) / ((k + 1.0) * (B - S + k + 1.0));
      ++up;
      u -= pu;
      if (u < 0.0) return up;
      moved = true;
    }
    if (down > lo_k) {
      const double k = (double)down;
      pd *= k * (B - S + k) / ((G - k + 1.0) * (S - k + 1.0));
      --down;
      u -= pd;
      if (u < 0.0) return down;
      moved = true;
    }
    if (!moved) return mode;  // rounding left a sliver of probability: the mode takes it
  }
}

// The distributions built on the samplers above (NumPy's definitions).
CUNUM_HD double t_value(Stream& s, double df) {
  const double n = s_normal(s), g = s_gamma(s, df / 2.0);
  return math::sqrt(df / 2.0) * n / math::sqrt(g);
}
CUNUM_HD double cauchy_value(Stream& s) {
  const double a = s_normal(s);
  return a / s_normal(s);
}
CUNUM_HD double laplace_value(Stream& s, double loc, double scale) {
  const double u = s.next_double_oo();
  return u >= 0.5 ? loc - scale * rmath::log(2.0 - 2.0 * u) : loc + scale * rmath::log(2.0 * u);
}
CUNUM_HD double logistic_value(Stream& s, double loc, double scale) {
  const double u = s.next_double_oo();
  return loc + scale * rmath::log(u / (1.0 - u));
}
CUNUM_HD double wald_value(Stream& s, double mean, double scale) {
  const double mu_2l = mean / (2.0 * scale);
  double y = s_normal(s);
  y = mean * y * y;
  const double x = mean + mu_2l * (y - math::sqrt(4.0 * scale * y + y * y));
  const double u = s.next_double();
  return u <= mean / (mean + x) ? x : mean * mean / x;
}
CUNUM_HD double triangular_value(Stream& s, double left, double mode, double right) {
  const double base = right - left, leftbase = mode - left, ratio = leftbase / base;
  const double u = s.next_double();
  if (u <= ratio) return left + math::sqrt(u * leftbase * base);
  return right - math::sqrt((1.0 - u) * (right - mode) * base);
}
// Best and Fisher (1979), as NumPy: the result in [-pi, pi] around mu.
CUNUM_HD double vonmises_value(Stream& s, double mu, double kappa) {
  const double pi = 3.14159265358979323846;
  if (kappa != kappa) return kappa;  // NaN, as NumPy (the rejection loop below would never accept)
  if (kappa < 1e-8) return pi * (2.0 * s.next_double() - 1.0);
  double res;
  if (kappa > 1e6) {
    res = mu + math::sqrt(1.0 / kappa) * s_normal(s);
  } else {
    double sc;
    if (kappa < 1e-5) {
      sc = 1.0 / kappa + kappa;
    } else {
      const double r = 1.0 + math::sqrt(1.0 + 4.0 * kappa * kappa);
      const double rho = (r - math::sqrt(2.0 * r)) / (2.0 * kappa);
      sc = (1.0 + rho * rho) / (2.0 * rho);
    }
    double w;
    for (;;) {
      const double u = s.next_double();
      const double z = math::cos(pi * u);
      w = (1.0 + sc * z) / (sc + z);
      const double y = kappa * (sc - w);
      const double v = s.next_double_oc();
      if (y * (2.0 - y) - v >= 0.0 || math::log(y / v) + 1.0 - y >= 0.0) break;
    }
    res = math::acos(w);
    if (s.next_double() < 0.5) res = -res;
    res += mu;
  }
  const bool neg = res < 0.0;
  double mod = math::fmod(math::fabs(res) + pi, 2.0 * pi) - pi;
  return neg ? -mod : mod;
}
CUNUM_HD double noncentral_chisquare_value(Stream& s, double df, double nonc) {
  if (nonc != nonc) return nonc;  // NaN, as NumPy (the Poisson draw below needs a number)
  if (nonc == 0.0) return s_chisquare(s, df);
  if (df > 1.0) {
    const double chi2 = s_chisquare(s, df - 1.0), n = s_normal(s) + math::sqrt(nonc);
    return chi2 + n * n;
  }
  const int64_t i = s_poisson(s, nonc / 2.0);
  return s_chisquare(s, df + 2.0 * (double)i);
}
CUNUM_HD int64_t clamp_count(double x) { return x >= 9.2233720368547758e18 ? (int64_t)0x7fffffffffffffffll : (int64_t)x; }
CUNUM_HD int64_t geometric_value(Stream& s, double p) {
  if (p >= 1.0) return 1;
  return clamp_count(math::ceil(math::log1p(-s.next_double_oo()) / math::log1p(-p)));
}
// Kemp's method, as NumPy.
CUNUM_HD int64_t logseries_value(Stream& s, double p) {
  const double r = math::log1p(-p);
  for (;;) {
    const double v = s.next_double();
    if (v >= p) return 1;
    const double u = s.next_double();
    const double q = -math::expm1(r * u);
    if (v <= q * q) {
      const double res = math::floor(1.0 + math::log(v) / math::log(q));
      if (res < 1.0 || v == 0.0) continue;
      return clamp_count(res);
    }
    return v >= q ? 1 : 2;
  }
}
// Rejection from the continuous Pareto, as NumPy (Devroye).
CUNUM_HD int64_t zipf_value(Stream& s, double a) {
  const double am1 = a - 1.0, b = math::pow(2.0, am1);
  // 2^(a-1) overflows from a = 1025 on; there P(X > 1) < 2^-1024: the draw is 1
  // (the acceptance test below would be inf / inf and never pass)
  if (b > 1.7976931348623157e308) return 1;
  for (;;) {
    const double u = 1.0 - s.next_double(), v = s.next_double();
    const double x = math::floor(math::pow(u, -1.0 / am1));
    if (x > 9.2233720368547758e18 || x < 1.0) continue;
    const double t = math::pow(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (int64_t)x;
  }
}

}  // namespace cunum::random
