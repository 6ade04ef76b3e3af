// The on-disk kernel cache: CUBINs keyed by (source, architecture, NVRTC
// version) under CUNUM_CACHE_DIR (default ~/.cache/cunum). Writes are atomic
// (temporary file + rename); a missing, corrupt or unwritable cache is never
// an error — the kernel is simply compiled.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace cunum::backend::cuda {
std::optional<std::vector<char>> disk_cache_load(const std::string& source, int arch);
void disk_cache_store(const std::string& source, int arch, const std::vector<char>& cubin);
}  // namespace cunum::backend::cuda
