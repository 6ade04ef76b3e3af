// The scatter family on the CPU (Note [Scatter plans]): out[o, index[j], i]
// (op)= value[o, j, i].
//
// Note [CPU scatter]
// Mode Raise checks every index first and raises before anything is written
// (NumPy leaves the target untouched). Then the (o, i) pairs are split over
// the threads: by `o` when there are several, else by blocks of `i`; each
// thread walks j in increasing order for its pairs, so with repeated indices
// the last write in C order wins, NumPy's rule, and Add/Max/Min see every
// value. The indices become positions by blocks of kBlock (read in their own
// dtype, made positions by the mode). Assign is instantiated per item size,
// the other ops per dtype.
#include <algorithm>
#include <atomic>
#include <cstring>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "backend/deferred_errors.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/complex.hpp"
#include "cunum/kernels/errors.hpp"
#include "cunum/kernels/half.hpp"
#include "cunum/kernels/traits.hpp"

namespace cunum::backend::cpu {

namespace {

constexpr int64_t kBlock = 256;

struct Item16 {
  uint64_t lo, hi;
};

int64_t offset_of(int64_t pos, const Dims& shape, const Dims& strides) {
  int64_t off = 0;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    off += (pos % shape[d]) * strides[d];
    pos /= shape[d];
  }
  return off;
}

template <class Index> int64_t read_index(const char* p) {
  Index v;
  std::memcpy(&v, p, sizeof v);
  return static_cast<int64_t>(v);
}

using ReadFn = int64_t (*)(const char*);
ReadFn read_fn(DType d) {
  switch (d) {
    case DType::Bool:
    case DType::UInt8: return &read_index<uint8_t>;
    case DType::Int8: return &read_index<int8_t>;
    case DType::Int16: return &read_index<int16_t>;
    case DType::UInt16: return &read_index<uint16_t>;
    case DType::Int32: return &read_index<int32_t>;
    case DType::UInt32: return &read_index<uint32_t>;
    case DType::Int64: return &read_index<int64_t>;
    case DType::UInt64: return &read_index<uint64_t>;
    default: CUNUM_ASSERT(false && "scatter: index dtype must be an integer or bool");
  }
  return nullptr;
}

// Positions along the axis of indices j0 .. j0 + n (every index valid in
// mode Raise), read in the index's own type.
template <class Index>
void positions_of(const ScatterPlan& p, int64_t j0, int64_t n, int64_t* pos) {
  const int64_t len = p.len;
  const char* at = p.index + j0 * p.index_stride;
  for (int64_t k = 0; k < n; ++k, at += p.index_stride) {
    int64_t v = read_index<Index>(at);
    if (p.mode == GatherMode::Raise) {
      if (v < 0) v += len;
    } else if (p.mode == GatherMode::Wrap) {
      if (v < 0 || v >= len) {
        v %= len;
        if (v < 0) v += len;
      }
    } else {
      v = v < 0 ? 0 : (v >= len ? len - 1 : v);
    }
    pos[k] = v;
  }
}

using PosFn = void (*)(const ScatterPlan&, int64_t, int64_t, int64_t*);
PosFn positions_fn(DType d) {
  switch (d) {
    case DType::Bool:
    case DType::UInt8: return &positions_of<uint8_t>;
    case DType::Int8: return &positions_of<int8_t>;
    case DType::Int16: return &positions_of<int16_t>;
    case DType::UInt16: return &positions_of<uint16_t>;
    case DType::Int32: return &positions_of<int32_t>;
    case DType::UInt32: return &positions_of<uint32_t>;
    case DType::Int64: return &positions_of<int64_t>;
    case DType::UInt64: return &positions_of<uint64_t>;
    default: CUNUM_ASSERT(false && "scatter: index dtype must be an integer or bool");
  }
  return nullptr;
}

// How one item is combined into the target.
template <class Item> struct AssignItem {
  static void apply(char* dst, const char* src) { std::memcpy(dst, src, sizeof(Item)); }
};
template <class T, ScatterOp Op> struct CombineItem {
  static void apply(char* dst, const char* src) {
    T a, b;
    std::memcpy(&a, dst, sizeof a);
    std::memcpy(&b, src, sizeof b);
    T r;
    if constexpr (Op == ScatterOp::Add) {
      if constexpr (std::is_same_v<T, bool>) r = a || b;
      else r = static_cast<T>(a + b);
    } else if constexpr (Op == ScatterOp::Max) {
      r = (a != a || a >= b) ? a : b;  // NaN propagates (numpy.maximum)
    } else {
      r = (a != a || a <= b) ? a : b;
    }
    std::memcpy(dst, &r, sizeof r);
  }
};
template <ScatterOp Op> struct CombineItem<half, Op> {
  static void apply(char* dst, const char* src) {
    half a, b;
    std::memcpy(&a, dst, sizeof a);
    std::memcpy(&b, src, sizeof b);
    const float x = a, y = b;
    half r = a;
    if constexpr (Op == ScatterOp::Add) r = half(x + y);
    else if constexpr (Op == ScatterOp::Max) r = (x != x || x >= y) ? a : b;
    else r = (x != x || x <= y) ? a : b;
    std::memcpy(dst, &r, sizeof r);
  }
};

// Pairs (o, i) in [b, e) of one o-or-i split, every j in order.
template <class Apply> void scatter_range(const ScatterPlan& p, int64_t b, int64_t e, bool by_outer) {
  const int64_t inner = p.inner();
  const int nin = static_cast<int>(p.inner_shape.size());
  int64_t pos[kBlock];
  const PosFn positions = positions_fn(p.index_dtype);
  auto one_outer = [&](int64_t o, int64_t i0, int64_t i1) {
    char* out = p.out + offset_of(o, p.outer_shape, p.outer_strides);
    const char* val = p.value + offset_of(o, p.outer_shape, p.value_outer_strides);
    for (int64_t j0 = 0; j0 < p.nidx; j0 += kBlock) {
      const int64_t n = std::min(kBlock, p.nidx - j0);
      positions(p, j0, n, pos);
      for (int64_t k = 0; k < n; ++k) {
        char* dst = out + pos[k] * p.axis_stride;
        const char* src = val + (j0 + k) * p.value_index_stride;
        if (nin == 0) {
          Apply::apply(dst, src);
          continue;
        }
        for (int64_t i = i0; i < i1; ++i)
          Apply::apply(dst + offset_of(i, p.inner_shape, p.inner_strides),
                       src + offset_of(i, p.inner_shape, p.value_inner_strides));
      }
    }
  };
  if (by_outer) {
    for (int64_t o = b; o < e; ++o) one_outer(o, 0, inner);
  } else {
    one_outer(0, b, e);
  }
}

template <class Apply> void scatter_all(const ScatterPlan& p) {
  const int64_t outer = p.outer(), inner = p.inner();
  const bool by_outer = outer > 1 || inner == 1;
  const int64_t units = by_outer ? outer : inner;
  const int64_t per_unit = by_outer ? p.nidx * inner : p.nidx;
  const int64_t grain = std::max<int64_t>(1, kDefaultGrain / std::max<int64_t>(1, per_unit));
  parallel_for(units, grain, [&](int64_t b, int64_t e) { scatter_range<Apply>(p, b, e, by_outer); });
}

template <ScatterOp Op> void combine_by_dtype(const ScatterPlan& p) {
  dispatch(p.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (traits::is_complex_v<T> && Op != ScatterOp::Add) {
      throw TypeError("scatter: maximum and minimum are not defined for complex values here");
    } else {
      scatter_all<CombineItem<T, Op>>(p);
    }
  });
}

}  // namespace

void CpuBackend::scatter(const ScatterPlan& p) {
  if (p.outer() == 0 || p.nidx == 0) return;
  const ReadFn read = read_fn(p.index_dtype);
  if (p.mode == GatherMode::Raise) {
    std::atomic<int64_t> bad{p.nidx};
    parallel_for(p.nidx, kDefaultGrain * 4, [&](int64_t b, int64_t e) {
      int64_t j = b;
      for (; j < e; ++j) {
        const int64_t v = read(p.index + j * p.index_stride);
        if (v < -p.len || v >= p.len) break;
      }
      if (j == e) return;
      int64_t cur = bad.load(std::memory_order_relaxed);
      while (j < cur && !bad.compare_exchange_weak(cur, j, std::memory_order_relaxed)) {
      }
    });
    if (const int64_t j = bad.load(); j < p.nidx) {
      report_index_error(read(p.index + j * p.index_stride), p.axis, p.len);
      raise_deferred(take_host_errors());  // Note [Deferred errors]: on the host, at once
    }
  }
  if (p.inner() == 0) return;
  switch (p.op) {
    case ScatterOp::Assign:
      switch (p.itemsize) {
        case 1: return scatter_all<AssignItem<uint8_t>>(p);
        case 2: return scatter_all<AssignItem<uint16_t>>(p);
        case 4: return scatter_all<AssignItem<uint32_t>>(p);
        case 8: return scatter_all<AssignItem<uint64_t>>(p);
        case 16: return scatter_all<AssignItem<Item16>>(p);
        default: CUNUM_ASSERT(false && "scatter: item size must be 1, 2, 4, 8 or 16");
      }
      return;
    case ScatterOp::Add: return combine_by_dtype<ScatterOp::Add>(p);
    case ScatterOp::Max: return combine_by_dtype<ScatterOp::Max>(p);
    case ScatterOp::Min: return combine_by_dtype<ScatterOp::Min>(p);
  }
}

}  // namespace cunum::backend::cpu
