// cunum::random (cunum/random.hpp): sample() over the random-bits family
// (src/core/random.hpp), and the C++ Generator.
#include "cunum/random.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "core/assign.hpp"
#include "core/random.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/sorting.hpp"

namespace cunum::random {

Param::Param(double v) { std::memcpy(&bits, &v, 8); }
Param Param::integer(int64_t v) { return word(static_cast<uint64_t>(v)); }
Param Param::word(uint64_t v) {
  Param p;
  p.bits = v;
  return p;
}

ndarray sample(BitState& state, Dist dist, const Shape& shape, DType dtype, const std::vector<Param>& params,
               const std::optional<ndarray>& out, std::optional<Device> device) {
  if (params.size() > 3) throw ValueError("a distribution takes at most three parameters");
  const Device dev = out ? out->device() : device ? *device : default_device();
  if (out) dtype = out->dtype();
  const Shape& sh = out ? out->shape() : shape;
  // Written in place when `out` is one C-contiguous run, else through a temporary.
  ndarray target = out && out->is_c_contiguous() ? *out : empty(sh, dtype, dev);
  ndarray arrays[3];
  core::RandomParam rp[3];
  for (size_t k = 0; k < params.size(); ++k) {
    rp[k].bits = params[k].bits;
    if (params[k].array) {
      const ndarray& a = *params[k].array;
      const DType word = a.dtype() == DType::Int64 || a.dtype() == DType::UInt64 ? a.dtype() : DType::Float64;
      arrays[k] = ascontiguousarray(broadcast_to(a.device() == dev ? a : a.to(dev), sh), word);
      rp[k].array = &arrays[k];
    }
  }
  state.counter += static_cast<uint64_t>(core::random_fill(target, dist, state.key, state.jump, state.counter, rp, state.engine, state.init));
  if (out && target.data() != out->data()) core::assign(*out, target);
  return out ? *out : target;
}

// NumPy's SeedSequence for an integer seed and no spawn key: the entropy's
// 32-bit words hashed into a pool of 4 words, then generate_state(2, uint32).
BitState seed_state(uint64_t seed) {
  constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u, kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
  constexpr uint32_t kMixL = 0xca01f9ddu, kMixR = 0x4973f715u;
  uint32_t entropy[2] = {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
  const int nent = seed >> 32 ? 2 : 1;
  uint32_t hash_const = kInitA;
  auto hashmix = [&](uint32_t v) {
    v ^= hash_const;
    hash_const *= kMultA;
    v *= hash_const;
    return v ^ (v >> 16);
  };
  auto mix = [](uint32_t x, uint32_t y) {
    uint32_t r = kMixL * x - kMixR * y;
    return r ^ (r >> 16);
  };
  uint32_t pool[4];
  for (int i = 0; i < 4; ++i) pool[i] = hashmix(i < nent ? entropy[i] : 0u);
  for (int s = 0; s < 4; ++s)
    for (int d = 0; d < 4; ++d)
      if (s != d) pool[d] = mix(pool[d], hashmix(pool[s]));
  BitState st;
  uint32_t hb = kInitB;
  for (int i = 0; i < 2; ++i) {
    uint32_t v = pool[i % 4];
    v ^= hb;
    hb *= kMultB;
    v *= hb;
    st.key[i] = v ^ (v >> 16);
  }
  return st;
}

ndarray permutation(BitState& state, int64_t n, std::optional<Device> device) {
  if (n < 0) n = 0;  // NumPy: permutation of arange(n), empty
  return argsort(sample(state, Dist::RawBits, {n}, DType::UInt64, {}, {}, device));
}

ndarray permutation(BitState& state, const ndarray& x, int64_t axis) {
  const int ax = normalize_axis(axis, x.ndim());
  return take(x, permutation(state, x.shape()[ax], x.device()), ax);
}

void shuffle(BitState& state, const ndarray& x, int64_t axis) {
  if (x.ndim() == 0) throw TypeError("len() of unsized object");
  core::assign(x, permutation(state, x, axis));
}

ndarray permuted(BitState& state, const ndarray& x, std::optional<int64_t> axis) {
  if (!axis) return reshape(take(ravel(x), permutation(state, x.size(), x.device())), x.shape());
  const int ax = normalize_axis(*axis, x.ndim());
  const ndarray keys = sample(state, Dist::RawBits, x.shape(), DType::UInt64, {}, {}, x.device());
  return take_along_axis(x, argsort(keys, ax), ax);
}

namespace {
void check_nonneg(double v, const char* name) {
  if (!(v >= 0.0)) throw ValueError(std::string(name) + " < 0");
}
void check_real(DType d) {
  if (d != DType::Float32 && d != DType::Float64) throw TypeError("Unsupported dtype for this distribution: " + std::string(dtype_name(d)));
}
}  // namespace

Generator::Generator(uint64_t seed, std::optional<Device> device) : state_(seed_state(seed)), device_(device) {}

ndarray Generator::random(const Shape& shape, DType dtype) {
  check_real(dtype);
  return sample(state_, Dist::Random, shape, dtype, {}, {}, device_);
}

ndarray Generator::integers(int64_t low, int64_t high, const Shape& shape, DType dtype, bool endpoint) {
  if (dtype_kind(dtype) != 'i' && dtype_kind(dtype) != 'u' && dtype != DType::Bool)
    throw TypeError("Unsupported dtype " + std::string(dtype_name(dtype)) + " for integers");
  const int64_t hi = endpoint ? high : high - 1;
  if (low > hi) throw ValueError(endpoint ? "low > high" : "low >= high");
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(low);
  return sample(state_, Dist::Integers, shape, dtype, {Param::integer(low), Param::word(span)}, {}, device_);
}

ndarray Generator::standard_normal(const Shape& shape, DType dtype) {
  check_real(dtype);
  return sample(state_, Dist::StandardNormal, shape, dtype, {}, {}, device_);
}

ndarray Generator::normal(double loc, double scale, const Shape& shape) {
  check_nonneg(scale, "scale");
  return sample(state_, Dist::Normal, shape, DType::Float64, {loc, scale}, {}, device_);
}

ndarray Generator::uniform(double low, double high, const Shape& shape) {
  if (!std::isfinite(high - low)) throw OverflowError("high - low range exceeds valid bounds");
  return sample(state_, Dist::Uniform, shape, DType::Float64, {low, high - low}, {}, device_);
}

ndarray Generator::standard_exponential(const Shape& shape, DType dtype) {
  check_real(dtype);
  return sample(state_, Dist::StandardExponential, shape, dtype, {}, {}, device_);
}

ndarray Generator::exponential(double scale, const Shape& shape) {
  check_nonneg(scale, "scale");
  return sample(state_, Dist::Exponential, shape, DType::Float64, {scale}, {}, device_);
}

ndarray Generator::standard_gamma(double shape_param, const Shape& shape, DType dtype) {
  check_real(dtype);
  check_nonneg(shape_param, "shape");
  return sample(state_, Dist::StandardGamma, shape, dtype, {shape_param}, {}, device_);
}

ndarray Generator::gamma(double shape_param, double scale, const Shape& shape) {
  check_nonneg(shape_param, "shape");
  check_nonneg(scale, "scale");
  return sample(state_, Dist::Gamma, shape, DType::Float64, {shape_param, scale}, {}, device_);
}

ndarray Generator::poisson(double lam, const Shape& shape) {
  check_nonneg(lam, "lam");
  if (lam > 9.223372006484771e18) throw ValueError("lam value too large");
  return sample(state_, Dist::Poisson, shape, DType::Int64, {lam}, {}, device_);
}

ndarray Generator::binomial(int64_t n, double p, const Shape& shape) {
  if (n < 0) throw ValueError("n < 0");
  if (!(p >= 0.0 && p <= 1.0)) throw ValueError(p < 0.0 ? "p < 0" : "p > 1 or p is NaN");
  return sample(state_, Dist::Binomial, shape, DType::Int64, {Param::integer(n), p}, {}, device_);
}

}  // namespace cunum::random
