// The gather family on the CPU (Note [Gather plans]): out[o, j, i] =
// in[o, index[j], i], by item size, never by dtype.
//
// Note [CPU gather]
// Rows (o, j) of `inner` items are split over the threads. A thread takes the
// indices of up to kBlock consecutive rows of one `o` at a time and turns them
// into byte offsets along the axis (read in their own dtype, made positions
// by the mode) in a buffer on its stack; then each row is one item
// (inner == 1: a load and a store the compiler keeps in registers), one
// memcpy (a contiguous inner run) or a strided walk. The functions are
// instantiated per index type x mode (offsets) and per item size (rows):
// 27 + 5 small loops, whatever the dtypes. Mode Raise checks every index
// before anything is written (NumPy leaves out= untouched on an error) and
// reports the first bad one in C order, as NumPy does.
#include <algorithm>
#include <atomic>
#include <cstring>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "backend/deferred_errors.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/errors.hpp"

namespace cunum::backend::cpu {

namespace {

constexpr int64_t kBlock = 256;  // rows whose offsets one buffer holds

struct Item16 {
  uint64_t lo, hi;
};

// Byte offset of position `pos` (C order) over coalesced dims.
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
  return static_cast<int64_t>(v);  // uint64 wraps: NumPy's same-kind cast to intp
}

// offs[k] = byte offset along the axis of index j0 + k, k < n. In mode Raise
// every index is known to be in [-len, len).
template <class Index, GatherMode M>
void index_offsets(const GatherPlan& p, int64_t j0, int64_t n, int64_t* offs) {
  const char* idx = p.index + j0 * p.index_stride;
  const int64_t len = p.len, s = p.axis_stride;
  for (int64_t k = 0; k < n; ++k) {
    int64_t v = read_index<Index>(idx + k * p.index_stride);
    if constexpr (M == GatherMode::Raise) {
      if (v < 0) v += len;
    } else if constexpr (M == GatherMode::Wrap) {
      if (v < 0 || v >= len) {
        v %= len;
        if (v < 0) v += len;
      }
    } else {
      v = v < 0 ? 0 : (v >= len ? len - 1 : v);
    }
    offs[k] = v * s;
  }
}

// The first j in [b, e) whose index is outside [-len, len), or nidx.
template <class Index> int64_t first_bad(const GatherPlan& p, int64_t b, int64_t e) {
  for (int64_t j = b; j < e; ++j) {
    const int64_t v = read_index<Index>(p.index + j * p.index_stride);
    if (v < -p.len || v >= p.len) return j;
  }
  return p.nidx;
}

struct IndexFns {
  void (*offsets)(const GatherPlan&, int64_t, int64_t, int64_t*);
  int64_t (*first_bad)(const GatherPlan&, int64_t, int64_t);
  int64_t (*read)(const char*);
};

template <class Index> IndexFns index_fns(GatherMode mode) {
  auto offsets = mode == GatherMode::Raise  ? &index_offsets<Index, GatherMode::Raise>
                 : mode == GatherMode::Wrap ? &index_offsets<Index, GatherMode::Wrap>
                                            : &index_offsets<Index, GatherMode::Clip>;
  return {offsets, &first_bad<Index>, &read_index<Index>};
}

IndexFns index_fns_for(DType d, GatherMode mode) {
  switch (d) {
    case DType::Bool:
    case DType::UInt8: return index_fns<uint8_t>(mode);
    case DType::Int8: return index_fns<int8_t>(mode);
    case DType::Int16: return index_fns<int16_t>(mode);
    case DType::UInt16: return index_fns<uint16_t>(mode);
    case DType::Int32: return index_fns<int32_t>(mode);
    case DType::UInt32: return index_fns<uint32_t>(mode);
    case DType::Int64: return index_fns<int64_t>(mode);
    case DType::UInt64: return index_fns<uint64_t>(mode);
    default: CUNUM_ASSERT(false && "gather: index dtype must be an integer or bool");
  }
  return {};
}

// n rows starting at row `dst` (contiguous): row k from src + offs[k].
template <class Item>
void copy_rows(const GatherPlan& p, const char* src, const int64_t* offs, int64_t n, char* dst) {
  const int64_t inner = p.inner();
  const int nin = static_cast<int>(p.inner_shape.size());
  if (nin == 0) {  // one item per row: the 1-d gather
    for (int64_t k = 0; k < n; ++k) std::memcpy(dst + k * sizeof(Item), src + offs[k], sizeof(Item));
    return;
  }
  const size_t row_bytes = static_cast<size_t>(inner) * sizeof(Item);
  if (nin == 1 && p.inner_strides[0] == static_cast<int64_t>(sizeof(Item))) {
    for (int64_t k = 0; k < n; ++k) std::memcpy(dst + k * row_bytes, src + offs[k], row_bytes);
    return;
  }
  // Strided inner dims: runs of the last one, each run's start unravelled.
  const int64_t run = p.inner_shape[nin - 1], rs = p.inner_strides[nin - 1];
  Dims lead_shape(p.inner_shape.begin(), p.inner_shape.end() - 1);
  Dims lead_strides(p.inner_strides.begin(), p.inner_strides.end() - 1);
  for (int64_t k = 0; k < n; ++k) {
    char* out = dst + k * row_bytes;
    for (int64_t r = 0; r < inner / run; ++r) {
      const char* in = src + offs[k] + offset_of(r, lead_shape, lead_strides);
      for (int64_t i = 0; i < run; ++i, out += sizeof(Item)) std::memcpy(out, in + i * rs, sizeof(Item));
    }
  }
}

template <class Item> void gather_rows(const GatherPlan& p, const IndexFns& fns) {
  const int64_t nidx = p.nidx, rows = p.outer() * nidx;
  const int64_t row_bytes = p.inner() * static_cast<int64_t>(sizeof(Item));
  const int64_t grain = std::max<int64_t>(1, kDefaultGrain / std::max<int64_t>(1, p.inner()));
  parallel_for(rows, grain, [&](int64_t b, int64_t e) {
    int64_t offs[kBlock];
    for (int64_t r = b; r < e;) {
      const int64_t o = r / nidx, j = r % nidx;
      const int64_t n = std::min({e - r, nidx - j, kBlock});
      fns.offsets(p, j, n, offs);
      copy_rows<Item>(p, p.in + offset_of(o, p.outer_shape, p.outer_strides), offs, n, p.out + r * row_bytes);
      r += n;
    }
  });
}

}  // namespace

void CpuBackend::gather(const GatherPlan& p) {
  if (p.outer() == 0 || p.nidx == 0) return;  // NumPy checks no index then
  const IndexFns fns = index_fns_for(p.index_dtype, p.mode);
  if (p.mode == GatherMode::Raise) {
    std::atomic<int64_t> bad{p.nidx};
    parallel_for(p.nidx, kDefaultGrain * 4, [&](int64_t b, int64_t e) {
      const int64_t j = fns.first_bad(p, b, e);
      int64_t cur = bad.load(std::memory_order_relaxed);
      while (j < cur && !bad.compare_exchange_weak(cur, j, std::memory_order_relaxed)) {
      }
    });
    if (const int64_t j = bad.load(); j < p.nidx) {
      report_index_error(fns.read(p.index + j * p.index_stride), p.axis, p.len);
      raise_deferred(take_host_errors());  // Note [Deferred errors]: on the host, at once
    }
  }
  if (p.inner() == 0) return;
  switch (p.itemsize) {
    case 1: return gather_rows<uint8_t>(p, fns);
    case 2: return gather_rows<uint16_t>(p, fns);
    case 4: return gather_rows<uint32_t>(p, fns);
    case 8: return gather_rows<uint64_t>(p, fns);
    case 16: return gather_rows<Item16>(p, fns);
    default: CUNUM_ASSERT(false && "gather: item size must be 1, 2, 4, 8 or 16");
  }
}

}  // namespace cunum::backend::cpu
