#include "backend/cuda/disk_cache.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "backend/cuda/embedded_headers.hpp"
#include "backend/cuda/jit.hpp"

namespace cunum::backend::cuda {

namespace {
constexpr char kMagic[8] = {'C', 'U', 'N', 'U', 'M', 'K', '0', '1'};

std::string cache_dir() {
  if (const char* d = std::getenv("CUNUM_CACHE_DIR"); d && *d) return d;
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/cunum";
  return "";
}

uint64_t fnv1a(const char* p, size_t n, uint64_t h = 1469598103934665603ull) {
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
  return h;
}

// The full key is the source text plus the compiler identity and a hash of
// the embedded kernel headers the source includes (a changed op definition
// must not load a kernel built from the old one); the file name is its
// FNV-1a hash, and the file repeats the key so a collision is a miss.
std::string full_key(const std::string& source, int arch) {
  static const int version = [] {
    try {
      return nvrtc_version();
    } catch (...) {
      return 0;
    }
  }();
  static const uint64_t headers = [] {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < kNumEmbeddedHeaders; ++i) {
      h = fnv1a(kEmbeddedHeaders[i].name, std::strlen(kEmbeddedHeaders[i].name), h);
      h = fnv1a(kEmbeddedHeaders[i].text, std::strlen(kEmbeddedHeaders[i].text), h);
    }
    return h;
  }();
  char hh[17];
  std::snprintf(hh, sizeof hh, "%016llx", static_cast<unsigned long long>(headers));
  return source + "\n// sm_" + std::to_string(arch) + " nvrtc " + std::to_string(version) + " headers " + hh + "\n";
}

std::string path_for(const std::string& dir, const std::string& key) {
  const uint64_t h = fnv1a(key.data(), key.size());
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.cubin", static_cast<unsigned long long>(h));
  return dir + "/" + name;
}
}  // namespace

std::optional<std::vector<char>> disk_cache_load(const std::string& source, int arch) {
  const std::string dir = cache_dir();
  if (dir.empty()) return std::nullopt;
  const std::string key = full_key(source, arch);
  std::FILE* f = std::fopen(path_for(dir, key).c_str(), "rb");
  if (!f) return std::nullopt;
  std::vector<char> data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.insert(data.end(), buf, buf + n);
  std::fclose(f);
  const size_t head = sizeof kMagic + 8;
  if (data.size() < head || std::memcmp(data.data(), kMagic, sizeof kMagic) != 0) return std::nullopt;
  uint64_t klen;
  std::memcpy(&klen, data.data() + sizeof kMagic, 8);
  if (data.size() < head + klen || klen != key.size() ||
      std::memcmp(data.data() + head, key.data(), klen) != 0)
    return std::nullopt;
  std::vector<char> cubin(data.begin() + static_cast<std::ptrdiff_t>(head + klen), data.end());
  if (cubin.size() < 4) return std::nullopt;  // truncated entry
  return cubin;
}

void disk_cache_store(const std::string& source, int arch, const std::vector<char>& cubin) {
  const std::string dir = cache_dir();
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string key = full_key(source, arch);
  const std::string path = path_for(dir, key);
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return;
  const uint64_t klen = key.size();
  bool ok = std::fwrite(kMagic, 1, sizeof kMagic, f) == sizeof kMagic &&
            std::fwrite(&klen, 1, 8, f) == 8 && std::fwrite(key.data(), 1, klen, f) == klen &&
            std::fwrite(cubin.data(), 1, cubin.size(), f) == cubin.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) std::remove(tmp.c_str());
}

}  // namespace cunum::backend::cuda
