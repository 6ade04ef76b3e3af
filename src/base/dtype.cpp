// NumPy 2 dtype promotion and casting rules.
#include "cunum/dtype.hpp"

#include <array>

#include "cunum/error.hpp"

namespace cunum {

namespace {
struct DTypeInfo {
  size_t size;
  char chr;
  const char* name;
  char kind;
};
constexpr DTypeInfo kInfo[] = {
#define CUNUM_X(E, T, C, N, K) {sizeof(T), C, N, K},
    CUNUM_FOR_EACH_DTYPE(CUNUM_X)
#undef CUNUM_X
};
const DTypeInfo& info(DType d) { return kInfo[static_cast<int>(d)]; }

// Kind rank for same_kind casting: bool < unsigned < signed < float < complex.
int kind_rank(DType d) {
  switch (dtype_kind(d)) {
    case 'b': return 0;
    case 'u': return 1;
    case 'i': return 2;
    case 'f': return 3;
    default: return 4;
  }
}

DType signed_of_size(size_t s) {
  switch (s) {
    case 1: return DType::Int8;
    case 2: return DType::Int16;
    case 4: return DType::Int32;
    default: return DType::Int64;
  }
}
DType float_of_size(size_t s) {
  switch (s) {
    case 2: return DType::Float16;
    case 4: return DType::Float32;
    default: return DType::Float64;
  }
}
// The smallest float that holds every value of an integer type exactly
// enough for NumPy: 8-bit -> float16, 16-bit -> float32, wider -> float64.
size_t float_size_for_int(DType d) {
  switch (itemsize(d)) {
    case 1: return 2;
    case 2: return 4;
    default: return 8;
  }
}

DType promote_uncached(DType a, DType b) {
  if (a == b) return a;
  char ka = dtype_kind(a), kb = dtype_kind(b);
  if (ka == 'b') return b;
  if (kb == 'b') return a;
  size_t sa = itemsize(a), sb = itemsize(b);
  bool ia = ka == 'i' || ka == 'u', ib = kb == 'i' || kb == 'u';
  if (ia && ib) {
    if (ka == kb) return sa >= sb ? a : b;
    DType s = ka == 'i' ? a : b, u = ka == 'i' ? b : a;
    if (itemsize(u) < itemsize(s)) return s;
    if (itemsize(u) == 8) return DType::Float64;
    return signed_of_size(itemsize(u) * 2);
  }
  // At least one inexact. Work with the real precision each side needs.
  auto real_need = [](DType d) -> size_t {
    char k = dtype_kind(d);
    if (k == 'i' || k == 'u') return float_size_for_int(d);
    if (k == 'c') return itemsize(d) / 2;
    return itemsize(d);
  };
  size_t need = std::max(real_need(a), real_need(b));
  bool cplx = ka == 'c' || kb == 'c';
  DType f = float_of_size(need);
  return cplx ? complex_dtype(f) : f;
}

using Table = std::array<std::array<DType, kNumDTypes>, kNumDTypes>;
const Table& promotion_table() {
  static const Table t = [] {
    Table r{};
    for (int i = 0; i < kNumDTypes; ++i)
      for (int j = 0; j < kNumDTypes; ++j)
        r[i][j] = promote_uncached(static_cast<DType>(i), static_cast<DType>(j));
    return r;
  }();
  return t;
}
}  // namespace

size_t itemsize(DType d) { return info(d).size; }
std::string_view dtype_name(DType d) { return info(d).name; }
char dtype_char(DType d) { return info(d).chr; }
char dtype_kind(DType d) { return info(d).kind; }

DType real_dtype(DType d) {
  if (d == DType::Complex64) return DType::Float32;
  if (d == DType::Complex128) return DType::Float64;
  return d;
}
DType complex_dtype(DType d) {
  if (d == DType::Float64 || d == DType::Complex128) return DType::Complex128;
  return DType::Complex64;
}

DType dtype_from_string(std::string_view s) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType d = static_cast<DType>(i);
    if (s == info(d).name) return d;
    if (s.size() == 1 && s[0] == info(d).chr) return d;
  }
  struct Alias {
    const char* name;
    DType d;
  };
  static const Alias aliases[] = {
      {"?", DType::Bool},       {"b1", DType::Bool},        {"bool_", DType::Bool},
      {"i1", DType::Int8},      {"u1", DType::UInt8},       {"i2", DType::Int16},
      {"u2", DType::UInt16},    {"i4", DType::Int32},       {"u4", DType::UInt32},
      {"i8", DType::Int64},     {"u8", DType::UInt64},      {"f2", DType::Float16},
      {"f4", DType::Float32},   {"f8", DType::Float64},     {"c8", DType::Complex64},
      {"c16", DType::Complex128}, {"int", DType::Int64},    {"float", DType::Float64},
      {"complex", DType::Complex128}, {"half", DType::Float16}, {"single", DType::Float32},
      {"double", DType::Float64}, {"l", DType::Int64},      {"L", DType::UInt64},
      {"p", DType::Int64},      {"P", DType::UInt64},       {"intp", DType::Int64},
      {"uintp", DType::UInt64}, {"byte", DType::Int8},      {"ubyte", DType::UInt8},
      {"short", DType::Int16},  {"ushort", DType::UInt16},  {"intc", DType::Int32},
      {"uintc", DType::UInt32}, {"long", DType::Int64},     {"ulong", DType::UInt64},
      {"longlong", DType::Int64}, {"ulonglong", DType::UInt64}, {"csingle", DType::Complex64},
      {"cdouble", DType::Complex128},
  };
  std::string_view t = s;
  if (!t.empty() && (t[0] == '<' || t[0] == '=' || t[0] == '|')) t.remove_prefix(1);
  for (const auto& a : aliases)
    if (t == a.name) return a.d;
  if (t != s) return dtype_from_string(t);
  throw TypeError("data type '" + std::string(s) + "' not understood");
}

Casting casting_from_string(std::string_view s) {
  if (s == "no") return Casting::No;
  if (s == "equiv") return Casting::Equiv;
  if (s == "safe") return Casting::Safe;
  if (s == "same_kind") return Casting::SameKind;
  if (s == "unsafe") return Casting::Unsafe;
  throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
}
std::string_view casting_name(Casting c) {
  static const char* names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  return names[static_cast<int>(c)];
}

DType promote_types(DType a, DType b) {
  return promotion_table()[static_cast<int>(a)][static_cast<int>(b)];
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::No:
    case Casting::Equiv: return from == to;
    case Casting::Safe: return promote_types(from, to) == to;
    case Casting::SameKind:
      return promote_types(from, to) == to || kind_rank(from) <= kind_rank(to);
    case Casting::Unsafe: return true;
  }
  return false;
}

DType result_type(const DType* strong, int n_strong, const WeakKind* weak, int n_weak) {
  WeakKind wk = WeakKind::None;
  for (int i = 0; i < n_weak; ++i) wk = std::max(wk, weak[i]);
  if (n_strong == 0) {
    switch (wk) {
      case WeakKind::Complex: return DType::Complex128;
      case WeakKind::Float: return DType::Float64;
      case WeakKind::Int: return DType::Int64;
      case WeakKind::None: break;
    }
    throw ValueError("at least one array or dtype is required");
  }
  // NumPy promotes a sequence so that an input able to hold every other one
  // wins (result_type(int8, uint8, float16) is float16, not float32);
  // otherwise it promotes pairwise.
  DType r = strong[0];
  for (int i = 1; i < n_strong; ++i) r = promote_types(r, strong[i]);
  for (int i = 0; i < n_strong; ++i) {
    bool absorbs = true;
    for (int j = 0; j < n_strong && absorbs; ++j) absorbs = promote_types(strong[i], strong[j]) == strong[i];
    if (absorbs) { r = strong[i]; break; }
  }
  char k = dtype_kind(r);
  switch (wk) {
    case WeakKind::None: return r;
    case WeakKind::Int: return k == 'b' ? DType::Int64 : r;
    case WeakKind::Float:
      if (k == 'f' || k == 'c') return r;
      return DType::Float64;
    case WeakKind::Complex:
      if (k == 'c') return r;
      if (k == 'f') return complex_dtype(r);
      return DType::Complex128;
  }
  return r;
}

}  // namespace cunum
