// Note [The CPU BLAS]
// The CPU backend's matrix products and factorizations run on a real BLAS
// and LAPACK, opened with dlopen() at the first call that needs one (import
// and every other op load nothing). Where, in order:
//   1. $CUNUM_BLAS_LIBRARY (a path or a soname), with $CUNUM_LAPACK_LIBRARY
//      when LAPACK lives in a library of its own;
//   2. a BLAS already loaded in the process (found with dl_iterate_phdr):
//      under Python that is NumPy's own OpenBLAS (numpy.libs/
//      libscipy_openblas64_*.so, ILP64), which the Python module makes sure
//      of by importing NumPy first (set_blas_finder): the same library, the
//      same kernels, so cunum's CPU results match NumPy's bit for bit where
//      the call is the same;
//   3. the dynamic loader's names: scipy-openblas64 and Debian's OpenBLAS
//      (ILP64, then LP64), FlexiBLAS, then the reference libblas.so.3 with
//      liblapack.so.3.
// The library's symbol convention is read from what it exports: scipy's
// OpenBLAS prefixes "scipy_" and suffixes "_64_" (ILP64), Debian's ILP64
// OpenBLAS suffixes "_64_", and every LP64 BLAS has plain "dgemm_". cunum
// calls the Fortran interface (every BLAS has it; CBLAS is sometimes a
// library of its own) with the hidden string lengths gfortran expects.
#include "backend/cpu/blas.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "cunum/error.hpp"

namespace cunum::backend::cpu {

namespace {
BlasFinder g_finder = nullptr;

struct Convention {
  const char* prefix;
  const char* suffix;
  int int_bytes;
};
constexpr Convention kConventions[] = {
    {"scipy_", "_64_", 8}, {"", "_64_", 8}, {"scipy_", "_", 4}, {"", "_", 4}};

bool find_convention(void* h, BlasLibrary& lib) {
  for (const Convention& c : kConventions) {
    const std::string name = std::string(c.prefix) + "dgemm" + c.suffix;
    if (dlsym(h, name.c_str())) {
      lib.prefix = c.prefix;
      lib.suffix = c.suffix;
      lib.int_bytes = c.int_bytes;
      return true;
    }
  }
  return false;
}

bool has_lapack(void* h, const BlasLibrary& lib) {
  return h && dlsym(h, (lib.prefix + "dgetrf" + lib.suffix).c_str()) != nullptr;
}

// A loaded object whose file name says it is a BLAS (OpenBLAS first).
std::string loaded_blas() {
  struct Found {
    std::string openblas, other;
  } found;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* f = static_cast<Found*>(data);
        if (!info->dlpi_name || !*info->dlpi_name) return 0;
        const std::string path = info->dlpi_name;
        const std::string base = path.substr(path.rfind('/') + 1);
        if (base.find("openblas") != std::string::npos) {
          if (f->openblas.empty()) f->openblas = path;
        } else if (base.find("flexiblas") != std::string::npos || base.rfind("libblas.so", 0) == 0 ||
                   base.rfind("libmkl_rt", 0) == 0) {
          if (f->other.empty()) f->other = path;
        }
        return 0;
      },
      &found);
  return found.openblas.empty() ? found.other : found.openblas;
}

bool try_open(const std::string& name, BlasLibrary& lib, std::string& tried) {
  if (name.empty()) return false;
  tried += name + "; ";
  void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) return false;
  if (!find_convention(h, lib)) {
    dlclose(h);
    return false;
  }
  lib.handle = h;
  lib.path = name;
  return true;
}

BlasLibrary open_blas(std::string& error) {
  BlasLibrary lib;
  std::string tried;
  bool ok = false;
  if (const char* env = std::getenv("CUNUM_BLAS_LIBRARY"); env && *env) {
    ok = try_open(env, lib, tried);
    if (!ok) {
      const char* e = dlerror();
      error = std::string("cunum: CUNUM_BLAS_LIBRARY=") + env + " could not be opened or exports no dgemm_ (" +
              (e ? e : "no BLAS symbols") + ")";
      return {};
    }
  }
  if (!ok) ok = try_open(loaded_blas(), lib, tried);
  if (!ok && g_finder) {
    const std::string hint = g_finder();
    ok = try_open(hint, lib, tried) || try_open(loaded_blas(), lib, tried);
  }
  for (const char* name : {"libscipy_openblas64_.so", "libopenblas64_.so.0", "libopenblas64.so.0",
                           "libopenblas.so.0", "libopenblas.so", "libflexiblas.so.3", "libblas.so.3"}) {
    if (ok) break;
    ok = try_open(name, lib, tried);
  }
  if (!ok) {
    error = "cunum: no BLAS library was found for the CPU backend (tried " + tried +
            "). Install OpenBLAS (pip install scipy-openblas64, or apt-get install libopenblas0) or set "
            "CUNUM_BLAS_LIBRARY to the path of a BLAS/LAPACK shared library.";
    return {};
  }
  if (has_lapack(lib.handle, lib)) {
    lib.lapack = lib.handle;
  } else {
    std::vector<std::string> names;
    if (const char* env = std::getenv("CUNUM_LAPACK_LIBRARY"); env && *env) names.push_back(env);
    names.push_back("liblapack.so.3");
    for (const std::string& n : names) {
      void* h = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (has_lapack(h, lib)) {
        lib.lapack = h;
        break;
      }
      if (h) dlclose(h);
    }
  }
  return lib;
}

void* lookup(void* h, const BlasLibrary& lib, const char* name, const char* what) {
  const std::string full = lib.prefix + name + lib.suffix;
  void* f = h ? dlsym(h, full.c_str()) : nullptr;
  if (!f)
    throw Error(std::string("cunum: the ") + what + " library (" + lib.path + ") has no " + full +
                "; set CUNUM_BLAS_LIBRARY (and CUNUM_LAPACK_LIBRARY) to a complete BLAS/LAPACK");
  return f;
}
}  // namespace

void set_blas_finder(BlasFinder f) { g_finder = f; }

const BlasLibrary& blas() {
  static BlasLibrary lib;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] { lib = open_blas(error); });
  if (!lib.handle) throw Error(error);
  return lib;
}

void* blas_symbol(const char* name) {
  const BlasLibrary& lib = blas();
  return lookup(lib.handle, lib, name, "BLAS");
}

void* lapack_symbol(const char* name) {
  const BlasLibrary& lib = blas();
  return lookup(lib.lapack, lib, name, "LAPACK");
}

}  // namespace cunum::backend::cpu
