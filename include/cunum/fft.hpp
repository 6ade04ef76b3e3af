// cunum/fft.hpp — NumPy's "Discrete Fourier Transform" chapter (numpy.fft)
// on the FFT family (docs/fft.md): cuFFT on the GPU (a plan cache per
// device), cunum's own mixed-radix and Bluestein transforms on the CPU.
//
//   auto f = cunum::fft::fft(x);                          // along the last axis
//   auto g = cunum::fft::fft(x, 64, 0, cunum::fft::Norm::Ortho);
//   auto r = cunum::fft::rfftn(img, {}, std::vector<int64_t>{-2, -1});
//   auto y = cunum::fft::irfft(r, 1000);                  // 1000 reals
//   auto k = cunum::fft::fftfreq(8, 0.1);
//   auto c = cunum::fft::fftshift(f);
//
// dtypes are NumPy 2's: float32, float16 and complex64 transform in single
// precision (complex64 results; irfft/hfft of float16 give float16), every
// other dtype in double. Errors: ValueError for a length < 1 ("Invalid
// number of FFT data points (0) specified."), s and axes of different
// lengths, an `out` of the wrong shape; AxisError; TypeError for complex
// input to rfft/ihfft and an `out` the result cannot be cast to (same_kind).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ndarray.hpp"

namespace cunum::fft {

enum class Norm : uint8_t { Backward, Ortho, Forward };
// "backward", "ortho" or "forward"; ValueError otherwise.
Norm parse_norm(const std::string& s);

using Length = std::optional<int64_t>;
using Lengths = std::optional<std::vector<int64_t>>;
using Axes = std::optional<std::vector<int64_t>>;
using Out = std::optional<ndarray>;

// ---- one axis: n crops or zero-pads the input along `axis` (irfft/hfft:
// the output's length, default 2 * (m - 1)); out= receives the result.
ndarray fft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});
ndarray ifft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});
ndarray rfft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});
ndarray irfft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});
ndarray hfft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});
ndarray ihfft(const ndarray& a, Length n = {}, int64_t axis = -1, Norm norm = Norm::Backward, const Out& out = {});

// ---- several axes: s (one length per axis; -1 keeps the axis's) and axes
// as NumPy's (axes default: the last len(s) axes, or all; fft2 & co: the
// last two). Repeated axes are transformed once per mention, as NumPy does.
ndarray fftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, Norm norm = Norm::Backward,
             const Out& out = {});
ndarray ifftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, Norm norm = Norm::Backward,
              const Out& out = {});
ndarray rfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, Norm norm = Norm::Backward,
              const Out& out = {});
ndarray irfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, Norm norm = Norm::Backward,
               const Out& out = {});
ndarray fft2(const ndarray& a, const Lengths& s = {}, const Axes& axes = std::vector<int64_t>{-2, -1},
             Norm norm = Norm::Backward, const Out& out = {});
ndarray ifft2(const ndarray& a, const Lengths& s = {}, const Axes& axes = std::vector<int64_t>{-2, -1},
              Norm norm = Norm::Backward, const Out& out = {});
ndarray rfft2(const ndarray& a, const Lengths& s = {}, const Axes& axes = std::vector<int64_t>{-2, -1},
              Norm norm = Norm::Backward, const Out& out = {});
ndarray irfft2(const ndarray& a, const Lengths& s = {}, const Axes& axes = std::vector<int64_t>{-2, -1},
               Norm norm = Norm::Backward, const Out& out = {});

// ---- helpers: the sample frequencies (float64) and the zero-frequency shift.
ndarray fftfreq(int64_t n, double d = 1.0, std::optional<Device> device = {});
ndarray rfftfreq(int64_t n, double d = 1.0, std::optional<Device> device = {});
ndarray fftshift(const ndarray& x, const Axes& axes = {});
ndarray ifftshift(const ndarray& x, const Axes& axes = {});

namespace detail {
enum class Op : uint8_t { Fft, Ifft, Rfft, Irfft, Hfft, Ihfft };
// The transform with explicit lengths and axes (NumPy's _cook_nd_args done):
// what every function above calls, and the Python binding with them.
ndarray transform(Op op, const ndarray& a, const std::vector<int64_t>& s, const std::vector<int64_t>& axes,
                  Norm norm, const Out& out);
}  // namespace detail

}  // namespace cunum::fft
