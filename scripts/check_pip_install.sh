#!/usr/bin/env bash
# `pip install .` into a fresh venv, as a user would (issue 7): pip builds the
# wheel (scikit-build-core, in an isolated build environment) and installs it
# with its dependencies; then, from outside the source tree, cunum is
# imported from the venv and computes on the CPU.
#   scripts/check_pip_install.sh [venv dir, default build/venv-pip]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
venv=$PWD/${1:-build/venv-pip}
# The compiler path of build/test (its CMake cache), so that ccache finds
# build/test's objects: ccache's key holds the compiler's name, and CMake in
# pip's isolated environment picked g++ where build/test has c++ (stop 24:
# 541 s of compiling before, with every object a miss).
if [ -z "${CXX:-}" ] && [ -f build/test/CMakeCache.txt ]; then
  cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build/test/CMakeCache.txt)
  [ -n "$cxx" ] && export CXX="$cxx"
fi
rm -rf "$venv"
$PY -m venv "$venv"
start=$SECONDS
"$venv/bin/python" -m pip install -q .
echo "pip install .: $((SECONDS - start)) s"
cd "$(mktemp -d)"
"$venv/bin/python" - "$venv" <<'PYEOF'
import importlib.metadata as md
import pathlib
import sys

import numpy

import cunum as cn

venv = pathlib.Path(sys.argv[1]).resolve()
where = pathlib.Path(cn.__file__).resolve()
assert venv in where.parents, f"cunum imported from {where}, not from the venv {venv}"
with cn.Device("cpu"):
    a = cn.arange(12, dtype=cn.float32).reshape(3, 4)
    b = (a * 2 + 1).sum(axis=0)
    assert isinstance(b, cn.ndarray) and b.dtype == numpy.float32
    assert cn.asnumpy(b).tolist() == [27.0, 33.0, 39.0, 45.0], cn.asnumpy(b)
    s = cn.sort(cn.asarray([3, 1, 2]))
    assert cn.asnumpy(s).tolist() == [1, 2, 3]
    assert float(cn.mean(cn.asarray([3.0, 4.0]))) == 3.5
eps = {e.name for e in md.entry_points(group="dask.array.backends")}
assert "cunum" in eps, eps
print(f"pip install . smoke test: cunum {md.version('cunum')} from {where.parent}, NumPy {numpy.__version__}: ok")
PYEOF
