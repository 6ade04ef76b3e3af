// Note [CUDA libraries]
// cuBLAS (and cuSOLVER) come from the CUDA toolkit as shared libraries; cunum
// links neither. The first matrix product on a GPU opens libcublas with
// dlopen() and resolves the few entry points it calls (CublasApi), so import
// stays in milliseconds and a machine without the library can use every
// other op. Where, in order: $CUNUM_CUBLAS_LIBRARY; a copy already loaded in
// the process (CuPy's or PyTorch's, found with dl_iterate_phdr); the sonames
// of CUDA 13 and 12 on the loader's path; the same names in the toolkit's
// folder cunum was built against (CUNUM_CUDA_LIBRARY_DIR). The library runs
// on the device's primary context, as cunum's own runtime does (both are the
// driver's), so cunum's streams and pointers are valid there. The _64 entry
// points (CUDA 12+) take every size as int64: no product is too large to
// describe.
#include "backend/cuda/cuda_libraries.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_map>

#include "backend/cuda/cuda_check.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// The path of a loaded object whose file name starts with `stem` ("libcublas.so").
std::string loaded(const std::string& stem) {
  struct Ctx {
    std::string stem, path;
  } ctx{stem, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* c = static_cast<Ctx*>(data);
        if (!info->dlpi_name || !*info->dlpi_name || !c->path.empty()) return 0;
        const std::string path = info->dlpi_name;
        if (path.substr(path.rfind('/') + 1).rfind(c->stem, 0) == 0) c->path = path;
        return 0;
      },
      &ctx);
  return ctx.path;
}
}  // namespace

void* open_cuda_library(const char* what, const char* env_var, const char* const* names, int nnames) {
  std::string tried;
  auto attempt = [&](const std::string& n) -> void* {
    if (n.empty()) return nullptr;
    tried += n + "; ";
    return dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
  };
  if (const char* env = std::getenv(env_var); env && *env) {
    if (void* h = attempt(env)) return h;
    throw Error(std::string("cunum: ") + env_var + "=" + env + " could not be opened");
  }
  const std::string stem = std::string(names[nnames - 1]);  // the unversioned name, e.g. "libcublas.so"
  if (void* h = attempt(loaded(stem))) return h;
  for (int i = 0; i < nnames; ++i)
    if (void* h = attempt(names[i])) return h;
#ifdef CUNUM_CUDA_LIBRARY_DIR
  for (int i = 0; i < nnames; ++i)
    if (void* h = attempt(std::string(CUNUM_CUDA_LIBRARY_DIR) + "/" + names[i])) return h;
#endif
  const char* e = dlerror();
  throw Error(std::string("cunum: ") + what + " could not be loaded (tried " + tried + ")" +
              (e ? std::string(": ") + e : "") + "; set " + env_var + " to its path");
}

void* cuda_library_symbol(void* lib, const char* what, const char* name, bool optional) {
  void* f = dlsym(lib, name);
  if (!f && !optional) throw Error(std::string("cunum: ") + what + " has no " + name + " (too old a CUDA toolkit?)");
  return f;
}

const CublasApi& cublas_api() {
  static CublasApi api;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    try {
      static const char* const names[] = {"libcublas.so.13", "libcublas.so.12", "libcublas.so"};
      void* h = open_cuda_library("cuBLAS", "CUNUM_CUBLAS_LIBRARY", names, 3);
      auto sym = [&](const char* n) { return cuda_library_symbol(h, "cuBLAS", n); };
      CublasApi a;
      a.create = reinterpret_cast<decltype(a.create)>(sym("cublasCreate_v2"));
      a.set_stream = reinterpret_cast<decltype(a.set_stream)>(sym("cublasSetStream_v2"));
      a.set_math_mode = reinterpret_cast<decltype(a.set_math_mode)>(sym("cublasSetMathMode"));
      a.set_workspace = reinterpret_cast<decltype(a.set_workspace)>(  // CUDA 11.4+; optional
          cuda_library_symbol(h, "cuBLAS", "cublasSetWorkspace_v2", /*optional=*/true));
      a.gemm_ex = reinterpret_cast<decltype(a.gemm_ex)>(sym("cublasGemmEx_64"));
      a.gemm_ex32 = reinterpret_cast<decltype(a.gemm_ex32)>(sym("cublasGemmEx"));
      a.gemm_strided_batched_ex =
          reinterpret_cast<decltype(a.gemm_strided_batched_ex)>(sym("cublasGemmStridedBatchedEx_64"));
      const char* const pre[4] = {"S", "D", "C", "Z"};
      for (int t = 0; t < 4; ++t) {
        a.getrf_batched[t] = reinterpret_cast<std::remove_reference_t<decltype(a.getrf_batched[0])>>(
            sym((std::string("cublas") + pre[t] + "getrfBatched").c_str()));
        a.getrs_batched[t] = reinterpret_cast<std::remove_reference_t<decltype(a.getrs_batched[0])>>(
            sym((std::string("cublas") + pre[t] + "getrsBatched").c_str()));
      }
      api = a;
    } catch (const Error& e) {
      error = e.what();
    }
  });
  if (!api.create) throw Error(error);
  return api;
}

CublasHandle& cublas_handle(int device) {
  static std::mutex mu;
  static auto* handles = new std::unordered_map<int, std::unique_ptr<CublasHandle>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<CublasHandle>& h = (*handles)[device];
  if (!h) {
    const CublasApi& api = cublas_api();
    int cur = -1;
    CUNUM_CUDA_CHECK(cudaGetDevice(&cur));
    if (cur != device) CUNUM_CUDA_CHECK(cudaSetDevice(device));
    auto made = std::make_unique<CublasHandle>();
    const cublasStatus_t st = api.create(&made->handle);
    if (cur != device) cudaSetDevice(cur);
    if (st != CUBLAS_STATUS_SUCCESS) throw Error("cunum: cublasCreate failed with status " + std::to_string(int(st)));
    // The math mode stays the default: each call names its compute type.
    h = std::move(made);
  }
  return *h;
}

const CusolverApi& cusolver_api() {
  static CusolverApi api;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    try {
      static const char* const names[] = {"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"};
      void* h = open_cuda_library("cuSOLVER", "CUNUM_CUSOLVER_LIBRARY", names, 3);
      auto sym = [&](const char* n) { return cuda_library_symbol(h, "cuSOLVER", n); };
      CusolverApi a;
      a.create = reinterpret_cast<decltype(a.create)>(sym("cusolverDnCreate"));
      a.set_stream = reinterpret_cast<decltype(a.set_stream)>(sym("cusolverDnSetStream"));
      a.create_params = reinterpret_cast<decltype(a.create_params)>(sym("cusolverDnCreateParams"));
      a.getrf_buffer = reinterpret_cast<decltype(a.getrf_buffer)>(sym("cusolverDnXgetrf_bufferSize"));
      a.getrf = reinterpret_cast<decltype(a.getrf)>(sym("cusolverDnXgetrf"));
      a.getrs = reinterpret_cast<decltype(a.getrs)>(sym("cusolverDnXgetrs"));
      a.potrf_buffer = reinterpret_cast<decltype(a.potrf_buffer)>(sym("cusolverDnXpotrf_bufferSize"));
      a.potrf = reinterpret_cast<decltype(a.potrf)>(sym("cusolverDnXpotrf"));
      a.gesvd_buffer = reinterpret_cast<decltype(a.gesvd_buffer)>(sym("cusolverDnXgesvd_bufferSize"));
      a.gesvd = reinterpret_cast<decltype(a.gesvd)>(sym("cusolverDnXgesvd"));
      a.syevd_buffer = reinterpret_cast<decltype(a.syevd_buffer)>(sym("cusolverDnXsyevd_bufferSize"));
      a.syevd = reinterpret_cast<decltype(a.syevd)>(sym("cusolverDnXsyevd"));
      a.geqrf_buffer = reinterpret_cast<decltype(a.geqrf_buffer)>(sym("cusolverDnXgeqrf_bufferSize"));
      a.geqrf = reinterpret_cast<decltype(a.geqrf)>(sym("cusolverDnXgeqrf"));
      a.geev_buffer = reinterpret_cast<decltype(a.geev_buffer)>(
          cuda_library_symbol(h, "cuSOLVER", "cusolverDnXgeev_bufferSize", true));
      a.geev = reinterpret_cast<decltype(a.geev)>(cuda_library_symbol(h, "cuSOLVER", "cusolverDnXgeev", true));
      const char* const orgqr_names[4] = {"cusolverDnSorgqr", "cusolverDnDorgqr", "cusolverDnCungqr",
                                          "cusolverDnZungqr"};
      for (int t = 0; t < 4; ++t) {
        a.orgqr[t] = reinterpret_cast<std::remove_reference_t<decltype(a.orgqr[0])>>(sym(orgqr_names[t]));
        a.orgqr_buffer[t] = reinterpret_cast<std::remove_reference_t<decltype(a.orgqr_buffer[0])>>(
            sym((std::string(orgqr_names[t]) + "_bufferSize").c_str()));
      }
      // Note [Batched cuSOLVER]
      const char* const pre[4] = {"S", "D", "C", "Z"};
      const char* const syevj_names[4] = {"cusolverDnSsyevjBatched", "cusolverDnDsyevjBatched",
                                          "cusolverDnCheevjBatched", "cusolverDnZheevjBatched"};
      a.create_syevj_info = reinterpret_cast<decltype(a.create_syevj_info)>(sym("cusolverDnCreateSyevjInfo"));
      a.create_gesvdj_info = reinterpret_cast<decltype(a.create_gesvdj_info)>(sym("cusolverDnCreateGesvdjInfo"));
      a.destroy_syevj_info = reinterpret_cast<decltype(a.destroy_syevj_info)>(sym("cusolverDnDestroySyevjInfo"));
      a.destroy_gesvdj_info = reinterpret_cast<decltype(a.destroy_gesvdj_info)>(sym("cusolverDnDestroyGesvdjInfo"));
      for (int t = 0; t < 4; ++t) {
        const std::string p = pre[t];
        a.potrf_batched[t] = reinterpret_cast<std::remove_reference_t<decltype(a.potrf_batched[0])>>(
            sym(("cusolverDn" + p + "potrfBatched").c_str()));
        a.syevj_batched[t] = reinterpret_cast<std::remove_reference_t<decltype(a.syevj_batched[0])>>(
            sym(syevj_names[t]));
        a.syevj_batched_buffer[t] = reinterpret_cast<std::remove_reference_t<decltype(a.syevj_batched_buffer[0])>>(
            sym((std::string(syevj_names[t]) + "_bufferSize").c_str()));
        a.gesvdj_batched[t] = reinterpret_cast<std::remove_reference_t<decltype(a.gesvdj_batched[0])>>(
            sym(("cusolverDn" + p + "gesvdjBatched").c_str()));
        a.gesvdj_batched_buffer[t] = reinterpret_cast<std::remove_reference_t<decltype(a.gesvdj_batched_buffer[0])>>(
            sym(("cusolverDn" + p + "gesvdjBatched_bufferSize").c_str()));
        if (t < 2) {
          a.gesvdj[t] = reinterpret_cast<std::remove_reference_t<decltype(a.gesvdj[0])>>(
              sym(("cusolverDn" + p + "gesvdj").c_str()));
          a.gesvdj_buffer[t] = reinterpret_cast<std::remove_reference_t<decltype(a.gesvdj_buffer[0])>>(
              sym(("cusolverDn" + p + "gesvdj_bufferSize").c_str()));
        }
      }
      api = a;
    } catch (const Error& e) {
      error = e.what();
    }
  });
  if (!api.create) throw Error(error);
  return api;
}

CusolverHandle& cusolver_handle(int device) {
  static std::mutex mu;
  static auto* handles = new std::unordered_map<int, std::unique_ptr<CusolverHandle>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<CusolverHandle>& h = (*handles)[device];
  if (!h) {
    const CusolverApi& api = cusolver_api();
    int cur = -1;
    CUNUM_CUDA_CHECK(cudaGetDevice(&cur));
    if (cur != device) CUNUM_CUDA_CHECK(cudaSetDevice(device));
    auto made = std::make_unique<CusolverHandle>();
    cusolverStatus_t st = api.create(&made->handle);
    if (st == CUSOLVER_STATUS_SUCCESS) st = api.create_params(&made->params);
    if (cur != device) cudaSetDevice(cur);
    if (st != CUSOLVER_STATUS_SUCCESS)
      throw Error("cunum: cusolverDnCreate failed with status " + std::to_string(int(st)));
    h = std::move(made);
  }
  return *h;
}

bool allow_tf32() {
  static const bool on = [] {
    const char* v = std::getenv("CUNUM_TF32");
    return v && std::string(v) == "1";
  }();
  return on;
}

}  // namespace cunum::backend::cuda
