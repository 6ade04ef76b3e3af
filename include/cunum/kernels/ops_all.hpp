// cunum/kernels/ops_all.hpp — every op header, one per chapter of NumPy's
// ufunc documentation; what a generated CUDA kernel includes.
//
// Note [Header names under NVRTC]
// NVRTC knows each embedded header under its full name and its base name
// (backend/cuda/jit.cpp), and treats the two as different files: a header
// reached under both spellings is defined twice. So the kernel headers name
// each other by base name ("ops.hpp"), and the generated kernels include
// only this header by full name (it brings convert.hpp, which the op headers
// use as well).
#pragma once
#include "convert.hpp"
#include "ops.hpp"
#include "ops_arithmetic.hpp"
#include "ops_exponential.hpp"
#include "ops_floating.hpp"
#include "ops_trigonometric.hpp"
