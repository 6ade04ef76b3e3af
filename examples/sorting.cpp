// Sorting, searching and sets from C++ (cunum/sorting.hpp).
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_sorting
#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  ndarray a = from_host<double>({3.5, -1.0, 2.0, 3.5, 0.25, -1.0}, {6});
  ndarray s = sort(a);                                    // a sorted copy
  ndarray order = argsort(a);                             // stable: equal keys keep their order
  UniqueResult u = unique(a, {.return_counts = true});    // sorted unique values and their counts
  ndarray where = searchsorted(s, from_host<double>({0.0, 3.5}, {2}));  // insertion points

  std::cout << "a          = " << a << "\n"
            << "sort(a)    = " << s << "\n"
            << "argsort(a) = " << order << "\n"
            << "unique(a)  = " << u.values << ", counts " << *u.counts << "\n"
            << "searchsorted(sort(a), [0, 3.5]) = " << where << "\n";

  example::expect_near("sort", to_vector<double>(s), {-1, -1, 0.25, 2, 3.5, 3.5});
  example::expect("argsort", to_vector<int64_t>(order) == std::vector<int64_t>{1, 5, 4, 2, 0, 3});
  example::expect_near("unique", to_vector<double>(u.values), {-1, 0.25, 2, 3.5});
  example::expect("counts", to_vector<int64_t>(*u.counts) == std::vector<int64_t>{2, 1, 1, 2});
  example::expect("searchsorted", to_vector<int64_t>(where) == std::vector<int64_t>{2, 4});
  return example::failures != 0;
}
