// The discrete Fourier transform from C++ (cunum/fft.hpp).
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_fft
#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  using cd = std::complex<double>;
  ndarray x = from_host<double>({1, 2, 3, 4}, {4});
  ndarray X = fft::fft(x);                 // complex128
  ndarray back = fft::ifft(X);             // x again (complex)
  ndarray R = fft::rfft(x);                // the non-negative frequencies only
  ndarray f = fft::fftfreq(4, 0.5);        // sample spacing 0.5

  std::cout << "x = " << x << "\n"
            << "fft(x) = " << X << "  (" << X.dtype() << ")\n"
            << "ifft(fft(x)) = " << back << "\n"
            << "rfft(x) = " << R << "\n"
            << "fftfreq(4, 0.5) = " << f << "\n";

  // by hand: X_k = sum_n x_n e^{-2 pi i k n / 4}
  example::expect_near("fft", to_vector<cd>(X), {cd(10, 0), cd(-2, 2), cd(-2, 0), cd(-2, -2)});
  example::expect_near("ifft(fft(x))", to_vector<cd>(back), {cd(1, 0), cd(2, 0), cd(3, 0), cd(4, 0)});
  example::expect_near("rfft", to_vector<cd>(R), {cd(10, 0), cd(-2, 2), cd(-2, 0)});
  example::expect_near("fftfreq", to_vector<double>(f), {0.0, 0.5, -1.0, -0.5});
  return example::failures != 0;
}
