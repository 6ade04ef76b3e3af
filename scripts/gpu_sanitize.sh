#!/usr/bin/env bash
# compute-sanitizer over the GPU tests (issue 7; run on the GPU machine after
# cunum is installed there, e.g. by scripts/gpu_check.sh --no-tests --no-bench).
#   scripts/gpu_sanitize.sh [TOOLS=memcheck,initcheck,racecheck] [test files]
# (no files: every test file; for `racecheck` alone, those of
# scripts/shared_memory_tests.txt)
# The CUDA half of the tests (-k cuda) of the chosen shards: CUNUM_TEST_SAMPLE=K
# (default 20) cuts the suite into K shards by a hash of the test id
# (tests/python/conftest.py), CUNUM_TEST_SHARD=j or j1,j2,... (default 0)
# picks them; CUNUM_TEST_SAMPLE=1 runs every test.
#
# How (docs/reliability.md, "compute-sanitizer over the GPU suite"): one
# pytest process per (test file, shard), SAN_JOBS (15) at a time. First every
# process runs plainly (SAN_WARM=0 skips it): that fills the NVRTC disk cache,
# so that no kernel is compiled under a tool, and is a plain GPU test run of
# the same tests. Then each tool runs the same processes with `pytest -v -s`,
# so that every report follows the id of the test that made it. A process
# whose plain run took T s runs under the tools as ceil(T / SAN_SPLIT_S)
# processes (SAN_SPLIT_S=10; at most 8), longest first: the long files
# (test_reductions, test_ufuncs) were the ones a time box cut.
# scripts/sanitizer_report.py sorts the reports (ours, vendor, deliberate)
# into $OUT/sanitize-TOOL.log. SAN_TIMEOUT=S stops each tool's pass after S
# seconds (the processes cut off are listed as unfinished). SAN_GPUS=N spreads
# the processes over N GPUs. SAN_K=cpu selects
# the cpu tests instead: for checking this script on a machine without a GPU
# (with a stand-in compute-sanitizer that runs its command).
# The exit status is non-zero when a test failed, a process did not finish,
# or a tool reported anything of ours.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/cunum-out}; mkdir -p "$OUT"
tools=${1:-memcheck,initcheck,racecheck}; shift || true
files=("$@")
# racecheck alone: the files whose kernels use shared memory (the only memory it checks)
if [ ${#files[@]} -eq 0 ] && [ "$tools" = racecheck ]; then
  mapfile -t files < <(grep -v '^#' scripts/shared_memory_tests.txt)
fi
[ ${#files[@]} -gt 0 ] || files=(tests/python/test_*.py)
export CUNUM_TEST_SAMPLE=${CUNUM_TEST_SAMPLE:-20}
shards=${CUNUM_TEST_SHARD:-0}
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
work="$OUT/sanitize-work"; rm -rf "$work"
export san work PYTHONUNBUFFERED=1  # a crash keeps the id of the test it happened in (and faulthandler its stack)

K=$CUNUM_TEST_SAMPLE
# the processes, one per line: FILE SAMPLE SHARD
jobs() { for f in "${files[@]}"; do for j in ${shards//,/ }; do echo "$f $K $j"; done; done; }
# The tools' processes. A process of the plain pass that took T seconds is
# split into ceil(T / SAN_SPLIT_S) (at most 8) processes for the tools:
# shard j of K is the union of shards j, j + K, ... of K * m (the shard is
# crc32(test id) mod K), so the split runs the same tests. The longest go
# first, so that the slowest file does not start last.
tool_jobs() {
  if [ ! -d "$work/plain" ]; then jobs; return; fi
  jobs | while read -r f k j; do
    local log="$work/plain/$(basename "$f" .py)-$j-$k.log" t m i
    t=$(grep -oE " in [0-9.]+s" "$log" 2>/dev/null | tail -1 | grep -oE "[0-9.]+" || true)
    m=$(awk -v t="${t:-0}" -v s="${SAN_SPLIT_S:-10}" 'BEGIN { m = int(t / s); if (m * s < t) m++; print (m < 1 ? 1 : (m > 8 ? 8 : m)) }')
    for ((i = 0; i < m; i++)); do echo "${t:-0} $f $((k * m)) $((j + k * i))"; done
  done | sort -k1,1 -g -r | cut -d' ' -f2-
}
# one process: MODE (plain or a tool) FILE SAMPLE SHARD
run_one() {
  local mode=$1 f=$2 k=$3 j=$4 extra=()
  local log="$work/$mode/$(basename "$f" .py)-$j-$k.log"
  # SAN_GPUS=N spreads the processes over N GPUs by shard (the tools slow the
  # kernels: on a two-GPU machine, half the processes wait on each GPU)
  [ "${SAN_GPUS:-1}" -gt 1 ] && export CUDA_VISIBLE_DEVICES=$((j % SAN_GPUS))
  if [ "$mode" = plain ]; then
    CUNUM_TEST_SAMPLE=$k CUNUM_TEST_SHARD=$j python3 -X faulthandler -m pytest -q -p no:xdist -p no:cacheprovider -k "${SAN_K:-cuda}" "$f" > "$log" 2>&1
    return 0
  fi
  # memcheck: the pool keeps blocks for reuse by design, so a leak report
  # would only list the pool.
  [ "$mode" = memcheck ] && extra=(--leak-check no)
  # test_exit checks that nothing of cunum's outlives the interpreter. The
  # tool's host backtraces (2025.3) hold a reference to every Python frame
  # on the stack at each CUDA call, so under them finished frames, and the
  # arrays in their locals, stay alive to the end (docs/reliability.md).
  [ "$(basename "$f")" = test_exit.py ] && extra+=(--show-backtrace device)
  local try rc
  for try in 1 2; do
    CUNUM_TEST_SAMPLE=$k CUNUM_TEST_SHARD=$j "$san" --tool "$mode" "${extra[@]}" --print-limit 20 \
      python3 -X faulthandler -m pytest -v -s -p no:xdist -p no:cacheprovider -k "${SAN_K:-cuda}" "$f" > "$log" 2>&1
    rc=$?
    # The tool's own process killed by SIGSEGV (seen twice under 15 parallel
    # tools: its log only the banner or cut mid-test, no Python fault stack)
    # is run once more; the first log is kept as .toolcrash and named by the
    # report. A crash of Python itself (faulthandler's "Fatal Python error")
    # is not rerun: it is a finding; nor is a process the time box stopped
    # (SIGINT, status 130).
    if [ $rc = 139 ] && [ $try = 1 ] && ! grep -q "Fatal Python error" "$log"; then
      mv "$log" "${log%.log}.toolcrash"
      continue
    fi
    break
  done
  return 0
}
export -f run_one

status=0
if [ "${SAN_WARM:-1}" = 1 ]; then
  mkdir -p "$work/plain"; start=$(date +%s)
  jobs | xargs -P "${SAN_JOBS:-15}" -L1 bash -c 'run_one plain "$0" "$1" "$2"'
  passed=$(cat "$work"/plain/*.log | grep -oE "[0-9]+ passed" | awk '{s+=$1} END {print s+0}')
  failed=$(grep -h "^FAILED" "$work"/plain/*.log)
  echo "plain: $(( $(date +%s) - start )) s, $passed passed, $(printf '%s' "$failed" | grep -c .) failed"
  [ -n "$failed" ] && { printf '%s\n' "$failed" | head -20; status=1; }
fi
for tool in ${tools//,/ }; do
  mkdir -p "$work/$tool"; start=$(date +%s)
  limit=(); [ -n "${SAN_TIMEOUT:-}" ] && limit=(timeout -s INT -k 20 "$SAN_TIMEOUT")
  tool_jobs > "$work/$tool.jobs"
  "${limit[@]}" xargs -P "${SAN_JOBS:-15}" -L1 -a "$work/$tool.jobs" bash -c "run_one $tool \"\$0\" \"\$1\" \"\$2\""
  echo "$tool pass: $(( $(date +%s) - start )) s"
  python3 scripts/sanitizer_report.py "$tool" "$work/$tool" --out "$OUT/sanitize-$tool.log" || status=1
done
exit $status
