// The CUB table of libcunum_cub.so, loaded at its first use (Note [The CUB
// library], cub_loader.cpp); throws cunum::Error when it cannot be loaded.
#pragma once
#include "backend/cuda/cub_sort_abi.hpp"

namespace cunum::backend::cuda {
const CunumCubTable& cub_table();
}  // namespace cunum::backend::cuda
