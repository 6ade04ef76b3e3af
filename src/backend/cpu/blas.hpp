// The CPU's BLAS and LAPACK: a library found and dlopen()ed at the first
// call that needs it (Note [The CPU BLAS] in blas.cpp), never at import.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cunum::backend::cpu {

// The library in use. Its Fortran interface is called with integers of
// `int_bytes` (8: ILP64, as NumPy's own OpenBLAS; 4: LP64) and single-char
// arguments followed by their hidden lengths (gfortran's convention).
struct BlasLibrary {
  std::string path;          // what was opened (for messages and cunum's config)
  int int_bytes = 4;
  std::string prefix, suffix;  // dgemm is prefix + "dgemm" + suffix
  void* handle = nullptr;
  void* lapack = nullptr;    // the handle that holds LAPACK (may be `handle`); null: none found
};

// The BLAS, loaded on the first call; throws cunum::Error (with every place
// tried and how to point cunum at a BLAS) when none is found.
const BlasLibrary& blas();
// The routine `name` ("dgemm", "zgetrf") of the BLAS or its LAPACK; throws
// cunum::Error when the library lacks it.
void* blas_symbol(const char* name);
void* lapack_symbol(const char* name);

// Called once, before the search of the dynamic loader's names, by an
// embedding that knows where a BLAS lives (the Python module imports NumPy,
// which loads its OpenBLAS into the process): may return a path, or "".
using BlasFinder = std::string (*)();
void set_blas_finder(BlasFinder f);

}  // namespace cunum::backend::cpu
