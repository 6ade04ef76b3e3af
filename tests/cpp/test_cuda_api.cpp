// include/cunum/cuda.hpp from C++: streams, events and allocators. On a
// machine without a usable GPU the same calls must fail with ValueError.
#include <gtest/gtest.h>

#include <cunum/cunum.hpp>
#include <cunum/cuda.hpp>

#include <vector>

#include "backend/backend.hpp"

using namespace cunum;

namespace {
bool have_gpu() { return cuda_device_count() > 0; }
}  // namespace

TEST(CudaApi, WithoutAGpuStreamsAndEventsRaiseValueError) {
  if (have_gpu()) GTEST_SKIP() << "a GPU is present (see the other CudaApi tests)";
  EXPECT_THROW(cuda::Stream(), ValueError);
  EXPECT_THROW(cuda::Event(), ValueError);
  EXPECT_THROW(cuda::current_stream(0), ValueError);
}

TEST(CudaApi, StreamGuardOrdersWorkOnTheStream) {
  if (!have_gpu()) GTEST_SKIP() << "needs a CUDA device";
  DeviceGuard on_gpu(Device::cuda(0));
  cuda::Stream s(/*non_blocking=*/true);
  EXPECT_NE(s.ptr(), 0u);
  EXPECT_EQ(cuda::current_stream().ptr(), 0u);
  ndarray y;
  cuda::Event start, end;
  {
    cuda::StreamGuard g(s);
    EXPECT_EQ(cuda::current_stream().ptr(), s.ptr());
    start.record();
    ndarray x = arange(Scalar(int64_t{0}), Scalar(int64_t{1000}), Scalar(int64_t{1}), DType::Float64);
    y = sum(x * x);
    end.record();
  }
  EXPECT_EQ(cuda::current_stream().ptr(), 0u);
  s.synchronize();
  EXPECT_TRUE(s.done());
  EXPECT_GE(cuda::elapsed_time(start, end), 0.0f);
  EXPECT_EQ(y.item().as_double(), 332833500.0);  // sum of i^2 for i < 1000
}

TEST(CudaApi, DirectAllocatorBypassesThePool) {
  if (!have_gpu()) GTEST_SKIP() << "needs a CUDA device";
  DeviceGuard on_gpu(Device::cuda(0));
  struct Restore {
    ~Restore() { cuda::set_allocator(cuda::AllocatorKind::Pool); }
  } restore;
  auto& pool = backend::get(Device::cuda(0));
  const size_t before = pool.pool_stats().used_bytes;
  cuda::set_allocator(cuda::AllocatorKind::Direct);
  ndarray a = full({1000}, Scalar(2.5), DType::Float32);
  EXPECT_EQ(pool.pool_stats().used_bytes, before);  // not from the pool
  EXPECT_EQ(sum(a).item().as_double(), 2500.0);
}
