// Device names. Which device new arrays go to asks the backends whether a GPU
// is usable, so that lives a layer up: src/backend/default_device.cpp.
#include "cunum/device.hpp"

#include <string>

#include "cunum/error.hpp"

namespace cunum {

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

}  // namespace cunum
