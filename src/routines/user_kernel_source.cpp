// The source of a user-written kernel (cunum/user_kernels.hpp): the user's
// body wrapped in the loop the generated code shares with every backend
// (include/cunum/kernels/user_prelude.hpp's macros pick the GPU's or the
// host's form of each loop).
#include <string>

#include "cunum/error.hpp"
#include "cunum/user_kernels.hpp"

namespace cunum::user {

// Note [User kernel words]
// Every pointer, shape, stride (bytes) and scalar a user kernel reads sits in
// one block of 64-bit words, at offsets fixed by the variant, so the
// generated code names them as constants (`_w[7]`). Elementwise (nd loop
// dims): w[0] = n, w[1..nd] the loop shape; then per parameter, in order:
//   Array   pointer, its nd strides
//   Raw     pointer, its shape, its strides (CArray<T, N> reads them)
//   Scalar  two words holding the value in the parameter's dtype
// Reduction (nk kept dims, nr reduced): w[0] = outputs, w[1] = elements per
// output, w[2..] the kept shape then the reduced shape; an Array input has a
// pointer, nk kept strides and nr reduced strides, an Array output a pointer
// and nk strides; then the phase, the chunks per output and the partials
// pointer (Note [Split user reductions]). On the GPU the block is one by-value parameter (up to 4 KiB
// of parameters: 512 words).
namespace {
std::string W(int k) { return "_w[" + std::to_string(k) + "]"; }

int param_words(const ParamSpec& p, const Variant& v, int& raw_index) {
  switch (p.kind) {
    case ArgKind::Scalar: return 2;
    case ArgKind::Raw: return 1 + 2 * v.raw_ndims.at(raw_index++);
    case ArgKind::Array:
      if (!v.nd_red && !v.nd) return 1;
      return 1 + v.nd + (p.output ? 0 : v.nd_red);
  }
  return 0;
}

std::string ctype_of(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short";
    case DType::Int32: return "int";
    case DType::Int64: return "long long";
    case DType::UInt8: return "unsigned char";
    case DType::UInt16: return "unsigned short";
    case DType::UInt32: return "unsigned int";
    case DType::UInt64: return "unsigned long long";
    case DType::Float16: return "float16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Complex64: return "complex<float>";
    case DType::Complex128: return "complex<double>";
    default: break;
  }
  throw TypeError("cunum: user kernels take no arguments of dtype " + std::string(dtype_name(d)));
}
}  // namespace

int kernel_words(const KernelSpec& spec, const Variant& v) {
  // A reduction's last three words: Note [Split user reductions].
  int n = spec.reduction ? 2 + v.nd + v.nd_red + 3 : 1 + v.nd;
  int raw = 0;
  for (const ParamSpec& p : spec.params) n += param_words(p, v, raw);
  return n;
}

std::string kernel_source(const KernelSpec& spec, const Variant& v) {
  const int nwords = kernel_words(spec, v);
  std::string s = "#include \"cunum/kernels/user_prelude.hpp\"\n";
  for (const auto& [name, ctype] : spec.typedefs) s += "typedef " + ctype + " " + name + ";\n";
  if (spec.reduction) s += "typedef " + spec.reduce_type + " _type_reduce;\n";
  s += spec.preamble + "\n";
  if (spec.reduction)
    s += "CUNUM_HD _type_reduce _cunum_user_reduce(const _type_reduce& a, const _type_reduce& b) {\n"
         "  return (_type_reduce)(" + spec.reduce_expr + ");\n}\n";
  s += "CUNUM_USER_ENTRY(" + std::to_string(nwords) + ")\n";
  const int nd = v.nd, nr = v.nd_red;
  // Declarations of raw arguments and scalars, and each Array parameter's offset.
  std::vector<int> offset(spec.params.size());
  int at = spec.reduction ? 2 + nd + nr : 1 + nd, raw = 0;
  std::string decls;
  for (size_t k = 0; k < spec.params.size(); ++k) {
    const ParamSpec& p = spec.params[k];
    offset[k] = at;
    if (p.kind == ArgKind::Raw) {
      const int r = v.raw_ndims.at(raw);
      decls += "  ::cunum::user::CArray<" + ctype_of(p.arg_dtype) + ", " + std::to_string(r) + "> " + p.name +
               "(_w + " + std::to_string(at) + ");\n";
    } else if (p.kind == ArgKind::Scalar) {
      decls += "  const " + p.ctype + " " + p.name + " = ::cunum::user::scalar<" + p.ctype + ">(_w + " +
               std::to_string(at) + ");\n";
    }
    at += param_words(p, v, raw);
  }
  // The element of each Array parameter at offset variable `off`.
  auto bind = [&](size_t k, const std::string& off) {
    const ParamSpec& p = spec.params[k];
    if (p.output)
      return "    " + p.ctype + "& " + p.name + " = ::cunum::user::at<" + p.ctype + ">(_w + " +
             std::to_string(offset[k]) + ", " + off + ");\n";
    return "    const " + p.ctype + " " + p.name + " = ::cunum::user::load<" + p.ctype + ", " +
           ctype_of(p.arg_dtype) + ">(_w + " + std::to_string(offset[k]) + ", " + off + ");\n";
  };
  // Offsets of every Array parameter (filter) for index `idx` over `ndims`
  // dims whose extents start at word `shape_at`, strides at word offset
  // `stride_at` of each parameter's block.
  auto unravel = [&](const std::string& idx, int ndims, int shape_at, int stride_at, const std::string& prefix,
                     auto&& take, const std::string& init) {
    std::string c = "    long long _r" + prefix + " = " + idx + ";\n";
    for (size_t k = 0; k < spec.params.size(); ++k)
      if (take(spec.params[k]))
        c += "    long long " + prefix + std::to_string(k) + " = " + (init.empty() ? "0" : init + std::to_string(k)) +
             ";\n";
    for (int d = ndims - 1; d >= 0; --d) {
      const std::string ext = W(shape_at + d);
      if (d > 0) c += "    { const long long _c = _r" + prefix + " % " + ext + "; _r" + prefix + " /= " + ext + ";\n";
      else c += "    { const long long _c = _r" + prefix + ";\n";
      for (size_t k = 0; k < spec.params.size(); ++k)
        if (take(spec.params[k]))
          c += "      " + prefix + std::to_string(k) + " += _c * " + W(offset[k] + stride_at + d) + ";\n";
      c += "    }\n";
    }
    return c;
  };
  auto is_array = [](const ParamSpec& p) { return p.kind == ArgKind::Array; };
  auto is_array_in = [](const ParamSpec& p) { return p.kind == ArgKind::Array && !p.output; };
  auto is_array_out = [](const ParamSpec& p) { return p.kind == ArgKind::Array && p.output; };

  if (!spec.reduction) {
    s += "  const long long _n = _w[0];\n  ::cunum::user::CIndexer _ind(_n);\n" + decls;
    s += "  " + spec.loop_prep + ";\n";
    s += "  CUNUM_USER_FOR(i, _n) {\n    _ind.set(i);\n";
    s += unravel("i", nd, 1, 1, "_o", is_array, "");
    for (size_t k = 0; k < spec.params.size(); ++k)
      if (is_array(spec.params[k])) s += bind(k, "_o" + std::to_string(k));
    s += "    " + spec.operation + ";\n  }\n";
    s += "  " + spec.after_loop + ";\n}\n";
    return s;
  }
  // Note [Split user reductions]: the last three words are the phase (0:
  // one pass, a block per output; 1: chunk partials; 2: fold the partials),
  // the chunks per output and the partials buffer (slots of _cunum_slot,
  // whose size the backend reads from the compiled code).
  const std::string ph = W(nwords - 3), nc = W(nwords - 2), parts = W(nwords - 1);
  s += "  const long long _nout = _w[0], _m = _w[1];\n  (void)_m;\n";
  s += "  const long long _phase = " + ph + ", _nc = " + nc + ";\n";
  s += "  ::cunum::user::Slot<_type_reduce>* const _parts = reinterpret_cast<::cunum::user::Slot<_type_reduce>*>(" +
       parts + ");\n" + decls;
  s += "  " + spec.loop_prep + ";\n";
  s += "#if defined(__CUDACC_RTC__)\n  __shared__ _type_reduce _sv[256];\n  __shared__ bool _sh[256];\n#endif\n";
  s += "  const long long _ntask = _phase == 1 ? _nout * _nc : _nout;\n";
  s += "  CUNUM_USER_OUTER(_t, _ntask) {\n";
  s += "    const long long _o = _phase == 1 ? _t / _nc : _t;\n";
  s += unravel("_o", nd, 2, 1, "_k", is_array, "");
  s += spec.has_identity ? "    _type_reduce _acc = (_type_reduce)(" + spec.identity + ");\n    bool _has = true;\n"
                         : "    _type_reduce _acc = _type_reduce();\n    bool _has = false;\n";
  s += "    if (_phase == 2) {\n"
       "      CUNUM_USER_INNER(_q, _o * _nc, _o * _nc + _nc) {\n"
       "        if (_parts[_q].has) {\n"
       "          _acc = _has ? _cunum_user_reduce(_acc, _parts[_q].v) : _parts[_q].v;\n"
       "          _has = true;\n        }\n      }\n"
       "    } else {\n"
       "      long long _lo = 0, _hi = _m;\n"
       "      if (_phase == 1) {\n"
       "        const long long _len = (_m + _nc - 1) / _nc;\n"
       "        _lo = (_t % _nc) * _len;\n"
       "        _hi = _lo + _len < _m ? _lo + _len : _m;\n      }\n";
  s += "    CUNUM_USER_INNER(_j, _lo, _hi) {\n";
  s += unravel("_j", nr, 2 + nd, 1 + nd, "_i", is_array_in, "_k");
  for (size_t k = 0; k < spec.params.size(); ++k)
    if (is_array_in(spec.params[k])) s += bind(k, "_i" + std::to_string(k));
  s += "    const _type_reduce _v = (_type_reduce)(" + spec.map_expr + ");\n";
  s += "    _acc = _has ? _cunum_user_reduce(_acc, _v) : _v;\n    _has = true;\n    }\n    }\n";
  s += "#if defined(__CUDACC_RTC__)\n"
       "    _sv[threadIdx.x] = _acc;\n    _sh[threadIdx.x] = _has;\n    __syncthreads();\n"
       "    for (unsigned _s = blockDim.x / 2; _s > 0; _s >>= 1) {\n"
       "      if (threadIdx.x < _s && _sh[threadIdx.x + _s]) {\n"
       "        _sv[threadIdx.x] = _sh[threadIdx.x] ? _cunum_user_reduce(_sv[threadIdx.x], _sv[threadIdx.x + _s])\n"
       "                                           : _sv[threadIdx.x + _s];\n"
       "        _sh[threadIdx.x] = true;\n      }\n      __syncthreads();\n    }\n"
       "    _acc = _sv[0];\n    _has = _sh[0];\n"
       "    if (threadIdx.x == 0)\n#endif\n";
  s += "    if (_phase == 1) {\n      _parts[_t].v = _acc;\n      _parts[_t].has = _has;\n    } else {\n"
       "      _type_reduce a = _acc;\n";
  for (size_t k = 0; k < spec.params.size(); ++k)
    if (is_array_out(spec.params[k])) s += "  " + bind(k, "_k" + std::to_string(k));
  s += "      " + spec.post_map_expr + ";\n    }\n";
  s += "#if defined(__CUDACC_RTC__)\n    __syncthreads();\n#endif\n  }\n";
  s += "  " + spec.after_loop + ";\n}\n";
  s += "CUNUM_USER_SLOT_EXPORT(::cunum::user::Slot<_type_reduce>)\n";
  return s;
}

}  // namespace cunum::user
