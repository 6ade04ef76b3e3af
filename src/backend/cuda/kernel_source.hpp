// Generated kernel sources and the parameter block they take.
//
// Note [Kernel parameter block]
// Every generated kernel takes one struct by value, laid out as
//   char* data[4]; long long n; double aux[4]; long long iaux[2];
//   unsigned char value[16]; long long shape[ND]; long long strides[4][ND];
// The host packs the same layout into bytes (ParamBlock), so one non-template
// launcher serves every kernel whatever its ND.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cunum/dtype.hpp"
#include "cunum/ufunc_list.hpp"

namespace cunum::backend::cuda {

// The bytes live inside the object (the largest block, rank 64, is 2664
// bytes): building one per launch allocates nothing, and only the bytes the
// rank needs are zeroed.
struct ParamBlock {
  static constexpr size_t kFixed = 32 + 8 + 32 + 16 + 16;  // up to `shape`
  static constexpr size_t kMaxRank = 64;                    // kMaxDims
  static constexpr size_t size_for(int nd) { return kFixed + 8 * 5 * static_cast<size_t>(nd > 0 ? nd : 1); }
  struct Bytes {
    alignas(16) char buf[kFixed + 8 * 5 * kMaxRank];
    size_t n = 0;
    char* data() { return buf; }
    const char* data() const { return buf; }
    size_t size() const { return n; }
  };
  Bytes bytes;
  int nd;
  explicit ParamBlock(int nd_) : nd(nd_) {
    bytes.n = size_for(nd_ <= static_cast<int>(kMaxRank) ? nd_ : static_cast<int>(kMaxRank));
    std::memset(bytes.buf, 0, bytes.n);
  }
  void set_data(int k, const void* p) { std::memcpy(bytes.data() + 8 * k, &p, 8); }
  void set_n(int64_t n) { std::memcpy(bytes.data() + 32, &n, 8); }
  void set_aux(int k, double v) { std::memcpy(bytes.data() + 40 + 8 * k, &v, 8); }
  void set_iaux(int k, int64_t v) { std::memcpy(bytes.data() + 72 + 8 * k, &v, 8); }
  void set_value(const void* p, size_t n) { std::memcpy(bytes.data() + 88, p, n); }
  void set_shape(int d, int64_t v) { std::memcpy(bytes.data() + kFixed + 8 * d, &v, 8); }
  void set_stride(int k, int d, int64_t v) {
    const int w = nd > 0 ? nd : 1;
    std::memcpy(bytes.data() + kFixed + 8 * w + 8 * (k * w + d), &v, 8);
  }
};

// What every generated source starts with: the op headers (NVRTC finds them
// among the embedded headers).
extern const char* const kPrelude;
// The parameter struct `P` of Note [Kernel parameter block] for rank nd.
std::string params(int nd);

// C++ spelling of a dtype's scalar type inside kernels ("float", "cunum::half" ...).
const char* kernel_type_name(DType d);

// Sources. `nd` is the plan's (coalesced) rank, `index32` picks int offsets.
std::string ufunc_source(core::UfuncId id, DType loop, int nd, bool index32);
// All operands contiguous and aligned to `vec` elements (vec * itemsize <= 16).
std::string ufunc_contiguous_source(core::UfuncId id, DType loop, int vec);
std::string cast_source(DType from, DType to, int nd, bool index32, bool masked);
std::string fill_source(DType dtype, int nd, bool index32);
std::string iota_source(DType dtype);
// Note [Reduction strategies]
// Block: a block per output (inner, contiguous reductions with many outputs).
// Thread: a thread per output (outer, strided reductions: rows read coalesced).
// *Partial: the reduced range is split in C chunks (aux[0]) of L elements
// (aux[1]), each writes a partial; Final merges the C partials per output.
// Together they keep every SM busy whatever the shape.
enum class ReduceMode : uint8_t { Block, BlockPartial, Final, Thread, ThreadPartial };
std::string reduce_source(core::ReduceId id, DType dtype, int out_nd, ReduceMode mode);

}  // namespace cunum::backend::cuda
