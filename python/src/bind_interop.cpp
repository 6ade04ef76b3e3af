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
  m.def("_from_dlpack_capsule", &from_capsule, nb::arg("capsule"), nb::arg("copy_read_only"));
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
