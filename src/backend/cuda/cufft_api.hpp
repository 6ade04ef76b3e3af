// cuFFT's entry points, resolved from libcufft at the first transform
// (Note [Loading cuFFT]). Only the types come from <cufft.h>: nothing links
// against the library.
#pragma once
#include <cufft.h>

namespace cunum::backend::cuda {

struct CufftApi {
  decltype(&::cufftCreate) create;
  decltype(&::cufftDestroy) destroy;
  decltype(&::cufftSetAutoAllocation) set_auto_allocation;
  decltype(&::cufftMakePlanMany64) make_plan_many64;
  decltype(&::cufftSetWorkArea) set_work_area;
  decltype(&::cufftSetStream) set_stream;
  decltype(&::cufftExecC2C) exec_c2c;
  decltype(&::cufftExecZ2Z) exec_z2z;
  decltype(&::cufftExecR2C) exec_r2c;
  decltype(&::cufftExecD2Z) exec_d2z;
  decltype(&::cufftExecC2R) exec_c2r;
  decltype(&::cufftExecZ2D) exec_z2d;
  decltype(&::cufftGetVersion) get_version;
};

// The table, loaded once; throws cunum::Error naming the paths tried when
// the library cannot be found.
const CufftApi& cufft_api();

}  // namespace cunum::backend::cuda
