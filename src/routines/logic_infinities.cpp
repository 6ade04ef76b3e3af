// isposinf and isneginf: NumPy composes them of isinf, signbit and
// logical_and (with the caller's out=), and so do we; both backends run the
// three ufuncs unchanged.
#include <string>

#include "cunum/error.hpp"
#include "cunum/logic.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
ndarray infinity_with_sign(const ndarray& x, const std::optional<ndarray>& out, bool negative) {
  // signbit has no complex loop: NumPy re-raises its TypeError with this text
  if (is_complex(x.dtype()))
    throw TypeError("This operation is not supported for " + std::string(dtype_name(x.dtype())) +
                    " values because it would be ambiguous.");
  const ndarray sign = negative ? signbit(x) : invert(signbit(x));
  UfuncOptions o;
  o.out = out;
  return logical_and(isinf(x), sign, o);
}
}  // namespace

ndarray isposinf(const ndarray& x, const std::optional<ndarray>& out) { return infinity_with_sign(x, out, false); }
ndarray isneginf(const ndarray& x, const std::optional<ndarray>& out) { return infinity_with_sign(x, out, true); }

}  // namespace cunum
