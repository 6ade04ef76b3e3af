// Inner loops of the CPU backend: one instantiation of an ops.hpp functor per
// (ufunc, dtype). Included only by the loops_*.cpp files that register them.
#pragma once
#include <utility>

#include "backend/cpu/cpu_backend.hpp"
#include "cunum/kernels/ops.hpp"

namespace cunum::backend::cpu {

template <class Op, class T> void unary_loop(char** d, const int64_t* s, int64_t n) {
  using R = decltype(Op{}(std::declval<T>()));
  Op op;
  if (s[0] == sizeof(T) && s[1] == sizeof(R)) {
    const T* a = reinterpret_cast<const T*>(d[0]);
    R* o = reinterpret_cast<R*>(d[1]);
    for (int64_t i = 0; i < n; ++i) o[i] = op(a[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<R*>(d[1] + i * s[1]) = op(*reinterpret_cast<const T*>(d[0] + i * s[0]));
}

template <class Op, class T> void binary_loop(char** d, const int64_t* s, int64_t n) {
  using R = decltype(Op{}(std::declval<T>(), std::declval<T>()));
  Op op;
  if (s[0] == sizeof(T) && s[1] == sizeof(T) && s[2] == sizeof(R)) {
    const T* a = reinterpret_cast<const T*>(d[0]);
    const T* b = reinterpret_cast<const T*>(d[1]);
    R* o = reinterpret_cast<R*>(d[2]);
    for (int64_t i = 0; i < n; ++i) o[i] = op(a[i], b[i]);
    return;
  }
  if (s[0] == sizeof(T) && s[1] == 0 && s[2] == sizeof(R)) {  // array op scalar
    const T* a = reinterpret_cast<const T*>(d[0]);
    const T b = *reinterpret_cast<const T*>(d[1]);
    R* o = reinterpret_cast<R*>(d[2]);
    for (int64_t i = 0; i < n; ++i) o[i] = op(a[i], b);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<R*>(d[2] + i * s[2]) =
        op(*reinterpret_cast<const T*>(d[0] + i * s[0]), *reinterpret_cast<const T*>(d[1] + i * s[1]));
}

template <class Op, int NIN, core::TypeSet Types, size_t... D>
void register_loops_impl(LoopFn* row, std::index_sequence<D...>) {
  (
      [&] {
        if constexpr ((Types >> D) & 1u) {
          using T = ctype_t<static_cast<DType>(D)>;
          if constexpr (NIN == 1) row[D] = &unary_loop<Op, T>;
          else row[D] = &binary_loop<Op, T>;
        }
      }(),
      ...);
}

// Fills the table row of ufunc `name` from its entry in CUNUM_FOR_EACH_UFUNC.
#define CUNUM_CPU_REGISTER(table, name)                                                      \
  ::cunum::backend::cpu::register_loops_impl<::cunum::ops::name,                               \
      ::cunum::core::ufunc_info(::cunum::core::UfuncId::name).nin,                             \
      ::cunum::core::ufunc_info(::cunum::core::UfuncId::name).types>(                          \
      (table)[static_cast<int>(::cunum::core::UfuncId::name)],                                 \
      std::make_index_sequence<::cunum::kNumDTypes>{})

}  // namespace cunum::backend::cpu
