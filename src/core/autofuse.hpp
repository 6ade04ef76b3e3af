// Automatic fusion of plain elementwise expressions (Note [Automatic fusion],
// docs/fusion.md): apply_ufunc's hook and Storage's side of it.
#pragma once
#include <atomic>
#include <cstdint>

#include <optional>

#include "cunum/reduction.hpp"
#include "cunum/reduction_list.hpp"
#include "cunum/ufunc.hpp"

namespace cunum::core {

// Results of at least this many elements are recorded (INT64_MAX: off).
extern std::atomic<int64_t> g_autofuse_min;
inline bool autofuse_wants(int64_t count) { return count >= g_autofuse_min.load(std::memory_order_relaxed); }

// Records a call of `def` (its loop resolved and its hooks run over `ops`, as
// apply_ufunc does; default options; one output of `shape`, C order) into
// this thread's pending expression. False: the caller runs it eagerly.
bool autofuse_record(const UfuncDef& def, int loop, const Operand* ops, int n, const Shape& shape, Device dev,
                     ndarray& result);

// The reduction `id` of `a` fused with the pending expression whose head
// `a` is (Note [Automatic fused reductions]); nullopt: reduce `a` as usual.
std::optional<ndarray> autofuse_reduce(ReduceId id, const ndarray& a, const ReduceOptions& o);

// The switch (cunum::fusion::set_auto) and a flush of every pending expression.
void autofuse_set(bool on, int64_t min_size);
bool autofuse_on();
int64_t autofuse_min_size();
void autofuse_flush();

// How many steps the pending expression that will write `s` has (0: none).
int pending_steps(const Storage& s);

// ~Storage: forgets the links of a storage that goes away.
void drop_lazy(Storage& s);

}  // namespace cunum::core
