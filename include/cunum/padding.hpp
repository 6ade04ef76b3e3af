// cunum/padding.hpp — NumPy's pad, every mode but the callable one (the
// Python layer runs a callable over the array this makes with Constant 0).
//
//   auto p = cunum::pad(a, {{1, 2}}, cunum::PadMode::Reflect);     // every axis (1, 2)
//   auto q = cunum::pad(a, {{1, 1}, {0, 3}}, cunum::PadMode::Constant,
//                       {.constant_values = {{Scalar(0), Scalar(-1)}}});
#pragma once
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

enum class PadMode : uint8_t {
  Constant, Edge, LinearRamp, Maximum, Mean, Median, Minimum, Reflect, Symmetric, Wrap, Empty
};
// "constant", "edge", ... as NumPy spells them; ValueError "mode 'x' is not supported".
PadMode pad_mode_from_string(std::string_view mode);

// Per-axis (before, after) pairs: empty means NumPy's default, one pair is
// used for every axis, otherwise one pair per axis.
struct PadOptions {
  std::vector<std::pair<Scalar, Scalar>> constant_values;  // Constant (default 0); stored with a C cast
  std::vector<std::pair<Scalar, Scalar>> end_values;       // LinearRamp (default 0)
  // Maximum, Mean, Median, Minimum: how many values at each edge the
  // statistic reads (nullopt: the whole axis).
  std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> stat_length;
  bool reflect_odd = false;  // Reflect, Symmetric: NumPy's reflect_type="odd"
};

// NumPy's pad: pad_width as per-axis (before, after) pairs (one pair: every
// axis), each >= 0. The result has a's dtype, Fortran order when a is
// F-contiguous and not C-contiguous, else C. Written as NumPy's algorithm
// does, axis by axis, each piece one strided copy or fill: the center once,
// then each pad area from what is already written.
ndarray pad(const ndarray& a, const std::vector<std::pair<int64_t, int64_t>>& pad_width,
            PadMode mode = PadMode::Constant, const PadOptions& options = {});

}  // namespace cunum
