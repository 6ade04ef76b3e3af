// Inner loops of the CPU backend: one instantiation of an op functor
// (cunum/kernels/) per loop of the ufunc's declaration (cunum/ufunc_list/).
// Included only by the loops_*.cpp files that register them, one file per
// chapter, each with its chapter's list and op header: adding a ufunc
// recompiles its chapter's file alone.
#pragma once
#include <type_traits>
#include <utility>

#include "backend/cpu/bool_bytes.hpp"
#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/vector_clones.hpp"
#include "cunum/ufunc_def.hpp"

namespace cunum::backend::cpu {

// Note [CPU loop shapes]
// A loop sees nin input and nout output pointers with byte strides. The
// all-contiguous case and "array op scalar" (stride 0) get plain indexed
// loops the compiler vectorises; anything else walks the strides. Operands in
// other dtypes than the loop's never reach these: CpuBackend::ufunc converts
// them through small buffers first (ufunc.cpp).
// Inputs are read through Stored<T>: a bool input's byte is tested against
// zero (Note [Bool bytes]); every other type is read as it is.
template <class T> inline T in_at(char* p, int64_t i, int64_t s) { return load_at<T>(p + i * s); }
template <class T> inline T& out_at(char* p, int64_t i, int64_t s) { return *reinterpret_cast<T*>(p + i * s); }

// The all-contiguous loops. For the plain arithmetic types they are also
// built for AVX2 (Note [CPU vector clones]): twice the lanes per instruction,
// what a 1000-element `x + y` needs to keep up with NumPy's dispatched loops.
// (No FMA in that target, so nothing is contracted: the same bits as SSE2.)
template <class... T> constexpr bool plain_v = (std::is_arithmetic_v<T> && ...);
template <class Op, class A, class R>
CUNUM_VECTOR_CLONES void contiguous_1_1_clones(const Stored<A>* a, R* o, int64_t n) {
  Op op;
  for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i])));
}
template <class Op, class A, class B, class R>
CUNUM_VECTOR_CLONES void contiguous_2_1_clones(const Stored<A>* a, const Stored<B>* b, R* o, int64_t n) {
  Op op;
  for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i]), value_of<B>(b[i])));
}
template <class Op, class A, class B, class R>
CUNUM_VECTOR_CLONES void array_scalar_clones(const Stored<A>* a, const B b, R* o, int64_t n) {
  Op op;
  for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i]), b));
}

template <class Op, class A, class R> void loop_1_1(char** d, const int64_t* s, int64_t n) {
  Op op;
  if (s[0] == sizeof(A) && s[1] == sizeof(R)) {
    const Stored<A>* a = reinterpret_cast<const Stored<A>*>(d[0]);
    R* o = reinterpret_cast<R*>(d[1]);
    if constexpr (plain_v<A, R>) return contiguous_1_1_clones<Op, A, R>(a, o, n);
    for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i])));
    return;
  }
  for (int64_t i = 0; i < n; ++i) out_at<R>(d[1], i, s[1]) = R(op(in_at<A>(d[0], i, s[0])));
}

template <class Op, class A, class B, class R> void loop_2_1(char** d, const int64_t* s, int64_t n) {
  Op op;
  if (s[0] == sizeof(A) && s[1] == sizeof(B) && s[2] == sizeof(R)) {
    const Stored<A>* a = reinterpret_cast<const Stored<A>*>(d[0]);
    const Stored<B>* b = reinterpret_cast<const Stored<B>*>(d[1]);
    R* o = reinterpret_cast<R*>(d[2]);
    if constexpr (plain_v<A, B, R>) return contiguous_2_1_clones<Op, A, B, R>(a, b, o, n);
    for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i]), value_of<B>(b[i])));
    return;
  }
  if (s[0] == sizeof(A) && s[1] == 0 && s[2] == sizeof(R)) {  // array op scalar
    const Stored<A>* a = reinterpret_cast<const Stored<A>*>(d[0]);
    const B b = load_at<B>(d[1]);
    R* o = reinterpret_cast<R*>(d[2]);
    if constexpr (plain_v<A, B, R>) return array_scalar_clones<Op, A, B, R>(a, b, o, n);
    for (int64_t i = 0; i < n; ++i) o[i] = R(op(value_of<A>(a[i]), b));
    return;
  }
  if (s[0] == 0 && s[1] == sizeof(B) && s[2] == sizeof(R)) {  // scalar op array
    const A a = load_at<A>(d[0]);
    const Stored<B>* b = reinterpret_cast<const Stored<B>*>(d[1]);
    R* o = reinterpret_cast<R*>(d[2]);
    for (int64_t i = 0; i < n; ++i) o[i] = R(op(a, value_of<B>(b[i])));
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    out_at<R>(d[2], i, s[2]) = R(op(in_at<A>(d[0], i, s[0]), in_at<B>(d[1], i, s[1])));
}

// Two outputs: the functor writes both (op(a, r0, r1) / op(a, b, r0, r1)).
template <class Op, class A, class R0, class R1> void loop_1_2(char** d, const int64_t* s, int64_t n) {
  Op op;
  for (int64_t i = 0; i < n; ++i) op(in_at<A>(d[0], i, s[0]), out_at<R0>(d[1], i, s[1]), out_at<R1>(d[2], i, s[2]));
}
template <class Op, class A, class B, class R0, class R1> void loop_2_2(char** d, const int64_t* s, int64_t n) {
  Op op;
  for (int64_t i = 0; i < n; ++i)
    op(in_at<A>(d[0], i, s[0]), in_at<B>(d[1], i, s[1]), out_at<R0>(d[2], i, s[2]), out_at<R1>(d[3], i, s[3]));
}

template <class Op, int NIN, int NOUT, core::LoopSig L> constexpr LoopFn loop_fn() {
  using A = ctype_t<L.in[0]>;
  using B = ctype_t<L.in[1]>;
  using R0 = ctype_t<L.out[0]>;
  using R1 = ctype_t<L.out[1]>;
  if constexpr (NIN == 1 && NOUT == 1) return &loop_1_1<Op, A, R0>;
  else if constexpr (NIN == 2 && NOUT == 1) return &loop_2_1<Op, A, B, R0>;
  else if constexpr (NIN == 1 && NOUT == 2) return &loop_1_2<Op, A, R0, R1>;
  else return &loop_2_2<Op, A, B, R0, R1>;
}

template <class Op, int NIN, int NOUT, const auto& Loops, size_t... I>
void register_loops_impl(std::vector<LoopFn>& row, std::index_sequence<I...>) {
  row = {loop_fn<Op, NIN, NOUT, Loops[I]>()...};
}

// Fills the row of ufunc `name` (found by name: a chapter's loop file needs
// only its chapter's list, cunum/ufunc_list/<chapter>.hpp, not the whole list).
#define CUNUM_CPU_REGISTER(table, name)                                                           \
  ::cunum::backend::cpu::register_loops_impl<::cunum::ops::name, ::cunum::core::arity::name::nin, \
                                             ::cunum::core::arity::name::nout,                    \
                                             ::cunum::core::loops::name>(                         \
      (table)[::cunum::core::ufunc_by_name(#name).index],                                         \
      std::make_index_sequence<::cunum::core::loops::name.size()>{})

}  // namespace cunum::backend::cpu
