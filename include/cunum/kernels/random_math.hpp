// cunum/kernels/random_math.hpp — the logarithm and the sine/cosine that the
// CPU-equals-GPU distributions use.
//
// Note [Bit-identical transforms]
// The C library's log and CUDA's log may differ in the last bit, and a
// normal drawn through one would then differ between devices. The
// distributions that promise the same stream on every device (uniform,
// integers, normal, exponential and what is built from them alone; see
// docs/random.md) use these functions instead: only +, -, *, / and sqrt,
// which IEEE 754 rounds the same way everywhere, evaluated in a fixed order.
// The random kernels are compiled with --fmad=false and the CPU loops with
// -ffp-contract=off, so neither side fuses a multiply and an add that the
// other rounds twice. Inputs are what the generators produce: log takes
// positive normal numbers; the angle comes as an integer fraction of a turn.
//
// Note [Explicit fma]
// The float32 functions (the GPU's float32 normals and exponentials, whose
// speed is the target) fuse their polynomial steps with explicit fma calls:
// a fused multiply-add is rounded once by IEEE 754 on every machine (CUDA's
// fmaf, the C library's fmaf: hardware FMA where the CPU has it, an exact
// emulation where not), so the bits stay the same and the GPU saves an
// instruction per step. Contraction the compiler would choose stays off.
#pragma once
#include "../config.hpp"
#include "bits.hpp"
#include "math.hpp"
#include "random_turn_table.hpp"

namespace cunum::random::rmath {

// log(x) for a positive finite double (subnormals scaled first): x = m 2^e with m in [sqrt(1/2),
// sqrt(2)), log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, as a
// series in s^2 (12 terms: the rest is below 2^-60 of the result).
CUNUM_HD double log(double x) {
  int sub = 0;
  if (x < 2.2250738585072014e-308) {  // subnormal: scale by 2^54 (exact) first
    x = x * 18014398509481984.0;
    sub = 54;
  }
  const uint64_t b = detail::bits_of(x);
  int e = (int)((b >> 52) & 0x7ff) - 1023 - sub;
  double m = detail::double_of_bits((b & 0xfffffffffffffull) | 0x3ff0000000000000ull);
  if (m > 1.4142135623730951) {
    m = m * 0.5;
    e = e + 1;
  }
  const double f = m - 1.0;  // exact
  const double s = f / (2.0 + f), s2 = s * s;
  double p = 1.0 / 25.0;
  p = p * s2 + 1.0 / 23.0;
  p = p * s2 + 1.0 / 21.0;
  p = p * s2 + 1.0 / 19.0;
  p = p * s2 + 1.0 / 17.0;
  p = p * s2 + 1.0 / 15.0;
  p = p * s2 + 1.0 / 13.0;
  p = p * s2 + 1.0 / 11.0;
  p = p * s2 + 1.0 / 9.0;
  p = p * s2 + 1.0 / 7.0;
  p = p * s2 + 1.0 / 5.0;
  p = p * s2 + 1.0 / 3.0;
  const double two_s = 2.0 * s;
  const double log_m = two_s + two_s * (s2 * p);
  const double de = (double)e;
  return de * 6.93147180369123816490e-01 + (log_m + de * 1.90821492927058770002e-10);
}

// log of m 2^e for m in [sqrt(1/2), sqrt(2)] (the float log's core).
CUNUM_HD float log_reduced(float m, int e) {
  const float f = m - 1.0f;
  const float s = f / (2.0f + f), s2 = s * s;
  // Note [Explicit fma]: fused on purpose, identically on both sides.
  float p = 1.0f / 11.0f;
  p = math::fma(p, s2, 1.0f / 9.0f);
  p = math::fma(p, s2, 1.0f / 7.0f);
  p = math::fma(p, s2, 1.0f / 5.0f);
  p = math::fma(p, s2, 1.0f / 3.0f);
  const float two_s = 2.0f * s;
  const float log_m = math::fma(two_s, s2 * p, two_s);
  const float fe = (float)e;
  return math::fma(fe, 0.693145752f, math::fma(fe, 1.42860677e-06f, log_m));
}

CUNUM_HD float log(float x) {
  int sub = 0;
  if (x < 1.17549435e-38f) {  // subnormal: scale by 2^25 (exact) first
    x = x * 33554432.0f;
    sub = 25;
  }
  const uint32_t b = detail::bits_of(x);
  int e = (int)((b >> 23) & 0xff) - 127 - sub;
  float m = detail::float_of_bits((b & 0x7fffffu) | 0x3f800000u);
  if (m > 1.41421356f) {
    m = m * 0.5f;
    e = e + 1;
  }
  return log_reduced(m, e);
}

// Note [Uniform logarithm]
// log(k 2^-24) for an integer k in [1, 2^24]: the float normals' and
// exponentials' log(U), U = u01f_oc(w) = k 2^-24 with k = (w >> 8) + 1.
// Written for the GPU's normal kernel, which is issue-bound (docs/random.md):
// - the reduction in integer steps: k is exact as a float; subtracting the
//   bits of 0x3f3504f4 (the float just above sqrt(1/2)) plus 24 << 23
//   leaves e - 24 in the high bits (e of the mantissa halved when it passes
//   sqrt(2), as log's `m > 1.41421356f`) and the offset of m in
//   [sqrt(1/2), sqrt(2)] from 0x3f3504f4 in the low 23 bits;
// - no division: log(1 + f) = f + f^2 h(f), h a degree-8 polynomial fitted
//   to (log1p(f) - f) / f^2 over f in [sqrt(1/2) - 1, sqrt(2) - 1]
//   (iteratively reweighted least squares on log1p's relative error,
//   4.1e-9 before the coefficients are rounded to float), evaluated with
//   explicit fma (Note [Explicit fma]), so both backends round every step
//   alike;
// - e ln 2 as one fma with ln 2 rounded to float: the product is exact
//   inside the fma, and |e| (ln 2 - float(ln 2)) <= 24 x 1.9e-9 stays below
//   0.07 ulp of any result with e != 0 (|log U| >= 0.35 there).
// Max error over all 2^24 inputs: 0.87 ulp against the double log
// (Random.UniformLogAccuracy). Before: degree 9 and ln 2 in two parts, 0.91
// ulp (two instructions more per log); the atanh form with its division,
// 1.65 ulp. A degree-7 fit would save one more fma per log at 1.08 ulp.
CUNUM_HD float log_u24(uint32_t k) {
  const int32_t ix = (int32_t)detail::bits_of((float)k) - (int32_t)(0x3f3504f4u + (24u << 23));
  const int e = ix >> 23;  // arithmetic shift: floor
  const float f = detail::float_of_bits(((uint32_t)ix & 0x7fffffu) + 0x3f3504f4u) - 1.0f;  // exact
  float h = -7.622777671e-02f;
  h = math::fma(h, f, 1.290524155e-01f);
  h = math::fma(h, f, -1.324296892e-01f);
  h = math::fma(h, f, 1.418168098e-01f);
  h = math::fma(h, f, -1.660906523e-01f);
  h = math::fma(h, f, 2.000198215e-01f);
  h = math::fma(h, f, -2.500158548e-01f);
  h = math::fma(h, f, 3.333332539e-01f);
  h = math::fma(h, f, -4.999998808e-01f);
  const float log_m = math::fma(f * f, h, f);
  return math::fma((float)e, 0.693147182f, log_m);  // ln 2 rounded to float: one fma
}

// -2 log(k 2^-24), bit for bit -2.0f * log_u24(k), one multiply fewer (the
// normals' r^2). Every step is log_u24's scaled by a power of two, which
// rounding commutes with (no value here comes near an underflow): with
// g = -2f (exact: 2 - 2m, 2m made in the integer steps),
// h(f) = sum c_i f^i = sum c_i (-1/2)^i g^i,
// and Horner in g on the coefficients c_i (-1/2)^i keeps every partial sum
// equal to log_u24's times (-1/2)^i; -h/2 then comes out by scaling the
// coefficients by -1/2 once more, and
//   -2 log m = -2 fma(f f, h, f) = fma(g g, -h / 2, g),
//   -2 log   = fma(e, -2 float(ln 2), -2 log m).
// Random.NegTwoLogEqualsScaledLog checks all 2^24 inputs against log_u24.
CUNUM_HD float neg2_log_u24(uint32_t k) {
  const int32_t ix = (int32_t)detail::bits_of((float)k) - (int32_t)(0x3f3504f4u + (24u << 23));
  const int e = ix >> 23;
  // 2m (the exponent field one higher), then g = 2 - 2m = -2 (m - 1): both exact
  const float m2x = detail::float_of_bits(((uint32_t)ix & 0x7fffffu) + (0x3f3504f4u + (1u << 23)));
  const float g = 2.0f - m2x;
  // log_u24's coefficients c_i times (-1/2)^(i + 1): -c_8 / 512, c_7 / 256, ...
  float h = 7.622777671e-02f / 512.0f;
  h = math::fma(h, g, 1.290524155e-01f / 256.0f);
  h = math::fma(h, g, 1.324296892e-01f / 128.0f);
  h = math::fma(h, g, 1.418168098e-01f / 64.0f);
  h = math::fma(h, g, 1.660906523e-01f / 32.0f);
  h = math::fma(h, g, 2.000198215e-01f / 16.0f);
  h = math::fma(h, g, 2.500158548e-01f / 8.0f);
  h = math::fma(h, g, 3.333332539e-01f / 4.0f);
  h = math::fma(h, g, 4.999998808e-01f / 2.0f);
  const float m2 = math::fma(g * g, h, g);
  return math::fma((float)e, -2.0f * 0.693147182f, m2);
}

// Note [Bounded square root]
// sqrt of x = -2 log U for the float normals: x is +-0 or a normal number in
// [1.19e-7, 33.3], never a subnormal, an infinity or a NaN. CUDA's correctly
// rounded sqrtf is an approximate reciprocal square root y (MUFU.RSQ)
// refined by one Newton step, s = x y, r = fma(-s, s, x), s + r (y / 2),
// behind a range check that sends subnormals, zeros, infinities and
// negatives to a slow path (a compare, a branch and the reconvergence
// around it: ~5 of the ~10 instructions it issues). For x in that fast range
// CUDA's sqrtf returns the fast sequence's value, and sqrtf is correctly
// rounded (CUDA's documented 0 ulp), so the fast sequence alone gives the
// IEEE square root there; +-0 is selected as itself (sqrt(+-0) = +-0). The
// CPU calls the C library's sqrtf (IEEE as well): the same bits on both.
CUNUM_HD float sqrt_bounded(float x) {
#if defined(__CUDA_ARCH__)
  float y, s, h;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  asm("mul.rn.ftz.f32 %0, %1, %2;" : "=f"(s) : "f"(x), "f"(y));
  asm("mul.rn.ftz.f32 %0, %1, 0f3F000000;" : "=f"(h) : "f"(y));
  const float r = __fmaf_rn(-s, s, x);
  const float q = __fmaf_rn(r, h, s);
  return x > 0.0f ? q : x;
#else
  return math::sqrt(x);
#endif
}

// Note [Table sine and cosine]
// The float normals' angle (Note [Bounded square root] for their radius):
// sine and cosine of 2 pi w / 2^32 for the block's whole 32-bit word w, as
// a table entry plus a small rotation, instead of a quadrant split and two
// polynomials of degree 9 and 10 (~27 instructions per pair of normals;
// the GPU's normal kernel is issue-bound, docs/random.md):
// - j = round(w / 2^22) mod 1024 ((w + 2^21) >> 22 in 32-bit arithmetic;
//   as a byte offset into 8-byte entries, ((w >> 19) + 4) & 0x1ff8, two
//   integer instructions), e = w - j 2^22 in [-2^21, 2^21) (the top 22 bits
//   of w << 10, as a signed integer: exactly representable as a float times
//   2^10), the remainder angle a = 2 pi e / 2^32, |a| <= pi / 1024 = 3.07e-3;
// - sin a = a and cos a - 1 = -a^2 / 2: the dropped terms a^3 / 6 and
//   a^4 / 24 are below 4.9e-9 and 3.7e-12 in absolute value (0.08 ulp of the
//   larger of |sin|, |cos|, which is >= 0.707: the error measure of the
//   test; relative to a small sine near a quadrant point the dropped cube is
//   a^2 / 6 <= 1.6e-6, an absolute 4.9e-9 on a normal's unit scale);
// - sin(t + a) = s_j + (c_j a + s_j (cos a - 1)), cos likewise, with
//   explicit fma (Note [Explicit fma]) in a fixed order on both backends.
// The 1024 entries (random_turn_table.hpp) are sin and cos of 2 pi j / 1024
// rounded to float, the same literal table on the CPU and the GPU. The GPU's
// normal kernel copies it into shared memory once per block of threads
// (load_turn_table; 8 KB) and reads one 8-byte entry per pair of normals;
// the CPU reads kTurnTable itself. 13 instructions per pair (SASS, sm_90;
// the radius's two multiplications not counted); with 256 entries and the
// cubic term of sin a, before: 17.
// Max error: 1.6 ulp of the larger of |sin|, |cos| (the entries' rounding,
// two fused steps, the dropped cube); Random.TableSineCosine bounds it by 2.
#if defined(__CUDA_ARCH__)
__shared__ SinCos turn_shared[1024];
// Every thread of the block must call this before any normal is drawn
// (a block-wide barrier): the kernel prologue of the normal kernels.
__device__ __forceinline__ void load_turn_table() {
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) turn_shared[i] = kTurnTable[i];
  __syncthreads();
}
#endif

// Where the table is read from: shared memory on the GPU, kTurnTable on the CPU.
CUNUM_HD const SinCos* turn_table() {
#if defined(__CUDA_ARCH__)
  return turn_shared;
#else
  return kTurnTable;
#endif
}

// sin and cos of 2 pi w / 2^32 (Note [Table sine and cosine]).
CUNUM_HD void sincos_turn32(uint32_t w, const SinCos* tab, float& s, float& c) {
  // entry round(w / 2^22) mod 1024, as a byte offset
  const SinCos t = *(const SinCos*)((const char*)tab + (((w >> 19) + 4u) & 0x1ff8u));
  const float a = (float)(int32_t)(w << 10) * (6.28318530717958648f / 4398046511104.0f);  // 2 pi / 2^42
  const float h = (a * a) * -0.5f;  // cos a - 1
  s = math::fma(t.c, a, math::fma(t.s, h, t.s));
  c = math::fma(-t.s, a, math::fma(t.c, h, t.c));
}

// sin and cos of a in [-pi/4, pi/4] by their Taylor series.
CUNUM_HD void sincos_small(double a, double& s, double& c) {
  const double a2 = a * a;
  double ps = -1.0 / 1307674368000.0;  // -1/15!
  ps = ps * a2 + 1.0 / 6227020800.0;
  ps = ps * a2 - 1.0 / 39916800.0;
  ps = ps * a2 + 1.0 / 362880.0;
  ps = ps * a2 - 1.0 / 5040.0;
  ps = ps * a2 + 1.0 / 120.0;
  ps = ps * a2 - 1.0 / 6.0;
  s = a + a * (a2 * ps);
  double pc = 1.0 / 6402373705728000.0;  // 1/18!
  pc = pc * a2 - 1.0 / 20922789888000.0;
  pc = pc * a2 + 1.0 / 87178291200.0;
  pc = pc * a2 - 1.0 / 479001600.0;
  pc = pc * a2 + 1.0 / 3628800.0;
  pc = pc * a2 - 1.0 / 40320.0;
  pc = pc * a2 + 1.0 / 720.0;
  pc = pc * a2 - 1.0 / 24.0;
  pc = pc * a2 + 0.5;
  c = 1.0 - a2 * pc;
}

CUNUM_HD void sincos_small(float a, float& s, float& c) {
  const float a2 = a * a;
  float ps = 1.0f / 362880.0f;
  ps = math::fma(ps, a2, -1.0f / 5040.0f);
  ps = math::fma(ps, a2, 1.0f / 120.0f);
  ps = math::fma(ps, a2, -1.0f / 6.0f);
  s = math::fma(a, a2 * ps, a);
  float pc = -1.0f / 3628800.0f;
  pc = math::fma(pc, a2, 1.0f / 40320.0f);
  pc = math::fma(pc, a2, -1.0f / 720.0f);
  pc = math::fma(pc, a2, 1.0f / 24.0f);
  pc = math::fma(pc, a2, -0.5f);
  c = math::fma(a2, pc, 1.0f);
}

// Note [Branch-free quadrant]
// Turn the quarter-turn number q (mod 4) into the signs and swap:
//   q 0: (s0, c0)   1: (c0, -s0)   2: (-s0, -c0)   3: (-c0, s0)
// as selections and negations (exact), without branches: q is random per
// GPU thread, and a switch made every warp run all four paths one after the
// other.
template <class T> CUNUM_HD void rotate_quadrant(int q, T s0, T c0, T& s, T& c) {
  q &= 3;
  const T s1 = (q & 1) ? c0 : s0, c1 = (q & 1) ? s0 : c0;
  s = (q & 2) ? -s1 : s1;
  c = ((q + 1) & 2) ? -c1 : c1;
}

// sin and cos of 2 pi k / 2^24 for an integer k in [0, 2^24): the quarter
// turn nearest k is split off exactly, the rest is within an eighth of a turn.
CUNUM_HD void sincos_turn24(uint32_t k, float& s, float& c) {
  const int q = (int)((k + (1u << 21)) >> 22);
  const int r = (int)k - (q << 22);  // [-2^21, 2^21)
  const float a = (float)r * (1.57079632679489662f / 4194304.0f);
  float s0, c0;
  sincos_small(a, s0, c0);
  rotate_quadrant(q, s0, c0, s, c);
}

// The same for k / 2^53 of a turn.
CUNUM_HD void sincos_turn53(uint64_t k, double& s, double& c) {
  const int q = (int)((k + (1ull << 50)) >> 51);
  const int64_t r = (int64_t)k - ((int64_t)q << 51);
  const double a = (double)r * (1.5707963267948966 / 2251799813685248.0);
  double s0, c0;
  sincos_small(a, s0, c0);
  rotate_quadrant(q, s0, c0, s, c);
}

}  // namespace cunum::random::rmath
