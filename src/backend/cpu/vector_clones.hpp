// CUNUM_VECTOR_CLONES: a function also compiled for AVX2, picked at load time.
#pragma once

// Note [CPU vector clones]
// The inner loops marked with it (the reductions' in reduce_loops.hpp, the
// ufuncs' all-contiguous loops of the plain arithmetic types in
// ufunc_loops.hpp) are written for the compiler's vectoriser. Built for
// the baseline x86-64 (SSE2), their NaN-aware compares and selects take about
// twice the instructions they take with AVX2, enough to fall behind NumPy
// (which dispatches on the CPU too). So on x86-64 Linux with GCC each is also
// compiled for AVX2 and the loader picks the version the CPU runs
// (target_clones: an ifunc). The descriptor code they inline is compiled into
// each version; nothing outside them changes.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define CUNUM_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CUNUM_VECTOR_CLONES
#endif
