// cunum/ufunc_def.hpp — what a ufunc is, as data: its name, input and output
// counts, identity, and its loops as NumPy states them (type signatures such
// as "ff->f" or "fi->f", in NumPy's type order). The planner (src/core/ufunc.cpp)
// resolves a call to one loop; backends run a loop's functor over a plan whose
// operands may have other dtypes than the loop's (they convert in registers).
//
//   const cunum::core::UfuncDef& u = cunum::core::ufunc_by_name("ldexp");
//   u.nin == 2; u.nout == 1; u.loops[0].in[1] == DType::Int8 ...
//
// The ufuncs themselves are listed in cunum/ufunc_list.hpp; this header is the
// small vocabulary every layer shares, so that it can be included widely
// without making the list a dependency of the whole library.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

#include "dtype.hpp"

namespace cunum {
class ndarray;
struct UfuncOptions;
class Operand;
}  // namespace cunum

namespace cunum::core {

inline constexpr int kMaxUfuncIn = 2;
inline constexpr int kMaxUfuncOut = 2;

// One loop: the dtype of each input and each output.
struct LoopSig {
  DType in[kMaxUfuncIn] = {};
  DType out[kMaxUfuncOut] = {};
  constexpr bool operator==(const LoopSig&) const = default;
};

// NumPy's `ufunc.identity`.
enum class Identity : uint8_t { None, Zero, One, MinusOne, True, False, MinusInf };

// Note [Ufunc hooks]
// What a ufunc does beyond "find the first loop the inputs cast to safely"
// lives in its hooks (src/core/ufunc_hooks.cpp), never in apply_ufunc:
// - `resolve` runs before the loop search. It may raise NumPy's error for a
//   rejected input (bool `negative`), rewrite weak scalar operands (logical
//   ufuncs take a Python scalar's truth value), force a loop (`divide`
//   takes float64 for integers), or answer the whole call with a constant
//   (comparing an int8 array with 1000).
// - `check` runs once the loop and operands are known, before any work: it
//   may raise (integer `power` with a negative scalar exponent).
struct ResolveState {
  const struct UfuncDef& def;
  Operand* ops;         // the inputs (nin), which a hook may rewrite
  const UfuncOptions& opts;
  DType common{};       // NEP 50 result_type of the inputs
  int loop = -1;        // a hook may force a loop index
  bool has_constant = false;
  bool constant = false;  // the result for every element (comparisons)
};
struct UfuncHooks {
  void (*resolve)(ResolveState&) = nullptr;
  void (*check)(const ResolveState&) = nullptr;
  // Whether a loop may report errors from its data (Note [Deferred errors]):
  // under where=, such a loop sees only the places the mask selects
  // (Note [where= and data errors], src/core/ufunc.cpp).
  bool (*reports_errors)(const LoopSig&) = nullptr;
};

struct UfuncDef {
  const char* name;
  int index;  // position in the list (a dense id for tables and kernel keys)
  int nin, nout;
  Identity identity;
  const LoopSig* loops;
  int nloops;
  // Every loop takes all inputs in one dtype: the NEP 50 common dtype picks
  // the loop (NumPy's default resolver). Otherwise each input is matched to
  // each loop's dtype in order (NumPy's legacy resolver for mixed loops).
  bool homogeneous;
  UfuncHooks hooks;
  // For homogeneous ufuncs: the first loop a common dtype d casts to safely
  // (-1: none), by d: the default search answered by one lookup.
  const int8_t* safe_loop = nullptr;
  const LoopSig& loop(int i) const { return loops[i]; }
};

int num_ufuncs();
const UfuncDef& ufunc_def(int index);
// nullptr when no ufunc has that name.
const UfuncDef* find_ufunc(std::string_view name);
const UfuncDef& ufunc_by_name(std::string_view name);  // asserts it exists

// ---------------------------------------------------------------- loop strings
// Note [Loop strings]
// A ufunc's loops are written as NumPy prints `ufunc.types`, separated by
// spaces: "ff->f fi->f". A pattern with ':' stands for one loop per type code
// after it: "TT->T:bhf" is "bb->b hh->h ff->f"; `R` in a pattern is T's real
// type ("T->R:FD" is "F->f D->d"). Parsed at compile time (loops_of below).
constexpr int dtype_index_of_char(char c) {
  constexpr const char codes[] = "?bBhHiIqQefdFD";
  for (int i = 0; i < kNumDTypes; ++i)
    if (codes[i] == c) return i;
  return -1;
}
constexpr char real_char(char c) { return c == 'F' ? 'f' : c == 'D' ? 'd' : c; }

constexpr int count_loops(const char* s) {
  int n = 0;
  while (*s) {
    while (*s == ' ') ++s;
    if (!*s) break;
    int k = 1;
    while (*s && *s != ' ' && *s != ':') ++s;
    if (*s == ':') {
      ++s;
      k = 0;
      while (*s && *s != ' ') ++s, ++k;
    }
    n += k;
  }
  return n;
}

template <int N> constexpr std::array<LoopSig, N> parse_loops(const char* s) {
  std::array<LoopSig, N> r{};
  int n = 0;
  auto type_of = [](char c, char t) {
    const char x = c == 'T' ? t : c == 'R' ? real_char(t) : c;
    const int i = dtype_index_of_char(x);
    if (i < 0) throw "bad type code in a loop string";  // a compile error in constant evaluation
    return static_cast<DType>(i);
  };
  while (*s) {
    while (*s == ' ') ++s;
    if (!*s) break;
    const char* pat = s;
    while (*s && *s != ' ' && *s != ':') ++s;
    const char* pat_end = s;
    const char* types = "?";  // a pattern without ':' names its types itself
    int ntypes = 1;
    if (*s == ':') {
      types = ++s;
      ntypes = 0;
      while (*s && *s != ' ') ++s, ++ntypes;
    }
    for (int t = 0; t < ntypes; ++t, ++n) {
      int k = 0, o = 0;
      bool outputs = false;
      for (const char* p = pat; p < pat_end; ++p) {
        if (*p == '-' && p[1] == '>') { outputs = true; ++p; continue; }
        if (outputs) r[n].out[o++] = type_of(*p, types[t]);
        else r[n].in[k++] = type_of(*p, types[t]);
      }
    }
  }
  return r;
}

}  // namespace cunum::core
