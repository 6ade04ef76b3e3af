// numpy.fft: python/cunum/fft/ calls these. NumPy's argument rules (n=None,
// s and axes, the norm strings and their messages) are applied there, as
// NumPy's own fft module does in Python; lengths, axes, dtypes, out= and
// the transforms are C++ (src/routines/fft.cpp).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/cuda.hpp"
#include "cunum/fft.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_fft(nb::module_& m) {
  m.def("_fft", [](int op, const ndarray& a, const std::vector<int64_t>& s, const std::vector<int64_t>& axes,
                   int norm, std::optional<ndarray> out) {
    return fft::detail::transform(static_cast<fft::detail::Op>(op), a, s, axes, static_cast<fft::Norm>(norm), out);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_fftfreq", [](int64_t n, double d, nb::handle device, bool real) {
    return real ? fft::rfftfreq(n, d, opt_device(device)) : fft::fftfreq(n, d, opt_device(device));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_fftshift", [](const ndarray& x, nb::handle axes, bool inverse) {
    return inverse ? fft::ifftshift(x, opt_axes(axes)) : fft::fftshift(x, opt_axes(axes));
  }, nb::arg(), nb::arg().none(), nb::arg());
  // cuFFT's plan cache (cunum.fft.config): one per GPU.
  m.def("_fft_plan_cache_info", [](int device) {
    const cuda::FftPlanCacheInfo i = cuda::fft_plan_cache_info(device);
    nb::dict d;
    d["device"] = i.device;
    d["enabled"] = i.enabled;
    d["size"] = i.size;
    d["max_size"] = i.max_size;
    d["memsize"] = i.memsize;
    d["max_memsize"] = i.max_memsize;
    d["hits"] = i.hits;
    d["misses"] = i.misses;
    d["plans"] = i.plans;
    return d;
  });
  m.def("_fft_plan_cache_set_size", [](int64_t n, int device) { cuda::fft_plan_cache_set_size(n, device); });
  m.def("_fft_plan_cache_set_memsize", [](int64_t n, int device) { cuda::fft_plan_cache_set_memsize(n, device); });
  m.def("_fft_plan_cache_clear", [](int device) { cuda::fft_plan_cache_clear(device); });
}

}  // namespace cunum::py
