// The host side of Note [Deferred errors] (cunum/kernels/errors.hpp).
#pragma once

namespace cunum::backend {
// Takes (and clears) the bits reported by CPU loops; 0 when none.
unsigned take_host_errors();
// Raises NumPy's exception for the first bit set in `bits` (nothing for 0).
void raise_deferred(unsigned bits);
}  // namespace cunum::backend
