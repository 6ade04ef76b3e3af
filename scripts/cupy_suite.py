#!/usr/bin/env python3
"""Runs CuPy's own test suite against cunum: an external suite, written
independently of ours, that compares `cupy` with NumPy (issue 7's "how it will
be checked"; docs/reliability.md, "CuPy's suite").

    python scripts/cupy_suite.py [--src DIR] [--chapters a,b] [--list] [-- PYTEST ARGS]

CuPy's tests are not part of this repository: the script downloads CuPy's
source distribution from PyPI (pinned below, checked by its SHA-256) into
~/.cache/cunum/ (or takes an unpacked one with --src / CUNUM_CUPY_SRC, as on a
machine without a network). Nothing of CuPy is copied into the tree.

Inside the pytest process, `cupy` and `cupyx` are cunum and cunumx (an import
hook aliases every `cupy.X` to `cunum.X`), and `cupy.testing` is CuPy's own
testing package from the source distribution, so the tests' `xp` is cunum on
one side and NumPy on the other. CuPy's `tests/conftest.py` is used as it is
(it loads pytest's `pytester` plugin: the exit crash of issue 7 showed there).

Each chapter runs in its own pytest process; the table printed at the end gives
passed / failed / errors / skipped per chapter, and each chapter's log is kept
under --out (default build/cupy_suite/).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import signal
import subprocess
import sys
import tarfile
import textwrap
import time
import urllib.request
from pathlib import Path

VERSION = "14.2.0"
URL = ("https://files.pythonhosted.org/packages/dc/10/"
       "059a92d40b161ea24607c9e41a75098812ca7021f2b565524f87beba15c9/cupy-14.2.0.tar.gz")
SHA256 = "cfed725e612178cfbdbf62f4a3a598b60edecbbca718c0d4580c21a16ae4a62c"
# Files left out on a machine without a GPU: CuPy's tests that need one to
# finish at all (not merely to pass).
NEEDS_A_GPU = [
    # the cuFFT plan cache: test_LRU_cache5's thread raises without a GPU and
    # the test then waits on its queue for ever
    "tests/cupy_tests/fft_tests/test_cache.py",
    # a float32 FFT of 100000007 points (a prime: Bluestein in 2^28 points)
    # after ten 800 MB blocks: minutes and 9 GB on this machine's CPU backend
    "tests/cupy_tests/fft_tests/test_fft.py::TestFftAllocate",
]

# The chapters of CuPy's suite that test NumPy's API (cupy_tests/<chapter>).
# Left out: cuda_tests (CuPy's CUDA wrappers), core_tests' kernel internals are
# inside core_tests and fail on their own names; testing_tests (CuPy's own
# helpers), functional_tests (cupy.vectorize/piecewise), polynomial_tests.
CHAPTERS = ["binary_tests", "creation_tests", "indexing_tests", "io_tests", "lib_tests",
            "linalg_tests", "logic_tests", "manipulation_tests", "math_tests", "misc_tests",
            "padding_tests", "sorting_tests", "statistics_tests", "fft_tests", "random_tests",
            "core_tests"]

# The import hook, written into a module that sitecustomize imports.
PLUGIN = textwrap.dedent('''
    """cupy -> cunum, cupyx -> cunumx; cupy.testing from CuPy's sources."""
    import importlib
    import importlib.abc
    import importlib.machinery
    import importlib.util
    import math
    import sys
    import types

    SRC = {src!r}

    def _internal():
        m = types.ModuleType("cupy._core.internal")
        m.prod = lambda shape: math.prod(shape)
        return m

    # CuPy-internal modules that test files import at their top: a stand-in
    # whose every attribute is a _Missing (falsy; raises when used), so that
    # the file's other tests are collected and run. Tests of the internals
    # themselves then fail, as they should.
    _INTERNAL = {"cupy._core._cub_reduction", "cupy._core.core", "cupy._core.flags",
                 "cupy._core._routines_linalg", "cupy._core._routines_math", "cupy._core._gufuncs",
                 "cupy._core._scalar", "cupy._environment", "cupy.cuda.driver", "cupy.cuda.cufft",
                 "cupy.cuda.texture", "cupy.cuda.memory_hooks", "cupy.fft._fft", "cupy.linalg._util", "cupy.cublas", "cupyx.cusolver",
                 "cupy._indexing", "cupy._indexing.generate", "cupy._creation",
                 "cupy._creation.from_data", "cupy.cuda.nvrtc", "cupy.cuda.curand",
                 "cupy.cuda.cublas", "cupy.cuda.cusparse", "cupy.cuda.cutensor", "cupy.cuda.nccl",
                 "cupy.cuda._compiler_cache", "cupy.cuda.memory_hook",
                 "cupy.cuda.cub", "cupy.cuda.thrust"}

    class _Missing:
        def __init__(self, what):
            self._what = what
        def __bool__(self):
            return False
        def __repr__(self):
            # stable: xdist's workers must collect the same test ids
            return self._what
        def __call__(self, *a, **k):
            raise NotImplementedError(f"{self._what}: a CuPy internal that cunum does not have")
        def __getattr__(self, attr):
            if attr.startswith("__"):
                raise AttributeError(attr)
            return _Missing(self._what + "." + attr)

    class _Internal(types.ModuleType):
        def __init__(self, name):
            super().__init__(name)
            self.__path__ = []
        def __getattr__(self, attr):
            if attr.startswith("__"):
                raise AttributeError(attr)
            return _Missing(self.__name__ + "." + attr)

    def _synthetic(name):
        # The CuPy internals that cupy.testing itself imports: `from
        # cupy._core import internal` (its prod). cunum's _core is its native
        # module: it is given a __path__ so that it can hold `internal` (the
        # import system would otherwise put a stand-in in cunum._core's place).
        if name == "cupy._core":
            core = importlib.import_module("cunum._core")
            if not hasattr(core, "__path__"):
                core.__path__ = []
                core.internal = _internal()
                # CuPy's size normaliser, which random tests call
                core.get_size = lambda size: (() if size is None else
                                              tuple(size) if isinstance(size, (tuple, list)) else (int(size),))
            return core
        if name == "cupy.random._distributions":
            # CuPy's module of the legacy functions (the global RandomState's
            # draws): cunum.random's module-level functions are these
            return importlib.import_module("cunum.random")
        if name == "cupy._core.internal":
            return importlib.import_module("cupy._core").internal
        if name == "cupy._core._accelerator":
            # CuPy's choice of CUB/cuTENSOR paths, which tests loop over:
            # cunum has one path, so the lists stay empty
            m = types.ModuleType(name)
            m.ACCELERATOR_CUB, m.ACCELERATOR_CUTENSOR, m.ACCELERATOR_CUTLASS = 1, 2, 3
            state = {"routine": [], "reduction": []}
            m.get_routine_accelerators = lambda: list(state["routine"])
            m.get_reduction_accelerators = lambda: list(state["reduction"])
            m.set_routine_accelerators = lambda accs: state.__setitem__("routine", list(accs))
            m.set_reduction_accelerators = lambda accs: state.__setitem__("reduction", list(accs))
            return m
        if name in _INTERNAL or name.split(".")[0] == "cupy_backends":
            return _Internal(name)
        # CuPy's warning class that tests name in their filterwarnings marks
        if name == "cupy._util":
            m = _Internal(name)
            m.PerformanceWarning = type("PerformanceWarning", (RuntimeWarning,), {})
            return m
        # cupy.testing asks every result whether it is a sparse matrix
        # (cunum has none) ...
        if name in ("cupyx.scipy", "cupyx.scipy.sparse"):
            m = types.ModuleType(name)
            m.__path__ = []
            m.issparse = lambda x: False
            return m
        return None


    class _NoPoly1d:
        """... and whether it is a cupy.poly1d (cunum has no polynomial
        classes: nothing is an instance of this one)."""


    class _RandomStates(types.ModuleType):
        """cupy.testing.fix_random saves cupy.random._generator._random_states,
        calls reset_states() and puts the saved value back afterwards: here the
        value is cunum's module RandomState (in a new box at each read, as
        CuPy's dict is new after a reset)."""

        @property
        def _random_states(self):
            from cunum.random import _legacy
            return [_legacy._state]

        @_random_states.setter
        def _random_states(self, box):
            from cunum.random import _legacy
            _legacy._state = box[0]


    def _patch_cunum():
        import cunum
        import cunum.random._generator
        if not hasattr(cunum, "poly1d"):
            cunum.poly1d = _NoPoly1d
        cunum.random._generator.__class__ = _RandomStates
        # CuPy's module paths of public classes that tests name
        cunum.random._generator.RandomState = cunum.random.RandomState
        cunum.random._bit_generator.Philox4x3210 = cunum.random.Philox4x3210
        # attributes that test modules read at their top (cupy.cuda.cub.available ...)
        import cunum.cuda
        for lib in ("cub", "cutensor", "cufft", "driver", "nvrtc", "curand", "cublas", "cusparse",
                    "nccl", "texture", "thrust"):
            if not hasattr(cunum.cuda, lib):
                setattr(cunum.cuda, lib, _Internal("cupy.cuda." + lib))

    class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            if name.startswith(("cunum.", "cunumx.")):
                # `from cupy import testing` (or `from cupy._core import
                # _accelerator`) asks for the module under the aliased
                # parent's own name
                as_cupy = ("cupy" if name.startswith("cunum.") else "cupyx") + name[name.index("."):]
                # a module cunum has under that name (cunum.fft._fft, which
                # cunum.fft itself imports) stays cunum's own
                if path is not None and importlib.machinery.PathFinder.find_spec(name, path) is not None:
                    return None
                if as_cupy in _INTERNAL or as_cupy in ("cupy.testing", "cupy._core._accelerator",
                                                       "cupy.random._distributions", "cupy._util",
                                                       "cupyx.scipy", "cupyx.scipy.sparse"):
                    return self._alias(name, importlib.import_module(as_cupy))
                return None
            top = name.split(".")[0]
            if top == "cupy_backends":
                return self._alias(name, _Internal(name))
            if top not in ("cupy", "cupyx"):
                return None
            if name == "cupy.testing":
                return importlib.util.spec_from_file_location(
                    name, SRC + "/cupy/testing/__init__.py",
                    submodule_search_locations=[SRC + "/cupy/testing"])
            if name.startswith("cupy.testing."):
                return None  # found on cupy.testing's __path__
            if name == "cupy":
                _patch_cunum()
            module = _synthetic(name)
            if module is None:
                target = ("cunum" if top == "cupy" else "cunumx") + name[len(top):]
                try:
                    module = importlib.import_module(target)
                except ImportError:
                    return None
            return self._alias(name, module)

        def _alias(self, name, module):
            spec = importlib.util.spec_from_loader(name, self, is_package=hasattr(module, "__path__"))
            spec.loader_state = (module, getattr(module, "__spec__", None))
            return spec

        def create_module(self, spec):
            return spec.loader_state[0]

        def exec_module(self, module):
            # The import system gave the aliased module cupy's spec: give it
            # back its own, so cunum's relative imports stay cunum's.
            own = module.__spec__.loader_state[1]
            if own is not None:
                module.__spec__ = own

    sys.meta_path.insert(0, _Alias())
''')


def fetch(cache: Path) -> Path:
    src = cache / f"cupy-{VERSION}"
    if (src / "tests" / "cupy_tests").is_dir():
        return src
    cache.mkdir(parents=True, exist_ok=True)
    archive = cache / f"cupy-{VERSION}.tar.gz"
    if not archive.exists():
        print(f"downloading CuPy {VERSION}'s source distribution (tests only are used)", flush=True)
        with urllib.request.urlopen(URL, timeout=120) as r, open(archive, "wb") as f:
            f.write(r.read())
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != SHA256:
        archive.unlink()
        sys.exit(f"cupy-{VERSION}.tar.gz: SHA-256 {digest} is not the pinned {SHA256}")
    with tarfile.open(archive) as t:
        members = [m for m in t.getmembers()
                   if m.name.startswith((f"cupy-{VERSION}/tests/", f"cupy-{VERSION}/cupy/testing/"))
                   or m.name == f"cupy-{VERSION}/pyproject.toml"]
        t.extractall(cache, members=members, filter="data")
    return src


def summarise(log: str) -> dict[str, int]:
    counts = {k: 0 for k in ("passed", "failed", "error", "skipped", "xfailed", "xpassed")}
    # pytest's last line, "N failed, M passed ... in S s" (an atexit message
    # of CuPy's testing module may follow it)
    finals = [l for l in log.splitlines() if re.search(r" in [0-9.]+s", l)]
    tail = finals[-1] if finals else ""
    for n, what in re.findall(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)", tail):
        counts["error" if what.startswith("error") else what] += int(n)
    return counts


def failures(xml: Path) -> set[str]:
    """The ids of the tests that failed or errored in a JUnit report, with
    object addresses taken out (they differ from run to run)."""
    import xml.etree.ElementTree as ET
    ids = set()
    for case in ET.parse(xml).iter("testcase"):
        if any(child.tag in ("failure", "error") for child in case):
            ids.add(re.sub(r" at 0x[0-9a-f]+", "", f"{case.get('classname')}::{case.get('name')}"))
    return ids


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", default=os.environ.get("CUNUM_CUPY_SRC"),
                    help="an unpacked CuPy source distribution (default: download)")
    ap.add_argument("--chapters", default=",".join(CHAPTERS))
    ap.add_argument("--out", default="build/cupy_suite")
    ap.add_argument("--workers", default=str(os.cpu_count() or 1))
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per chapter")
    ap.add_argument("--known-failures", type=Path,
                    help="test ids (one a line; '#' starts a comment) that may fail: any other failure "
                         "or error makes the exit status 1, and ids that now pass are reported")
    ap.add_argument("--write-known-failures", type=Path, help="write this run's failing ids to FILE")
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()

    src = Path(args.src).resolve() if args.src else fetch(Path.home() / ".cache" / "cunum")
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    # the hook lives beside the logs, so a failing test can be rerun by hand:
    #   cd SRC && PYTHONPATH=OUT/shim:BUILD python -m pytest tests/cupy_tests/...
    shim = out / "shim"
    shim.mkdir(exist_ok=True)
    (shim / "cunum_cupy_alias.py").write_text(PLUGIN.replace("{src!r}", repr(str(src))))
    # The hook must be in place before pytest reads CuPy's pyproject.toml:
    # its filterwarnings name cupy.exceptions classes, which pytest imports
    # while it parses the configuration, before any -p plugin (and in every
    # xdist worker). sitecustomize runs at interpreter start.
    (shim / "sitecustomize.py").write_text("import cunum_cupy_alias  # noqa: F401\n")
    env = dict(os.environ)
    # absolute: the tests run from CuPy's source directory
    env["PYTHONPATH"] = os.pathsep.join([str(shim)] + [str(Path(p).resolve())
                                                      for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env.setdefault("PYTHONUNBUFFERED", "1")
    probe = subprocess.run([sys.executable, "-c", "import cunum; print(cunum.cuda.is_available() and "
                            "cunum.cuda.runtime.getDeviceCount())"], env=env, capture_output=True, text=True)
    ngpus = int(probe.stdout.strip()) if probe.stdout.strip().isdigit() else 0
    gpu = ngpus > 0
    # cupy.testing.multi_gpu(n) skips only under this limit: without it the
    # two-GPU tests run (and fail) on a machine with one GPU or none. The CPU
    # backend counts as one device.
    env.setdefault("CUPY_TEST_GPU_LIMIT", str(max(1, ngpus)))

    rows, status, failing = [], 0, set()
    for chapter in [c for c in args.chapters.split(",") if c]:
        log_path = out / f"{chapter}.log"
        xml = out / f"{chapter}.xml"
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-rfE", "--tb=line", f"--junitxml={xml}", f"tests/cupy_tests/{chapter}"]
        if not gpu:
            cmd += [(f"--deselect={f}" if "::" in f else f"--ignore={f}")
                    for f in NEEDS_A_GPU if f.startswith(f"tests/cupy_tests/{chapter}/")]
        if args.workers != "1":
            cmd += ["-n", args.workers]
        cmd += args.pytest_args
        t = time.time()
        # its own process group: a timeout ends xdist's workers too
        p = subprocess.Popen(cmd, cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
        try:
            log, _ = p.communicate(timeout=args.timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            log, _ = p.communicate()
            log, rc = (log or "") + "\n[timed out]", -1
        log_path.write_text(log)
        c = summarise(log)
        # 0 all passed, 1 some failed: both are a finished run; anything else
        # (a crash at exit, an interpreter abort) is a defect of its own
        finished = rc in (0, 1)
        status |= 0 if finished else 1
        failing |= failures(xml) if xml.exists() else {f"{chapter} (no report)"}
        rows.append((chapter, c, rc, time.time() - t))
        print(f"{chapter:20s} passed {c['passed']:6d} failed {c['failed']:5d} errors {c['error']:4d} "
              f"skipped {c['skipped']:5d}  exit {rc:4d}  {time.time() - t:6.0f} s", flush=True)
    tot = {k: sum(r[1][k] for r in rows) for k in rows[0][1]} if rows else {}
    if tot:
        print(f"{'all':20s} passed {tot['passed']:6d} failed {tot['failed']:5d} errors {tot['error']:4d} "
              f"skipped {tot['skipped']:5d}  (logs: {out})")
    if args.write_known_failures:
        args.write_known_failures.write_text("".join(f"{i}\n" for i in sorted(failing)))
    if args.known_failures:
        known = {l.split("#")[0].strip() for l in args.known_failures.read_text().splitlines()}
        known.discard("")
        new, fixed = sorted(failing - known), sorted(known - failing)
        for i in new:
            print(f"NEW FAILURE: {i}")
        print(f"{len(new)} failures outside {args.known_failures.name}; "
              f"{len(fixed)} of its ids passed (or were not run) this time")
        status |= 1 if new else 0
    return status


if __name__ == "__main__":
    sys.exit(main())
