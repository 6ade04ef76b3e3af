#!/usr/bin/env bash
# compute-sanitizer over the GPU tests (issue 7; run on the GPU machine after
# cunum is installed there, e.g. by scripts/gpu_check.sh --no-tests --no-bench).
#   scripts/gpu_sanitize.sh [TOOLS=memcheck,racecheck,initcheck] [pytest files/args]
# SAN_TIMEOUT=S stops each tool's run after S seconds (the reports written so
# far are kept; the pytest summary is then missing).
# Each tool runs the CUDA half of the tests (-k cuda) in SAN_WORKERS (8) xdist workers; the
# sanitizer follows the worker processes (--target-processes all). The reports
# of all processes go to one $OUT/sanitize-TOOL.log; the exit status is
# non-zero when any tool found an error or a test failed.
# By default the whole suite, sampled: CUNUM_TEST_SAMPLE=K (default 20) keeps
# one test in K by a hash of its id (tests/python/conftest.py), the same ones
# each run; under the sanitizer a test costs 10-100 times as much (H100:
# initcheck ran ~1650 cuda tests in 250 s, racecheck ~1000), so the full
# suite would take hours. CUNUM_TEST_SAMPLE=1 runs every test.
# CUNUM_TEST_SHARD=j picks the j-th of the K samples (default 0): runs of
# j = 0 … K-1 cover the whole suite; docs/reliability.md lists which ran.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/cunum-out}; mkdir -p "$OUT"
tools=${1:-memcheck,racecheck,initcheck}; shift || true
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/python)
export CUNUM_TEST_SAMPLE=${CUNUM_TEST_SAMPLE:-20}
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
# One tool's run; returns non-zero when it reported anything or a test failed.
run_tool() {
  local tool=$1 extra=() workers=() limit=() start rc oom errors summary ran
  # memcheck: the pool keeps blocks for reuse by design, so a leak report
  # would only list the pool.
  [ "$tool" = memcheck ] && extra=(--leak-check no)
  rm -f "$OUT"/san-"$tool".*.log
  workers=(-n "${SAN_WORKERS:-8}"); [ "${SAN_WORKERS:-8}" = 0 ] && workers=(-p no:xdist)  # 0: one process
  start=$(date +%s)
  limit=(); [ -n "${SAN_TIMEOUT:-}" ] && limit=(timeout -s INT -k 20 "$SAN_TIMEOUT")
  "${limit[@]}" "$san" --tool "$tool" "${extra[@]}" --target-processes all --error-exitcode 86 --print-limit 50 \
    --log-file "$OUT/san-$tool.%p.log" \
    python3 -m pytest -v -p no:cacheprovider -p no:benchmark -p no:jaxtyping -p no:cov -p no:anyio "${workers[@]}" -k cuda "${files[@]}" > "$OUT/sanitize-$tool.pytest" 2>&1
  rc=$?
  cat "$OUT"/san-"$tool".*.log > "$OUT/sanitize-$tool.log" 2>/dev/null; rm -f "$OUT"/san-"$tool".*.log
  # The out-of-memory tests (issue 7) make cudaMalloc fail on purpose: their
  # "Program hit cudaErrorMemoryAllocation" reports are counted apart and do
  # not fail the run; every other report does.
  oom=$(grep -c "^========= Program hit cudaErrorMemoryAllocation" "$OUT/sanitize-$tool.log" 2>/dev/null)
  errors=$(grep "^========= \(Invalid\|Program hit\|Uninitialized\|Race\|Error\|Host API\)" "$OUT/sanitize-$tool.log" 2>/dev/null |
           grep -vc "Program hit cudaErrorMemoryAllocation")
  summary=$(grep -h "ERROR SUMMARY" "$OUT/sanitize-$tool.log" | sort | uniq -c | tr '\n' ';')
  # -v streams one line per finished test, so a run stopped by SAN_TIMEOUT
  # still says how many tests ran under the tool (-q printed nothing then).
  ran=$(grep -c " PASSED \| FAILED \| SKIPPED " "$OUT/sanitize-$tool.pytest" 2>/dev/null)
  echo "$tool: exit $rc, $(( $(date +%s) - start )) s, ${ran:-0} tests finished, $(tail -1 "$OUT/sanitize-$tool.pytest"); reports: ${errors:-0} (and ${oom:-0} from the out-of-memory tests); $summary"
  # 86: the sanitizer's exit status when it reported anything;
  # a run whose only reports are the deliberate out-of-memory ones is clean
  [ "$rc" = 86 ] && [ "${errors:-0}" = 0 ] && grep -q " passed" <(tail -1 "$OUT/sanitize-$tool.pytest") &&
    ! grep -q " failed" <(tail -1 "$OUT/sanitize-$tool.pytest") && rc=0
  cat "$OUT/sanitize-$tool.pytest" >> "$OUT/sanitize-$tool.log"; rm -f "$OUT/sanitize-$tool.pytest"
  [ "$rc" = 0 ]
}

# SAN_PARALLEL=1 runs the tools at once (each with its SAN_WORKERS workers):
# a run under a tool leaves the GPU mostly idle and waits on the host, so two
# tools side by side on a 16-core host should cover more tests per second of
# device time than one after the other (not yet measured).
status=0
if [ "${SAN_PARALLEL:-0}" = 1 ]; then
  pids=()
  for tool in ${tools//,/ }; do run_tool "$tool" & pids+=($!); done
  for p in "${pids[@]}"; do wait "$p" || status=1; done
else
  for tool in ${tools//,/ }; do run_tool "$tool" || status=1; done
fi
exit $status
