// cunum/kernels/philox.hpp — the counter-based bit generator behind
// cunum.random, the same code on the host and the device.
//
// Note [The counter model]
// Philox4x32-10 (Salmon et al., SC'11) maps a 128-bit counter and a 64-bit key
// to four 32-bit words; nothing else is state. A generator is (key, position,
// jump): every fill of n elements with a distribution that makes `per`
// values from one Philox block (random_dists.hpp) gives element i the block
// at counter (position + i / per, 0, jump << 2) and then advances position
// by ceil(n / per). A value therefore depends on the seed, the position and
// the element's index only — never on the launch shape or on the device.
// Distributions that need more words than one block (rejection samplers,
// and the rare retry of a bounded integer) read a sub-stream of their own:
// counter (block, 1, 2, 3 ..., lane | jump << 2), which no other element
// and no other fill ever uses.
#pragma once
#include "../config.hpp"

namespace cunum::random {

struct Words4 {
  uint32_t w[4];
};

CUNUM_HD void mulhilo32(uint32_t a, uint32_t b, uint32_t& hi, uint32_t& lo) {
  const uint64_t p = (uint64_t)a * (uint64_t)b;
  hi = (uint32_t)(p >> 32);
  lo = (uint32_t)p;
}

// One Philox4x32 round under round key (k0, k1): the published multipliers
// (Random123, cuRAND). The only definition of the round: philox4x32_10 and
// RoundKeys::block both call it.
CUNUM_HD void philox_round(uint32_t& c0, uint32_t& c1, uint32_t& c2, uint32_t& c3, uint32_t k0, uint32_t k1) {
  uint32_t hi0, lo0, hi1, lo1;
  mulhilo32(0xD2511F53u, c0, hi0, lo0);
  mulhilo32(0xCD9E8D57u, c2, hi1, lo1);
  const uint32_t n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
  c0 = n0;
  c1 = lo1;
  c2 = n2;
  c3 = lo0;
}

// Philox4x32 with 10 rounds, the key bumped by the published Weyl constants.
CUNUM_HD Words4 philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0, uint32_t k1) {
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int r = 0; r < 10; ++r) {
    philox_round(c0, c1, c2, c3, k0, k1);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return Words4{{c0, c1, c2, c3}};
}

// The key and the counter words every element of one fill shares.
struct StreamKey {
  uint32_t k0, k1;
  uint32_t jump;  // the c3 word's high bits: jump << 2
  CUNUM_HD Words4 block(uint64_t b, uint32_t draw, uint32_t lane) const {
    return philox4x32_10((uint32_t)b, (uint32_t)(b >> 32), draw, lane | (jump << 2), k0, k1);
  }
};

// Note [Philox round keys]
// The key schedule of a fill (the ten round keys k + r (0x9E3779B9,
// 0xBB67AE85)) computed once on the host: the GPU's Philox kernel takes it
// as a kernel parameter, so each round's key is an operand read from the
// constant bank instead of two additions per round per thread (18 of the
// ~260 instructions a standard_normal thread issued). Same words as
// StreamKey::block, by construction.
//
// Note [Philox low word]
// The GPU's aligned Philox loop (Note [Random kernel index] in
// random_source.cpp) draws the blocks (c0, c1, 0, jump << 2) with c1 the
// same for a whole loop: what the first two rounds compute from c1, the
// key and c3 alone is then the same for every block, and is computed here
// on the host. Round 0 (c2 = 0: its second product is 0) leaves
// (c1 ^ k0[0], 0, H ^ c3 ^ k1[0], L) with (H, L) = mulhilo(M0, c0); round 1
// multiplies the first word, c1 ^ k0[0], a constant: its product's high
// half enters the third word (^ k1[1]) and its low half, the new fourth
// word, enters round 2's third word (^ k1[2]). So per block: 18 products
// and 19 XORs (a fixed word each) instead of 19 and 20, and the high word's
// XOR with the key leaves the loop. The same words as block(b), by
// construction (Random.RoundKeysEqualStreamKey).
struct RoundKeys {
  uint32_t k0[10], k1[10];
  uint32_t jump;  // as StreamKey::jump
  // Note [Philox low word], for the high words hi + j (j = 0, 1):
  uint32_t x0;       // c3 ^ k1[0]
  uint32_t x1[2];    // round 1's constant product's high half ^ k1[1]
  uint32_t x2[2];    // its low half ^ k1[2]
  CUNUM_HD Words4 block(uint64_t b) const {
    uint32_t c0 = (uint32_t)b, c1 = (uint32_t)(b >> 32), c2 = 0, c3 = jump << 2;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int r = 0; r < 10; ++r) philox_round(c0, c1, c2, c3, k0[r], k1[r]);
    return Words4{{c0, c1, c2, c3}};
  }
  // Block (hi + j) 2^32 + c0, for the hi given to round_keys.
  CUNUM_HD Words4 block_low(uint32_t c0, int j) const {
    uint32_t h, l, h1, l1;
    mulhilo32(0xD2511F53u, c0, h, l);  // round 0
    mulhilo32(0xCD9E8D57u, h ^ x0, h1, l1);  // round 1, the third word's product
    uint32_t c1 = l1, c2 = l ^ x1[j], c3 = 0;
    c0 = h1 ^ k0[1];
    // round 2: its fourth word is the constant product's low half, folded into x2
    uint32_t hi0, lo0, hi1, lo1;
    mulhilo32(0xD2511F53u, c0, hi0, lo0);
    mulhilo32(0xCD9E8D57u, c2, hi1, lo1);
    c0 = hi1 ^ c1 ^ k0[2];
    c2 = hi0 ^ x2[j];
    c1 = lo1;
    c3 = lo0;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int r = 3; r < 10; ++r) philox_round(c0, c1, c2, c3, k0[r], k1[r]);
    return Words4{{c0, c1, c2, c3}};
  }
};
// The schedule of key k; hi: the counter's high word for block_low.
CUNUM_HD RoundKeys round_keys(const StreamKey& k, uint32_t hi = 0) {
  RoundKeys rk;
  uint32_t k0 = k.k0, k1 = k.k1;
  for (int r = 0; r < 10; ++r) {
    rk.k0[r] = k0;
    rk.k1[r] = k1;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  rk.jump = k.jump;
  rk.x0 = (k.jump << 2) ^ rk.k1[0];
  for (int j = 0; j < 2; ++j) {
    uint32_t h, l;
    mulhilo32(0xD2511F53u, (hi + (uint32_t)j) ^ rk.k0[0], h, l);
    rk.x1[j] = h ^ rk.k1[1];
    rk.x2[j] = l ^ rk.k1[2];
  }
  return rk;
}

// The words an element draws beyond its block: 4 at a time from its own
// sub-stream (Note [The counter model]). `first`, when given, is the
// element's main block (distributions making one value per block start
// there).
struct Stream {
  StreamKey key;
  uint64_t blk;
  uint32_t lane, draw;
  uint32_t buf[4];
  int used;
  CUNUM_HD Stream(const StreamKey& k, uint64_t b, uint32_t l, const Words4* first)
      : key(k), blk(b), lane(l), draw(0), used(4) {
    if (first) {
      for (int j = 0; j < 4; ++j) buf[j] = first->w[j];
      used = 0;
    }
  }
  CUNUM_HD uint32_t next32() {
    if (used == 4) {
      ++draw;
      const Words4 r = key.block(blk, draw, lane);
      for (int j = 0; j < 4; ++j) buf[j] = r.w[j];
      used = 0;
    }
    return buf[used++];
  }
  CUNUM_HD uint64_t next64() {
    const uint64_t lo = next32();
    return lo | ((uint64_t)next32() << 32);
  }
  // [0, 1) in steps of 2^-53.
  CUNUM_HD double next_double() { return (double)(next64() >> 11) * (1.0 / 9007199254740992.0); }
  // (0, 1]: for logarithms.
  CUNUM_HD double next_double_oc() { return (double)((next64() >> 11) + 1) * (1.0 / 9007199254740992.0); }
  // (0, 1): both ends open.
  CUNUM_HD double next_double_oo() { return ((double)(next64() >> 12) + 0.5) * (1.0 / 4503599627370496.0); }
};

// Word-to-float conversions (NumPy's: the top bits, scaled), exact on both sides.
CUNUM_HD float u01f(uint32_t w) { return (float)(w >> 8) * (1.0f / 16777216.0f); }        // [0, 1)
CUNUM_HD float u01f_oc(uint32_t w) { return (float)((w >> 8) + 1) * (1.0f / 16777216.0f); }  // (0, 1]
CUNUM_HD double u01d(uint32_t lo, uint32_t hi) {
  const uint64_t x = (uint64_t)lo | ((uint64_t)hi << 32);
  return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}
CUNUM_HD double u01d_oc(uint32_t lo, uint32_t hi) {
  const uint64_t x = (uint64_t)lo | ((uint64_t)hi << 32);
  return (double)((x >> 11) + 1) * (1.0 / 9007199254740992.0);
}

}  // namespace cunum::random
