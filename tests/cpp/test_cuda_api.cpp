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
  EXPECT_THROW(cuda::current_stream_ptr(0), ValueError);
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
    EXPECT_EQ(cuda::current_stream_ptr(0), s.ptr());
    start.record();
    ndarray x = arange(Scalar(int64_t{0}), Scalar(int64_t{1000}), Scalar(int64_t{1}), DType::Float64);
    y = sum(x * x);
    end.record();
  }
  EXPECT_EQ(cuda::current_stream().ptr(), 0u);
  EXPECT_EQ(cuda::current_stream_ptr(0), 0u);
  EXPECT_THROW(cuda::current_stream_ptr(cuda_device_count()), ValueError);
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

// cunum::cuda::pinned_malloc/pinned_free (cunum.cuda.alloc_pinned_memory):
// from the pinned pool or cudaHostAlloc directly, host-writable; the
// versions and device facts of cunum.show_config(); the profiler calls.
TEST(CudaApi, PinnedMemoryVersionsAndProfiler) {
  if (!have_gpu()) {
    EXPECT_ANY_THROW(cuda::pinned_malloc(64));
    GTEST_SKIP() << "the rest needs a CUDA device";
  }
  const size_t before = cuda::pinned_pool_stats().used_bytes;
  void* p = cuda::pinned_malloc(1 << 20);
  ASSERT_NE(p, nullptr);
  EXPECT_GE(cuda::pinned_pool_stats().used_bytes, before + (1 << 20));
  static_cast<unsigned char*>(p)[(1 << 20) - 1] = 7;
  EXPECT_EQ(static_cast<unsigned char*>(p)[(1 << 20) - 1], 7);
  cuda::pinned_free(p);
  EXPECT_EQ(cuda::pinned_pool_stats().used_bytes, before);
  void* q = cuda::pinned_malloc(4096, /*pooled=*/false);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(cuda::pinned_pool_stats().used_bytes, before);  // not from the pool
  static_cast<unsigned char*>(q)[0] = 1;
  cuda::pinned_free(q, false);

  const cuda::Versions v = cuda::versions();
  EXPECT_GT(v.build, 0);
  EXPECT_GT(v.runtime, 0);
  EXPECT_GE(v.driver, v.runtime / 1000 * 1000);  // a driver at least as new as the runtime's major
  EXPECT_GT(v.nvrtc, 0);
  const cuda::DeviceInfo d = cuda::device_info(0);
  EXPECT_FALSE(d.name.empty());
  EXPECT_GT(d.total_memory, 0u);
  EXPECT_GE(d.major, 5);
  EXPECT_NO_THROW(cuda::profiler_start());
  EXPECT_NO_THROW(cuda::profiler_stop());
}
