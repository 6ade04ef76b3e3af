// The array printer of include/cunum/format.hpp: NumPy's print options and
// its text, rule for rule (docs/io-and-printing.md, "The C++ printer").
//
// Two steps, as NumPy's printer: (1) one element format for the whole array,
// chosen from the values that will be printed (column widths, fixed or
// scientific notation, digit counts); (2) the nested brackets, wrapped at
// the line width, with "..." where a summarised axis is cut. For a
// summarised array both steps read only the corners (print_corners), which
// are all that is copied to the host.
#include <cmath>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "cunum/error.hpp"
#include "cunum/format.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/scalar.hpp"
#include "float_text.hpp"

// GCC 12 warns -Wrestrict on std::string concatenation inlined at -O3, a
// false positive (GCC bug 105329, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace cunum {

// ---------------------------------------------------------------- options

namespace {
std::mutex g_options_mutex;
PrintOptions g_options;
}  // namespace

PrintOptions get_printoptions() {
  std::lock_guard<std::mutex> lock(g_options_mutex);
  return g_options;
}

void set_printoptions(const PrintOptions& options) {
  if (options.precision < 0) throw ValueError("precision must be >= 0");
  if (options.threshold < 0) throw ValueError("threshold must be non-NAN, try sys.maxsize for untruncated representation");
  if (options.edgeitems < 0) throw ValueError("edgeitems must be >= 0");
  if (options.sign != '-' && options.sign != '+' && options.sign != ' ')
    throw ValueError("sign option must be one of ' ', '+', or '-'");
  std::lock_guard<std::mutex> lock(g_options_mutex);
  g_options = options;
}

printoptions::printoptions(const PrintOptions& options) : saved_(get_printoptions()) { set_printoptions(options); }

printoptions::~printoptions() { set_printoptions(saved_); }

// ---------------------------------------------------------------- corners

ndarray print_corners(const ndarray& a, int64_t edgeitems) {
  ndarray r = a;
  for (int axis = 0; axis < r.ndim(); ++axis) {
    int64_t n = r.shape()[axis];
    if (n <= 2 * edgeitems) continue;
    // NumPy's a[:e] and a[-e:]; with e = 0 the latter is the whole axis
    int64_t tail_start = edgeitems == 0 ? 0 : n - edgeitems;
    Shape head_shape = r.shape(), tail_shape = r.shape();
    head_shape[axis] = edgeitems;
    tail_shape[axis] = n - tail_start;
    ndarray head(r.storage(), r.offset(), head_shape, r.strides(), r.dtype());
    ndarray tail(r.storage(), r.offset() + tail_start * r.strides()[axis], tail_shape, r.strides(), r.dtype());
    r = concatenate({head, tail}, axis);
  }
  return r;
}

namespace {

using printing::FloatText;

// ---------------------------------------------------------------- element formats

int finfo_precision(DType t) { return t == DType::Float16 ? 3 : t == DType::Float32 ? 6 : 15; }

// A double rounded to dtype t (NumPy compares in the array's dtype).
double in_dtype(double v, DType t) {
  if (t == DType::Float32) return static_cast<double>(static_cast<float>(v));
  if (t == DType::Float16) return static_cast<double>(static_cast<float>(half(v)));
  return v;
}

// NumPy's FloatingFormat: one format for all values of a float array.
class FloatFormat {
 public:
  FloatFormat(const std::vector<double>& data, DType t, const PrintOptions& o, char sign)
      : t_(t), sign_(sign), floatmode_(o.floatmode), nanstr_(o.nanstr), infstr_(o.infstr) {
    precision_ = floatmode_ == FloatMode::Unique ? -1 : o.precision;
    std::vector<double> finite;
    bool any_neg_inf = false, any_nonfinite = false;
    for (double v : data) {
      if (std::isfinite(v)) finite.push_back(v);
      else {
        any_nonfinite = true;
        if (std::isinf(v) && v < 0) any_neg_inf = true;
      }
    }
    double max_val = 0, min_val = 0;
    bool any_nonzero = false;
    for (double v : finite) {
      double a = std::fabs(v);
      if (a == 0) continue;
      if (!any_nonzero) max_val = min_val = a;
      max_val = std::max(max_val, a);
      min_val = std::min(min_val, a);
      any_nonzero = true;
    }
    if (any_nonzero) {
      // NumPy 2.3 made the cutoff the dtype's precision (float16 1e3, float32 1e6)
      double cutoff = o.dtype_exp_cutoff ? std::pow(10.0, std::min(8, finfo_precision(t))) : 1e8;
      double ratio = in_dtype(max_val / min_val, t);
      if (max_val >= cutoff || (!o.suppress && (min_val < in_dtype(1e-4, t) || ratio > 1000.0))) exp_ = true;
    }
    if (finite.empty()) {
      pad_left_ = pad_right_ = 0;
      trim_ = '.';
      exp_size_ = -1;
      unique_ = true;
      min_digits_ = -1;
    } else if (exp_) {
      FloatText f;
      f.precision = precision_;
      f.unique = floatmode_ != FloatMode::Fixed;
      f.trim = f.unique ? '.' : 'k';
      f.sign = sign_ == '+';
      size_t int_len = 0, frac_len = 0, exp_len = 0;
      for (double v : finite) {
        std::string s = printing::format_scientific(v, t, f);
        size_t e = s.find('e'), dot = s.find('.');
        std::string mant = s.substr(0, e);
        int_len = std::max(int_len, dot == std::string::npos ? mant.size() : dot);
        frac_len = std::max(frac_len, dot == std::string::npos ? 0 : mant.size() - dot - 1);
        exp_len = std::max(exp_len, s.size() - e - 1);
      }
      exp_size_ = static_cast<int>(exp_len) - 1;
      trim_ = 'k';
      precision_ = min_digits_ = static_cast<int>(frac_len);
      unique_ = f.unique;
      pad_left_ = static_cast<int>(int_len);
      pad_right_ = exp_size_ + 2 + precision_;
    } else {
      FloatText f;
      f.precision = precision_;
      f.unique = floatmode_ != FloatMode::Fixed;
      f.trim = f.unique ? '.' : 'k';
      f.sign = sign_ == '+';
      size_t int_len = 0, frac_len = 0;
      for (double v : finite) {
        std::string s = printing::format_positional(v, t, f);
        size_t dot = s.find('.');
        int_len = std::max(int_len, dot);
        frac_len = std::max(frac_len, s.size() - dot - 1);
      }
      pad_left_ = static_cast<int>(int_len);
      pad_right_ = static_cast<int>(frac_len);
      exp_size_ = -1;
      unique_ = f.unique;
      if (floatmode_ == FloatMode::Fixed || floatmode_ == FloatMode::MaxPrecEqual) {
        precision_ = min_digits_ = pad_right_;
        trim_ = 'k';
      } else {
        trim_ = '.';
        min_digits_ = 0;
      }
    }
    if (sign_ == ' ') {
      bool any_signbit = false;
      for (double v : finite) any_signbit = any_signbit || std::signbit(v);
      if (!any_signbit) pad_left_ += 1;
    }
    if (any_nonfinite) {
      int neginf = (sign_ != '-' || any_neg_inf) ? 1 : 0;
      int offset = pad_right_ + 1;
      pad_left_ = std::max({pad_left_, static_cast<int>(nanstr_.size()) - offset,
                            static_cast<int>(infstr_.size()) + neginf - offset});
    }
  }

  std::string operator()(double x) const {
    if (!std::isfinite(x)) {
      std::string r;
      if (std::isnan(x)) r = (sign_ == '+' ? "+" : "") + nanstr_;
      else r = (x < 0 ? "-" : sign_ == '+' ? "+" : "") + infstr_;
      int width = pad_left_ + pad_right_ + 1;
      if (width > static_cast<int>(r.size())) r.insert(0, static_cast<size_t>(width) - r.size(), ' ');
      return r;
    }
    FloatText f;
    f.precision = precision_;
    f.min_digits = min_digits_;
    f.unique = unique_;
    f.trim = trim_;
    f.sign = sign_ == '+';
    f.pad_left = pad_left_;
    if (exp_) {
      f.exp_digits = exp_size_;
      return printing::format_scientific(x, t_, f);
    }
    f.pad_right = pad_right_;
    return printing::format_positional(x, t_, f);
  }

 private:
  DType t_;
  char sign_;
  FloatMode floatmode_;
  std::string nanstr_, infstr_;
  int precision_ = -1, min_digits_ = -1, pad_left_ = 0, pad_right_ = 0, exp_size_ = -1;
  bool exp_ = false, unique_ = true;
  char trim_ = '.';
};

std::string int128_str(__int128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

__int128 load_int(DType t, const unsigned char* p) {
  Scalar s = Scalar::load(t, p);
  if (s.kind == Scalar::Kind::UInt) return static_cast<__int128>(s.u);
  return static_cast<__int128>(s.i);
}

// NumPy's IntegerFormat: right-aligned in the width of the longest value.
class IntFormat {
 public:
  IntFormat(const std::vector<__int128>& data, char sign) : sign_(sign) {
    if (data.empty()) return;
    __int128 mx = data[0], mn = data[0];
    for (__int128 v : data) {
      mx = std::max(mx, v);
      mn = std::min(mn, v);
    }
    if (sign_ == ' ' && mn < 0) sign_ = '-';
    size_t max_len = int128_str(mx).size();
    if (mx >= 0 && (sign_ == '+' || sign_ == ' ')) max_len += 1;
    width_ = std::max(max_len, int128_str(mn).size());
  }
  std::string operator()(__int128 v) const {
    std::string s = int128_str(v);
    if (v >= 0 && sign_ == '+') s = "+" + s;
    if (v >= 0 && sign_ == ' ') s = " " + s;
    if (s.size() < width_) s.insert(0, width_ - s.size(), ' ');
    return s;
  }

 private:
  char sign_;
  size_t width_ = 0;
};

using ElementFormat = std::function<std::string(const unsigned char*)>;

// The element format of a host buffer of n elements of dtype t (NumPy's
// _get_format_function on the printed data).
ElementFormat element_format(const unsigned char* buf, int64_t n, DType t, const PrintOptions& o, bool zero_d) {
  size_t isz = itemsize(t);
  char kind = dtype_kind(t);
  if (kind == 'b') {
    std::string truestr = zero_d ? "True" : " True";
    return [truestr](const unsigned char* p) { return *p ? truestr : std::string("False"); };
  }
  if (kind == 'i' || kind == 'u') {
    std::vector<__int128> vals;
    vals.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) vals.push_back(load_int(t, buf + i * isz));
    IntFormat f(vals, o.sign);
    return [f, t](const unsigned char* p) { return f(load_int(t, p)); };
  }
  if (kind == 'f') {
    std::vector<double> vals;
    vals.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) vals.push_back(Scalar::load(t, buf + i * isz).as_double());
    FloatFormat f(vals, t, o, o.sign);
    return [f, t](const unsigned char* p) { return f(Scalar::load(t, p).as_double()); };
  }
  // complex: the real parts under the sign option, the imaginary parts always signed
  DType rt = real_dtype(t);
  std::vector<double> re, im;
  for (int64_t i = 0; i < n; ++i) {
    Scalar s = Scalar::load(t, buf + i * isz);
    re.push_back(s.re);
    im.push_back(s.im);
  }
  FloatFormat fr(re, rt, o, o.sign), fi(im, rt, o, '+');
  return [fr, fi, t](const unsigned char* p) {
    Scalar s = Scalar::load(t, p);
    std::string r = fr(s.re), i = fi(s.im);
    size_t sp = i.find_last_not_of(' ') + 1;  // the 'j' goes before the padding
    return r + i.substr(0, sp) + "j" + i.substr(sp);
  };
}

// ---------------------------------------------------------------- layout (NumPy's _formatArray)

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
  return s;
}

void extend_line(std::string& s, std::string& line, const std::string& word, int64_t width,
                 const std::string& next_line_prefix) {
  bool wrap = static_cast<int64_t>(line.size() + word.size()) > width;
  if (line.size() <= next_line_prefix.size()) wrap = false;  // wrapping would not help
  if (wrap) {
    s += rstrip(line) + "\n";
    line = next_line_prefix;
  }
  line += word;
}

struct Layout {
  const Shape& full;     // the array's shape
  const Shape& compact;  // the corners' shape (the host buffer's, C order)
  const unsigned char* buf;
  size_t itemsize;
  const ElementFormat& format;
  std::string separator;
  int64_t edgeitems;
  bool summary;

  std::string recurse(std::vector<int64_t>& index, const std::string& hanging, int64_t width) const {
    size_t axis = index.size();
    size_t axes_left = full.size() - axis;
    if (axes_left == 0) {
      int64_t off = 0;
      for (size_t k = 0; k < index.size(); ++k) off = off * compact[k] + index[k];
      return format(buf + off * static_cast<int64_t>(itemsize));
    }
    std::string next_hanging = hanging + " ";
    int64_t next_width = width - 1;
    int64_t len = full[axis], clen = compact[axis];
    bool show = summary && 2 * edgeitems < len;
    int64_t leading = show ? edgeitems : 0, trailing = show ? edgeitems : len;
    auto item = [&](int64_t i) {  // i >= 0: leading item i; i < 0: trailing item (from the end)
      index.push_back(i >= 0 ? i : clen + i);
      std::string r = recurse(index, next_hanging, next_width);
      index.pop_back();
      return r;
    };
    std::string s;
    std::string sep_r = rstrip(separator);
    if (axes_left == 1) {
      int64_t elem_width = width - std::max<int64_t>(static_cast<int64_t>(sep_r.size()), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extend_line(s, line, item(i), elem_width, hanging);
        line += separator;
      }
      if (show) {
        extend_line(s, line, "...", elem_width, hanging);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extend_line(s, line, item(-i), elem_width, hanging);
        line += separator;
      }
      extend_line(s, line, item(-1), elem_width, hanging);
      s += line;
    } else {
      std::string line_sep = sep_r + std::string(axes_left - 1, '\n');
      for (int64_t i = 0; i < leading; ++i) s += hanging + item(i) + line_sep;
      if (show) s += hanging + "..." + line_sep;
      for (int64_t i = trailing; i > 1; --i) s += hanging + item(-i) + line_sep;
      s += hanging + item(-1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

// The printed part of `a` on the host: all of it, or its corners when summarised.
struct HostCopy {
  ndarray printed;
  std::vector<unsigned char> buf;
  bool summary;
};

HostCopy host_copy(const ndarray& a, const PrintOptions& o) {
  HostCopy h;
  h.summary = a.size() > o.threshold;
  h.printed = h.summary ? print_corners(a, o.edgeitems) : a;
  h.buf.resize(static_cast<size_t>(h.printed.nbytes()) + 16);
  if (h.printed.size()) h.printed.copy_to_host(h.buf.data());
  return h;
}

bool dtype_implied(DType t) {
  return t == DType::Float64 || t == DType::Int64 || t == DType::Bool || t == DType::Complex128;
}

std::string scalar_text(const ndarray& a, const PrintOptions& o) {  // NumPy's str() of a 0-d array's value
  std::vector<unsigned char> buf(a.itemsize() + 16);
  a.copy_to_host(buf.data());
  DType t = a.dtype();
  Scalar s = Scalar::load(t, buf.data());
  char kind = dtype_kind(t);
  if (kind == 'b') return s.b ? "True" : "False";
  if (kind == 'i' || kind == 'u') return int128_str(load_int(t, buf.data()));
  if (kind == 'f') return printing::scalar_str(s.re, t, false, o.dtype_exp_cutoff);
  // complex: Python's complex text; the real part is left out when it is +0
  DType rt = real_dtype(t);
  std::string im = printing::scalar_str(s.im, rt, true, o.dtype_exp_cutoff);
  if (s.re == 0 && !std::signbit(s.re)) return im + "j";
  if (im[0] != '-') im.insert(0, "+");
  return "(" + printing::scalar_str(s.re, rt, true, o.dtype_exp_cutoff) + im + "j)";
}

}  // namespace

std::string array2string(const ndarray& a, const PrintOptions& o, std::string_view separator,
                         std::string_view prefix, std::string_view suffix) {
  if (a.size() == 0) return "[]";
  HostCopy h = host_copy(a, o);
  ElementFormat format = element_format(h.buf.data(), h.printed.size(), a.dtype(), o, a.ndim() == 0);
  if (a.ndim() == 0) return format(h.buf.data());
  Layout layout{a.shape(), h.printed.shape(), h.buf.data(), a.itemsize(), format,
                std::string(separator), o.edgeitems, h.summary};
  std::vector<int64_t> index;
  std::string next_line_prefix = " " + std::string(prefix.size(), ' ');
  return layout.recurse(index, next_line_prefix, o.linewidth - static_cast<int64_t>(suffix.size()));
}

std::string array2string(const ndarray& a, std::string_view separator, std::string_view prefix,
                         std::string_view suffix) {
  return array2string(a, get_printoptions(), separator, prefix, suffix);
}

std::string array_str(const ndarray& a) {
  if (a.ndim() == 0) return scalar_text(a, get_printoptions());
  return array2string(a, get_printoptions(), " ", "", "");
}

std::string array_repr(const ndarray& a) {
  PrintOptions o = get_printoptions();
  const std::string prefix = "array(";
  std::string body = array2string(a, o, ", ", prefix, ")");
  std::vector<std::string> extras;
  bool is_0_1d = a.ndim() == 1 && a.shape()[0] == 0;
  if (a.size() == 0 && !is_0_1d && !o.shape_in_repr) {
    // NumPy before 2.2 writes an empty array's shape into the body, so only
    // the dtype may move to the next line
    body += ", shape=" + to_string(a.shape());
  } else if ((a.size() == 0 && !is_0_1d) || (o.shape_in_repr && a.size() > o.threshold)) {
    extras.push_back("shape=" + to_string(a.shape()));
  }
  if (!dtype_implied(a.dtype()) || a.size() == 0) extras.push_back("dtype=" + std::string(dtype_name(a.dtype())));
  if (extras.empty()) return prefix + body + ")";
  std::string arr = prefix + body + ",";
  std::string extra = extras[0];
  for (size_t i = 1; i < extras.size(); ++i) extra += ", " + extras[i];
  extra += ")";
  size_t nl = arr.rfind('\n');
  size_t last_line = arr.size() - (nl == std::string::npos ? 0 : nl + 1);
  std::string spacer = " ";
  if (static_cast<int64_t>(last_line + extra.size() + 1) > o.linewidth) spacer = "\n" + std::string(prefix.size(), ' ');
  return arr + spacer + extra;
}

std::string to_string(const ndarray& a) { return array_str(a); }

std::ostream& operator<<(std::ostream& os, const ndarray& a) { return os << array_str(a); }

}  // namespace cunum
