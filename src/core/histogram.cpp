// The histogram planner (Note [Histogram plans]).
#include "core/histogram.hpp"

#include "cunum/error.hpp"

namespace cunum::core {

void histogram(const ndarray& out, const ndarray& x, const std::optional<ndarray>& w, backend::HistogramMode mode,
               const ndarray* edges, DType cmp, double first, double last) {
  CUNUM_ASSERT(out.ndim() == 1 && out.is_c_contiguous() && x.ndim() == 1 && x.device() == out.device());
  CUNUM_ASSERT(out.dtype() == (w ? DType::Float64 : DType::Int64));
  if (x.size() == 0 || out.size() == 0) return;
  backend::HistogramPlan p;
  p.mode = mode;
  p.x = x.data();
  p.x_dtype = x.dtype();
  p.n = x.size();
  p.x_stride = x.strides()[0];
  ndarray wd;
  if (w) {
    CUNUM_ASSERT(w->ndim() == 1 && w->size() == x.size());
    wd = w->device() == x.device() ? *w : w->to(x.device());
    p.w = wd.data();
    p.w_dtype = wd.dtype();
    p.w_stride = wd.strides()[0];
  }
  ndarray e;
  if (mode != backend::HistogramMode::Direct) {
    CUNUM_ASSERT(edges && edges->ndim() == 1 && edges->size() == out.size() + 1 && is_floating(cmp));
    // Rounded through cmp (NumPy compares there), held exactly as float64.
    e = edges->astype(cmp).astype(DType::Float64);
    if (!e.is_c_contiguous() || e.device() != x.device()) e = e.to(x.device()).copy();
    p.edges = reinterpret_cast<const double*>(e.data());
    p.cmp = cmp;
    p.first = first;
    p.last = last;
  }
  p.bins = out.size();
  p.out = out.data();
  p.out_dtype = out.dtype();
  backend::get(out.device()).histogram(p);
}

}  // namespace cunum::core
