// SIMD loops for the float32/float64 transcendentals of the CPU backend.
//
// Note [Vector transcendentals]
// The generic loops (ufunc_loops.hpp) call the C library's scalar sinf, expf,
// ... once per element: 5-10 ns each, where NumPy's SIMD loops take about 1.
// On x86-64 with AVX2 and FMA, and a glibc that has libmvec (its vector math
// library, glibc >= 2.22; tanh since 2.35), register_vector_math_loops
// replaces the float32 and float64 loops of sin, cos, exp, log and tanh with
// loops that call libmvec's AVX2 variants (_ZGVdN8v_sinf: eight lanes per
// call), and those of sqrt with the AVX sqrt instruction (correctly rounded,
// as the scalar one). libmvec is looked up with dlopen at start-up, so the
// library neither links against it nor needs it: without it (another C
// library, another architecture, an older CPU) the generic loops stay.
// libmvec's functions are glibc's own, tested against its ULP bounds (at most
// a few ULP, like NumPy's SIMD loops) and handle NaN, infinities, signed
// zeros, subnormals and huge arguments (sin(1e30)) as the scalar ones do;
// tests/python/test_ufuncs.py compares them with NumPy on those values.
// Only the CPU loops change: the GPU keeps the ops.hpp definitions.
#pragma once
#include "backend/cpu/cpu_backend.hpp"

namespace cunum::backend::cpu {

// Replaces table entries where this machine has faster loops; a no-op elsewhere.
void register_vector_math_loops(LoopTable& t);

}  // namespace cunum::backend::cpu
