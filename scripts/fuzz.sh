#!/usr/bin/env bash
# The long fuzz profile (tests/python/test_fuzz.py, docs/fuzzing.md): N
# examples per property and device, fresh random seeds each run; the last
# call of each worker is kept in $OUT/fuzz-trace.* so that a crash names its
# input.   scripts/fuzz.sh [N=20000] [extra pytest arguments]
set -uo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}; shift || true
OUT=${OUT:-/tmp/cunum-out}; mkdir -p "$OUT"
workers=$(python3 -c "import os; print(min(16, os.cpu_count()))")
CUNUM_FUZZ=long CUNUM_FUZZ_EXAMPLES=$n CUNUM_FUZZ_TRACE="$OUT/fuzz-trace" \
  python3 -X faulthandler -m pytest -q -p no:cacheprovider -n "$workers" tests/python/test_fuzz.py "$@" \
  > "$OUT/fuzz.log" 2>&1
status=$?
grep -E "^FAILED|passed|failed" "$OUT/fuzz.log" | tail -20
exit $status
