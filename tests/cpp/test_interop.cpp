// DLPack export/import and foreign memory from C++ (cunum/interop.hpp). The
// Python protocols against NumPy (and PyTorch/CuPy on the GPU) are
// tests/python/test_dlpack.py.
#include <gtest/gtest.h>

#include <cunum/cunum.hpp>
#include <cunum/interop.hpp>
#include <vector>

using namespace cunum;
namespace dl = cunum::dlpack;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
}  // namespace

TEST(Interop, VersionedExportDescribesTheArrayAndKeepsItAlive) {
  dl::DLManagedTensorVersioned* t;
  char* data;
  {
    ndarray a = from_host(std::vector<float>{0, 1, 2, 3, 4, 5}, {2, 3}, Device::cpu()).T();  // strides (4, 12) bytes
    data = a.data();
    t = to_dlpack_versioned(a, /*read_only=*/true);
  }  // `a` is gone; the tensor still holds its memory
  EXPECT_EQ(t->version.major, 1u);
  EXPECT_EQ(t->flags, dl::kFlagReadOnly);
  EXPECT_EQ(t->dl_tensor.data, data);
  EXPECT_EQ(t->dl_tensor.device.device_type, dl::kDLCPU);
  EXPECT_EQ(t->dl_tensor.ndim, 2);
  EXPECT_EQ(t->dl_tensor.dtype.code, dl::kDLFloat);
  EXPECT_EQ(t->dl_tensor.dtype.bits, 32);
  EXPECT_EQ(t->dl_tensor.dtype.lanes, 1);
  EXPECT_EQ(t->dl_tensor.shape[0], 3);
  EXPECT_EQ(t->dl_tensor.shape[1], 2);
  EXPECT_EQ(t->dl_tensor.strides[0], 1);  // elements, not bytes
  EXPECT_EQ(t->dl_tensor.strides[1], 3);
  EXPECT_EQ(static_cast<float*>(t->dl_tensor.data)[5], 5.0f);
  t->deleter(t);
}

TEST(Interop, RoundTripSharesMemoryAndCallsTheDeleterOnce) {
  ndarray a = from_host(std::vector<int64_t>{1, 2, 3, 4, 5, 6}, {2, 3});
  ndarray rev = flip(a, std::vector<int64_t>{1});  // negative strides survive the trip
  ndarray b = from_dlpack(to_dlpack(rev));
  EXPECT_TRUE(is_external(b));
  EXPECT_EQ(b.data(), rev.data());
  EXPECT_EQ(b.strides(), rev.strides());
  EXPECT_EQ(host<int64_t>(b), (std::vector<int64_t>{3, 2, 1, 6, 5, 4}));
  a.fill(Scalar(int64_t{7}));
  EXPECT_EQ(host<int64_t>(b), (std::vector<int64_t>(6, 7)));  // a view, not a copy
  ndarray c = from_dlpack(to_dlpack_versioned(a));
  EXPECT_EQ(c.data(), a.data());
  EXPECT_EQ(c.dtype(), DType::Int64);
}

TEST(Interop, EveryDTypeRoundTrips) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const DType d = static_cast<DType>(i);
    ndarray a = zeros({4}, d);
    ndarray b = from_dlpack(to_dlpack_versioned(a));
    EXPECT_EQ(b.dtype(), d) << dtype_name(d);
    EXPECT_EQ(from_dlpack_dtype(to_dlpack_dtype(d)), d);
  }
  EXPECT_EQ(to_dlpack_dtype(DType::Bool).code, dl::kDLBool);
  EXPECT_EQ(to_dlpack_dtype(DType::Complex128).bits, 128);
}

namespace {
// A foreign producer: a tensor over a std::vector that counts its deleter calls.
struct Foreign {
  std::vector<double> data{1, 2, 3, 4};
  int64_t shape[1] = {4};
  int64_t strides[1] = {1};
  int* deleted;
  dl::DLManagedTensorVersioned m{};
};
dl::DLManagedTensorVersioned* foreign(int* deleted) {
  auto* f = new Foreign();
  f->deleted = deleted;
  f->m.version = {1, 0};
  f->m.manager_ctx = f;
  f->m.deleter = [](dl::DLManagedTensorVersioned* self) {
    auto* p = static_cast<Foreign*>(self->manager_ctx);
    ++*p->deleted;
    delete p;
  };
  f->m.dl_tensor = {f->data.data(), {dl::kDLCPU, 0}, 1, {dl::kDLFloat, 64, 1}, f->shape, f->strides, 0};
  return &f->m;
}
}  // namespace

TEST(Interop, ImportCallsTheProducersDeleterWhenTheLastViewGoes) {
  int deleted = 0;
  {
    ndarray a = from_dlpack(foreign(&deleted));
    ndarray v = index(a, {Slice{1, {}, {}}});
    EXPECT_EQ(host<double>(v), (std::vector<double>{2, 3, 4}));
    a = ndarray();
    EXPECT_EQ(deleted, 0);  // v still views the memory
  }
  EXPECT_EQ(deleted, 1);
}

TEST(Interop, MalformedTensorsAreRefusedAndLeftToTheCaller) {
  int deleted = 0;
  dl::DLManagedTensorVersioned* t = foreign(&deleted);
  t->dl_tensor.dtype = {dl::kDLBfloat, 16, 1};
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->dl_tensor.dtype = {dl::kDLFloat, 64, 4};  // lanes
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->dl_tensor.dtype = {dl::kDLFloat, 64, 1};
  t->dl_tensor.device = {7, 0};  // Vulkan
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->dl_tensor.device = {dl::kDLCUDA, 99};
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->dl_tensor.device = {dl::kDLCPU, 0};
  t->dl_tensor.ndim = -1;
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->dl_tensor.ndim = 1;
  t->version.major = 2;
  EXPECT_THROW(from_dlpack(t), ValueError);
  t->version.major = 1;
  EXPECT_THROW(from_dlpack(static_cast<dl::DLManagedTensorVersioned*>(nullptr)), ValueError);
  EXPECT_EQ(deleted, 0);
  t->deleter(t);
  EXPECT_EQ(deleted, 1);
}

TEST(Interop, FromExternalViewsAPointerWithByteStrides) {
  std::vector<int32_t> buf{0, 1, 2, 3, 4, 5};
  auto owner = std::make_shared<int>(0);
  ndarray a = from_external(buf.data(), {3, 2}, {4, 12}, DType::Int32, Device::cpu(), owner);
  EXPECT_EQ(host<int32_t>(a), (std::vector<int32_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(owner.use_count(), 2);
  // Negative strides: data points at the first element, not the lowest address.
  ndarray r = from_external(buf.data() + 5, {6}, {-4}, DType::Int32, Device::cpu(), nullptr);
  EXPECT_EQ(host<int32_t>(r), (std::vector<int32_t>{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(r.base().nbytes(), 24);
  a = ndarray();
  EXPECT_EQ(owner.use_count(), 1);
  EXPECT_THROW(from_external(nullptr, {2}, {4}, DType::Int32, Device::cpu(), nullptr), ValueError);
  EXPECT_THROW(from_external(buf.data(), {2}, {4, 4}, DType::Int32, Device::cpu(), nullptr), ValueError);
}

TEST(Interop, CudaArraysExportAsKDLCUDA) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  ndarray a = arange(Scalar(0.0), Scalar(8.0), Scalar(1.0), DType::Float32, Device::cuda(0));
  dl::DLManagedTensorVersioned* t = to_dlpack_versioned(a);
  EXPECT_EQ(t->dl_tensor.device.device_type, dl::kDLCUDA);
  EXPECT_EQ(t->dl_tensor.device.device_id, 0);
  ndarray b = from_dlpack(t);
  EXPECT_EQ(b.device(), Device::cuda(0));
  EXPECT_EQ(b.data(), a.data());
  EXPECT_EQ(host<float>(b * b), (std::vector<float>{0, 1, 4, 9, 16, 25, 36, 49}));
}
