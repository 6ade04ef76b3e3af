#!/usr/bin/env bash
# Checks the test suite itself (issue 7; no build needed, NumPy only):
# 1. with CUNUM_TEST_WITH_NUMPY=1 every test runs against NumPy through a
#    stand-in module and must pass (a failure there is a wrong expectation
#    about NumPy, not an engine bug);
# 2. against each deliberately broken stand-in (tests/python/_numpy_shim.py:
#    results off by 16 ulps, subnormals flushed, -0.0 made +0.0, NaN made inf,
#    exception messages lost) the suite must fail. A subset of files is
#    enough to show it can; each run stops after 20 failures.
#   scripts/check_suite.sh [pytest -n workers]
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
workers=${1:-$(nproc)}
log=${OUT:-/tmp}/check_suite_numpy.log
CUNUM_TEST_WITH_NUMPY=1 $PY -m pytest -q -p no:cacheprovider -rf -n "$workers" tests/python > "$log" 2>&1
if [ $? != 0 ]; then
  grep -E "^FAILED|^ERROR|passed|failed" "$log" | cut -c1-200 | tail -40
  echo "check_suite: the suite fails against NumPy itself (log: $log)" >&2; exit 1
fi
tail -1 "$log"
subset=(tests/python/test_ufuncs.py tests/python/test_ufuncs_math.py tests/python/test_special_values.py
        tests/python/test_reductions.py tests/python/test_errors.py tests/python/test_statistics_moments.py)
status=0
for kind in perturb flush zero-sign nan messages; do
  out=$(CUNUM_TEST_WITH_NUMPY=broken:$kind $PY -m pytest -q -p no:cacheprovider -n "$workers" \
        --maxfail=20 "${subset[@]}" 2>&1 | tail -1)
  if [[ "$out" == *failed* ]]; then
    echo "check_suite: broken:$kind caught ($out)"
  else
    echo "check_suite: broken:$kind NOT caught: $out" >&2; status=1
  fi
done
exit $status
