// Float to decimal text with NumPy's rules (Note [Shortest digits per dtype]).
#include "float_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "cunum/kernels/half.hpp"

// GCC 12 warns -Wrestrict on std::string concatenation inlined at -O3, a
// false positive (GCC bug 105329, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace cunum::printing {

namespace {

// d1 d2 d3 ... and e: the value d1.d2d3... x 10^e (no sign).
struct Digits {
  std::string d;
  int e = 0;
};

// Parses to_chars' scientific text "d.ddde+XX" (or "de+XX").
Digits parse_sci(const char* first, const char* last) {
  Digits r;
  const char* p = first;
  for (; p != last && *p != 'e'; ++p)
    if (*p != '.') r.d += *p;
  if (p != last) {  // to_chars writes no terminating NUL: parse within [p + 1, last)
    const char* q = p + 1;
    if (q != last && *q == '+') ++q;
    std::from_chars(q, last, r.e);
  }
  return r;
}

Digits sci_rounded(double a, int frac) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific, frac);
  return parse_sci(buf, res.ptr);
}

bool reads_back_as_half(const Digits& s, double a) {
  std::string text = s.d.substr(0, 1) + "." + s.d.substr(1) + "e" + std::to_string(s.e);
  double back = std::strtod(text.c_str(), nullptr);
  return static_cast<double>(static_cast<float>(half(back))) == a;
}

Digits shortest(double a, DType t) {
  char buf[64];
  if (t == DType::Float64) {
    auto res = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific);
    return parse_sci(buf, res.ptr);
  }
  if (t == DType::Float32) {
    auto res = std::to_chars(buf, buf + sizeof buf, static_cast<float>(a), std::chars_format::scientific);
    return parse_sci(buf, res.ptr);
  }
  for (int frac = 0; frac < 5; ++frac) {  // float16: at most 5 significant digits are needed
    Digits s = sci_rounded(a, frac);
    if (reads_back_as_half(s, a)) return s;
  }
  return sci_rounded(a, 4);
}

void strip_zeros(std::string& frac) {
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
}

// The integer and fraction digits of `a` rounded to `frac` fractional digits.
void fixed_rounded(double a, int frac, std::string& ip, std::string& fp) {
  std::string buf(400 + static_cast<size_t>(frac), '\0');
  auto res = std::to_chars(buf.data(), buf.data() + buf.size(), a, std::chars_format::fixed, frac);
  std::string s(buf.data(), res.ptr);
  auto dot = s.find('.');
  ip = s.substr(0, dot);
  fp = dot == std::string::npos ? std::string() : s.substr(dot + 1);
}

void positional_digits(const Digits& s, std::string& ip, std::string& fp) {
  if (s.e >= 0) {
    size_t n = static_cast<size_t>(s.e) + 1;
    ip = s.d.substr(0, std::min(n, s.d.size()));
    if (ip.size() < n) ip.append(n - ip.size(), '0');
    fp = s.d.size() > n ? s.d.substr(n) : std::string();
  } else {
    ip = "0";
    fp = std::string(static_cast<size_t>(-s.e - 1), '0') + s.d;
  }
  // shortest digits carry no trailing zeros past the point, but "0e+00" does
  strip_zeros(fp);
}

// Trims the fraction as NumPy's `trim` says; returns whether to keep the '.'.
bool apply_trim(std::string& fp, char trim) {
  if (trim == 'k') return true;
  strip_zeros(fp);
  if (trim == '0' && fp.empty()) fp = "0";
  return !(trim == '-' && fp.empty());
}

std::string sign_of(double v, bool plus) { return std::signbit(v) ? "-" : plus ? "+" : ""; }

}  // namespace

std::string format_positional(double v, DType t, const FloatText& f) {
  double a = std::fabs(v);
  std::string ip, fp;
  if (f.unique) {
    Digits s = shortest(a, t);
    positional_digits(s, ip, fp);
    if (f.precision >= 0 && static_cast<int>(fp.size()) > f.precision) {
      fixed_rounded(a, f.precision, ip, fp);
      strip_zeros(fp);
    }
    // With min_digits given (even 0), Dragon4 writes every integer digit of
    // the value rather than stopping at the shortest ones and padding with
    // zeros: float16 39776 is "39776." there, "39780." without it.
    bool padded_int = s.e + 1 > static_cast<int>(s.d.size());
    if (f.min_digits >= 0 && (static_cast<int>(fp.size()) < f.min_digits || padded_int))
      fixed_rounded(a, std::max(f.min_digits, static_cast<int>(fp.size())), ip, fp);
  } else {
    fixed_rounded(a, f.precision < 0 ? 0 : f.precision, ip, fp);
  }
  bool dot = apply_trim(fp, f.trim);
  std::string left = sign_of(v, f.sign) + ip;
  if (f.pad_left > static_cast<int>(left.size())) left.insert(0, static_cast<size_t>(f.pad_left) - left.size(), ' ');
  if (f.pad_right > static_cast<int>(fp.size())) fp.append(static_cast<size_t>(f.pad_right) - fp.size(), ' ');
  return dot ? left + "." + fp : left + fp;
}

std::string format_scientific(double v, DType t, const FloatText& f) {
  double a = std::fabs(v);
  Digits s;
  if (f.unique) {
    s = shortest(a, t);
    if (f.precision >= 0 && static_cast<int>(s.d.size()) - 1 > f.precision) {
      s = sci_rounded(a, f.precision);
      while (s.d.size() > 1 && s.d.back() == '0') s.d.pop_back();
    }
    if (f.min_digits > 0 && static_cast<int>(s.d.size()) - 1 < f.min_digits) s = sci_rounded(a, f.min_digits);
  } else {
    s = sci_rounded(a, f.precision < 0 ? 0 : f.precision);
  }
  std::string ip = s.d.substr(0, 1), fp = s.d.substr(1);
  bool dot = apply_trim(fp, f.trim);
  std::string left = sign_of(v, f.sign) + ip;
  if (f.pad_left > static_cast<int>(left.size())) left.insert(0, static_cast<size_t>(f.pad_left) - left.size(), ' ');
  std::string exp = std::to_string(std::abs(s.e));
  size_t width = f.exp_digits >= 0 ? static_cast<size_t>(f.exp_digits) : 2;
  if (exp.size() < width) exp.insert(0, width - exp.size(), '0');
  return (dot ? left + "." + fp : left + fp) + "e" + (s.e < 0 ? "-" : "+") + exp;
}

std::string scalar_str(double v, DType t, bool complex_part, bool dtype_cutoff) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  // NumPy switches a scalar to scientific below 1e-4 and from 1e16 (float64),
  // 1e6 (float32) or 1e3 (float16) up: past those, positional digits would
  // claim more precision than the dtype has. Before NumPy 2.3, 1e16 for all.
  double big = t == DType::Float64 || !dtype_cutoff ? 1e16 : t == DType::Float32 ? 1e6 : 1e3;
  double a = std::fabs(v);
  FloatText f;
  if (a == 0 || (a >= 1e-4 && a < big)) {
    f.trim = complex_part ? '-' : '0';  // (3+4j) but 3.0
    return format_positional(v, t, f);
  }
  f.trim = '-';
  return format_scientific(v, t, f);
}

}  // namespace cunum::printing
