// A small array's values on the host, for routines whose arguments NumPy reads
// as host sequences (positions of insert/delete, random's parameter lists).
#pragma once
#include <vector>

#include "cunum/creation.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::detail {

// The values of `a` in C order as `T`, converted to `dtype` (bool: 0/1 bytes);
// an array on a GPU is copied back (one wait).
template <class T>
std::vector<T> host_values(const ndarray& a, DType dtype) {
  const ndarray c = ascontiguousarray(a.to(Device::cpu()), dtype);
  std::vector<T> v(static_cast<size_t>(c.size()));
  if (!v.empty()) c.copy_to_host(v.data());
  return v;
}

}  // namespace cunum::detail
