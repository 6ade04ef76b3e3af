// Interchange with other libraries (docs/interop.md): DLPack capsules both
// ways and arrays over foreign pointers (__cuda_array_interface__). The
// protocol logic (versions, copy=, streams) is python/cunum/_routines/interop.py.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <cstring>

#include "args.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/cuda.hpp"
#include "cunum/error.hpp"
#include "cunum/interop.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
constexpr const char* kVersioned = "dltensor_versioned";
constexpr const char* kLegacy = "dltensor";
constexpr const char* kUsedVersioned = "used_dltensor_versioned";
constexpr const char* kUsedLegacy = "used_dltensor";

// A capsule nobody consumed still owns its tensor: the DLPack standard says
// the producer's capsule destructor then calls the deleter. A consumer
// renames the capsule ("used_...") and takes over the deleter.
void versioned_capsule_destructor(PyObject* cap) noexcept {
  if (!PyCapsule_IsValid(cap, kVersioned)) return;
  auto* t = static_cast<dlpack::DLManagedTensorVersioned*>(PyCapsule_GetPointer(cap, kVersioned));
  if (t && t->deleter) t->deleter(t);
}
void legacy_capsule_destructor(PyObject* cap) noexcept {
  if (!PyCapsule_IsValid(cap, kLegacy)) return;
  auto* t = static_cast<dlpack::DLManagedTensor*>(PyCapsule_GetPointer(cap, kLegacy));
  if (t && t->deleter) t->deleter(t);
}

nb::object to_capsule(const ndarray& a, bool versioned, bool read_only, bool is_copied) {
  PyObject* cap;
  if (versioned) {
    auto* t = to_dlpack_versioned(a, read_only, is_copied);
    cap = PyCapsule_New(t, kVersioned, versioned_capsule_destructor);
    if (!cap) t->deleter(t);
  } else {
    auto* t = to_dlpack(a);
    cap = PyCapsule_New(t, kLegacy, legacy_capsule_destructor);
    if (!cap) t->deleter(t);
  }
  if (!cap) throw nb::python_error();
  return nb::steal(cap);
}

// A read-only tensor (DLPack 1.x's flag; NumPy exports read-only arrays so)
// cannot be viewed by cunum, whose arrays are always writeable: it is copied
// when `copy_read_only`, else refused.
ndarray from_capsule(nb::handle h, bool copy_read_only) {
  PyObject* cap = h.ptr();
  if (!PyCapsule_CheckExact(cap))
    throw TypeError("from_dlpack: expected a DLPack PyCapsule, got " +
                    std::string(Py_TYPE(cap)->tp_name));
  const char* name = PyCapsule_GetName(cap);
  if (!name && PyErr_Occurred()) throw nb::python_error();
  const std::string n = name ? name : "";
  if (n == kUsedVersioned || n == kUsedLegacy)
    throw ValueError("from_dlpack: this DLPack capsule was already consumed (a capsule can be used once)");
  if (n == kVersioned) {
    auto* t = static_cast<dlpack::DLManagedTensorVersioned*>(PyCapsule_GetPointer(cap, kVersioned));
    if (!t) throw nb::python_error();
    const bool read_only = (t->flags & dlpack::kFlagReadOnly) != 0;
    if (read_only && !copy_read_only)
      throw ValueError("from_dlpack: the tensor is read-only and cunum arrays are writeable: a copy is "
                       "needed, and copy=False");
    ndarray r = from_dlpack(t);  // on failure the capsule still owns t
    if (PyCapsule_SetName(cap, kUsedVersioned) != 0) throw nb::python_error();
    return read_only ? r.copy('K') : r;
  }
  if (n == kLegacy) {
    auto* t = static_cast<dlpack::DLManagedTensor*>(PyCapsule_GetPointer(cap, kLegacy));
    if (!t) throw nb::python_error();
    ndarray r = from_dlpack(t);
    if (PyCapsule_SetName(cap, kUsedLegacy) != 0) throw nb::python_error();
    return r;
  }
  throw ValueError("from_dlpack: a PyCapsule named '" + n + "' is not a DLPack tensor (expected '" +
                   kVersioned + "' or '" + kLegacy + "')");
}

// Note [DLPack fast paths]
// ndarray.__dlpack__ and cunum.from_dlpack are called per tensor handed
// over, often on small tensors, so their common case is one C++ call: no
// copy, no other device, and a stream handshake that is a comparison when
// the consumer's stream is the producer's (and an event recorded and waited
// on, in C++, when it is not). Everything else (copies, dl_device=, old
// producers, errors to phrase) returns None and takes the Python path in
// python/cunum/_routines/interop.py, which stays the reference semantics.
// `ndarray.__dlpack__`, `__dlpack_device__` and `cunum.from_dlpack` are
// themselves C++ (no Python frame before the fast path: on the H100 host a
// frame and a call cost ~0.3-0.5 us each), and the handshake reads the
// current stream's handle without making a cuda::Stream.

// The cudaStream_t a DLPack stream integer names (1: legacy default, 2:
// per-thread default) compared with cunum's current stream of `device`;
// when they differ, the consumer's stream waits for cunum's pending work.
void dlpack_handshake(int device, std::uintptr_t consumer) {
  const std::uintptr_t p = cuda::current_stream_ptr(device);  // no Stream made on the common path
  const std::uintptr_t mine = p ? p : 1;
  if (mine == consumer) return;
  const cuda::Stream ours = cuda::current_stream(device);
  const cuda::Stream theirs = consumer == 1   ? cuda::Stream::null_stream(device)
                              : consumer == 2 ? cuda::Stream::per_thread(device)
                                              : cuda::Stream::external(consumer, device);
  const cuda::Event e(false, true, false, device);
  e.record(ours);
  theirs.wait_event(e);
}

// ndarray.__dlpack__(stream=, max_version=) without dl_device= or copy=True.
nb::object dlpack_export_fast(const ndarray& a, nb::handle stream, nb::handle max_version) {
  PyObject* st = stream.ptr();
  long long sv = -1;
  if (st != Py_None) {
    if (!PyLong_CheckExact(st)) return nb::none();
    int overflow = 0;
    sv = PyLong_AsLongLongAndOverflow(st, &overflow);
    if (overflow || sv == 0 || sv < -1 || (sv == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return nb::none();
    }
  }
  bool versioned = false;
  if (!max_version.is_none()) {
    PyObject* mv = max_version.ptr();
    if (!PyTuple_CheckExact(mv) || PyTuple_GET_SIZE(mv) < 1 || !PyLong_CheckExact(PyTuple_GET_ITEM(mv, 0)))
      return nb::none();
    versioned = PyLong_AsLong(PyTuple_GET_ITEM(mv, 0)) >= 1;
  }
  const int64_t isz = static_cast<int64_t>(itemsize(a.dtype()));
  for (int64_t s : a.strides())
    if (s % isz) return nb::none();
  if (a.device().is_cpu()) {
    if (st != Py_None && sv != -1) return nb::none();  // Python's BufferError
  } else if (sv != -1) {
    dlpack_handshake(a.device().index, st == Py_None ? 1 : static_cast<std::uintptr_t>(sv));
  }
  return to_capsule(a, versioned, false, false);
}

// cunum.from_dlpack(x) without device= or copy=: a capsule, or an object with
// __dlpack__ on the CPU or a CUDA device, asked for a versioned capsule with
// cunum's current stream of its device.
nb::object import_capsule(nb::handle cap) {
  try {
    return nb::cast(from_capsule(cap, true));
  } catch (const ValueError& e) {  // the standard's exception for a bad capsule
    PyErr_SetString(PyExc_BufferError, e.what());
    throw nb::python_error();
  }
}

// Note [PyTorch producer]
// torch.Tensor.__dlpack__(stream=s) is Python: for a CUDA tensor it builds
// torch.cuda.default_stream() and current_stream() objects to compare with s,
// ~12 us per call on the H100 host (2026-11-25), more than twice issue 12's
// 5 us for the whole exchange. The work it does is two C functions of
// PyTorch's own, ~0.35 us together: torch._C._cuda_getCurrentRawStream(d)
// (PyTorch's current stream of device d) and torch._C._to_dlpack_versioned(t)
// (the capsule, no synchronisation). So for an exact torch.Tensor cunum
// makes the standard's handshake itself, as the producer would: when
// PyTorch's current stream is not cunum's, an event recorded on PyTorch's
// stream and waited on by cunum's. Every case where __dlpack__ would do more
// (a __torch_function__ override or mode, requires_grad, the conjugate bit, a
// layout other than strided, a device other than PyTorch's current one, a
// device neither CPU nor CUDA) and any PyTorch without these functions takes
// the protocol path. The references are looked up once and kept for the
// process (deliberately never released: no Python object is destroyed by a
// C++ static destructor after the interpreter, the exit crash of issue 7).
struct TorchDlpack {
  PyTypeObject* tensor = nullptr;
  PyObject* strided = nullptr;
  PyObject* to_dlpack_versioned = nullptr;
  PyObject* raw_stream = nullptr;     // _cuda_getCurrentRawStream(device) -> int
  PyObject* current_device = nullptr; // _cuda_getDevice() -> int
  PyObject* has_torch_function = nullptr;
};

// The functions, or nullptr when `type` is not torch.Tensor or this PyTorch
// lacks one of them. Called only for types named "Tensor".
const TorchDlpack* torch_dlpack(PyTypeObject* type) {
  static TorchDlpack found;
  static bool looked = false;
  if (!looked) {
    PyObject* torch = PyImport_GetModule(nb::str("torch").ptr());  // imported already, or not torch
    if (!torch) {
      PyErr_Clear();
      return nullptr;
    }
    looked = true;
    nb::object t = nb::steal(torch);
    try {
      nb::object C = t.attr("_C");
      TorchDlpack f;
      f.tensor = reinterpret_cast<PyTypeObject*>(nb::object(t.attr("Tensor")).release().ptr());
      f.strided = nb::object(t.attr("strided")).release().ptr();
      f.to_dlpack_versioned = nb::object(C.attr("_to_dlpack_versioned")).release().ptr();
      f.raw_stream = nb::object(C.attr("_cuda_getCurrentRawStream")).release().ptr();
      f.current_device = nb::object(C.attr("_cuda_getDevice")).release().ptr();
      f.has_torch_function = nb::object(C.attr("_has_torch_function_unary")).release().ptr();
      found = f;  // the references above are kept for the process
    } catch (const nb::python_error&) {
      PyErr_Clear();  // an older or newer PyTorch: the protocol path for good
    }
  }
  return found.has_torch_function && type == found.tensor ? &found : nullptr;
}

// A bool or int result of a call; -1 on any error (cleared).
long long call_value(PyObject* r) {
  if (!r) {
    PyErr_Clear();
    return -1;
  }
  long long v = PyBool_Check(r) ? (r == Py_True) : PyLong_AsLongLong(r);
  Py_DECREF(r);
  if (v == -1 && PyErr_Occurred()) PyErr_Clear();
  return v;
}

// cunum.from_dlpack(t) for an exact torch.Tensor (Note [PyTorch producer]); None declines.
nb::object torch_import_fast(nb::handle x, const TorchDlpack& f) {
  PyObject* t = x.ptr();
  static PyObject* const requires_grad = PyUnicode_InternFromString("requires_grad");
  static PyObject* const is_conj = PyUnicode_InternFromString("is_conj");
  static PyObject* const layout = PyUnicode_InternFromString("layout");
  static PyObject* const is_cuda = PyUnicode_InternFromString("is_cuda");
  static PyObject* const is_cpu = PyUnicode_InternFromString("is_cpu");
  static PyObject* const get_device = PyUnicode_InternFromString("get_device");
  if (call_value(PyObject_CallOneArg(f.has_torch_function, t)) != 0) return nb::none();
  if (call_value(PyObject_GetAttr(t, requires_grad)) != 0) return nb::none();
  if (call_value(PyObject_CallMethodNoArgs(t, is_conj)) != 0) return nb::none();
  PyObject* lay = PyObject_GetAttr(t, layout);
  if (!lay) {
    PyErr_Clear();
    return nb::none();
  }
  const bool strided = lay == f.strided;
  Py_DECREF(lay);
  if (!strided) return nb::none();
  if (call_value(PyObject_GetAttr(t, is_cuda)) == 1) {
    const long long dev = call_value(PyObject_CallMethodNoArgs(t, get_device));
    if (dev < 0 || call_value(PyObject_CallNoArgs(f.current_device)) != dev) return nb::none();
    nb::object d = nb::int_(dev);
    const long long theirs = call_value(PyObject_CallOneArg(f.raw_stream, d.ptr()));
    if (theirs < 0) return nb::none();
    const int device = static_cast<int>(dev);
    std::uintptr_t ours;
    try {
      ours = cuda::current_stream_ptr(device);
    } catch (const std::exception&) {
      return nb::none();  // a device this process cannot use: the Python path's error
    }
    if (ours != static_cast<std::uintptr_t>(theirs)) {  // 0 is the legacy default stream for both
      const cuda::Stream producer = theirs == 0 ? cuda::Stream::null_stream(device)
                                                : cuda::Stream::external(static_cast<std::uintptr_t>(theirs), device);
      const cuda::Event e(false, true, false, device);
      e.record(producer);
      cuda::current_stream(device).wait_event(e);
    }
  } else if (call_value(PyObject_GetAttr(t, is_cpu)) != 1) {
    return nb::none();
  }
  PyObject* cap = PyObject_CallOneArg(f.to_dlpack_versioned, t);
  if (!cap) throw nb::python_error();
  return import_capsule(nb::steal(cap));
}

nb::object dlpack_import_fast(nb::handle x) {
  if (PyCapsule_CheckExact(x.ptr())) return import_capsule(x);
  if (std::strcmp(Py_TYPE(x.ptr())->tp_name, "Tensor") == 0) {
    if (const TorchDlpack* f = torch_dlpack(Py_TYPE(x.ptr()))) {
      nb::object a = torch_import_fast(x, *f);
      if (!a.is_none()) return a;
    }
  }
  static PyObject* const dev_name = PyUnicode_InternFromString("__dlpack_device__");
  static PyObject* const dl_name = PyUnicode_InternFromString("__dlpack__");
  static PyObject* const kwnames = Py_BuildValue("(ssss)", "stream", "max_version", "dl_device", "copy");
  static PyObject* const max_version = Py_BuildValue("(ii)", 1, 1);
  PyObject* dev = PyObject_CallMethodNoArgs(x.ptr(), dev_name);
  if (!dev) {
    PyErr_Clear();  // no protocol, or its own error: the Python path says which
    return nb::none();
  }
  nb::object devo = nb::steal(dev);
  if (!PyTuple_Check(dev) || PyTuple_GET_SIZE(dev) != 2) return nb::none();
  const long kind = PyLong_AsLong(PyTuple_GET_ITEM(dev, 0));
  const long id = PyLong_AsLong(PyTuple_GET_ITEM(dev, 1));
  if (PyErr_Occurred()) {
    PyErr_Clear();
    return nb::none();
  }
  nb::object stream = nb::none();
  if (kind == 2) {
    std::uintptr_t p;
    try {
      p = cuda::current_stream_ptr(static_cast<int>(id));
    } catch (const std::exception&) {
      return nb::none();  // a device this process cannot use: the Python path's error
    }
    stream = nb::int_(p ? p : 1);
  } else if (kind != 1) {
    return nb::none();
  }
  PyObject* args[] = {x.ptr(), stream.ptr(), max_version, Py_None, Py_None};
  PyObject* cap = PyObject_VectorcallMethod(dl_name, args, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, kwnames);
  if (!cap) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {  // an old producer: no max_version
      PyErr_Clear();
      return nb::none();
    }
    throw nb::python_error();
  }
  return import_capsule(nb::steal(cap));
}

// The Python protocol functions (python/cunum/_routines/interop.py) that
// take the calls the fast paths decline: looked up when needed (a reference
// kept in C++ would hold cunum's module past the interpreter's teardown).
nb::object interop_py(const char* name) {
  return nb::module_::import_("cunum._routines.interop").attr(name);
}

// ndarray.__dlpack_device__: (kDLCPU, 0) or (kDLCUDA, id), as Python ints.
nb::object dlpack_device_method(const ndarray& a) {
  const Device d = a.device();
  PyObject* t = d.is_cpu() ? Py_BuildValue("(ii)", 1, 0) : Py_BuildValue("(ii)", 2, d.index);
  if (!t) throw nb::python_error();
  return nb::steal(t);
}

// ndarray.__dlpack__(*, stream=None, max_version=None, dl_device=None,
// copy=None): the fast path, else interop._dlpack_slow (no Python frame on
// the common call: this method is ndarray's own).
nb::object dlpack_method(nb::handle self, nb::handle stream, nb::handle max_version, nb::handle dl_device,
                         nb::handle copy) {
  if (dl_device.is_none() && (copy.is_none() || copy.ptr() == Py_False)) {
    nb::object cap = dlpack_export_fast(nb::cast<const ndarray&>(self), stream, max_version);
    if (!cap.is_none()) return cap;
  }
  return interop_py("_dlpack_slow")(self, stream, max_version, dl_device, copy);
}

// cunum.from_dlpack(x, /, *, device=None, copy=None): the fast path, else
// interop._from_dlpack_slow.
nb::object from_dlpack_function(nb::handle x, nb::handle device, nb::handle copy) {
  if (device.is_none() && copy.is_none()) {
    nb::object a = dlpack_import_fast(x);
    if (!a.is_none()) return a;
  }
  return interop_py("_from_dlpack_slow")(x, device, copy);
}

// A Python object kept alive by a foreign array; released with the GIL held,
// from whichever thread drops the last view.
std::shared_ptr<void> python_owner(nb::handle obj) {
  if (obj.is_none()) return {};
  PyObject* o = obj.inc_ref().ptr();
  return std::shared_ptr<void>(o, [](void* p) {
    if (!Py_IsInitialized()) return;
    PyGILState_STATE g = PyGILState_Ensure();
    Py_DECREF(static_cast<PyObject*>(p));
    PyGILState_Release(g);
  });
}
}  // namespace

void bind_interop(nb::module_& m) {
  m.def("_to_dlpack", &to_capsule, nb::arg("a"), nb::arg("versioned"), nb::arg("read_only"),
        nb::arg("is_copied"));
  // Whether cunum.from_dlpack(t) of this object's type can take Note [PyTorch producer]'s path (tests).
  m.def("_torch_dlpack_fast", [](nb::handle t) { return torch_dlpack(Py_TYPE(t.ptr())) != nullptr; });
  // An exact CUDA or CPU torch.Tensor as a cunum array without a copy through Note [PyTorch
  // producer]'s path, or None where that path declines (asarray's use: docs/interop.md).
  m.def("_from_torch_fast", [](nb::handle t) -> nb::object {
    const TorchDlpack* f = torch_dlpack(Py_TYPE(t.ptr()));
    return f ? torch_import_fast(t, *f) : nb::none();
  });
  m.def("_from_dlpack_capsule", &from_capsule, nb::arg("capsule"), nb::arg("copy_read_only"));
  m.def("_dlpack_export_fast", &dlpack_export_fast, nb::arg("a"), nb::arg("stream").none(),
        nb::arg("max_version").none());
  m.def("_dlpack_import_fast", &dlpack_import_fast, nb::arg("x").none());
  // ndarray's protocol methods and cunum.from_dlpack, attached by
  // python/cunum/_ndarray.py and _routines/interop.py (Note [DLPack fast paths]).
  m.attr("_dlpack_device_method") =
      nb::cpp_function(&dlpack_device_method, nb::is_method(), nb::name("__dlpack_device__"),
                       "(kDLCPU=1, 0) for an array on the CPU, (kDLCUDA=2, id) on a GPU.");
  m.attr("_dlpack_method") = nb::cpp_function(
      &dlpack_method, nb::is_method(), nb::name("__dlpack__"), nb::kw_only(),
      nb::arg("stream").none() = nb::none(), nb::arg("max_version").none() = nb::none(),
      nb::arg("dl_device").none() = nb::none(), nb::arg("copy").none() = nb::none(),
      "A DLPack capsule viewing the array (the array API standard's protocol; docs/interop.md).");
  m.def("from_dlpack", &from_dlpack_function, nb::arg().none(), nb::kw_only(),  // x positional-only, as NumPy
        nb::arg("device").none() = nb::none(), nb::arg("copy").none() = nb::none(),
        "An array sharing the memory of `x`, any object with __dlpack__ (NumPy, PyTorch, CuPy, JAX\n"
        "arrays) or, as CuPy accepts, a DLPack capsule.\n\n"
        "No copy is made unless `device` differs from where `x` lives or copy=True (copy=False then\n"
        "raises BufferError). The result keeps the producer's memory alive. For a CUDA producer, cunum\n"
        "passes its current stream, which the producer makes wait for its pending work (docs/interop.md).");
  // An array over `ptr` (shape; byte strides, None for C order), keeping `owner` alive.
  m.def("_from_pointer", [](uintptr_t ptr, nb::handle shape, nb::handle strides, nb::handle dtype,
                            const Device& dev, nb::handle owner) {
    const DType d = as_dtype(dtype);
    const Shape s = as_shape(shape);
    Strides st;
    if (strides.is_none()) {
      st.resize(s.size());
      int64_t step = static_cast<int64_t>(itemsize(d));
      for (int i = static_cast<int>(s.size()) - 1; i >= 0; --i) {
        st[i] = step;
        step *= s[i] ? s[i] : 1;
      }
    } else {
      st = as_shape(strides);
    }
    return from_external(reinterpret_cast<void*>(ptr), s, st, d, dev, python_owner(owner));
  }, nb::arg("ptr"), nb::arg("shape"), nb::arg("strides").none(), nb::arg("dtype"), nb::arg("device"),
        nb::arg("owner").none());
  m.def("_is_external", &is_external);
  m.def("_pointer_device", [](uintptr_t p) { return cuda::pointer_device(reinterpret_cast<const void*>(p)); });
  // (address, bytes) of the allocation the array views: ndarray.data.mem.
  m.def("_storage_span", [](const ndarray& a) {
    if (a.valid()) {
      (void)a.data();  // computes a pending result; the pointer escapes (Note [Automatic fusion])
      a.storage()->shared = true;
    }
    return nb::make_tuple(reinterpret_cast<uintptr_t>(a.storage() ? a.storage()->data : nullptr),
                          a.storage() ? a.storage()->nbytes : 0);
  });
}

}  // namespace cunum::py
