// The host side of Note [Deferred errors] (cunum/kernels/errors.hpp).
#pragma once

namespace cunum::backend {
// Takes (and clears) the bits reported by CPU loops; 0 when none.
unsigned take_host_errors();
// Raises NumPy's exception for the first bit set in `bits` (nothing for 0).
// `info`: the values stored with the bits that carry some (index, axis and
// size for kErrIndexOutOfBounds); null for the host's own.
void raise_deferred(unsigned bits, const long long* info = nullptr);
}  // namespace cunum::backend
