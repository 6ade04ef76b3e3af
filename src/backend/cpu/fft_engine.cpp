// The CPU FFT engine (Note [CPU FFT]): mixed-radix Stockham passes and
// Bluestein's chirp-z for lengths with a large prime factor.
#include "backend/cpu/fft_engine.hpp"

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

namespace cunum::backend::cpu {

namespace {

// std::complex's operator* checks for NaN and infinity through a library
// call (C99 Annex G); the transforms need the plain product.
inline cd mul(cd a, cd b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
inline cd conj_if(cd w, bool c) { return c ? cd(w.real(), -w.imag()) : w; }
// i * a (forward: -i * a, the sign of the transform's exponent).
inline cd times_i(cd a, bool forward) { return forward ? cd(a.imag(), -a.real()) : cd(-a.imag(), a.real()); }

// exp(-2 pi i num / den) in long double, num reduced modulo den first.
cd unit_root(uint64_t num, uint64_t den) {
  num %= den;
  const long double angle = -2.0L * 3.141592653589793238462643383279502884L * (long double)num / (long double)den;
  return {(double)cosl(angle), (double)sinl(angle)};
}

std::vector<int> factor(int64_t n) {
  std::vector<int> f;
  while (n % 4 == 0) { f.push_back(4); n /= 4; }
  while (n % 2 == 0) { f.push_back(2); n /= 2; }
  for (int64_t p = 3; p * p <= n; p += 2)
    while (n % p == 0) { f.push_back((int)p); n /= p; }
  if (n > 1) f.push_back(n > kMaxDirectRadix ? 0 : (int)n);  // 0: a prime too large
  return f;
}

// Note [Stockham passes]
// The data of stage s is L sub-transforms of length N = p * m, stored
// interleaved: element j of sub-transform q at x[j * L + q]. One stage splits
// each into p transforms of length m (decimation in frequency):
//   y[(j0 * p + k1) * L + q] = w_N^(j0 k1) * sum_j1 x[(j0 + m j1) * L + q] w_p^(j1 k1)
// and sub-transform q + L * k1 of the next stage holds the outputs k1 + p * k
// of its parent. After the last stage (m = 1), y[q] is X[q]: no reordering.
template <class Butterfly>
void stage_loop(const cd* x, cd* y, int p, int64_t L, int64_t m, const cd* tw, bool forward, Butterfly&& bf) {
  cd a[kMaxDirectRadix], b[kMaxDirectRadix];
  const bool conj = !forward;
  for (int64_t j0 = 0; j0 < m; ++j0) {
    const cd* w = tw + j0 * (p - 1);
    const cd* xin = x + j0 * L;
    cd* yout = y + j0 * L * p;
    for (int64_t q = 0; q < L; ++q) {
      for (int j = 0; j < p; ++j) a[j] = xin[j * m * L + q];
      bf(a, b);
      yout[q] = b[0];
      for (int k = 1; k < p; ++k) yout[k * L + q] = j0 == 0 ? b[k] : mul(b[k], conj_if(w[k - 1], conj));
    }
  }
}

}  // namespace

FftEngine::FftEngine(int64_t n) : n_(n) {
  const std::vector<int> f = factor(n);
  bool direct = true;
  for (int p : f) direct = direct && p != 0;
  if (!direct) {
    // Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k-j)), c_k = exp(-i pi k^2 / n).
    int64_t m = 1;
    while (m < 2 * n - 1) m *= 2;
    sub_ = fft_engine(m);
    chirp_.resize(n);
    for (int64_t k = 0; k < n; ++k) {
      const unsigned __int128 k2 = (unsigned __int128)k * (unsigned __int128)k;
      chirp_[k] = unit_root((uint64_t)(k2 % (unsigned __int128)(2 * n)), 2 * (uint64_t)n);
    }
    kernel_.assign(m, cd(0, 0));
    const double inv_m = 1.0 / (double)m;
    for (int64_t k = 0; k < n; ++k) {
      const cd c = std::conj(chirp_[k]) * inv_m;
      kernel_[k] = c;
      if (k > 0) kernel_[m - k] = c;
    }
    std::vector<cd> work(sub_->scratch());
    sub_->run(kernel_.data(), work.data(), true);
    scratch_ = m + sub_->scratch();
    return;
  }
  int64_t L = 1, N = n;
  for (int p : f) {
    const int64_t m = N / p;
    stages_.push_back({p, L, m, tw_.size(), roots_.size()});
    for (int64_t j0 = 0; j0 < m; ++j0)
      for (int k = 1; k < p; ++k) tw_.push_back(unit_root((uint64_t)(j0 * k), (uint64_t)N));
    if (p > 5)
      for (int r = 0; r < p; ++r) roots_.push_back(unit_root(r, p));
    L *= p;
    N = m;
  }
  scratch_ = n;
}

const cd* FftEngine::half_twiddles() const {
  std::call_once(half_once_, [this] {
    half_.resize(n_ + 1);
    for (int64_t k = 0; k <= n_; ++k) half_[k] = unit_root(k, 2 * (uint64_t)n_);
  });
  return half_.data();
}

void FftEngine::run(cd* data, cd* work, bool forward) const {
  if (n_ <= 1) return;
  if (sub_) bluestein(data, work, forward);
  else stockham(data, work, forward);
}

void FftEngine::stockham(cd* data, cd* work, bool fwd) const {
  const cd* x = data;
  cd* y = work;
  for (const Stage& st : stages_) {
    const cd* tw = tw_.data() + st.tw;
    switch (st.p) {
      case 2:
        stage_loop(x, y, 2, st.L, st.m, tw, fwd, [](const cd* a, cd* b) {
          b[0] = a[0] + a[1];
          b[1] = a[0] - a[1];
        });
        break;
      case 4:
        stage_loop(x, y, 4, st.L, st.m, tw, fwd, [fwd](const cd* a, cd* b) {
          const cd t0 = a[0] + a[2], t1 = a[0] - a[2], t2 = a[1] + a[3], t3 = times_i(a[1] - a[3], fwd);
          b[0] = t0 + t2;
          b[2] = t0 - t2;
          b[1] = t1 + t3;
          b[3] = t1 - t3;
        });
        break;
      case 3:
        stage_loop(x, y, 3, st.L, st.m, tw, fwd, [fwd](const cd* a, cd* b) {
          constexpr double h = 0.86602540378443864676372317075293618;  // sin(2 pi / 3)
          const cd t = a[1] + a[2], u = a[0] - 0.5 * t, v = times_i((a[1] - a[2]) * h, fwd);
          b[0] = a[0] + t;
          b[1] = u + v;
          b[2] = u - v;
        });
        break;
      case 5:
        stage_loop(x, y, 5, st.L, st.m, tw, fwd, [fwd](const cd* a, cd* b) {
          constexpr double c1 = 0.30901699437494742410229341718281906;   // cos(2 pi / 5)
          constexpr double c2 = -0.80901699437494742410229341718281906;  // cos(4 pi / 5)
          constexpr double s1 = 0.95105651629515357211643933337938214;   // sin(2 pi / 5)
          constexpr double s2 = 0.58778525229247312916870595463907277;   // sin(4 pi / 5)
          const cd t1 = a[1] + a[4], t2 = a[2] + a[3], d1 = a[1] - a[4], d2 = a[2] - a[3];
          const cd u1 = a[0] + c1 * t1 + c2 * t2, u2 = a[0] + c2 * t1 + c1 * t2;
          const cd v1 = times_i(s1 * d1 + s2 * d2, fwd), v2 = times_i(s2 * d1 - s1 * d2, fwd);
          b[0] = a[0] + t1 + t2;
          b[1] = u1 + v1;
          b[4] = u1 - v1;
          b[2] = u2 + v2;
          b[3] = u2 - v2;
        });
        break;
      default: {
        // Any odd prime p: pairs j and p - j share cos and sin (p / 2 products each).
        const int p = st.p, h = p / 2;
        const cd* r = roots_.data() + st.roots;  // (cos, -sin)(2 pi k / p)
        stage_loop(x, y, p, st.L, st.m, tw, fwd, [p, h, r, fwd](const cd* a, cd* b) {
          cd sp[kMaxDirectRadix / 2 + 1], sm[kMaxDirectRadix / 2 + 1];
          cd b0 = a[0];
          for (int j = 1; j <= h; ++j) {
            sp[j] = a[j] + a[p - j];
            sm[j] = a[j] - a[p - j];
            b0 += sp[j];
          }
          b[0] = b0;
          for (int k = 1; k <= h; ++k) {
            cd u = a[0], v(0, 0);
            int jk = 0;
            for (int j = 1; j <= h; ++j) {
              jk += k;
              if (jk >= p) jk -= p;
              u += sp[j] * r[jk].real();
              v += sm[j] * -r[jk].imag();  // sin(2 pi jk / p)
            }
            const cd iv = times_i(v, fwd);  // forward: -i v
            b[k] = u + iv;
            b[p - k] = u - iv;
          }
        });
      }
    }
    x = y;
    y = (y == work) ? data : work;
  }
  if (x != data) std::memcpy(static_cast<void*>(data), x, sizeof(cd) * n_);
}

void FftEngine::bluestein(cd* data, cd* work, bool forward) const {
  // The backward transform is conj(forward(conj(x))).
  const int64_t n = n_, m = sub_->size();
  cd* a = work;
  cd* sw = work + m;
  for (int64_t j = 0; j < n; ++j) a[j] = mul(forward ? data[j] : std::conj(data[j]), chirp_[j]);
  for (int64_t j = n; j < m; ++j) a[j] = cd(0, 0);
  sub_->run(a, sw, true);
  for (int64_t k = 0; k < m; ++k) a[k] = mul(a[k], kernel_[k]);
  sub_->run(a, sw, false);
  for (int64_t k = 0; k < n; ++k) {
    const cd v = mul(a[k], chirp_[k]);
    data[k] = forward ? v : std::conj(v);
  }
}

std::shared_ptr<const FftEngine> fft_engine(int64_t n) {
  // A few dozen lengths stay; the oldest goes first (a plan is rebuilt in
  // O(n) when it comes back).
  static std::mutex mu;
  static std::map<int64_t, std::shared_ptr<const FftEngine>> cache;
  static std::vector<int64_t> order;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(n);
    if (it != cache.end()) return it->second;
  }
  auto e = std::make_shared<const FftEngine>(n);  // outside the lock: Bluestein recurses
  std::lock_guard<std::mutex> lock(mu);
  auto [it, inserted] = cache.emplace(n, e);
  if (inserted) {
    order.push_back(n);
    if (order.size() > 32) {
      cache.erase(order.front());
      order.erase(order.begin());
    }
  }
  return it->second;
}

// Note [Real transforms by half-length]
// For even n = 2h, the reals x pack into h complex values z_j = x_2j + i
// x_2j+1 whose transform Z gives the even and odd parts' spectra
// E_k = (Z_k + conj Z_(h-k)) / 2 and O_k = (Z_k - conj Z_(h-k)) / 2i, and
// X_k = E_k + exp(-2 pi i k / n) O_k for k = 0 .. h. irfft runs it backward:
// Z_k = E_k + i O_k from X_k and conj X_(h-k), then z = IFFT_h(Z). Odd
// lengths go through a complex transform of length n.
int64_t real_scratch(int64_t n) {
  if (n % 2 == 0) return n / 2 + fft_engine(n / 2)->scratch();
  return n + fft_engine(n)->scratch();
}

void rfft_real(const double* in, cd* out, int64_t n, cd* work) {
  if (n % 2 == 1) {
    for (int64_t j = 0; j < n; ++j) work[j] = cd(in[j], 0);
    fft_engine(n)->run(work, work + n, true);
    for (int64_t k = 0; k <= n / 2; ++k) out[k] = work[k];
    return;
  }
  const int64_t h = n / 2;
  cd* z = work;
  for (int64_t j = 0; j < h; ++j) z[j] = cd(in[2 * j], in[2 * j + 1]);
  const auto e = fft_engine(h);
  e->run(z, work + h, true);
  const cd* w = e->half_twiddles();
  for (int64_t k = 0; k <= h; ++k) {
    const cd zk = z[k == h ? 0 : k], zc = std::conj(z[k == 0 ? 0 : h - k]);
    const cd ev = 0.5 * (zk + zc), o = mul(cd(0, -0.5), zk - zc);
    out[k] = ev + mul(w[k], o);
  }
}

void irfft_real(cd* half, double* out, int64_t n, cd* work) {
  half[0] = cd(half[0].real(), 0);
  if (n % 2 == 1) {
    cd* y = work;
    y[0] = half[0];
    for (int64_t k = 1; k <= n / 2; ++k) {
      y[k] = half[k];
      y[n - k] = std::conj(half[k]);
    }
    fft_engine(n)->run(y, work + n, false);
    for (int64_t j = 0; j < n; ++j) out[j] = y[j].real();
    return;
  }
  const int64_t h = n / 2;
  half[h] = cd(half[h].real(), 0);
  cd* z = work;
  const auto eng = fft_engine(h);
  const cd* w = eng->half_twiddles();
  for (int64_t k = 0; k < h; ++k) {
    const cd xk = half[k], xc = std::conj(half[h - k]);
    const cd e = xk + xc, o = mul(xk - xc, std::conj(w[k]));
    z[k] = e + cd(-o.imag(), o.real());
  }
  eng->run(z, work + h, false);
  for (int64_t j = 0; j < h; ++j) {
    out[2 * j] = z[j].real();
    out[2 * j + 1] = z[j].imag();
  }
}

}  // namespace cunum::backend::cpu
