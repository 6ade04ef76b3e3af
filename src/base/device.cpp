#include "cunum/device.hpp"

#include <cstdlib>
#include <optional>
#include <string>

#include "backend/backend.hpp"
#include "cunum/error.hpp"

namespace cunum {

namespace {
thread_local std::optional<Device> t_device;

Device process_default() {
  static const Device d = [] {
    const char* env = std::getenv("CUNUM_DEVICE");
    if (env && *env) return Device::parse(env);
    const bool gpu = cuda_device_count() > 0 && backend::available(Device::cuda(0));
    return gpu ? Device::cuda(0) : Device::cpu();
  }();
  return d;
}
}  // namespace

std::string Device::str() const {
  return is_cpu() ? std::string("cpu") : "cuda:" + std::to_string(index);
}

Device Device::parse(const std::string& s) {
  if (s == "cpu") return cpu();
  if (s == "cuda" || s == "gpu") return cuda(0);
  if (s.rfind("cuda:", 0) == 0) {
    const std::string n = s.substr(5);
    if (!n.empty() && n.find_first_not_of("0123456789") == std::string::npos && n.size() < 6)
      return cuda(std::stoi(n));
  }
  throw ValueError("unknown device '" + s + "' (expected 'cpu', 'cuda' or 'cuda:N')");
}

Device default_device() { return t_device ? *t_device : process_default(); }
void set_default_device(Device d) { t_device = d; }
std::optional<Device> default_device_override() { return t_device; }
void set_default_device_override(std::optional<Device> d) { t_device = d; }

DeviceGuard::DeviceGuard(Device d) : prev_(t_device.value_or(Device{})), had_prev_(t_device.has_value()) {
  t_device = d;
}
DeviceGuard::~DeviceGuard() {
  if (had_prev_) t_device = prev_;
  else t_device.reset();
}

}  // namespace cunum
