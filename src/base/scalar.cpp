#include "cunum/scalar.hpp"

#include <cstring>
#include <limits>
#include <cstdio>

#include "cunum/error.hpp"
#include "cunum/kernels/convert.hpp"

namespace cunum {

namespace {
template <class F> decltype(auto) visit_value(const Scalar& s, F&& f) {
  switch (s.kind) {
    case Scalar::Kind::Bool: return f(s.b);
    case Scalar::Kind::Int: return s.big ? f(s.re) : f((int64_t)s.i);
    case Scalar::Kind::UInt: return f((uint64_t)s.u);
    case Scalar::Kind::Float: return f(s.re);
    default: return f(complex<double>(s.re, s.im));
  }
}
}  // namespace

void Scalar::store(DType d, void* p) const {
  dispatch(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v = visit_value(*this, [](auto x) { return convert<T>(x); });
    std::memcpy(p, &v, sizeof(T));
  });
}

Scalar Scalar::load(DType d, const void* p) {
  return dispatch(d, [&](auto tag) -> Scalar {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, p, sizeof(T));
    Scalar s;
    if constexpr (traits::info<T>::is_bool) s = Scalar(v);
    else if constexpr (traits::is_unsigned_int_v<T>) s = Scalar((unsigned long long)v);
    else if constexpr (traits::is_int_v<T>) s = Scalar((long long)v);
    else if constexpr (traits::is_float_v<T>) s = Scalar((double)(traits::compute_t<T>)v);
    else s = Scalar((double)v.re, (double)v.im);
    s.strong = true;
    s.dtype = d;
    return s;
  });
}

Scalar Scalar::of(DType d, const Scalar& v) {
  alignas(16) unsigned char buf[16];
  v.store(d, buf);
  return load(d, buf);
}

WeakKind Scalar::weak_kind() const {
  switch (kind) {
    case Kind::Bool: return WeakKind::None;
    case Kind::Int:
    case Kind::UInt: return WeakKind::Int;
    case Kind::Float: return WeakKind::Float;
    default: return WeakKind::Complex;
  }
}

DType Scalar::default_dtype() const {
  if (strong) return dtype;
  switch (kind) {
    case Kind::Bool: return DType::Bool;
    case Kind::Int: return DType::Int64;
    case Kind::UInt: return DType::UInt64;
    case Kind::Float: return DType::Float64;
    default: return DType::Complex128;
  }
}

int Scalar::compare_to_range(DType d) const {
  if (big) return re > 0 ? 1 : -1;
  const size_t bits = itemsize(d) * 8;
  if (kind == Kind::UInt) return d == DType::UInt64 ? 0 : 1;
  if (is_unsigned(d)) {
    if (i < 0) return -1;
    return (bits == 64 || (uint64_t)i < (uint64_t(1) << bits)) ? 0 : 1;
  }
  if (bits == 64) return 0;
  if (i < -(int64_t(1) << (bits - 1))) return -1;
  return i < (int64_t(1) << (bits - 1)) ? 0 : 1;
}

void Scalar::check_fits(DType d) const {
  // NumPy reads the Python int as a C long (unsigned for uint32/uint64) first.
  if (big && !strong && (is_integer(d) || is_bool(d)))
    throw OverflowError("Python int too large to convert to C long");
  if (strong || (kind != Kind::Int && kind != Kind::UInt) || !is_integer(d)) return;
  // (uint32 and uint64 read it as a C unsigned long: a value past INT64_MAX
  // is out of bounds for uint32, too large for the others)
  if (kind == Kind::UInt && d != DType::UInt64 && d != DType::UInt32)
    throw OverflowError("Python int too large to convert to C long");
  bool ok;
  const size_t bits = itemsize(d) * 8;
  if (kind == Kind::UInt) {
    ok = d == DType::UInt64;
  } else if (is_unsigned(d)) {
    ok = i >= 0 && (bits == 64 || (uint64_t)i < (uint64_t(1) << bits));
  } else {
    ok = bits == 64 || (i >= -(int64_t(1) << (bits - 1)) && i < (int64_t(1) << (bits - 1)));
  }
  if (!ok) throw OverflowError("Python integer " + repr() + " out of bounds for " + std::string(dtype_name(d)));
}

double Scalar::as_double() const {
  return visit_value(*this, [](auto x) { return convert<double>(x); });
}
int64_t Scalar::as_int64() const {
  return visit_value(*this, [](auto x) { return convert<int64_t>(x); });
}
bool Scalar::is_true() const {
  return visit_value(*this, [](auto x) { return convert<bool>(x); });
}

// No iostreams here: where libstdc++ is linked statically into the Python
// module (as on the GPU machine's toolchain) stream locales can be unusable.
std::string Scalar::repr() const {
  auto num = [](double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  };
  switch (kind) {
    case Kind::Bool: return b ? "True" : "False";
    case Kind::Int: return big ? big_digits : std::to_string(i);
    case Kind::UInt: return std::to_string(u);
    case Kind::Float: return num(re);
    default: return "(" + num(re) + (im < 0 ? "" : "+") + num(im) + "j)";
  }
}

}  // namespace cunum
