#!/usr/bin/env bash
# Run on the GPU machine (device tool): builds and installs cunum with that
# machine's Python, then runs the demo and the Python suite; logs to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/cunum-out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
( time python3 -m pip install --no-build-isolation --no-deps -q . ) > "$OUT/install.log" 2>&1
tail -3 "$OUT/install.log"
(cd /tmp && python3 -c "
import time; t=time.perf_counter(); import cunum as cn; dt=time.perf_counter()-t
print(f'import cunum: {dt*1e3:.0f} ms; CUDA devices seen: {cn.cuda.runtime.getDeviceCount()}; default device: {cn.get_default_device()}; cuda usable by cunum: {cn.cuda.is_available()}')
")
python3 examples/demo.py 2>&1 | tee "$OUT/demo.log"
python3 -m pytest -q -p no:cacheprovider -rf --maxfail=300 tests/python 2>&1 | tee "$OUT/pytest.log" | grep -E "^FAILED|passed|failed" | cut -c1-220 | tail -40
