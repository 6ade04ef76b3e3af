// A few lines the examples share: read an array back to a std::vector, and
// compare it with values worked out by hand (the examples' exit status).
#pragma once
#include <cmath>
#include <complex>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <cunum/cunum.hpp>

namespace example {

template <class T> std::vector<T> to_vector(const cunum::ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}

inline int failures = 0;

// Prints "ok" or "FAILED" for one check; main returns failures != 0.
template <class T>
void expect_near(const std::string& what, const std::vector<T>& got, const std::vector<T>& want,
                 double tol = 1e-12) {
  bool ok = got.size() == want.size();
  for (size_t i = 0; ok && i < got.size(); ++i) ok = std::abs(got[i] - want[i]) <= tol * (1 + std::abs(want[i]));
  std::cout << (ok ? "  ok      " : "  FAILED  ") << what << "\n";
  if (!ok) ++failures;
}

inline void expect(const std::string& what, bool ok) {
  std::cout << (ok ? "  ok      " : "  FAILED  ") << what << "\n";
  if (!ok) ++failures;
}

}  // namespace example
