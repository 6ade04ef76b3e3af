// cunum/cunum.hpp — the whole C++ API (for users; cunum's own sources include
// only the headers they need).
//
//   #include <cunum/cunum.hpp>
//   auto a = cunum::arange(6).reshape({2, 3});
//   auto s = cunum::sum(a + a, 1);
#pragma once
#include "binary.hpp"
#include "creation.hpp"
#include "device.hpp"
#include "dtype.hpp"
#include "error.hpp"
#include "fft.hpp"
#include "fusion.hpp"
#include "format.hpp"
#include "indexing.hpp"
#include "indexing_routines.hpp"
#include "logic.hpp"
#include "manipulation.hpp"
#include "mathematical.hpp"
#include "misc.hpp"
#include "ndarray.hpp"
#include "padding.hpp"
#include "reduction.hpp"
#include "scalar.hpp"
#include "sorting.hpp"
#include "sync_detect.hpp"
#include "statistics.hpp"
#include "linalg.hpp"
#include "tiling.hpp"
#include "ufunc.hpp"
#include "ufunc_methods.hpp"
#include "ufuncs.hpp"
#include "warnings.hpp"
#include "window_functions.hpp"
