// Printing for C++ users: nested brackets, NumPy-like but without NumPy's
// column alignment (Python's repr uses NumPy's own printer).
#include "cunum/format.hpp"

#include <sstream>
#include <vector>

namespace cunum {

namespace {
void print_rec(std::ostream& os, const ndarray& host, const std::vector<unsigned char>& buf,
               int dim, int64_t off) {
  if (dim == host.ndim()) {
    os << Scalar::load(host.dtype(), buf.data() + off).repr();
    return;
  }
  os << "[";
  for (int64_t i = 0; i < host.shape()[dim]; ++i) {
    if (i) os << (dim + 1 == host.ndim() ? " " : "\n ");
    print_rec(os, host, buf, dim + 1, off + i * host.strides()[dim]);
  }
  os << "]";
}
}  // namespace

std::string to_string(const ndarray& a) {
  std::vector<unsigned char> buf(static_cast<size_t>(a.nbytes()) + 16);
  a.copy_to_host(buf.data());
  ndarray c = ndarray::allocate(a.shape(), a.dtype(), Device::cpu());
  std::ostringstream os;
  print_rec(os, c, buf, 0, 0);
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const ndarray& a) { return os << to_string(a); }

}  // namespace cunum
