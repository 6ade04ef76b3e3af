// Uses the installed headers and library through find_package(cunum): a few
// routines of different families, checked against values worked out by hand.
// Exits 1 on a wrong answer.
#include <cunum/cunum.hpp>

#include <cstdio>

int main() {
  using namespace cunum;
  int failures = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) std::printf("consumer: wrong %s\n", what);
    failures += !ok;
  };
  ndarray a = arange(12).reshape({3, 4});  // int64 [[0..3] [4..7] [8..11]]
  expect(sum(a).item().as_int64() == 66, "sum");
  ndarray rows = sum(a, /*axis=*/1);  // [6 22 38]
  expect(rows.shape() == Shape{3} && rows.dtype() == DType::Int64, "sum(axis=1)'s shape or dtype");
  expect(rows.item(2).as_int64() == 38, "sum(axis=1)");
  ndarray f = a.astype(DType::Float32) / 2;  // float32, 5.5 at the end
  expect(f.dtype() == DType::Float32 && max(f).item().as_double() == 5.5, "a / 2");
  ndarray s = sort((-a).reshape({12}));  // -11 .. 0
  expect(s.item(0).as_int64() == -11 && s.item(11).as_int64() == 0, "sort");
  std::printf("consumer: %s on %s\n", failures ? "FAILED" : "ok", a.device().str().c_str());
  return failures ? 1 : 0;
}
