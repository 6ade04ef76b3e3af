#pragma once
// Window functions (NumPy's "Window functions" chapter): bartlett, blackman,
// hamming, hanning, kaiser. Each is float64 of M points (empty for M < 1, a
// single 1 for M == 1), on the default device, composed of arange and ufuncs
// in NumPy's order of operations (src/routines/window_functions.cpp).
//
//   auto w = cunum::hanning(8);          // float64 [0. 0.1882551 ... 0.]
//   auto k = cunum::kaiser(12, 14.0);
#include "ndarray.hpp"

namespace cunum {

ndarray bartlett(double M);
ndarray blackman(double M);
ndarray hamming(double M);
ndarray hanning(double M);
ndarray kaiser(double M, double beta);

}  // namespace cunum
