#!/usr/bin/env bash
# CuPy's own test suite against build/test's cunum (scripts/cupy_suite.py;
# docs/reliability.md, "CuPy's suite"): the chapters that run in a few
# minutes on 2 cores. A failure outside .ci/cupy-suite.known-failures fails the
# step, so what the suite found and was fixed stays fixed; an interpreter that
# crashes or aborts at exit fails it too. core_tests and fft_tests (10+
# minutes here) run on demand: scripts/cupy_suite.py with no --chapters.
#   scripts/check_cupy_suite.sh            check against the list
#   scripts/check_cupy_suite.sh --update   rewrite the list from this run
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
chapters=binary_tests,creation_tests,indexing_tests,io_tests,lib_tests,linalg_tests,logic_tests,manipulation_tests,math_tests,misc_tests,padding_tests,sorting_tests,statistics_tests,random_tests
list=.ci/cupy-suite.known-failures
if [ "${1:-}" = --update ]; then
  PYTHONPATH=build/test/python $PY scripts/cupy_suite.py --chapters "$chapters" --workers "$(nproc)" \
    --write-known-failures "$list.new" || true
  { echo "# CuPy $($PY -c 'import sys; sys.path.insert(0, "scripts"); import cupy_suite; print(cupy_suite.VERSION)')'s tests that fail against cunum (scripts/check_cupy_suite.sh --update; why: docs/reliability.md)"
    cat "$list.new"; } >"$list"
  rm -f "$list.new"
  exit 0
fi
PYTHONPATH=build/test/python $PY scripts/cupy_suite.py --chapters "$chapters" --workers "$(nproc)" \
  --known-failures "$list"
