// The ndarray type: attributes, views, indexing, operators, host transfer.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "array_bases.hpp"
#include "backend/backend.hpp"
#include "bindings.hpp"
#include "cunum/fusion.hpp"
#include "convert.hpp"
#include "index_key.hpp"
#include "routines/indexing_internal.hpp"
#include "store.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunum::py {

namespace {
nb::tuple to_tuple(const Dims& v) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
  if (!t) throw nb::python_error();
  nb::tuple r = nb::steal<nb::tuple>(t);
  for (size_t i = 0; i < v.size(); ++i) {
    PyObject* x = PyLong_FromLongLong(v[i]);
    if (!x) throw nb::python_error();
    PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), x);
  }
  return r;
}

// An index item that is neither a Python int, a slice, None, Ellipsis nor a
// cunum array (lists, tuples inside the key, NumPy arrays and scalars):
// through cunum._routines.indexing._key_array, NumPy's conversion with its
// IndexErrors, made on `device`.
ndarray key_array(nb::handle h, Device device) {
  return nb::cast<ndarray>(python_function(PythonFunction::KeyArray)(h, nb::cast(device)));
}

Index parse_index_item(nb::handle h, const ndarray& self) {
  PyObject* o = h.ptr();
  if (o == Py_None) return Index::newaxis();
  if (o == Py_Ellipsis) return Index::ellipsis();
  if (PySlice_Check(o)) {
#if !defined(Py_LIMITED_API)
    auto* so = reinterpret_cast<PySliceObject*>(o);
    Slice s{opt_index(so->start), opt_index(so->stop), opt_index(so->step)};
#else
    Slice s{opt_index(h.attr("start")), opt_index(h.attr("stop")), opt_index(h.attr("step"))};
#endif
    return Index(s);
  }
  if (PyBool_Check(o)) {  // a 0-d boolean array (Note [Advanced indexing])
    ndarray t = ndarray::allocate({}, DType::Bool, Device::cpu());
    t.fill(Scalar(o == Py_True));
    return Index(t);
  }
  if (PyLong_Check(o)) return Index(integer_index(h));
  ndarray* a = nullptr;
  if (nb::try_cast<ndarray*>(h, a) && a) {
    if (a->ndim() == 0 && is_integer(a->dtype())) {
      const Scalar v = a->item();
      if (v.kind == Scalar::Kind::UInt) throw OverflowError("Python int too large to convert to C long");
      return Index(v.as_int64());
    }
    return Index(*a);
  }
  if (PyIndex_Check(o) && !PySequence_Check(o)) return Index(integer_index(h));
  if (PyUnicode_Check(o) || PyBytes_Check(o) || PyFloat_Check(o) || PyComplex_Check(o))
    throw IndexError(kNumpyBadIndex);
  if (PySequence_Check(o) || nb::hasattr(h, "__array__") || nb::hasattr(h, "dtype"))
    return Index(key_array(h, self.device()));
  throw IndexError(kNumpyBadIndex);
}

std::vector<Index> parse_key(nb::handle key, const ndarray& self) {
  std::vector<Index> idx;
  if (PyTuple_Check(key.ptr())) {
    for (nb::handle item : nb::borrow<nb::tuple>(key)) idx.push_back(parse_index_item(item, self));
  } else {
    idx.push_back(parse_index_item(key, self));
  }
  return idx;
}

bool has_array(const std::vector<Index>& idx) {
  for (const Index& i : idx)
    if (i.kind == Index::Kind::Array) return true;
  return false;
}

// The value of x[idx] = value when idx holds an array: a cunum array as it
// is, anything else stored into an array of x's dtype with NumPy 2's rules
// (store_value: a Python int out of range is an OverflowError).
ndarray value_array(const ndarray& self, nb::handle value) {
  ndarray* v = nullptr;
  if (nb::try_cast<ndarray*>(value, v) && v) return *v;
  Shape shape;
  PyObject* o = value.ptr();
  if (!(PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o))) {
    shape = as_shape(python_function(PythonFunction::NumpyShape)(value));
  }
  ndarray t = ndarray::allocate(shape, self.dtype(), self.device());
  store_value(t, value);
  return t;
}

// x[i, j] = v with an integer for every dim: NumPy stores v as one scalar
// (ndarray.fill's rules: an array of ndim > 0 or a list is an error, a bool
// target takes v's truth value); a 0-d cunum array stays on the device.
bool scalar_target(const std::vector<Index>& idx, const ndarray& self) {
  if (static_cast<int64_t>(idx.size()) != self.ndim()) return false;
  for (const Index& i : idx)
    if (i.kind != Index::Kind::Integer) return false;
  return true;
}

void setitem(const ndarray& self, nb::handle key, nb::handle value) {
  std::vector<Index> idx = parse_key(key, self);
  if (!has_array(idx)) {
    ndarray target = index(self, idx);
    ndarray* v = nullptr;
    if (scalar_target(idx, self) && !(nb::try_cast<ndarray*>(value, v) && v && v->ndim() == 0))
      return fill_value(target, value);
    return store_value(target, value);
  }
  ndarray v;
  try {
    v = value_array(self, value);
  } catch (...) {
    // NumPy's order: the index's items (x[mask, -2] = -1 on uint8 is an
    // IndexError when -2 is out of range), then the value (x[[5]] = 128 on
    // a length-1 int8 array is an OverflowError), then the index arrays'
    // broadcast and bounds.
    check_index_items(self, idx);
    throw;
  }
  index_assign(self, idx, v);
}
}  // namespace

// x[key] for cunum's own callers (cunumx.scatter_*, ndarray.flat).
std::vector<Index> parse_index_key(nb::handle key, const ndarray& self) { return parse_key(key, self); }
ndarray value_as_array(const ndarray& self, nb::handle value) { return value_array(self, value); }

namespace {
void buffer_copy(const ndarray& a, nb::handle buf, bool to_host) {
  Py_buffer view;
  int flags = to_host ? (PyBUF_SIMPLE | PyBUF_WRITABLE) : PyBUF_SIMPLE;
  if (PyObject_GetBuffer(buf.ptr(), &view, flags) != 0) throw nb::python_error();
  struct Release {
    Py_buffer* v;
    ~Release() { PyBuffer_Release(v); }
  } release{&view};
  if (view.len != a.nbytes()) throw ValueError("buffer size does not match the array");
  if (to_host) a.copy_to_host(view.buf);
  else const_cast<ndarray&>(a).copy_from_host(view.buf);
}
// NumPy's ndarray.view(dtype): the same bytes read as another dtype. A dtype
// of another size rescales the last axis, which must then be contiguous
// (NumPy's rules and messages, numpy/_core/src/multiarray/getset.c).
ndarray view_as_dtype(const ndarray& a, DType dtype) {
  const int64_t old_size = static_cast<int64_t>(a.itemsize());
  const int64_t new_size = static_cast<int64_t>(itemsize(dtype));
  Shape shape = a.shape();
  Strides strides = a.strides();
  if (new_size != old_size) {
    if (a.ndim() == 0)
      throw ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
    const size_t axis = shape.size() - 1;
    if (shape[axis] != 1 && a.size() != 0 && strides[axis] != old_size)
      throw ValueError("To change to a dtype of a different size, the last axis must be contiguous");
    const int64_t bytes = shape[axis] * old_size;
    if (bytes % new_size != 0) {
      throw ValueError(new_size > old_size
                           ? "When changing to a larger dtype, its size must be a divisor of the total "
                             "size in bytes of the last axis of the array."
                           : "When changing to a smaller dtype, its size must be a divisor of the size "
                             "of original dtype");
    }
    shape[axis] = bytes / new_size;
    strides[axis] = new_size;
  }
  return ndarray(a.storage(), a.offset(), shape, strides, dtype, false);
}
}  // namespace

void bind_ndarray(nb::module_& m) {
  nb::class_<Device>(m, "Device")
      .def("__init__", [](Device* d, nb::handle spec) {
        if (PyLong_Check(spec.ptr())) new (d) Device(Device::cuda(nb::cast<int>(spec)));
        else if (spec.is_none()) new (d) Device(default_device());
        else new (d) Device(Device::parse(nb::cast<std::string>(nb::str(spec))));
      }, "device"_a = nb::none())
      .def_prop_ro("kind", [](const Device& d) { return d.is_cpu() ? "cpu" : "cuda"; })
      .def_prop_ro("id", [](const Device& d) { return d.index; })
      .def("__str__", &Device::str)
      .def("__repr__", [](const Device& d) { return "<Device " + d.str() + ">"; })
      .def("__eq__", [](const Device& a, nb::handle b) {
        Device* o = nullptr;
        return nb::try_cast<Device*>(b, o) && o && *o == a;
      })
      .def("__hash__", [](const Device& d) { return static_cast<int>(d.kind) * 1024 + d.index; });
  m.def("_default_device", &default_device);
  m.def("_device_override", &default_device_override);
  m.def("_set_device_override", &set_default_device_override, "device"_a.none());
  m.def("_cuda_device_count", &cuda_device_count);
  m.def("_device_available", [](const Device& d) { return backend::available(d); });
  m.def("_pool_stats", [](const Device& d) {
    auto s = backend::get(d).pool_stats();
    return nb::make_tuple(s.used_bytes, s.total_bytes, s.free_bytes, s.n_free_blocks);
  });
  m.def("_mem_get_info", [] {
    Device d = default_device();
    if (d.is_cpu()) d = Device::cuda(0);
    auto [f, t] = backend::get(d).mem_info();
    return nb::make_tuple(f, t);
  });
  m.def("_synchronize", [](const Device& d) {
    fusion::flush();  // pending fused expressions run first (docs/fusion.md)
    backend::get(d).synchronize();
  });
  m.def("_compute_capability", [](const Device& d) { return backend::get(d).compute_capability(); });
  m.def("_pool_free_all", [](const Device& d) { backend::get(d).pool_free_all(); });
  m.def("_pool_set_limit", [](const Device& d, size_t bytes) { backend::get(d).pool_set_limit(bytes); });
  m.def("_pool_get_limit", [](const Device& d) { return backend::get(d).pool_get_limit(); });

  // weak-referenceable as NumPy's arrays (and for Note [View bases])
  nb::class_<ndarray> cls(m, "ndarray", nb::type_slots(ndarray_operator_slots()), nb::is_weak_referenceable());
  cls.def("__init__", [](ndarray* self, nb::handle shape, nb::handle dtype, nb::handle order) {
        DType d = dtype.is_none() ? DType::Float64 : as_dtype(dtype);
        char o = order.is_none() ? 'C' : nb::cast<std::string>(order)[0];
        new (self) ndarray(empty(as_shape(shape), d, std::nullopt, o));
      }, "shape"_a, "dtype"_a = nb::none(), "order"_a = nb::none())
      .def_prop_ro("shape", [](const ndarray& a) { return to_tuple(a.shape()); })
      .def_prop_ro("strides", [](const ndarray& a) { return to_tuple(a.strides()); })
      .def_prop_ro("ndim", &ndarray::ndim)
      .def_prop_ro("size", &ndarray::size)
      .def_prop_ro("itemsize", &ndarray::itemsize)
      .def_prop_ro("nbytes", &ndarray::nbytes)
      .def_prop_ro("dtype", [](const ndarray& a) { return numpy_dtype(a.dtype()); })
      .def_prop_ro("_dtype_code", [](const ndarray& a) { return static_cast<int>(a.dtype()); })
      .def_prop_ro("device", &ndarray::device)
      .def_prop_ro("_owndata", &ndarray::owndata)
      .def_prop_ro("_c_contiguous", &ndarray::is_c_contiguous)
      .def_prop_ro("_f_contiguous", &ndarray::is_f_contiguous)
      .def_prop_ro("_data_ptr", [](const ndarray& a) {
        // the pointer escapes: never an input of a pending expression (Note [Automatic fusion])
        if (a.valid()) a.storage()->shared = true;
        return reinterpret_cast<uintptr_t>(a.data());
      })
      .def_prop_ro("base", [](const ndarray& a) -> nb::object {
        if (a.owndata()) return nb::none();
        return base_object(a);  // Note [View bases]
      })
      .def_prop_ro("T", [](const ndarray& a) { return with_base(a, transpose(a)); })
      .def_prop_ro("mT", [](const ndarray& a) { return with_base(a, matrix_transpose(a)); })
      .def_prop_ro("real", [](nb::handle self) -> nb::object {
        const ndarray& a = nb::cast<const ndarray&>(self);
        if (!is_complex(a.dtype())) return nb::borrow(self);  // NumPy: x.real is x
        return nb::cast(with_base(a, a.real()));
      })
      .def_prop_ro("imag", [](const ndarray& a) { return with_base(a, a.imag()); })
      // a view made in Python from this array (a one-operand einsum): Note [View bases]
      .def("_note_view", [](const ndarray& a, const ndarray& view) { note_base(a, view); })
      .def("_shares_memory_with", [](const ndarray& a, const ndarray& b) { return a.shares_storage_with(b); })
      .def("_reshape", [](const ndarray& a, nb::handle shape, const std::string& order) {
        return with_base(a, reshape(a, as_shape(shape), order[0]));
      })
      .def("_transpose", [](const ndarray& a, std::optional<std::vector<int64_t>> axes) {
        return with_base(a, transpose(a, axes));
      }, "axes"_a.none())
      .def("_astype", [](const ndarray& a, nb::handle dtype, const std::string& order, bool copy) {
        DType d = as_dtype(dtype);
        char o = order[0];
        return array(a, d, copy, o);
      })
      .def("_copy", [](const ndarray& a, const std::string& order) { return a.copy(order[0]); })
      .def("_view", [](const ndarray& a, nb::handle dtype) { return with_base(a, view_as_dtype(a, as_dtype(dtype))); })
      // x.shape = s: x becomes its reshaped view, made by the caller (python/cunum/_ndarray.py)
      .def("_set_layout", [](ndarray& a, const ndarray& view) {
        if (view.storage() != a.storage() || view.dtype() != a.dtype() || view.size() != a.size())
          throw ValueError("_set_layout: not a view of the array with its dtype and size");
        a = view;
      })
      .def("_to_device", [](const ndarray& a, const Device& d) { return a.to(d); })
      .def("fill", &fill_value)
      .def("_item", [](const ndarray& a) { return scalar_to_python(a.item()); })
      .def("_item_at", [](const ndarray& a, int64_t i) { return scalar_to_python(a.item(i)); })
      .def("_copy_to_buffer", [](const ndarray& a, nb::handle buf) { buffer_copy(a, buf, true); })
      .def("_copy_from_buffer", [](const ndarray& a, nb::handle buf) { buffer_copy(a, buf, false); })
      .def("__getitem__", [](const ndarray& a, nb::handle key) { return with_base(a, index(a, parse_key(key, a))); },
           nb::arg().none())
      .def("__setitem__", &setitem, nb::arg().none(), nb::arg().none())
      .def("__len__", [](const ndarray& a) {
        if (a.ndim() == 0) throw TypeError("len() of unsized object");
        return a.shape()[0];
      });

  // The operators are type slots: ndarray_slots.cpp.
}

}  // namespace cunum::py
