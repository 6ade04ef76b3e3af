#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer (issue 7): builds the C++
# library, its tests and the Python module with -fsanitize=address,undefined
# in build/asan, runs the C++ tests (the NVRTC compile tests, which only call
# NVRTC, are not built) and a fast subset of the Python suite with the sanitizer
# runtime preloaded into Python. Any report fails the run.
# The build is -O1 (what the sanitizers' documentation advises: -O3 with
# ASan took 2.7x as long to compile, 302 s against 111 s for one of the
# CPU loop files) and without the CUDA backend: no GPU runs under it here,
# and compute-sanitizer checks that backend on the GPU (scripts/gpu_sanitize.sh).
#   scripts/sanitize.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
. scripts/blas_env.sh  # CUNUM_BLAS_LIBRARY for the C++ tests
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DCUNUM_SANITIZE=ON -DCUNUM_CUDA=OFF \
  -DCUNUM_PYTHON=ON -DCUNUM_TESTS=ON -DPython_EXECUTABLE="$(command -v "$PY")" >/dev/null
cmake --build build/asan
# protect_shadow_gap=0: the CUDA runtime maps memory where ASan keeps its gap;
# leaks are not checked (the interpreter itself keeps memory at exit).
export ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ctest --test-dir build/asan --output-on-failure -j "$(nproc)" -E '^Nvrtc'
LD_PRELOAD="$(g++ -print-file-name=libasan.so):$(g++ -print-file-name=libubsan.so)" PYTHONMALLOC=malloc \
PYTHONPATH=build/asan/python CUNUM_BUILD_PYTHON=build/asan/python \
  $PY -m pytest -q -p no:cacheprovider -n "$(nproc)" -x \
  tests/python/test_ndarray.py tests/python/test_indexing.py tests/python/test_advanced_indexing.py \
  tests/python/test_reductions.py tests/python/test_joining.py tests/python/test_sorting.py \
  tests/python/test_store_rules.py tests/python/test_fuzz.py tests/python/test_exit.py "$@"
