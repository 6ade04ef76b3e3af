// The FFT family's planner (Note [FFT plans], docs/fft.md): an array in, the
// transformed array out, as one n-d plan or as passes of rank 1.
#pragma once
#include <cstdint>
#include <vector>

#include "base/plans.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// The unnormalised transform of `in` over `axes` (each in [0, ndim), in the
// order NumPy applies them: the last first), a new array on in's device.
// C2C: `in` complex64/complex128, each axis transformed at its length.
// R2C: `in` float32/float64; the last of `axes` becomes n/2 + 1 long, the
//   others are then transformed C2C (forward).
// C2R: `in` complex, the half spectrum along the last of `axes`, whose real
//   length is `last_n` (in.shape[last] == last_n / 2 + 1); the other axes
//   are transformed C2C (backward) first. `in` is never written unless
//   `scratch` says the caller hands it over (C2R transforms may overwrite
//   their input: otherwise they get a copy).
// One plan where the backend takes the rank and the axes are the trailing
// dims of a C-contiguous array (distinct, at most 3); else one pass of rank
// 1 per axis, each on the axis where it lies when the other dims form one
// batch stride, else on a copy with the axis innermost.
ndarray fft_execute(const ndarray& in, const std::vector<int>& axes, backend::FftKind kind, bool forward,
                    int64_t last_n = 0, bool scratch = false);

}  // namespace cunum::core
