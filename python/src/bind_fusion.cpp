// cunum.fuse's C++ half: the graph a traced function records
// (cunum/fusion.hpp, docs/fusion.md) and the hook that lets ufuncs called on
// tracing proxies reach the tracer (Note [Fusion proxies], bind_ufuncs.cpp).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/error.hpp"
#include "core/autofuse.hpp"
#include "cunum/fusion.hpp"

namespace nb = nanobind;

namespace cunum::py {

extern PyObject* g_fusion_type;
extern PyObject* g_fusion_call;

namespace {
using fusion::Graph;
using fusion::Ref;

nb::tuple to_py(const Ref& r) { return nb::make_tuple(static_cast<int>(r.kind), r.index, r.out); }
Ref from_py(nb::handle h) {
  nb::tuple t = nb::cast<nb::tuple>(h);
  return {static_cast<Ref::Kind>(nb::cast<int>(t[0])), nb::cast<int>(t[1]), nb::cast<int>(t[2])};
}
nb::list to_py(const std::vector<Ref>& v) {
  nb::list l;
  for (const Ref& r : v) l.append(to_py(r));
  return l;
}
}  // namespace

void bind_fusion(nb::module_& m) {
  nb::class_<Graph>(m, "_FusionGraph")
      .def(nb::init<int>())
      .def("input", [](const Graph& g, int k) { return to_py(g.input(k)); })
      .def("scalar", [](Graph& g, nb::handle v) {
        if (is_numpy_scalar(v)) {  // strong: its dtype takes part in promotion, as in eager code
          auto s = python_scalar(v.attr("item")());
          if (!s) throw TypeError("a fused NumPy scalar must be of a numeric dtype");
          return to_py(g.scalar(Scalar::of(as_dtype(v.attr("dtype")), *s)));
        }
        auto s = python_scalar(v);
        if (!s) throw TypeError("a fused scalar must be a Python bool, int, float or complex, or a NumPy scalar");
        return to_py(g.scalar(*s));
      })
      .def("call", [](Graph& g, const std::string& name, nb::list args) {
        std::vector<Ref> refs;
        for (nb::handle h : args) refs.push_back(from_py(h));
        const core::UfuncDef* def = core::find_ufunc(name);
        if (!def) throw ValueError("no ufunc named '" + name + "'");
        return to_py(g.call(*def, refs.data(), static_cast<int>(refs.size())));
      })
      .def("where", [](Graph& g, nb::handle c, nb::handle x, nb::handle y) {
        return nb::make_tuple(to_py(g.where(from_py(c), from_py(x), from_py(y))));
      })
      .def("set_outputs", [](Graph& g, nb::list outs) {
        std::vector<Ref> refs;
        for (nb::handle h : outs) refs.push_back(from_py(h));
        g.set_outputs(std::move(refs));
      })
      .def("run", [](const Graph& g, const std::vector<ndarray>& inputs) { return g.run(inputs); })
      .def("run1", [](const Graph& g, const std::vector<ndarray>& inputs) { return g.run(inputs)[0]; })
      .def("run_eager", [](const Graph& g, const std::vector<ndarray>& inputs) { return g.run_eager(inputs); })
      // The graph's one output reduced (Note [Fused reductions]): axis,
      // keepdims and dtype as the Python reductions take them.
      .def("run_reduce",
           [](const Graph& g, const std::vector<ndarray>& inputs, const std::string& name, nb::handle axis,
              nb::handle keepdims, nb::handle dtype) {
             if (PyList_Check(axis.ptr())) throw TypeError("'list' object cannot be interpreted as an integer");
             const bool is_int = !axis.is_none() && !PyTuple_Check(axis.ptr());
             ReduceOptions o{opt_axes(axis), truthy(keepdims), opt_dtype(dtype), std::nullopt, is_int};
             return g.run_reduce(inputs, name, o);
           },
           nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none())
      .def_prop_ro("num_calls", [](const Graph& g) { return g.num_calls(); });
  // Reductions run with their graph inside the reduction's kernel (tests).
  m.def("_fused_reduction_count", [] { return fusion::fused_reduction_count(); });
  m.def("_set_fusion_hook", [](nb::handle type, nb::handle call) {
    Py_XDECREF(g_fusion_type);
    Py_XDECREF(g_fusion_call);
    g_fusion_type = Py_NewRef(type.ptr());
    g_fusion_call = Py_NewRef(call.ptr());
  });
  // Automatic fusion's switch (cunum.set_autofuse, docs/fusion.md).
  m.def("_autofuse_set", [](bool on, int64_t min_size) { fusion::set_auto(on, min_size); },
        nb::arg("on"), nb::arg("min_size") = 0);
  m.def("_autofuse_get", [] { return nb::make_tuple(fusion::auto_enabled(), fusion::auto_min_size()); });
  m.def("_autofuse_flush", [] { fusion::flush(); });
  // Tests: the step count of the pending expression that will compute `a` (0: none).
  m.def("_autofuse_pending_steps", [](const ndarray& a) { return a.valid() ? core::pending_steps(*a.storage()) : 0; });
}

}  // namespace cunum::py
