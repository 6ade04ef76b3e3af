// cunum/warnings.hpp — where NumPy would warn.
//
// Note [Warnings]
// C++ has no warnings, so by default the C++ API goes on silently where NumPy
// warns. A program may install a handler; the Python layer installs one that
// raises NumPy's warning, which the warnings filter may turn into an
// exception: a handler may throw, and cunum calls it while planning, before
// any work of the call has started (so a throw leaves every array as it was).
#pragma once
#include "cunum/dtype.hpp"

namespace cunum {

enum class Warning {
  // numpy.exceptions.ComplexWarning: a cast from a complex dtype to a real
  // (or integer) one drops the imaginary parts.
  ComplexDiscarded,
};
using WarningHandler = void (*)(Warning);

// Installs `handler` (nullptr: none) and returns the one it replaces.
WarningHandler set_warning_handler(WarningHandler handler);
// Calls the installed handler, if any.
void warn(Warning w);
// NumPy's ComplexWarning rule: complex to anything but complex and bool.
inline bool cast_discards_imaginary(DType from, DType to) {
  return is_complex(from) && !is_complex(to) && to != DType::Bool;
}
inline void warn_if_discarding_imaginary(DType from, DType to) {
  if (cast_discards_imaginary(from, to)) warn(Warning::ComplexDiscarded);
}

}  // namespace cunum
