// The C++ API: NumPy semantics from C++.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example
#include <cunum/cunum.hpp>
#include <iostream>

int main() {
  using namespace cunum;
  ndarray a = arange(6).reshape({2, 3});          // int64 [[0 1 2] [3 4 5]]
  ndarray b = add(a, 10);                          // weak scalar: stays int64
  ndarray c = a.astype(DType::Float32) / 2;        // float32
  ndarray s = sum(a, /*axis=*/1);                  // [3 12]
  ndarray m = mean(c, ReduceOptions{.axis = std::vector<int64_t>{0}});
  std::cout << "device: " << a.device().str() << "\n";
  std::cout << "a + 10 =\n" << b << "\n";
  std::cout << "a / 2 (float32) =\n" << c << "\n";
  std::cout << "sum(a, axis=1) = " << s << "\n";
  std::cout << "mean(a / 2, axis=0) = " << m << "\n";
  std::cout << "max(a) = " << max(a).item().repr() << "\n";
  return 0;
}
