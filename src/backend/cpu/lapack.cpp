// The CPU's LAPACK family (Note [Lapack plans]): ?getrf, ?getrs and ?potrf
// of the library found with the BLAS (Note [The CPU BLAS]), one call per
// matrix, small matrices of a batch shared among the threads.
#include <complex>
#include <type_traits>
#include <vector>

#include "backend/cpu/blas.hpp"
#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cpu {

namespace {
template <class Body> void for_each_matrix(const LapackPlan& p, Body&& body) {
  const double work = double(p.n) * double(p.n) * double(std::max<int64_t>(p.n, p.nrhs) + 1);
  if (p.batch > 1 && work < double(1 << 18)) {
    const int64_t grain = std::max<int64_t>(1, int64_t(double(1 << 16) / (work + 1)));
    parallel_for(p.batch, grain, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) body(i);
    });
  } else {
    for (int64_t i = 0; i < p.batch; ++i) body(i);
  }
}

const char* prefix(DType d) {
  switch (d) {
    case DType::Float32: return "s";
    case DType::Float64: return "d";
    case DType::Complex64: return "c";
    default: return "z";
  }
}

template <class Int, class T> void run(const LapackPlan& p) {
  const size_t is = sizeof(T);
  const std::string pre = prefix(p.dtype);
  switch (p.op) {
    case LapackOp::Getrf: {
      using Fn = void (*)(const Int*, const Int*, T*, const Int*, Int*, Int*);
      auto fn = reinterpret_cast<Fn>(lapack_symbol((pre + "getrf").c_str()));
      const int64_t k = std::min(p.m, p.n);
      for_each_matrix(p, [&](int64_t i) {
        const Int M = Int(p.m), N = Int(p.n), LD = Int(p.lda);
        Int info = 0;
        std::vector<Int> piv(size_t(std::max<int64_t>(k, 1)));
        fn(&M, &N, reinterpret_cast<T*>(p.a + i * p.stride_a * is), &LD, piv.data(), &info);
        for (int64_t r = 0; r < k; ++r) p.ipiv[i * k + r] = int64_t(piv[size_t(r)]);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Getrs: {
      using Fn = void (*)(const char*, const Int*, const Int*, const T*, const Int*, const Int*, T*, const Int*,
                          Int*, size_t);
      auto fn = reinterpret_cast<Fn>(lapack_symbol((pre + "getrs").c_str()));
      for_each_matrix(p, [&](int64_t i) {
        const Int N = Int(p.n), R = Int(p.nrhs), LA = Int(p.lda), LB = Int(p.ldb);
        Int info = 0;
        std::vector<Int> piv(size_t(std::max<int64_t>(p.n, 1)));
        for (int64_t r = 0; r < p.n; ++r) piv[size_t(r)] = Int(p.ipiv[i * p.n + r]);
        const char t = 'N';
        fn(&t, &N, &R, reinterpret_cast<const T*>(p.a + i * p.stride_a * is), &LA, piv.data(),
           reinterpret_cast<T*>(p.b + i * p.stride_b * is), &LB, &info, 1);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Potrf: {
      using Fn = void (*)(const char*, const Int*, T*, const Int*, Int*, size_t);
      auto fn = reinterpret_cast<Fn>(lapack_symbol((pre + "potrf").c_str()));
      for_each_matrix(p, [&](int64_t i) {
        const Int N = Int(p.n), LD = Int(p.lda);
        Int info = 0;
        const char uplo = p.lower ? 'L' : 'U';
        fn(&uplo, &N, reinterpret_cast<T*>(p.a + i * p.stride_a * is), &LD, &info, 1);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Gesvd: {
      // ?gesvd with a workspace query first; complex routines take rwork.
      using R = decltype(std::abs(T()));
      constexpr bool cplx = !std::is_same_v<R, T>;
      using RealFn = void (*)(const char*, const char*, const Int*, const Int*, T*, const Int*, R*, T*, const Int*,
                              T*, const Int*, T*, const Int*, Int*, size_t, size_t);
      using CplxFn = void (*)(const char*, const char*, const Int*, const Int*, T*, const Int*, R*, T*, const Int*,
                              T*, const Int*, T*, const Int*, R*, Int*, size_t, size_t);
      void* fn = lapack_symbol((pre + "gesvd").c_str());
      const char job_u = !p.vectors ? 'N' : p.full ? 'A' : 'S', job_vt = p.vectors ? 'A' : 'N';
      auto call = [&](T* a, R* sv, T* u, T* vt, T* work, Int lwork, R* rwork, Int* info) {
        const Int M = Int(p.m), N = Int(p.n), LA = Int(p.lda), LU = Int(p.ldu), LV = Int(p.ldvt);
        if constexpr (cplx)
          reinterpret_cast<CplxFn>(fn)(&job_u, &job_vt, &M, &N, a, &LA, sv, u, &LU, vt, &LV, work, &lwork, rwork,
                                       info, 1, 1);
        else
          reinterpret_cast<RealFn>(fn)(&job_u, &job_vt, &M, &N, a, &LA, sv, u, &LU, vt, &LV, work, &lwork, info,
                                       1, 1);
      };
      const size_t rs = sizeof(R);
      for_each_matrix(p, [&](int64_t i) {
        T* a = reinterpret_cast<T*>(p.a + i * p.stride_a * is);
        R* sv = reinterpret_cast<R*>(p.s + i * p.n * rs);
        T* u = p.vectors ? reinterpret_cast<T*>(p.u + i * p.stride_u * is) : nullptr;
        T* vt = p.vectors ? reinterpret_cast<T*>(p.vt + i * p.stride_vt * is) : nullptr;
        T dummy_u{}, dummy_vt{};
        std::vector<R> rwork(size_t(5 * std::max<int64_t>(1, std::min(p.m, p.n))));
        Int info = 0;
        T query{};
        call(a, sv, u ? u : &dummy_u, vt ? vt : &dummy_vt, &query, Int(-1), rwork.data(), &info);
        std::vector<T> work(size_t(std::max<double>(1.0, double(std::real(query)))));
        call(a, sv, u ? u : &dummy_u, vt ? vt : &dummy_vt, work.data(), Int(work.size()), rwork.data(), &info);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Syevd: {
      // ?syevd / ?heevd, workspace sizes queried first.
      using R = decltype(std::abs(T()));
      constexpr bool cplx = !std::is_same_v<R, T>;
      using RealFn = void (*)(const char*, const char*, const Int*, T*, const Int*, R*, T*, const Int*, Int*,
                              const Int*, Int*, size_t, size_t);
      using CplxFn = void (*)(const char*, const char*, const Int*, T*, const Int*, R*, T*, const Int*, R*,
                              const Int*, Int*, const Int*, Int*, size_t, size_t);
      void* fn = lapack_symbol((pre + (cplx ? "heevd" : "syevd")).c_str());
      const char jobz = p.vectors ? 'V' : 'N', uplo = p.lower ? 'L' : 'U';
      for_each_matrix(p, [&](int64_t i) {
        T* a = reinterpret_cast<T*>(p.a + i * p.stride_a * is);
        R* w = reinterpret_cast<R*>(p.s + i * p.n * int64_t(sizeof(R)));
        const Int N = Int(p.n), LD = Int(p.lda);
        Int info = 0, liwork = -1, iq = 0;
        T wq{};
        R rq{};
        Int lwork = -1, lrwork = -1;
        if constexpr (cplx)
          reinterpret_cast<CplxFn>(fn)(&jobz, &uplo, &N, a, &LD, w, &wq, &lwork, &rq, &lrwork, &iq, &liwork, &info,
                                       1, 1);
        else
          reinterpret_cast<RealFn>(fn)(&jobz, &uplo, &N, a, &LD, w, &wq, &lwork, &iq, &liwork, &info, 1, 1);
        std::vector<T> work(size_t(std::max<double>(1.0, double(std::real(wq)))));
        std::vector<R> rwork(size_t(std::max<double>(1.0, double(rq))));
        std::vector<Int> iwork(size_t(std::max<Int>(1, iq)));
        lwork = Int(work.size()), lrwork = Int(rwork.size()), liwork = Int(iwork.size());
        if constexpr (cplx)
          reinterpret_cast<CplxFn>(fn)(&jobz, &uplo, &N, a, &LD, w, work.data(), &lwork, rwork.data(), &lrwork,
                                       iwork.data(), &liwork, &info, 1, 1);
        else
          reinterpret_cast<RealFn>(fn)(&jobz, &uplo, &N, a, &LD, w, work.data(), &lwork, iwork.data(), &liwork,
                                       &info, 1, 1);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Geqrf:
    case LapackOp::Orgqr: {
      using R = decltype(std::abs(T()));
      constexpr bool cplx = !std::is_same_v<R, T>;
      const bool qr = p.op == LapackOp::Geqrf;
      using GeqrfFn = void (*)(const Int*, const Int*, T*, const Int*, T*, T*, const Int*, Int*);
      using OrgqrFn = void (*)(const Int*, const Int*, const Int*, T*, const Int*, const T*, T*, const Int*, Int*);
      void* fn = lapack_symbol((pre + (qr ? "geqrf" : cplx ? "ungqr" : "orgqr")).c_str());
      const int64_t ntau = qr ? std::min(p.m, p.n) : p.k;
      for_each_matrix(p, [&](int64_t i) {
        T* a = reinterpret_cast<T*>(p.a + i * p.stride_a * is);
        T* tau = reinterpret_cast<T*>(p.tau + i * ntau * int64_t(is));
        const Int M = Int(p.m), N = Int(p.n), K = Int(p.k), LD = Int(p.lda);
        Int info = 0, lwork = -1;
        T wq{};
        if (qr) reinterpret_cast<GeqrfFn>(fn)(&M, &N, a, &LD, tau, &wq, &lwork, &info);
        else reinterpret_cast<OrgqrFn>(fn)(&M, &N, &K, a, &LD, tau, &wq, &lwork, &info);
        std::vector<T> work(size_t(std::max<double>(1.0, double(std::real(wq)))));
        lwork = Int(work.size());
        if (qr) reinterpret_cast<GeqrfFn>(fn)(&M, &N, a, &LD, tau, work.data(), &lwork, &info);
        else reinterpret_cast<OrgqrFn>(fn)(&M, &N, &K, a, &LD, tau, work.data(), &lwork, &info);
        p.info[i] = int32_t(info);
      });
      break;
    }
    case LapackOp::Geev: {
      using R = decltype(std::abs(T()));
      constexpr bool cplx = !std::is_same_v<R, T>;
      const char jl = 'N', jr = p.vectors ? 'V' : 'N';
      for_each_matrix(p, [&](int64_t i) {
        T* a = reinterpret_cast<T*>(p.a + i * p.stride_a * is);
        std::complex<R>* w = reinterpret_cast<std::complex<R>*>(p.s + i * p.n * int64_t(sizeof(std::complex<R>)));
        T dummy{};
        T* vr = p.vectors ? reinterpret_cast<T*>(p.u + i * p.stride_u * is) : &dummy;
        const Int N = Int(p.n), LD = Int(p.lda), one = 1, LV = p.vectors ? Int(p.ldu) : 1;
        Int info = 0, lwork = -1;
        T wq{};
        if constexpr (cplx) {
          using Fn = void (*)(const char*, const char*, const Int*, T*, const Int*, T*, T*, const Int*, T*,
                              const Int*, T*, const Int*, R*, Int*, size_t, size_t);
          auto fn = reinterpret_cast<Fn>(lapack_symbol((pre + "geev").c_str()));
          std::vector<R> rwork(size_t(std::max<int64_t>(1, 2 * p.n)));
          fn(&jl, &jr, &N, a, &LD, w, &dummy, &one, vr, &LV, &wq, &lwork, rwork.data(), &info, 1, 1);
          std::vector<T> work(size_t(std::max<double>(1.0, double(std::real(wq)))));
          lwork = Int(work.size());
          fn(&jl, &jr, &N, a, &LD, w, &dummy, &one, vr, &LV, work.data(), &lwork, rwork.data(), &info, 1, 1);
        } else {
          // Real ?geev: eigenvalues as (wr, wi), written here as complex.
          using Fn = void (*)(const char*, const char*, const Int*, T*, const Int*, T*, T*, T*, const Int*, T*,
                              const Int*, T*, const Int*, Int*, size_t, size_t);
          auto fn = reinterpret_cast<Fn>(lapack_symbol((pre + "geev").c_str()));
          std::vector<T> wr(size_t(std::max<int64_t>(1, p.n))), wi(wr.size());
          fn(&jl, &jr, &N, a, &LD, wr.data(), wi.data(), &dummy, &one, vr, &LV, &wq, &lwork, &info, 1, 1);
          std::vector<T> work(size_t(std::max<double>(1.0, double(wq))));
          lwork = Int(work.size());
          fn(&jl, &jr, &N, a, &LD, wr.data(), wi.data(), &dummy, &one, vr, &LV, work.data(), &lwork, &info, 1, 1);
          for (int64_t j = 0; j < p.n; ++j) w[j] = std::complex<R>(wr[size_t(j)], wi[size_t(j)]);
        }
        p.info[i] = int32_t(info);
      });
      break;
    }
  }
}

template <class Int> void run_int(const LapackPlan& p) {
  switch (p.dtype) {
    case DType::Float32: return run<Int, float>(p);
    case DType::Float64: return run<Int, double>(p);
    case DType::Complex64: return run<Int, std::complex<float>>(p);
    case DType::Complex128: return run<Int, std::complex<double>>(p);
    default: throw InternalError("lapack: unsupported dtype");
  }
}
}  // namespace

void CpuBackend::lapack(const LapackPlan& p) {
  if (p.batch == 0) return;
  if (blas().int_bytes == 8) {
    run_int<int64_t>(p);
  } else {
    for (int64_t v : {p.m, p.n, p.nrhs, p.lda, p.ldb})
      if (v > INT32_MAX) throw ValueError("cunum: this matrix needs an ILP64 LAPACK (set CUNUM_BLAS_LIBRARY)");
    run_int<int32_t>(p);
  }
}

}  // namespace cunum::backend::cpu
