// cunum/creation.hpp — making arrays.
//
//   auto a = cunum::zeros({2, 3}, cunum::DType::Float32);
//   auto r = cunum::arange(0, 10, 2);                    // int64 [0 2 4 6 8]
//   auto x = cunum::linspace(0.0, 1.0, 5);
//   auto h = cunum::from_host<float>({1.f, 2.f, 3.f}, {3});
#pragma once
#include <optional>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

struct ArrayOptions {
  std::optional<DType> dtype;
  std::optional<Device> device;
  char order = 'C';
};

ndarray empty(const Shape& shape, DType dtype = DType::Float64, std::optional<Device> device = {},
              char order = 'C');
ndarray zeros(const Shape& shape, DType dtype = DType::Float64, std::optional<Device> device = {},
              char order = 'C');
ndarray ones(const Shape& shape, DType dtype = DType::Float64, std::optional<Device> device = {},
             char order = 'C');
ndarray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype = {},
             std::optional<Device> device = {}, char order = 'C');
// order 'K' keeps the layout of `like` where it is contiguous in some order.
ndarray empty_like(const ndarray& like, std::optional<DType> dtype = {}, char order = 'K',
                   std::optional<Shape> shape = {}, std::optional<Device> device = {});
ndarray zeros_like(const ndarray& like, std::optional<DType> dtype = {}, char order = 'K',
                   std::optional<Shape> shape = {}, std::optional<Device> device = {});
ndarray ones_like(const ndarray& like, std::optional<DType> dtype = {}, char order = 'K',
                  std::optional<Shape> shape = {}, std::optional<Device> device = {});
ndarray full_like(const ndarray& like, const Scalar& value, std::optional<DType> dtype = {},
                  char order = 'K', std::optional<Shape> shape = {},
                  std::optional<Device> device = {});

ndarray arange(const Scalar& stop);
ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step = Scalar(1),
               std::optional<DType> dtype = {}, std::optional<Device> device = {});
ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = {}, std::optional<Device> device = {});
ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 const Scalar& base = Scalar(10.0), std::optional<DType> dtype = {},
                 std::optional<Device> device = {});
ndarray eye(int64_t n, std::optional<int64_t> m = {}, int64_t k = 0, DType dtype = DType::Float64,
            std::optional<Device> device = {}, char order = 'C');
ndarray identity(int64_t n, DType dtype = DType::Float64, std::optional<Device> device = {});

// A 0-d array holding a scalar (dtype: the scalar's own, or its default).
ndarray scalar_array(const Scalar& value, std::optional<DType> dtype = {},
                     std::optional<Device> device = {});
// An array made from C-contiguous host data of the given dtype.
ndarray from_host_bytes(const void* data, const Shape& shape, DType dtype,
                        std::optional<Device> device = {});
template <class T>
ndarray from_host(const std::vector<T>& values, const Shape& shape,
                  std::optional<Device> device = {}) {
  return from_host_bytes(values.data(), shape, dtype_of<T>(), device);
}
// std::vector<bool> packs bits; unpack it into bytes first.
inline ndarray from_host(const std::vector<bool>& values, const Shape& shape,
                         std::optional<Device> device = {}) {
  std::vector<unsigned char> bytes(values.begin(), values.end());
  return from_host_bytes(bytes.data(), shape, DType::Bool, device);
}
// Copy (order 'C', 'F', 'A' or 'K') onto a device, optionally converting dtype.
ndarray array(const ndarray& a, std::optional<DType> dtype = {}, bool copy = true,
              char order = 'K', std::optional<Device> device = {});
ndarray ascontiguousarray(const ndarray& a, std::optional<DType> dtype = {});
ndarray asfortranarray(const ndarray& a, std::optional<DType> dtype = {});

}  // namespace cunum
