// dtype promotion and casting queries (the tables live in src/base/dtype.cpp).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "convert.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_dtypes(nb::module_& m) {
  m.attr("NUM_DTYPES") = kNumDTypes;
  m.def("_dtype_names", [] {
    std::vector<std::string> r;
    for (int i = 0; i < kNumDTypes; ++i) r.emplace_back(dtype_name(static_cast<DType>(i)));
    return r;
  });
  m.def("_promote_types", [](int a, int b) {
    return static_cast<int>(promote_types(static_cast<DType>(a), static_cast<DType>(b)));
  });
  m.def("_can_cast", [](int a, int b, const std::string& casting) {
    return can_cast(static_cast<DType>(a), static_cast<DType>(b), casting_from_string(casting));
  });
  // strong: dtype codes; weak: 1 int, 2 float, 3 complex
  m.def("_result_type", [](const std::vector<int>& strong, const std::vector<int>& weak) {
    std::vector<DType> s;
    std::vector<WeakKind> w;
    for (int x : strong) s.push_back(static_cast<DType>(x));
    for (int x : weak) w.push_back(static_cast<WeakKind>(x));
    return static_cast<int>(result_type(s.data(), (int)s.size(), w.data(), (int)w.size()));
  });
  m.def("_dtype_from_string", [](const std::string& s) { return static_cast<int>(dtype_from_string(s)); });
}

}  // namespace cunum::py
