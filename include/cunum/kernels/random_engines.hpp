// cunum/kernels/random_engines.hpp — the sequential bit generators XORWOW
// and MRG32k3a (CuPy's names) under cunum's counter model, the same code
// on the host and the device.
//
// Note [Sequential engines]
// Philox makes block b from the counter b; XORWOW (Marsaglia 2003, the
// xorshift on five words plus a Weyl sequence, cuRAND's default generator)
// and MRG32k3a (L'Ecuyer 1999, two order-3 multiple recursive generators
// combined) make a sequence of 32-bit words from a starting state. Under the
// counter model block b (of a fill's stream, jump j) is the four words at
// positions 4 b .. 4 b + 3 of that sequence, shifted by j * 2^66 words
// (no advance of a 64-bit block counter reaches another jump). Both
// generators are linear: XORWOW's five-word part over GF(2) (a 160 x 160
// bit matrix M per step), MRG32k3a's two recurrences mod m1 and m2 (3 x 3
// matrices A1, A2 per step), and its Weyl word d only adds 362437 per step.
// So a thread (or a CPU chunk) that starts at block b skips ahead once, by
// the matrix powers M^(2^k) (A^(2^k)) for the set bits k of the position
// (tables computed once, jump_tables() below, 96 powers), and then steps
// sequentially through its run of blocks. A value is still a function of the
// seed, the position and its index only, whatever the runs are.
// Words beyond an element's block (rejection samplers, Note [The counter
// model]) come from its Philox sub-stream under the key the generator also
// draws from its seed: a sequential generator has no cheap per-element
// stream of its own.
#pragma once
#include "../config.hpp"
#include "philox.hpp"

namespace cunum::random {

enum class Engine : uint32_t { Philox = 0, Xorwow = 1, Mrg32k3a = 2 };

inline constexpr int kJumpPowers = 96;                       // positions below 2^96 words
inline constexpr int kXorwowMatrixWords = 160 * 5;           // 160 columns of 5 words
inline constexpr int kMrgMatrixWords = 18;                   // A1 (9) then A2 (9), row-major
inline constexpr int64_t kXorwowTableWords = int64_t(kJumpPowers) * kXorwowMatrixWords;
inline constexpr int64_t kJumpTableWords = kXorwowTableWords + int64_t(kJumpPowers) * kMrgMatrixWords;

inline constexpr uint32_t kMrgM1 = 4294967087u, kMrgM2 = 4294944443u;
inline constexpr uint32_t kMrgC1 = 209u, kMrgC2 = 22853u;  // 2^32 - m

CUNUM_HD int lowest_bit(uint32_t v) {
#if defined(__CUDA_ARCH__)
  return __ffs((int)v) - 1;
#else
  return __builtin_ctz(v);
#endif
}

// One step of each generator, as the published recurrences state it.
struct Xorwow {
  uint32_t x[5];
  uint32_t d;
  CUNUM_HD void step5() {
    const uint32_t t = x[0] ^ (x[0] >> 2);
    x[0] = x[1];
    x[1] = x[2];
    x[2] = x[3];
    x[3] = x[4];
    x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
  }
  CUNUM_HD uint32_t next() {
    step5();
    d += 362437u;
    return d + x[4];
  }
  // The five-word part times the 160 x 160 matrix `m` (column i = the image
  // of bit i: word i / 32, bit i % 32).
  CUNUM_HD void apply(const uint32_t* m) {
    uint32_t r[5] = {0, 0, 0, 0, 0};
    for (int w = 0; w < 5; ++w) {
      uint32_t v = x[w];
      const uint32_t* col = m + 5 * 32 * w;
      while (v) {
        const int b = lowest_bit(v);
        v &= v - 1;
        for (int j = 0; j < 5; ++j) r[j] ^= col[5 * b + j];
      }
    }
    for (int j = 0; j < 5; ++j) x[j] = r[j];
  }
};

// x mod m for m = 2^32 - c (MRG32k3a's moduli: c = 209, 22853), any 64-bit
// x, without a 64-bit division (a subroutine of dozens of instructions on a
// GPU): 2^32 = c (mod m), so folding the high word in twice keeps x's
// residue and leaves x below 2^32 + 2^47 and then below 2^32 + 2^30 < 2 m;
// one subtraction ends it. The exact residue, as % gives.
CUNUM_HD uint32_t mod_fold(uint64_t x, uint32_t c, uint32_t m) {
  x = (x & 0xffffffffull) + (x >> 32) * c;
  x = (x & 0xffffffffull) + (x >> 32) * c;
  return (uint32_t)(x >= m ? x - m : x);
}

// (a * b + acc) mod m for a, b, acc below m = 2^32 - c.
CUNUM_HD uint32_t mulmod32(uint32_t a, uint32_t b, uint32_t acc, uint32_t c, uint32_t m) {
  const uint32_t p = mod_fold((uint64_t)a * b, c, m);
  return p >= m - acc ? p - (m - acc) : p + acc;
}

struct Mrg32k3a {
  uint32_t s1[3], s2[3];  // (x[n-3], x[n-2], x[n-1]) of each recurrence
  // a - b mod m for a, b below m.
  CUNUM_HD static uint32_t sub_mod(uint32_t a, uint32_t b, uint32_t m) { return a >= b ? a - b : a + (m - b); }
  CUNUM_HD uint32_t next() {
    // x1[n] = 1403580 x1[n-2] - 810728 x1[n-3] mod m1, x2[n] = 527612 x2[n-1]
    // - 1370589 x2[n-3] mod m2 (each product below 2^53, reduced by folding).
    const uint32_t p1 = sub_mod(mod_fold(1403580ull * s1[1], kMrgC1, kMrgM1),
                                mod_fold(810728ull * s1[0], kMrgC1, kMrgM1), kMrgM1);
    const uint32_t p2 = sub_mod(mod_fold(527612ull * s2[2], kMrgC2, kMrgM2),
                                mod_fold(1370589ull * s2[0], kMrgC2, kMrgM2), kMrgM2);
    s1[0] = s1[1];
    s1[1] = s1[2];
    s1[2] = p1;
    s2[0] = s2[1];
    s2[1] = s2[2];
    s2[2] = p2;
    return sub_mod(p1, p2, kMrgM1);  // in [0, m1)
  }
  CUNUM_HD static void apply3(const uint32_t* a, uint32_t* s, uint32_t c, uint32_t m) {
    uint32_t r[3];
    for (int i = 0; i < 3; ++i) {
      uint32_t acc = 0;
      for (int j = 0; j < 3; ++j) acc = mulmod32(a[3 * i + j], s[j], acc, c, m);
      r[i] = acc;
    }
    for (int i = 0; i < 3; ++i) s[i] = r[i];
  }
  CUNUM_HD void apply(const uint32_t* m) {
    apply3(m, s1, kMrgC1, kMrgM1);
    apply3(m + 9, s2, kMrgC2, kMrgM2);
  }
};

// A sequential engine positioned at a block: six words of initial state
// (XORWOW: x[0..4], d; MRG32k3a: s1[0..2], s2[0..2]), skipped ahead.
struct EngineCursor {
  Engine engine;
  Xorwow xw;
  Mrg32k3a mrg;
  // Words 4 block .. of the stream of jump `jump`: position block * 4 + jump * 2^66.
  CUNUM_HD EngineCursor(Engine e, const uint32_t init[6], const uint32_t* table, uint64_t block, uint32_t jump)
      : engine(e) {
    const uint64_t lo = block << 2;                                    // bits 0 .. 63
    const uint64_t hi = (block >> 62) | ((uint64_t)jump << 2);         // bits 64 ..
    if (e == Engine::Xorwow) {
      for (int j = 0; j < 5; ++j) xw.x[j] = init[j];
      xw.d = init[5] + 362437u * (uint32_t)lo;  // the Weyl word: mod 2^32, only the low bits count
      for (int k = 0; k < kJumpPowers; ++k)
        if ((k < 64 ? lo >> k : hi >> (k - 64)) & 1u) xw.apply(table + (int64_t)k * kXorwowMatrixWords);
    } else {
      for (int j = 0; j < 3; ++j) mrg.s1[j] = init[j], mrg.s2[j] = init[3 + j];
      for (int k = 0; k < kJumpPowers; ++k)
        if ((k < 64 ? lo >> k : hi >> (k - 64)) & 1u)
          mrg.apply(table + kXorwowTableWords + (int64_t)k * kMrgMatrixWords);
    }
  }
  CUNUM_HD uint32_t next() { return engine == Engine::Xorwow ? xw.next() : mrg.next(); }
  CUNUM_HD Words4 next4() {
    Words4 w;
    for (int j = 0; j < 4; ++j) w.w[j] = next();
    return w;
  }
};

#if !defined(__CUDACC_RTC__)
// The skip-ahead tables (kJumpTableWords words): XORWOW's M^(2^k) then
// MRG32k3a's A1^(2^k), A2^(2^k), k = 0 .. kJumpPowers - 1, by repeated
// squaring of the one-step matrices, which are read off the step functions
// above (so the tables cannot disagree with stepping). Host code; the CUDA
// backend uploads the table once per device.
inline void build_jump_tables(uint32_t* t) {
  // XORWOW: column i of M = step5 of the unit vector e_i.
  uint32_t* m = t;
  for (int i = 0; i < 160; ++i) {
    Xorwow s{{0, 0, 0, 0, 0}, 0};
    s.x[i / 32] = 1u << (i % 32);
    s.step5();
    for (int j = 0; j < 5; ++j) m[5 * i + j] = s.x[j];
  }
  for (int k = 1; k < kJumpPowers; ++k) {
    const uint32_t* prev = t + (int64_t)(k - 1) * kXorwowMatrixWords;
    uint32_t* cur = t + (int64_t)k * kXorwowMatrixWords;
    for (int i = 0; i < 160; ++i) {  // column i of P^2 = P (column i of P)
      Xorwow s{{0, 0, 0, 0, 0}, 0};
      for (int j = 0; j < 5; ++j) s.x[j] = prev[5 * i + j];
      s.apply(prev);
      for (int j = 0; j < 5; ++j) cur[5 * i + j] = s.x[j];
    }
  }
  // MRG32k3a: the companion matrices of the recurrences in next().
  uint32_t* a = t + kXorwowTableWords;
  const uint32_t a1[9] = {0, 1, 0, 0, 0, 1, kMrgM1 - 810728u, 1403580u, 0};
  const uint32_t a2[9] = {0, 1, 0, 0, 0, 1, kMrgM2 - 1370589u, 0, 527612u};
  for (int j = 0; j < 9; ++j) a[j] = a1[j], a[9 + j] = a2[j];
  for (int k = 1; k < kJumpPowers; ++k) {
    const uint32_t* p = a + (int64_t)(k - 1) * kMrgMatrixWords;
    uint32_t* c = a + (int64_t)k * kMrgMatrixWords;
    for (int h = 0; h < 2; ++h) {
      const uint32_t mod = h == 0 ? kMrgM1 : kMrgM2, fold = h == 0 ? kMrgC1 : kMrgC2;
      const uint32_t* q = p + 9 * h;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          uint32_t acc = 0;
          for (int l = 0; l < 3; ++l) acc = mulmod32(q[3 * i + l], q[3 * l + j], acc, fold, mod);
          c[9 * h + 3 * i + j] = acc;
        }
    }
  }
}
#endif

}  // namespace cunum::random
