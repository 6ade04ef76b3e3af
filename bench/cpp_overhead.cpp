// Host cost per call of small operations through the C++ API (no Python):
// separates binding cost from core/backend cost. Build on the GPU machine:
//   g++ -O2 -std=c++20 -Iinclude -Isrc bench/cpp_overhead.cpp <build>/libcunum.a \
//       -L/usr/local/cuda/lib64 -lcudart_static -ldl -lpthread -lrt -o /tmp/cpp_overhead
#include <chrono>
#include <cstdio>
#include <cunum/cunum.hpp>

using namespace cunum;

template <class F> double per_call_us(F&& f, const ndarray& sync_on, int n = 20000) {
  for (int i = 0; i < 500; ++i) f();
  (void)sync_on.item(0);
  auto t = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) f();
  (void)sync_on.item(0);
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t).count() / n;
}

// Time to issue n calls without waiting for the GPU (n below the launch
// queue's depth): if this is far below per_call_us, the GPU is the bottleneck.
template <class F> double issue_us(F&& f, const ndarray& sync_on, int n = 500) {
  (void)sync_on.item(0);
  auto t = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) f();
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t).count() / n;
  (void)sync_on.item(0);
  return us;
}

int main(int argc, char** argv) {
  Device dev = argc > 1 ? Device::parse(argv[1]) : default_device();
  DeviceGuard g(dev);
  ndarray x = ones({2000}, DType::Float32), y = ones({2000}, DType::Float32);
  ndarray o = empty({2000}, DType::Float32);
  std::printf("%s fill            %7.2f us\n", dev.str().c_str(), per_call_us([&] { o.fill(Scalar(1.0)); }, o));
  std::printf("%s copyto          %7.2f us\n", dev.str().c_str(), per_call_us([&] { copyto(o, x); }, o));
  std::printf("%s add out=        %7.2f us\n", dev.str().c_str(), per_call_us([&] { add(x, y, {.out = o}); }, o));
  std::printf("%s x + y           %7.2f us\n", dev.str().c_str(), per_call_us([&] { ndarray r = x + y; }, o));
  std::printf("%s sum             %7.2f us\n", dev.str().c_str(), per_call_us([&] { ndarray r = sum(x); }, o));
  std::printf("%s issue only: fill %.2f  copyto %.2f  add out= %.2f  sum %.2f us\n", dev.str().c_str(),
              issue_us([&] { o.fill(Scalar(1.0)); }, o), issue_us([&] { copyto(o, x); }, o),
              issue_us([&] { add(x, y, {.out = o}); }, o), issue_us([&] { ndarray r = sum(x); }, o));
  return 0;
}
