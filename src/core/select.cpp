#include "core/select.hpp"

#include "backend/backend.hpp"
#include "core/assign.hpp"

namespace cunum::core {

namespace {
// The mask as contiguous bools on `device`.
ndarray bool_mask(const ndarray& mask, Device device) {
  ndarray m = on_device(mask, device);
  if (m.dtype() != DType::Bool || !m.is_c_contiguous()) {
    ndarray c = ndarray::allocate(m.shape(), DType::Bool, device);
    assign(c, m);  // the cast to bool is NumPy's truth of each entry
    m = c;
  }
  return m;
}

// Counts, allocates the result through `make` and writes it.
template <class Make> ndarray run_select(backend::SelectPlan& p, Device device, Make&& make) {
  backend::Backend& be = backend::get(device);
  ndarray blocks = ndarray::allocate({be.select_blocks(p.n) + 1}, DType::Int64, device);
  p.blocks = reinterpret_cast<int64_t*>(blocks.data());
  const int64_t count = be.select_count(p);
  ndarray out = make(count);
  if (count > 0) {
    p.out = out.data();
    be.select_write(p);
  }
  return out;
}
}  // namespace

ndarray select_positions(const ndarray& mask) {
  const Device device = mask.device();
  if (mask.size() == 0) return ndarray::allocate({0}, DType::Int64, device);
  ndarray m = bool_mask(mask, device);
  backend::SelectPlan p;
  p.mask = m.data();
  p.n = m.size();
  return run_select(p, device, [&](int64_t count) { return ndarray::allocate({count}, DType::Int64, device); });
}

ndarray select_rows(const ndarray& a0, const ndarray& mask) {
  const Device device = a0.device();
  Shape shape{0};
  for (int d = mask.ndim(); d < a0.ndim(); ++d) shape.push_back(a0.shape()[d]);
  if (a0.size() == 0 || mask.size() == 0) {
    // An empty mask selects nothing; empty rows: the count still matters.
    if (mask.size() != 0) shape[0] = select_positions(mask).size();
    return ndarray::allocate(shape, a0.dtype(), device);
  }
  ndarray m = bool_mask(mask, device);
  const ndarray a = a0.is_c_contiguous() ? a0 : a0.copy('C');
  backend::SelectPlan p;
  p.mask = m.data();
  p.n = m.size();
  p.in = a.data();
  p.row_bytes = a.nbytes() / p.n;
  return run_select(p, device, [&](int64_t count) {
    shape[0] = count;
    return ndarray::allocate(shape, a.dtype(), device);
  });
}

}  // namespace cunum::core
