#!/usr/bin/env bash
# The Python suite against pinned NumPy versions (issue 7: "a venv with NumPy
# pinned through a constraints file, oldest and newest supported NumPy
# tested"). Each pin is .ci/constraints/numpy-<name>.txt; its venv,
# build/venv-numpy-<name>, holds that NumPy and the test tools, and runs the
# suite against the module of build/test (scripts/test.sh builds it; the
# module does not link NumPy, so one build serves every version).
#   scripts/check_numpy_versions.sh [oldest|newest ...] [-- extra pytest arguments]
# CUNUM_NUMPY_TESTS: the test files or pytest arguments (default: tests/python).
set -euo pipefail
export LC_ALL=C  # one sort order for comm
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
pins=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do pins+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
[ ${#pins[@]} -gt 0 ] || pins=(oldest newest)
[ -f build/test/python/cunum/__init__.py ] || { echo "build/test/python: build first (scripts/test.sh)" >&2; exit 1; }
# shellcheck disable=SC2206
targets=(${CUNUM_NUMPY_TESTS:-tests/python})
status=0
for pin in "${pins[@]}"; do
  constraints=.ci/constraints/numpy-$pin.txt
  [ -f "$constraints" ] || { echo "no $constraints" >&2; exit 1; }
  venv=build/venv-numpy-$pin
  [ -x "$venv/bin/python" ] || $PY -m venv "$venv"
  # scipy: test_random's distribution tests. The suite's optional clients
  # (dask, scikit-learn, array-api-compat, torch) are left out: their tests skip.
  "$venv/bin/python" -m pip install -q -c "$constraints" numpy pytest pytest-xdist hypothesis scipy
  want=$(sed -n 's/^numpy==//p' "$constraints")
  got=$("$venv/bin/python" -c "import numpy; print(numpy.__version__)")
  [ "$got" = "$want" ] || { echo "$venv has NumPy $got, $constraints pins $want" >&2; exit 1; }
  echo "NumPy $got ($pin):"
  start=$SECONDS
  log=build/numpy-$pin.log
  known=.ci/constraints/numpy-$pin.known-failures
  if ! PYTHONPATH=build/test/python "$venv/bin/python" -m pytest -q -p no:cacheprovider -rf -n "$(nproc)" \
       "${targets[@]}" "$@" > "$log" 2>&1; then
    failed=$(grep -E "^(FAILED|ERROR) " "$log" | sed -E 's/^(FAILED|ERROR) //; s/ - .*$//' | sort -u)
    if [ -f "$known" ]; then
      # Tests that expect a newer NumPy's behaviour (not yet gated on
      # numpy.__version__) are listed there: only a failure outside the list
      # fails the step.
      new=$(comm -23 <(echo "$failed") <(grep -v '^#' "$known" | sort -u))
    else
      new=$failed
    fi
    if [ -n "$new" ]; then
      status=1
      echo "$new" | head -40 | sed 's/^/FAILED (new) /'
    fi
  fi
  echo "NumPy $got: $(tail -1 "$log") ($((SECONDS - start)) s; log: $log)"
done
exit $status
