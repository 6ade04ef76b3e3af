#!/usr/bin/env bash
# Installs what the tests need, builds cunum once (C++ library, C++ tests, the
# C++ example and the Python module, in build/test), then runs the C++ suite
# (ctest) and the Python suite (pytest) against that build. The layer check
# (scripts/check_layers.py: every #include points down) runs first; it needs
# no build, and once the library is built it also checks the objects' symbols.
#   scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}

need_apt=()
command -v cmake >/dev/null || need_apt+=(cmake)
command -v ninja >/dev/null || need_apt+=(ninja-build)
command -v ccache >/dev/null || need_apt+=(ccache)
[ -f /usr/include/gtest/gtest.h ] || need_apt+=(libgtest-dev)
command -v g++ >/dev/null || need_apt+=(g++)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${need_apt[@]}"
fi
$PY -c "import numpy, pytest, nanobind, xdist, hypothesis" 2>/dev/null ||
  $PY -m pip install -q "numpy>=2" pytest pytest-xdist hypothesis "nanobind>=2"

$PY scripts/check_layers.py

# The CPU backend's BLAS/LAPACK (Note [The CPU BLAS]): under Python it is
# NumPy's own OpenBLAS; the C++ tests (no Python) are pointed at the same
# library, or at the system's OpenBLAS where NumPy's wheel has none.
if [ -z "${CUNUM_BLAS_LIBRARY:-}" ]; then
  CUNUM_BLAS_LIBRARY=$($PY -c "import glob, os, numpy; d = os.path.dirname(numpy.__file__); \
l = sorted(glob.glob(os.path.join(d, os.pardir, 'numpy.libs', 'libscipy_openblas*.so*'))); print(l[0] if l else '')")
  if [ -z "$CUNUM_BLAS_LIBRARY" ] && ! ldconfig -p | grep -q -E "libopenblas|libblas.so.3"; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libopenblas0
  fi
  if [ -n "$CUNUM_BLAS_LIBRARY" ]; then export CUNUM_BLAS_LIBRARY; fi
fi

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCUNUM_PYTHON=ON -DCUNUM_TESTS=ON -DCUNUM_EXAMPLES=ON \
  -DPython_EXECUTABLE="$(command -v "$PY")" >/dev/null
cmake --build build/test
$PY scripts/check_layers.py --objects build/test
ctest --test-dir build/test --output-on-failure -j "$(nproc)"
./build/test/cunum_example >/dev/null
PYTHONPATH=build/test/python $PY -m pytest -q -p no:cacheprovider -n "$(nproc)" tests/python "$@"
