// The ufunc table: one UfuncDef per row of cunum/ufunc_list.hpp, and the C++
// function of each ufunc (cunum/ufuncs.hpp).
#include <string>

#include "core/ufunc_hooks.hpp"
#include "cunum/error.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum::core {

namespace {
// NumPy's exact int64/uint64 comparison loops ("qQ->?", "Qq->?") are picked
// by the comparison hook, never by the search: the comparisons keep the
// search's fast path of homogeneous ufuncs (UfuncDef::safe_loop).
constexpr bool mixed_int64(const LoopSig& l, int nin) {
  return nin == 2 && ((l.in[0] == DType::Int64 && l.in[1] == DType::UInt64) ||
                      (l.in[0] == DType::UInt64 && l.in[1] == DType::Int64));
}
template <size_t N> constexpr bool homogeneous(const std::array<LoopSig, N>& loops, int nin) {
  for (const LoopSig& l : loops)
    for (int i = 1; i < nin; ++i)
      if (l.in[i] != l.in[0] && !mixed_int64(l, nin)) return false;
  return true;
}

UfuncDef kDefs[] = {
#define CUNUM_X(name, nin, nout, ident, types, hook)                                             \
  {#name, ufunc_ids::name, nin, nout, Identity::ident, loops::name.data(),                       \
   static_cast<int>(loops::name.size()), homogeneous(loops::name, nin), ::cunum::core::hooks::hook},
    CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
};
constexpr int kCount = sizeof(kDefs) / sizeof(kDefs[0]);

// UfuncDef::safe_loop of every ufunc, filled before first use.
int8_t g_safe_loop[kCount][kNumDTypes];
const bool g_tables_ready = [] {
  for (int u = 0; u < kCount; ++u) {
    UfuncDef& d = kDefs[u];
    for (int t = 0; t < kNumDTypes; ++t) {
      g_safe_loop[u][t] = -1;
      for (int l = 0; l < d.nloops && g_safe_loop[u][t] < 0; ++l)
        if (!mixed_int64(d.loops[l], d.nin) && can_cast(static_cast<DType>(t), d.loops[l].in[0], Casting::Safe))
          g_safe_loop[u][t] = static_cast<int8_t>(l);
    }
    d.safe_loop = g_safe_loop[u];
  }
  return true;
}();
}  // namespace

int num_ufuncs() { return ufunc_ids::count_; }
const UfuncDef& ufunc_def(int index) {
  (void)g_tables_ready;
  return kDefs[index];
}
const UfuncDef* find_ufunc(std::string_view name) {
  for (const UfuncDef& d : kDefs)
    if (name == d.name) return &d;
  return nullptr;
}
const UfuncDef& ufunc_by_name(std::string_view name) {
  const UfuncDef* d = find_ufunc(name);
  CUNUM_ASSERT(d != nullptr);
  return *d;
}

}  // namespace cunum::core

namespace cunum {

#define CUNUM_X(name, nin, nout, ident, types, hooks) CUNUM_UFUNC_DEF_##nin##_##nout(name)
#define CUNUM_UFUNC_DEF_1_1(name)                                        \
  ndarray name(const Operand& a, const UfuncOptions& opts) {             \
    return apply_ufunc(core::ufunc_def(core::ufunc_ids::name), &a, 1, opts); \
  }
#define CUNUM_UFUNC_DEF_2_1(name)                                                  \
  ndarray name(const Operand& a, const Operand& b, const UfuncOptions& opts) {     \
    const Operand ops[2] = {a, b};                                                 \
    return apply_ufunc(core::ufunc_def(core::ufunc_ids::name), ops, 2, opts);      \
  }
#define CUNUM_UFUNC_DEF_1_2(name)                                                    \
  std::pair<ndarray, ndarray> name(const Operand& a, const UfuncOptions& opts) {     \
    ndarray r[2];                                                                    \
    apply_ufunc(core::ufunc_def(core::ufunc_ids::name), &a, 1, opts, r);             \
    return {r[0], r[1]};                                                             \
  }
#define CUNUM_UFUNC_DEF_2_2(name)                                                                  \
  std::pair<ndarray, ndarray> name(const Operand& a, const Operand& b, const UfuncOptions& opts) { \
    const Operand ops[2] = {a, b};                                                                 \
    ndarray r[2];                                                                                  \
    apply_ufunc(core::ufunc_def(core::ufunc_ids::name), ops, 2, opts, r);                          \
    return {r[0], r[1]};                                                                           \
  }
CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
#undef CUNUM_UFUNC_DEF_1_1
#undef CUNUM_UFUNC_DEF_2_1
#undef CUNUM_UFUNC_DEF_1_2
#undef CUNUM_UFUNC_DEF_2_2

}  // namespace cunum
