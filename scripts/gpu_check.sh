#!/usr/bin/env bash
# Run on the GPU machine (device tool): builds and installs cunum with that
# machine's Python, then runs the demo, the Python suite (cpu and cuda), the
# C++ suite when a prebuilt binary is given, and the benchmarks; logs to $OUT.
#   scripts/gpu_check.sh [--no-tests] [--no-bench] [--cpp-tests PATH] [--tests 'FILES/ARGS'] [--two-gpus]
#                        [--wheel PATH] [--timeout S] [--workers N]
# The build is saved as a wheel in $OUT (it comes back with the logs); a later
# call on a fresh machine passes it as --wheel and installs in seconds instead
# of building again (minutes of device time). --timeout bounds pytest.
# Exits non-zero when the install, the demo, a C++ test or a Python test
# failed (benchmarks print only). --cpp-tests runs a cunum_tests binary built
# on the CPU machine (same x86-64; its CUDA tests run here, its NVRTC compile
# tests do not; carry build/test/libcunum_cub.so with it: it loads the sort
# library from there).
# Two-GPU mode: whenever two GPUs are visible, the tests that need two
# (tests/python/test_multi_gpu.py, test_cuda_memory.py's two-GPU tests) run
# on their own first and must not skip; --two-gpus makes fewer than two GPUs
# an error (for the nvidia-h200-x2 machine, so that a lost GPU cannot pass).
set -uo pipefail
status=0
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/cunum-out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
tests=1 bench=1 cpp="" targets="tests/python" two=0 wheel="" limit=0 workers=12
while [ $# -gt 0 ]; do
  case "$1" in
    --no-tests) tests=0 ;;
    --no-bench) bench=0 ;;
    --cpp-tests) cpp="$2"; shift ;;
    --tests) targets="$2"; shift ;;
    --two-gpus) two=1 ;;
    --wheel) wheel="$2"; shift ;;
    --timeout) limit="$2"; shift ;;
    --workers) workers="$2"; shift ;;
  esac
  shift
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
if [ -z "$wheel" ]; then
  ( time python3 -m pip wheel --no-build-isolation --no-deps -q -w "$OUT" . ) > "$OUT/install.log" 2>&1 || { tail -40 "$OUT/install.log"; exit 1; }
  wheel=$(ls "$OUT"/cunum-*.whl)
fi
( time python3 -m pip install --no-deps --force-reinstall -q "$wheel" ) >> "$OUT/install.log" 2>&1 || { tail -40 "$OUT/install.log"; exit 1; }
tail -3 "$OUT/install.log"
(cd /tmp && python3 -c "
import time; t=time.perf_counter(); import cunum as cn; dt=time.perf_counter()-t
print(f'import cunum: {dt*1e3:.0f} ms; CUDA devices seen: {cn.cuda.runtime.getDeviceCount()}; default device: {cn.get_default_device()}; cuda usable by cunum: {cn.cuda.is_available()}')
")
python3 examples/demo.py > "$OUT/demo.log" 2>&1 && echo "demo: ok" || { echo "demo FAILED"; tail "$OUT/demo.log"; status=1; }
if [ -n "$cpp" ]; then
  # The NVRTC compile tests (minutes, one thread; CI runs them) are left out:
  # here they took a whole 600 s call before the GPU tests began.
  "$cpp" --gtest_filter='-NvrtcKernels.*' > "$OUT/cpp_tests.log" 2>&1 || status=1
  grep -E "PASSED|FAILED|SKIPPED \]" "$OUT/cpp_tests.log" | head -20
fi
ngpus=$(python3 -c "import cunum as cn; print(cn.cuda.runtime.getDeviceCount() if cn.cuda.is_available() else 0)" 2>/dev/null || echo 0)
if [ $two = 1 ] && [ "$ngpus" -lt 2 ]; then echo "--two-gpus: $ngpus GPU(s) visible"; status=1; fi
if [ $tests = 1 ] && [ "$ngpus" -ge 2 ]; then
  # -rs: a skip here means a two-GPU test did not run; that is a failure.
  python3 -m pytest -q -p no:cacheprovider -rs tests/python/test_multi_gpu.py \
    tests/python/test_cuda_memory.py -k "multi_gpu or two_gpus or across_devices" > "$OUT/two_gpus.log" 2>&1 || status=1
  grep -E "^FAILED|^SKIPPED|passed|failed" "$OUT/two_gpus.log" | cut -c1-220 | tail -20
  if grep -qE "^SKIPPED|skipped" "$OUT/two_gpus.log"; then echo "two-GPU tests skipped with $ngpus GPUs"; status=1; fi
fi
if [ $tests = 1 ]; then
  par=""; python3 -c "import xdist" 2>/dev/null && par="-n $workers"
  box=""; [ "$limit" -gt 0 ] && box="timeout $limit"
  $box python3 -m pytest -q -p no:cacheprovider -rf --maxfail=300 $par $targets > "$OUT/pytest.log" 2>&1 || status=1
  grep -E "^FAILED|passed|failed" "$OUT/pytest.log" | cut -c1-220 | tail -40
fi
if [ $bench = 1 ]; then
  python3 bench/transfers.py --json "$OUT/transfers.json" 2>&1 | tail -8
  python3 bench/bench.py --json "$OUT/bench.json" 2>&1 | tail -25
fi
exit $status
