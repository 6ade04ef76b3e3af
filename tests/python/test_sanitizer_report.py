"""scripts/sanitizer_report.py sorts compute-sanitizer's reports (issue 7):
a report of ours must fail the run, a vendor library's or a deliberate API
error must not, and a process that did not finish must. The logs below have
the shapes the tools print under `pytest -v -s` (from the H100 runs of
docs/reliability.md, addresses shortened)."""
import os
import subprocess
import sys

import pytest

SCRIPT = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "scripts", "sanitizer_report.py")

OURS = """\
========= COMPUTE-SANITIZER
tests/python/test_pad.py::test_a[cuda] PASSED
tests/python/test_pad.py::test_b[cuda] ========= Uninitialized __global__ memory read of size 16 bytes
=========     at cunum_kernel+0xf40
=========     by thread (0,0,0) in block (0,0,0)
=========     Saved host backtrace up to driver entry point at kernel launch time
=========         Host Frame:  [0x3a6d14] in _core.cpython-312-x86_64-linux-gnu.so
=========         Host Frame: PyObject_Vectorcall [0x1499b4] in python3
========= 
PASSED
========= ERROR SUMMARY: 1 error
"""
VENDOR = """\
========= COMPUTE-SANITIZER
tests/python/test_linalg.py::test_svd[cuda-c64] ========= Host API memory access error at host access to 0x7f77 of size 16 bytes
=========     Uninitialized access to 0x7f77 on access by cudaMemcpy source
=========     Saved host backtrace up to driver entry point at error
=========         Host Frame:  [0xab6180] in libcusolver.so.12
=========         Host Frame: cusolverDnXgesvd [0x5f51b5] in libcusolver.so.12
=========         Host Frame:  [0x3bd733] in _core.cpython-312-x86_64-linux-gnu.so
========= 
PASSED
tests/python/test_linalg.py::test_inv[cuda] PASSED
========= ERROR SUMMARY: 1 error
"""
DELIBERATE = """\
========= COMPUTE-SANITIZER
tests/python/test_user_kernels.py::test_raw[cuda] ========= Program hit CUDA_ERROR_INVALID_VALUE (error 1) due to "invalid argument" on CUDA API call to cuFuncGetParamInfo.
=========     Saved host backtrace up to driver entry point at error
=========         Host Frame:  [0x3a1e21] in _core.cpython-312-x86_64-linux-gnu.so
========= 
========= Program hit cudaErrorSymbolNotFound (error 500) due to "named symbol not found" on CUDA API call to cudaLibraryGetKernel.
=========     Saved host backtrace up to driver entry point at error
=========         Host Frame:  [0x9cf1eb] in _core.cpython-312-x86_64-linux-gnu.so
========= 
PASSED
========= Target application returned an error
========= ERROR SUMMARY: 2 errors
"""
# the same API error from another call is not on the list: ours
NOT_DELIBERATE = DELIBERATE.replace("cuFuncGetParamInfo", "cuLaunchKernel")
FAILED = """\
tests/python/test_exit.py::test_x[cuda] FAILED
=================================== FAILURES ===================================
FAILED tests/python/test_exit.py::test_x[cuda] - AssertionError
========= ERROR SUMMARY: 0 errors
"""
CRASHED = """\
========= COMPUTE-SANITIZER
tests/python/test_shape_edges.py::test_reshape[cuda] Fatal Python error: Segmentation fault
"""
SPACES = """\
tests/python/test_roll.py::test_roll_values[cuda-[1, -1, 2]-[0, 1, 2]-stepped] PASSED
tests/python/test_roll.py::test_roll_values[cuda-(2, 3)-(2, 0)-f] ========= Invalid __global__ read of size 4 bytes
=========     at cunum_kernel+0x40
=========         Host Frame:  [0x3a6d14] in _core.cpython-312-x86_64-linux-gnu.so
========= 
PASSED
tests/python/test_roll.py::test_roll_empty[cuda-None] SKIPPED (no GPU pair)
========= ERROR SUMMARY: 1 error
"""
RACECHECK_CLEAN = """\
tests/python/test_scan.py::test_cumsum[cuda] PASSED
========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
"""


def report(tmp_path, logs, tool="initcheck"):
    for i, text in enumerate(logs):
        (tmp_path / f"p{i}.log").write_text(text)
    out = tmp_path / "reports.txt"
    r = subprocess.run([sys.executable, SCRIPT, tool, str(tmp_path), "--out", str(out)],
                       capture_output=True, text=True)
    return r.returncode, r.stdout, out.read_text() if out.exists() else ""


@pytest.mark.parametrize("log, code, counts", [
    (OURS, 1, "1 ours, 0 vendor, 0 deliberate"),
    (VENDOR, 0, "0 ours, 1 vendor, 0 deliberate"),
    (DELIBERATE, 0, "0 ours, 0 vendor, 2 deliberate"),
    (NOT_DELIBERATE, 1, "1 ours, 0 vendor, 1 deliberate"),
])
def test_reports_are_sorted(tmp_path, log, code, counts):
    rc, text, reports = report(tmp_path, [log])
    assert rc == code, text
    assert counts in text.splitlines()[0], text


def test_a_report_names_its_test(tmp_path):
    rc, text, reports = report(tmp_path, [OURS, VENDOR])
    assert "[ours] tests/python/test_pad.py::test_b[cuda]" in text
    assert "[vendor] tests/python/test_linalg.py::test_svd[cuda-c64]" in text
    assert "test_pad.py::test_a[cuda]" not in text  # no report of its own
    assert "4 tests finished" in text
    assert "Uninitialized __global__ memory read" in reports and "cusolverDnXgesvd" in reports


def test_failures_and_unfinished_processes_fail_the_run(tmp_path):
    rc, text, _ = report(tmp_path, [FAILED])
    assert rc == 1 and "1 failed" in text and "1 tests finished" in text  # the summary line is no second test
    rc, text, reports = report(tmp_path, [CRASHED])
    assert rc == 1 and "1 processes unfinished" in text
    assert "last test seen: tests/python/test_shape_edges.py::test_reshape[cuda]" in text
    assert "[unfinished]" in reports and "Fatal Python error: Segmentation fault" in reports  # its tail is kept


def test_racecheck_summary_ends_a_process(tmp_path):
    rc, text, _ = report(tmp_path, [RACECHECK_CLEAN], tool="racecheck")
    assert rc == 0 and "0 processes unfinished" in text and "0 ours" in text, text


def test_ids_with_spaces(tmp_path):
    rc, text, _ = report(tmp_path, [SPACES], tool="memcheck")
    assert rc == 1 and "3 tests finished" in text, text
    assert "[ours] tests/python/test_roll.py::test_roll_values[cuda-(2, 3)-(2, 0)-f]: 1 x Invalid" in text, text


def test_a_rerun_after_the_tool_crashed_is_named(tmp_path):
    # gpu_sanitize.sh keeps the crashed run as .toolcrash and reruns it once
    (tmp_path / "p0.toolcrash").write_text("========= COMPUTE-SANITIZER\n")
    rc, text, _ = report(tmp_path, [RACECHECK_CLEAN], tool="racecheck")
    assert rc == 0 and "rerun: p0.toolcrash" in text and "after 0 tests" in text, text


def test_the_racecheck_file_list_names_test_files():
    # scripts/shared_memory_tests.txt: what gpu_sanitize.sh's racecheck runs
    root = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir)
    with open(os.path.join(root, "scripts", "shared_memory_tests.txt")) as f:
        files = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    assert len(files) == len(set(files)) >= 20
    for name in files:
        assert name.startswith("tests/python/test_") and os.path.isfile(os.path.join(root, name)), name
