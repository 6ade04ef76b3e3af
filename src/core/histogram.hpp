// The histogram planner: counts or weight sums per bin of a 1-d array as a
// HistogramPlan for the backends (Note [Histogram plans]). Behind bincount
// and histogram (src/routines/statistics_histograms.cpp).
#pragma once
#include <optional>

#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// out[b] += w[i] (or 1) for the bin b of each x[i] (Note [Histogram plans]).
// `out`: contiguous, zero-filled, Int64 (no w) or Float64 (w), one entry per
// bin, on x's device. x, w: 1-d of one length, any real dtype and stride.
// `edges` (Uniform, Edges): the bins + 1 edges, converted here to `cmp` and
// held as float64. Direct: x is an integer array the caller has checked lies
// in [0, out.size()).
void histogram(const ndarray& out, const ndarray& x, const std::optional<ndarray>& w, backend::HistogramMode mode,
               const ndarray* edges = nullptr, DType cmp = DType::Float64, double first = 0, double last = 0);

}  // namespace cunum::core
