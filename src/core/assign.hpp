// Copy-with-conversion between arrays: the primitive behind astype, copy,
// __setitem__, copyto and out= casting.
#pragma once
#include "cunum/ndarray.hpp"

namespace cunum::core {
// dst[...] = src (src broadcast to dst, converted unsafely, overlap-safe,
// moved across devices if needed).
void assign(const ndarray& dst, const ndarray& src);
// The same without the overlap check, for callers whose src reads no element
// that dst writes (pad's areas and their sources): a bounds test would see
// interleaved regions as overlapping and copy src first.
void assign_disjoint(const ndarray& dst, const ndarray& src);
// dst[mask] = src[mask], with src and mask broadcast to dst.
void assign_where(const ndarray& dst, const ndarray& src, const ndarray& mask);
// Same device as dst, or a copy onto it.
ndarray on_device(const ndarray& a, Device d);
}  // namespace cunum::core
