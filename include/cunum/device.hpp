// cunum/device.hpp — where an array lives: the CPU or CUDA device N.
//
//   cunum::Device d = cunum::Device::cuda(0);
//   cunum::DeviceGuard g(cunum::Device::cpu());   // new arrays go to the CPU in this scope
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace cunum {

struct Device {
  enum class Kind : uint8_t { CPU, CUDA };
  Kind kind = Kind::CPU;
  int index = 0;
  static Device cpu() { return {Kind::CPU, 0}; }
  static Device cuda(int i = 0) { return {Kind::CUDA, i}; }
  bool is_cpu() const { return kind == Kind::CPU; }
  bool is_cuda() const { return kind == Kind::CUDA; }
  bool operator==(const Device& o) const { return kind == o.kind && index == o.index; }
  bool operator!=(const Device& o) const { return !(*this == o); }
  std::string str() const;  // "cpu", "cuda:0"
  static Device parse(const std::string& s);  // "cpu", "cuda", "cuda:1"; throws ValueError
};

// The device new arrays go to when none is named: the current thread's choice
// if one was made (DeviceGuard / set_default_device), else CUNUM_DEVICE, else
// the first usable GPU, else the CPU.
Device default_device();
void set_default_device(Device d);  // for the current thread
// The current thread's explicit choice, if any (nullopt: none made).
std::optional<Device> default_device_override();
void set_default_device_override(std::optional<Device> d);
// Number of usable CUDA devices (0 when cunum was built without CUDA, or
// there is no driver or GPU). Never throws.
int cuda_device_count();

class DeviceGuard {
 public:
  explicit DeviceGuard(Device d);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  Device prev_;
  bool had_prev_;
};

}  // namespace cunum
