// Indexing from C++ (cunum/indexing.hpp, indexing_routines.hpp): slices,
// integer and boolean arrays, take, nonzero, where.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_indexing
#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  ndarray m = arange(12).reshape({3, 4});
  ndarray row = index(m, {1, Slice{}});                          // m[1, :], a view
  ndarray rev = index(m, {Slice{}, Slice{{}, {}, -1}});           // m[:, ::-1], a view
  ndarray big = index(m, {greater(m, 6)});                        // m[m > 6], a copy
  ndarray rows = take(m, from_host<int64_t>({2, 0}, {2}), 0);     // m[[2, 0]]
  std::vector<ndarray> nz = nonzero(equal(m % 5, 0));             // where m is a multiple of 5
  ndarray w = where(less(m, 4), m, -1);                           // m where m < 4, else -1

  std::cout << "m =\n" << m << "\n"
            << "m[1, :] = " << row << "\n"
            << "m[:, ::-1] =\n" << rev << "\n"
            << "m[m > 6] = " << big << "\n"
            << "m[[2, 0]] =\n" << rows << "\n"
            << "nonzero(m % 5 == 0) = " << nz[0] << ", " << nz[1] << "\n"
            << "where(m < 4, m, -1) =\n" << w << "\n";

  example::expect("m[1, :]", to_vector<int64_t>(row) == std::vector<int64_t>{4, 5, 6, 7});
  example::expect("m[:, ::-1]", to_vector<int64_t>(rev) ==
                                    std::vector<int64_t>{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8});
  example::expect("m[m > 6]", to_vector<int64_t>(big) == std::vector<int64_t>{7, 8, 9, 10, 11});
  example::expect("m[[2, 0]]", to_vector<int64_t>(rows) == std::vector<int64_t>{8, 9, 10, 11, 0, 1, 2, 3});
  example::expect("nonzero rows", to_vector<int64_t>(nz[0]) == std::vector<int64_t>{0, 1, 2});
  example::expect("nonzero cols", to_vector<int64_t>(nz[1]) == std::vector<int64_t>{0, 1, 2});
  example::expect("where", to_vector<int64_t>(w) ==
                               std::vector<int64_t>{0, 1, 2, 3, -1, -1, -1, -1, -1, -1, -1, -1});
  return example::failures != 0;
}
