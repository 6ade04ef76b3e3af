// The device new arrays go to (cunum/device.hpp): the thread's choice, else
// CUNUM_DEVICE, else the first GPU whose backend is available, else the CPU.
// It asks the backends, so it sits in their layer, not in src/base/.
#include <cstdlib>
#include <optional>

#include "backend/backend.hpp"
#include "cunum/device.hpp"

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
