// How a select plan becomes its three launches (Note [Select kernels]).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

uint64_t CudaBackend::select_key(const SelectKernel& k) {
  int l = 0;
  while ((1 << l) < k.itemsize) ++l;
  return uint64_t(Family::Select) | uint64_t(k.stage) << 8 | uint64_t(l) << 12 | uint64_t(k.positions) << 16 |
         uint64_t(k.rows) << 17;
}

int64_t CudaBackend::select_blocks(int64_t n) const { return std::max<int64_t>(1, (n + kSelectChunk - 1) / kSelectChunk); }

// The block counts, their exclusive offsets and the total (the one wait).
int64_t CudaBackend::select_count(const SelectPlan& plan) {
  int64_t nb = select_blocks(plan.n);
  const SelectKernel count{SelectStage::Count, 1, false, false}, scan{SelectStage::Scan, 1, false, false};
  LoadedKernel kc = kernel(select_key(count), [&] { return select_source(count); });
  LoadedKernel ks = kernel(select_key(scan), [&] { return select_source(scan); });
  use_device();
  const unsigned char* m = reinterpret_cast<const unsigned char*>(plan.mask);
  long long n = plan.n;
  long long* blocks = reinterpret_cast<long long*>(plan.blocks);
  long long nbl = nb;
  void* ca[] = {&m, &n, &blocks};
  launch_kernel(kc, dim3(static_cast<unsigned>(nb)), dim3(256), ca, stream());
  void* sa[] = {&blocks, &nbl};
  launch_kernel(ks, dim3(1), dim3(1024), sa, stream());
  int64_t total = 0;
  copy_to_host(&total, plan.blocks + nb, sizeof total);
  return total;
}

void CudaBackend::select_write(const SelectPlan& plan) {
  const int64_t nb = select_blocks(plan.n);
  // The widest item that divides the row and both addresses.
  int w = 16;
  if (plan.in) {
    while (plan.row_bytes % w || reinterpret_cast<uintptr_t>(plan.in) % w || reinterpret_cast<uintptr_t>(plan.out) % w)
      w /= 2;
  }
  const SelectKernel wk{SelectStage::Write, plan.in ? w : 8, plan.in == nullptr, plan.in && plan.row_bytes > w};
  LoadedKernel k = kernel(select_key(wk), [&] { return select_source(wk); });
  use_device();
  const unsigned char* m = reinterpret_cast<const unsigned char*>(plan.mask);
  long long n = plan.n;
  const char* in = plan.in;
  char* out = plan.out;
  long long items = plan.in ? plan.row_bytes / w : 1;
  const long long* blocks = reinterpret_cast<const long long*>(plan.blocks);
  void* args[] = {&m, &n, &in, &out, &items, &blocks};
  launch_kernel(k, dim3(static_cast<unsigned>(nb)), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
