// User-written kernels: the C++ side of python/cunum/_kernels (CuPy's
// ElementwiseKernel, ReductionKernel, RawKernel, RawModule). The parameter
// strings are parsed and the types resolved in Python; these take resolved
// types, arrays and scalars.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <cstring>

#include "args.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/cuda.hpp"
#include "cunum/cuda_modules.hpp"
#include "cunum/error.hpp"
#include "cunum/user_kernels.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// The arguments of a user kernel call, in parameter order: arrays borrowed
// from the Python objects (alive for the call), scalars converted.
struct CallArgs {
  std::vector<user::Arg> args;
  Device device = Device::cpu();
};
CallArgs call_args(const user::Kernel& k, nb::handle objs) {
  CallArgs c;
  bool have_device = false;
  // A tuple or a list, read without building index objects.
  const bool tuple = PyTuple_Check(objs.ptr());
  if (!tuple && !PyList_Check(objs.ptr())) throw TypeError("cunum: kernel arguments must be a tuple or a list");
  const size_t n = tuple ? PyTuple_GET_SIZE(objs.ptr()) : PyList_GET_SIZE(objs.ptr());
  c.args.resize(n);
  for (size_t i = 0; i < n; ++i) {
    nb::handle h = tuple ? PyTuple_GET_ITEM(objs.ptr(), i) : PyList_GET_ITEM(objs.ptr(), i);
    if (nb::isinstance<ndarray>(h)) {
      const ndarray& a = nb::cast<const ndarray&>(h);
      c.args[i].array = &a;
      if (!have_device) c.device = a.device(), have_device = true;
    } else if (auto s = python_scalar(h)) {
      c.args[i].value = *s;
    } else {
      throw TypeError("cunum: kernel '" + k.spec().name + "': unsupported argument type " +
                      std::string(nb::type_name(h.type()).c_str()));
    }
  }
  if (!have_device) c.device = default_device();
  return c;
}

// Marshals one RawKernel argument into 16-byte-aligned storage.
struct RawArgs {
  std::vector<std::array<unsigned char, 16>> storage;
  std::vector<size_t> sizes;
  std::vector<void*> ptrs;
};
RawArgs raw_args(nb::handle objs, int device, const std::string& name) {
  RawArgs r;
  const bool tuple = PyTuple_Check(objs.ptr());
  if (!tuple && !PyList_Check(objs.ptr()))
    throw TypeError("args must be a tuple, not " + std::string(Py_TYPE(objs.ptr())->tp_name));
  const size_t n = tuple ? PyTuple_GET_SIZE(objs.ptr()) : PyList_GET_SIZE(objs.ptr());
  r.storage.resize(n);
  r.sizes.resize(n);
  r.ptrs.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    nb::handle h = tuple ? PyTuple_GET_ITEM(objs.ptr(), i) : PyList_GET_ITEM(objs.ptr(), i);
    unsigned char* p = r.storage[i].data();
    std::memset(p, 0, 16);
    if (nb::isinstance<ndarray>(h)) {
      const ndarray& a = nb::cast<const ndarray&>(h);
      if (!a.device().is_cuda() || a.device().index != device)
        throw ValueError("cunum: argument " + std::to_string(i) + " of kernel '" + name + "' is on " +
                         a.device().str() + ", the kernel runs on cuda:" + std::to_string(device));
      void* ptr = a.data();
      std::memcpy(p, &ptr, sizeof ptr);
      r.sizes[i] = sizeof ptr;
    } else if (is_numpy_scalar(h)) {
      Py_buffer view;
      if (PyObject_GetBuffer(h.ptr(), &view, PyBUF_SIMPLE) != 0) throw nb::python_error();
      const size_t len = static_cast<size_t>(view.len);
      if (len <= 16) std::memcpy(p, view.buf, len);
      PyBuffer_Release(&view);
      if (len > 16) throw TypeError("cunum: argument " + std::to_string(i) + " of kernel '" + name + "' is too large");
      r.sizes[i] = len;
    } else if (auto s = python_scalar(h)) {
      // CuPy's rules: bool -> bool, int -> long long, float -> double, complex -> complex<double>.
      const DType d = s->kind == Scalar::Kind::Bool      ? DType::Bool
                      : s->kind == Scalar::Kind::Float   ? DType::Float64
                      : s->kind == Scalar::Kind::Complex ? DType::Complex128
                      : s->kind == Scalar::Kind::UInt    ? DType::UInt64
                                                         : DType::Int64;
      if (s->big) throw OverflowError("cunum: argument " + std::to_string(i) + " of kernel '" + name +
                                      "': Python int too large to convert to a C integer");
      s->store(d, p);
      r.sizes[i] = itemsize(d);
    } else if (std::strcmp(Py_TYPE(h.ptr())->tp_name, "GlobalPointer") == 0) {
      // RawModule.get_global's pointer (python/cunum/_kernels/_raw.py) passes as its address.
      const auto ptr = nb::cast<std::uint64_t>(h.attr("ptr"));
      std::memcpy(p, &ptr, sizeof ptr);
      r.sizes[i] = sizeof ptr;
    } else {
      throw TypeError("cunum: argument " + std::to_string(i) + " of kernel '" + name + "' has unsupported type " +
                      std::string(nb::type_name(h.type()).c_str()) +
                      " (give cunum arrays, NumPy scalars, or Python bool/int/float/complex)");
    }
    r.ptrs.push_back(p);
  }
  return r;
}

std::array<unsigned, 3> dim3_of(nb::handle h, const char* what) {
  std::array<unsigned, 3> d{1, 1, 1};
  if (nb::isinstance<nb::int_>(h)) {
    d[0] = nb::cast<unsigned>(h);
    return d;
  }
  const size_t n = nb::len(h);
  if (n < 1 || n > 3) throw ValueError(std::string("cunum: ") + what + " must be an int or a tuple of 1 to 3 ints");
  for (size_t i = 0; i < n; ++i) d[i] = nb::cast<unsigned>(h[i]);
  return d;
}

// Note [User kernel fast call]
// An ElementwiseKernel call after the first with the same argument dtypes,
// inputs only or inputs and every output, every non-raw array one of one
// shape (no broadcasting), scalars only Python's bool/int/float/complex
// converted as NumPy would (fast_scalar): one C++ call computes the key,
// finds the resolved kernel in the Python object's cache dict, allocates the
// outputs not passed and runs. Any
// other call returns None and takes the Python path (which resolves types,
// broadcasts and phrases the errors). RawKernel's launch is likewise one call
// with the parameter sizes read once.
uint64_t arg_dtype_key(nb::handle args) {  // 0: not all arrays (or too many)
  uint64_t key = 1;
  const Py_ssize_t n = PyTuple_GET_SIZE(args.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) {
    nb::handle h = PyTuple_GET_ITEM(args.ptr(), i);
    if (!nb::isinstance<ndarray>(h)) return 0;
    key = key * 32 + static_cast<uint64_t>(nb::cast<const ndarray&>(h).dtype()) + 1;
    if (key >> 58) return 0;
  }
  return key;
}

// The key of an ElementwiseKernel call whose arguments are arrays and exact
// Python scalars (bool, int, float, complex): each array's dtype, each
// scalar's Python type, as one int (0: another argument, or too many). CuPy's
// type resolution depends on those alone, never on a scalar's value. For
// arrays only it equals arg_dtype_key.
uint64_t arg_mixed_key(PyObject* const* items, Py_ssize_t n) {
  uint64_t key = 1;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* h = items[i];
    uint64_t code;
    if (nb::isinstance<ndarray>(h)) code = static_cast<uint64_t>(nb::cast<const ndarray&>(nb::handle(h)).dtype()) + 1;
    else if (PyBool_Check(h)) code = 28;  // past every dtype's code (kNumDTypes = 14)
    else if (PyLong_CheckExact(h)) code = 29;
    else if (PyFloat_CheckExact(h)) code = 30;
    else if (PyComplex_CheckExact(h)) code = 31;
    else return 0;
    key = key * 32 + code;
    if (key >> 58) return 0;
  }
  return key;
}

// Whether storing the Python scalar `s` in dtype `d` gives exactly what the
// Python path's `numpy.<d>(value)` gives, for the conversions the fast call
// takes: bool to bool; bool and int to an integer dtype they fit (NumPy
// raises OverflowError otherwise); bool, int up to 2^53 and float to float32
// (finite ones up to its largest) and float64; those and complex to
// complex128. Anything else (float16, complex64, floats to integers, ...)
// takes the Python path.
bool fast_scalar(const Scalar& s, DType d) {
  using K = Scalar::Kind;
  if (s.big) return false;
  const bool integral = s.kind == K::Bool || s.kind == K::Int || s.kind == K::UInt;
  const bool small_int = s.kind == K::Bool || (s.kind == K::Int && s.i >= -(int64_t(1) << 53) && s.i <= (int64_t(1) << 53));
  switch (d) {
    case DType::Bool: return s.kind == K::Bool;
    case DType::Float64: return small_int || s.kind == K::Float;
    case DType::Float32:
      return small_int || (s.kind == K::Float && (!std::isfinite(s.re) || std::fabs(s.re) <= 3.4028234663852886e38));
    case DType::Complex128: return small_int || s.kind == K::Float || s.kind == K::Complex;
    default: break;
  }
  if (!is_integer(d) || !integral) return false;
  return s.kind == K::Bool || s.compare_to_range(d) == 0;
}

// The fast calls' common precondition: every array parameter among the
// inputs is given a cunum array, all of one shape. That array, or null (the
// Python path then takes the call).
const ndarray* one_input_shape(const user::Kernel& k, const CallArgs& c) {
  const auto& params = k.spec().params;
  const ndarray* first = nullptr;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (params[i].kind != user::ArgKind::Array) continue;
    const ndarray* a = c.args[i].array;
    if (!a || (first && a->shape() != first->shape())) return nullptr;
    if (!first) first = a;
  }
  return first;
}

nb::object elementwise_auto(const user::Kernel& k, nb::handle args, bool tuple) {
  CallArgs c = call_args(k, args);
  const auto& params = k.spec().params;
  const size_t nin = c.args.size();
  const ndarray* first = one_input_shape(k, c);
  if (!first) return nb::none();
  for (size_t i = 0; i < nin; ++i)
    if (params[i].kind == user::ArgKind::Scalar && (c.args[i].array || !fast_scalar(c.args[i].value, params[i].dtype)))
      return nb::none();
  const Shape& shape = first->shape();
  if (nin == params.size()) {
    // Outputs passed (`k(x, y, z)`): they have the inputs' shape (checked
    // above), and the call returns them, the same objects, as CuPy does.
    size_t nout = 0;
    for (const auto& p : params) nout += p.output;
    k.elementwise(c.args, shape, c.device, -1);
    const size_t n = PyTuple_GET_SIZE(args.ptr());
    if (nout == 1 && !tuple) return nb::borrow(PyTuple_GET_ITEM(args.ptr(), n - 1));
    nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(nout)));
    for (size_t i = 0; i < nout; ++i) {
      PyObject* o = PyTuple_GET_ITEM(args.ptr(), n - nout + i);
      Py_INCREF(o);
      PyTuple_SET_ITEM(t.ptr(), i, o);
    }
    return t;
  }
  std::vector<ndarray> outs;
  outs.reserve(params.size() - nin);
  for (size_t i = nin; i < params.size(); ++i) {
    outs.push_back(ndarray::allocate(shape, params[i].dtype, c.device));
    c.args.push_back(user::Arg::of(outs.back()));
  }
  k.elementwise(c.args, shape, c.device, -1);
  if (outs.size() == 1 && !tuple) return nb::cast(std::move(outs[0]));
  nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(outs.size())));
  for (size_t i = 0; i < outs.size(); ++i) PyTuple_SET_ITEM(t.ptr(), i, nb::cast(std::move(outs[i])).release().ptr());
  return t;
}

// cache: ElementwiseKernel._cache ({key: (kernel, ..., fast)}); args a tuple.
nb::object elementwise_fast(nb::handle cache, nb::handle args, bool tuple) {
  if (!PyDict_Check(cache.ptr()) || !PyTuple_Check(args.ptr())) return nb::none();
  const uint64_t key = arg_mixed_key(&PyTuple_GET_ITEM(args.ptr(), 0), PyTuple_GET_SIZE(args.ptr()));
  if (!key) return nb::none();
  nb::object ko = nb::steal(PyLong_FromUnsignedLongLong(key));
  PyObject* entry = PyDict_GetItemWithError(cache.ptr(), ko.ptr());
  if (!entry) {
    if (PyErr_Occurred()) throw nb::python_error();
    return nb::none();
  }
  if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) < 6 || PyTuple_GET_ITEM(entry, 5) != Py_True)
    return nb::none();
  return elementwise_auto(nb::cast<const user::Kernel&>(nb::handle(PyTuple_GET_ITEM(entry, 0))), args, tuple);
}

// ReductionKernel's common call (Note [User kernel fast call]): inputs only,
// every non-raw one an array of one shape, axis None or an int in range,
// no empty reduction without identity. None otherwise (the Python path).
nb::object reduce_auto(const user::Kernel& k, nb::handle args, nb::handle axis, bool keepdims) {
  CallArgs c = call_args(k, args);
  const auto& params = k.spec().params;
  const size_t nin = c.args.size();
  const ndarray* first = one_input_shape(k, c);
  if (!first) return nb::none();
  const Shape& shape = first->shape();
  const int nd = static_cast<int>(shape.size());
  std::vector<int> axes;
  if (axis.is_none()) {
    for (int d = 0; d < nd; ++d) axes.push_back(d);
  } else {
    if (!PyLong_CheckExact(axis.ptr())) return nb::none();
    const long a = PyLong_AsLong(axis.ptr());
    if (PyErr_Occurred()) {
      PyErr_Clear();
      return nb::none();
    }
    if (a < -nd || a >= nd) return nb::none();  // the Python path raises AxisError
    axes.push_back(static_cast<int>(a < 0 ? a + nd : a));
  }
  int64_t m = 1;
  for (int a : axes) m *= shape[a];
  if (m == 0 && !k.spec().has_identity) return nb::none();
  Shape out_shape;
  for (int d = 0, j = 0; d < nd; ++d) {
    const bool red = j < static_cast<int>(axes.size()) && axes[j] == d;
    if (red) ++j;
    if (!red) out_shape.push_back(shape[d]);
    else if (keepdims) out_shape.push_back(1);
  }
  std::vector<ndarray> outs;
  outs.reserve(params.size() - nin);
  for (size_t i = nin; i < params.size(); ++i) {
    outs.push_back(ndarray::allocate(out_shape, params[i].dtype, c.device));
    c.args.push_back(user::Arg::of(outs.back()));
  }
  k.reduce(c.args, shape, axes, c.device);
  if (outs.size() == 1) return nb::cast(std::move(outs[0]));
  nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(outs.size())));
  for (size_t i = 0; i < outs.size(); ++i) PyTuple_SET_ITEM(t.ptr(), i, nb::cast(std::move(outs[i])).release().ptr());
  return t;
}

// cache: ReductionKernel._fast ({dtype key: kernel}); args a tuple of inputs.
nb::object reduce_fast(nb::handle cache, nb::handle args, nb::handle axis, bool keepdims) {
  if (!PyDict_Check(cache.ptr()) || !PyTuple_Check(args.ptr())) return nb::none();
  const uint64_t key = arg_dtype_key(args);
  if (!key) return nb::none();
  nb::object ko = nb::steal(PyLong_FromUnsignedLongLong(key));
  PyObject* entry = PyDict_GetItemWithError(cache.ptr(), ko.ptr());
  if (!entry) {
    if (PyErr_Occurred()) throw nb::python_error();
    return nb::none();
  }
  return reduce_auto(nb::cast<const user::Kernel&>(nb::handle(entry)), args, axis, keepdims);
}
}  // namespace

void bind_user_kernels(nb::module_& m) {
  // cunum::CompileError -> cunum.cuda.compiler.CompileException (CuPy's).
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const CompileError& e) {
      nb::object cls = nb::module_::import_("cunum.cuda.compiler").attr("CompileException");
      nb::object exc = cls(e.what(), e.source, e.name, nb::list(), e.log);
      PyErr_SetObject(cls.ptr(), exc.ptr());
    }
  });

  // The cache key of a call whose arguments are all arrays: their dtypes as
  // one int (None when an argument is not an array; Python builds a tuple).
  m.def("_user_arg_key", [](nb::args args) -> nb::object {
    uint64_t key = 1;
    for (nb::handle h : args) {
      if (!nb::isinstance<ndarray>(h)) return nb::none();
      key = key * 32 + static_cast<uint64_t>(nb::cast<const ndarray&>(h).dtype()) + 1;
      if (key >> 58) return nb::none();
    }
    return nb::int_(key);
  });

  // ElementwiseKernel's cache key (arg_mixed_key; None where it has none).
  m.def("_user_mixed_key", [](nb::args args) -> nb::object {
    const uint64_t key = arg_mixed_key(&PyTuple_GET_ITEM(args.ptr(), 0), PyTuple_GET_SIZE(args.ptr()));
    if (!key) return nb::none();
    return nb::int_(key);
  });
  m.def("_user_elementwise_fast", &elementwise_fast);
  m.def("_user_reduce_fast", &reduce_fast, nb::arg("cache"), nb::arg("args"), nb::arg("axis").none(),
        nb::arg("keepdims"));

  nb::class_<user::Kernel>(m, "_UserKernel")
      .def("__init__",
           [](user::Kernel* self, bool reduction, const std::string& name, nb::list params,
              const std::vector<std::pair<std::string, std::string>>& typedefs, const std::string& preamble,
              const std::string& loop_prep, const std::string& after_loop, const std::string& operation,
              const std::string& map_expr, const std::string& reduce_expr, const std::string& post_map_expr,
              const std::optional<std::string>& identity, const std::string& reduce_type, const std::vector<std::string>& options) {
             user::KernelSpec s;
             s.reduction = reduction;
             s.name = name;
             for (nb::handle p : params) {
               user::ParamSpec ps;
               ps.name = nb::cast<std::string>(p[0]);
               ps.ctype = nb::cast<std::string>(p[1]);
               ps.dtype = as_dtype(p[2]);
               ps.arg_dtype = as_dtype(p[3]);
               ps.kind = static_cast<user::ArgKind>(nb::cast<int>(p[4]));
               ps.output = nb::cast<bool>(p[5]);
               s.params.push_back(ps);
             }
             s.typedefs = typedefs;
             s.preamble = preamble;
             s.loop_prep = loop_prep;
             s.after_loop = after_loop;
             s.operation = operation;
             s.map_expr = map_expr;
             s.reduce_expr = reduce_expr;
             s.post_map_expr = post_map_expr;
             s.has_identity = identity.has_value();
             if (identity) s.identity = *identity;
             s.reduce_type = reduce_type;
             s.options = options;
             new (self) user::Kernel(std::move(s));
           })
      .def("elementwise",
           [](const user::Kernel& k, nb::handle args, const Shape& shape, int64_t size) {
             CallArgs c = call_args(k, args);
             k.elementwise(c.args, shape, c.device, size);
           })
      // The inputs only: the outputs are allocated here (shape, the params'
      // dtypes, the arrays' device) and returned, one array or a tuple.
      .def("elementwise_new",
           [](const user::Kernel& k, nb::handle args, const Shape& shape, int64_t size, bool tuple) -> nb::object {
             CallArgs c = call_args(k, args);
             const auto& params = k.spec().params;
             const size_t nin = c.args.size();
             std::vector<ndarray> outs;
             outs.reserve(params.size() - nin);
             for (size_t i = nin; i < params.size(); ++i) {
               outs.push_back(ndarray::allocate(shape, params[i].dtype, c.device));
               c.args.push_back(user::Arg::of(outs.back()));
             }
             k.elementwise(c.args, shape, c.device, size);
             if (outs.size() == 1 && !tuple) return nb::cast(std::move(outs[0]));
             nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(outs.size())));
             for (size_t i = 0; i < outs.size(); ++i)
               PyTuple_SET_ITEM(t.ptr(), i, nb::cast(std::move(outs[i])).release().ptr());
             return t;
           })
      .def("elementwise_auto", &elementwise_auto)
      .def("reduce",
           [](const user::Kernel& k, nb::handle args, const Shape& shape, const std::vector<int>& axes) {
             CallArgs c = call_args(k, args);
             k.reduce(c.args, shape, axes, c.device);
           })
      .def("source", [](const user::Kernel& k, int nd, int nd_red, const std::vector<int>& raw_ndims) {
        return user::kernel_source(k.spec(), user::Variant{nd, nd_red, raw_ndims});
      });

  nb::class_<cuda::Function>(m, "_RawFunction")
      .def_prop_ro("device", &cuda::Function::device)
      .def("attributes",
           [](const cuda::Function& f) {
             const cuda::FunctionAttributes a = f.attributes();
             nb::dict d;
             d["max_threads_per_block"] = a.max_threads_per_block;
             d["shared_size_bytes"] = a.shared_size_bytes;
             d["const_size_bytes"] = a.const_size_bytes;
             d["local_size_bytes"] = a.local_size_bytes;
             d["num_regs"] = a.num_regs;
             d["ptx_version"] = a.ptx_version;
             d["binary_version"] = a.binary_version;
             d["max_dynamic_shared_size_bytes"] = a.max_dynamic_shared_size_bytes;
             d["preferred_shared_memory_carveout"] = a.preferred_shared_memory_carveout;
             return d;
           })
      .def("set_max_dynamic_shared_size_bytes", &cuda::Function::set_max_dynamic_shared_size_bytes)
      .def("set_preferred_shared_memory_carveout", &cuda::Function::set_preferred_shared_memory_carveout)
      // One call per launch (Note [User kernel fast call]): the arguments
      // packed against the parameter sizes read at lookup; stream None is
      // cunum's current stream of the function's device.
      .def("launch", [](const cuda::Function& f, nb::handle grid, nb::handle block, nb::handle args,
                        size_t shared_mem, nb::handle stream_obj, bool cooperative) {
        RawArgs r = raw_args(args, f.device(), f.name());
        const std::uintptr_t stream = stream_obj.is_none() ? cuda::current_stream(f.device()).ptr()
                                                           : nb::cast<std::uintptr_t>(stream_obj);
        if (const std::vector<size_t>* known = f.known_param_sizes()) {
          const std::vector<size_t>& expect = *known;
          if (expect.size() != r.ptrs.size())
            throw TypeError("cunum: kernel '" + f.name() + "' takes " + std::to_string(expect.size()) +
                            " arguments (" + std::to_string(r.ptrs.size()) + " given)");
          for (size_t i = 0; i < expect.size(); ++i)
            if (expect[i] != r.sizes[i])
              throw TypeError("cunum: argument " + std::to_string(i) + " of kernel '" + f.name() + "' is a " +
                              std::to_string(expect[i]) + "-byte parameter; the value given has " +
                              std::to_string(r.sizes[i]) +
                              " bytes (pass a NumPy scalar of the parameter's type, e.g. numpy.int32(n))");
        }
        f.launch(dim3_of(grid, "grid"), dim3_of(block, "block"), r.ptrs.data(), shared_mem, stream, cooperative);
      }, nb::arg("grid"), nb::arg("block"), nb::arg("args"), nb::arg("shared_mem"), nb::arg("stream").none(),
         nb::arg("cooperative"));
  // The device a RawKernel launches on: the default device's CUDA index, -1 on the CPU.
  m.def("_raw_device", [] {
    const Device d = default_device();
    return d.is_cuda() ? d.index : -1;
  });

  nb::class_<cuda::Module>(m, "_RawModule")
      .def_static("compile", &cuda::Module::compile, nb::arg("code"), nb::arg("name"), nb::arg("options"),
                  nb::arg("name_expressions"), nb::arg("device") = -1)
      .def_static("load", &cuda::Module::load, nb::arg("path"), nb::arg("device") = -1)
      .def_prop_ro("device", &cuda::Module::device)
      .def("get_function", &cuda::Module::get_function)
      .def("lowered_name", &cuda::Module::lowered_name)
      .def("get_global", &cuda::Module::get_global);
}

}  // namespace cunum::py
