// cunum.cuda's C++ side: streams, events, allocators and pools
// (include/cunum/cuda.hpp). python/cunum/cuda wraps these in CuPy's classes.
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include "bindings.hpp"
#include "cunum/cuda.hpp"
#include "cunum/fusion.hpp"
#include "cunum/ndarray.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunum::py {

void bind_cuda(nb::module_& m) {
  using cuda::Event;
  using cuda::Stream;
  nb::class_<Stream>(m, "_Stream")
      .def_prop_ro("ptr", &Stream::ptr)
      .def_prop_ro("device_id", &Stream::device)
      .def_prop_ro("owned", &Stream::owned)
      // Pending fused expressions (docs/fusion.md) run before a stream is
      // waited for or an event recorded, so that timings and waits see them.
      .def("synchronize", [](const Stream& s) {
        fusion::flush();
        nb::gil_scoped_release r;
        s.synchronize();
      })
      .def_prop_ro("done", &Stream::done)
      .def("wait_event", &Stream::wait_event)
      .def("record", [](const Stream& s, const Event& e) {
        fusion::flush();
        s.record(e);
      });
  m.def("_stream_new", [](bool non_blocking, int priority, int device) { return Stream(non_blocking, priority, device); });
  m.def("_stream_null", &Stream::null_stream);
  m.def("_stream_ptds", &Stream::per_thread);
  m.def("_stream_external", &Stream::external);
  m.def("_current_stream", &cuda::current_stream);
  m.def("_set_current_stream", &cuda::set_current_stream);

  nb::class_<Event>(m, "_Event")
      .def(nb::init<bool, bool, bool, int>())
      .def("record", [](const Event& e, const Stream& s) {
        fusion::flush();
        e.record(s);
      })
      .def("synchronize", &Event::synchronize, nb::call_guard<nb::gil_scoped_release>())
      .def_prop_ro("done", &Event::done)
      .def_prop_ro("ptr", &Event::ptr)
      .def_prop_ro("device_id", &Event::device);
  m.def("_elapsed_time", &cuda::elapsed_time, nb::call_guard<nb::gil_scoped_release>());
  m.def("_current_cuda_device", &cuda::current_device);

  m.def("_set_allocator", [](int kind) { cuda::set_allocator(static_cast<cuda::AllocatorKind>(kind)); });
  m.def("_get_allocator", [] { return static_cast<int>(cuda::get_allocator()); });
  m.def("_set_thread_allocator", &cuda::set_thread_allocator);
  m.def("_get_thread_allocator", &cuda::get_thread_allocator);
  m.def("_raw_malloc", [](int kind, size_t nbytes, int device) {
    return reinterpret_cast<uintptr_t>(cuda::raw_malloc(static_cast<cuda::AllocatorKind>(kind), nbytes, device));
  });
  m.def("_raw_free", [](int kind, uintptr_t p, int device) {
    cuda::raw_free(static_cast<cuda::AllocatorKind>(kind), reinterpret_cast<void*>(p), device);
  });
  m.def("_record_stream", &cuda::record_stream);
  m.def("_pinned_pool_stats", [] {
    auto s = cuda::pinned_pool_stats();
    return nb::make_tuple(s.used_bytes, s.total_bytes, s.n_free_blocks);
  });
  m.def("_pinned_pool_free_all", &cuda::pinned_pool_free_all);
  m.def("_pinned_malloc", [](size_t nbytes, bool pooled) {
    return reinterpret_cast<uintptr_t>(cuda::pinned_malloc(nbytes, pooled));
  });
  m.def("_pinned_free", [](uintptr_t p, bool pooled) { cuda::pinned_free(reinterpret_cast<void*>(p), pooled); });
  m.def("_profiler_start", &cuda::profiler_start);
  m.def("_profiler_stop", &cuda::profiler_stop);
  m.def("_cuda_versions", [] {
    auto v = cuda::versions();
    return nb::make_tuple(v.build, v.runtime, v.driver, v.nvrtc);
  });
  m.def("_cuda_device_info", [](int device) {
    auto d = cuda::device_info(device);
    return nb::make_tuple(d.name, d.pci_bus_id, d.total_memory, d.major, d.minor, d.multiprocessors);
  });
  m.def("_async_pool_stats", [](int device) {
    auto s = cuda::async_pool_stats(device);
    return nb::make_tuple(s.used_bytes, s.total_bytes);
  });
  m.def("_async_pool_free_all", &cuda::async_pool_free_all);
  m.def("_async_pool_set_limit", &cuda::async_pool_set_limit);
  m.def("_async_pool_get_limit", &cuda::async_pool_get_limit);
}

}  // namespace cunum::py
