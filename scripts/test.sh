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
$PY -c "import numpy, pytest, nanobind, xdist, hypothesis, dask.array, distributed" 2>/dev/null ||
  $PY -m pip install -q "numpy>=2" pytest pytest-xdist hypothesis "nanobind>=2" "dask[array]" distributed

$PY scripts/check_layers.py

# CUNUM_REQUIRE_CUDA=1 (CI sets it): the CUDA backend must be configured, and
# the NVRTC test that compiles every generated kernel must be among the C++
# tests; without it a toolkit that was not found would pass silently.
cuda=()
[ "${CUNUM_REQUIRE_CUDA:-0}" = 1 ] && cuda=(-DCUNUM_CUDA=ON)
. scripts/blas_env.sh  # CUNUM_BLAS_LIBRARY for the C++ tests

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCUNUM_PYTHON=ON -DCUNUM_TESTS=ON -DCUNUM_EXAMPLES=ON "${cuda[@]}" \
  -DPython_EXECUTABLE="$(command -v "$PY")" >/dev/null
cmake --build build/test
$PY scripts/check_layers.py --objects build/test
if [ "${CUNUM_REQUIRE_CUDA:-0}" = 1 ]; then
  nvrtc=$(ctest --test-dir build/test -N -R '^Nvrtc' | sed -n 's/^Total Tests: //p')
  [ "${nvrtc:-0}" -gt 0 ] || { echo "CUNUM_REQUIRE_CUDA=1 but no NVRTC kernel test was built" >&2; exit 1; }
  echo "CUDA backend configured; $nvrtc NVRTC kernel tests"
fi
ctest --test-dir build/test --output-on-failure -j "$(nproc)"
./build/test/cunum_example >/dev/null
PYTHONPATH=build/test/python $PY -m pytest -q -p no:cacheprovider -n "$(nproc)" tests/python "$@"
