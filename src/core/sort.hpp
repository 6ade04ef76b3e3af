// The sort family's planner (Note [Sort plans]): arrays in, C-contiguous
// plans out, for every routine of the sorting, searching and set chapters.
#pragma once
#include <cstdint>

#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// Sorts `a` along `axis` (0 <= axis < a.ndim()). When not null, *keys
// receives the sorted values and *index the stable argsort (int64), each of
// a's shape (a view that moves the sorted axis back in place when it is not
// the last). `stable`: equal keys (-0.0 and +0.0 included) keep their order in
// *keys too (Note [Sort plans]: a keys-only float sort may not).
void sort_along(const ndarray& a, int axis, ndarray* keys, ndarray* index, bool stable = false);

// NumPy's searchsorted of `values` (any shape) in the 1-d sorted array `a`,
// both of one dtype and device: an int64 array of values' shape.
ndarray search_sorted(const ndarray& a, const ndarray& values, bool right);

// The runs of equal values in the 1-d sorted array `sorted` (or, with
// `flags`, a 1-d bool array marking where runs start): the first position of
// each run, as int64 (one wait for the device: the count). With `inverse`
// (a 1-d int64 array of sorted's size) and `perm` (the positions the sorted
// elements came from, or an invalid array for the identity):
// inverse[perm[i]] = the run of element i.
ndarray run_starts(const ndarray& sorted, bool flags, bool equal_nan, const ndarray& perm = {},
                   const ndarray& inverse = {});

}  // namespace cunum::core
