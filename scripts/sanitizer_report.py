"""Reads the logs of scripts/gpu_sanitize.sh for one compute-sanitizer tool
(one log per pytest process, run with `-v -s` so that the sanitizer's reports
follow the id of the test that made them) and sorts every report:

- deliberate: an API error a test or the library causes on purpose (below);
- vendor: raised inside a CUDA library (cuSOLVER, cuBLAS, ...): the host
  backtrace reaches the library before any frame of cunum's own module;
- ours: everything else. These fail the run.

    python scripts/sanitizer_report.py TOOL LOG_DIR [--out FILE]

Prints one summary line and a line per test with reports; --out writes every
report with its test id. Exits 1 when a report is ours, a test failed, or a
process did not finish (no "ERROR SUMMARY" or "RACECHECK SUMMARY": a time-out
or a crash). A run that gpu_sanitize.sh repeated because the tool's own
process was killed (FILE.toolcrash beside the logs) is named, not counted.
"""
import argparse
import glob
import os
import re
import sys

# (error, API call) pairs made on purpose, with why:
DELIBERATE = [
    # the out-of-memory tests (issue 7) make cudaMalloc fail and check the error
    (r"cudaErrorMemoryAllocation", r".*"),
    # a user kernel's parameters are counted by asking for the next one until
    # the driver answers "invalid value" (no count call in CUDA 13.0's driver
    # API; src/backend/cuda/jit.cpp)
    (r"CUDA_ERROR_INVALID_VALUE", r"cuFuncGetParamInfo"),
    # RawModule.get_function of a name the module lacks must raise
    # (test_user_kernels.py); the error is then cleared with cudaGetLastError
    (r"cudaErrorSymbolNotFound", r"cudaLibraryGetKernel|cudaGetLastError"),
]
VENDOR_LIBS = re.compile(r"in (libcusolver|libcublas|libcublasLt|libcufft|libcurand|libcusparse)\.so")
OWN_MODULE = re.compile(r"in _core\.cpython|in libcunum")
# A test id may hold spaces inside its parameters (`t[cpu-[1, -1, 2]]`): it
# ends at the last `]` of its line that a space or the line's end follows
# (a report after it on its line, `-s`, has none in its first line).
TEST_ID = re.compile(r"^(tests/\S+?::[^\s\[]+(?:\[.*\])?)(?=\s|$)")
OUTCOME = re.compile(r"\b(PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)\b")
# pytest's own exit status (5: no test of the shard in that file) is not a report
REPORT_START = re.compile(r"^========= (?!\w+ SUMMARY|COMPUTE-SANITIZER|Target application returned)\S")


def kind_of(block):
    head = block[0]
    m = re.search(r"Program hit (\S+).* on CUDA API call to (\w+)", head)
    if m and any(re.fullmatch(e, m.group(1)) and re.fullmatch(f, m.group(2)) for e, f in DELIBERATE):
        return "deliberate"
    for line in block[1:]:
        if VENDOR_LIBS.search(line):
            return "vendor"
        if OWN_MODULE.search(line):
            return "ours"
    return "ours"


def read_log(path):
    """(reports [(test, kind, block)], finished tests, failed tests, done, the last test seen)"""
    reports, finished, failed, done = [], 0, [], False
    test, block = "(before the first test)", None
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = TEST_ID.match(line)
            if m:
                test = m.group(1)
                rest = line[m.end():].lstrip()
                o = OUTCOME.match(rest)
                if o:
                    finished += 1
                    if o.group(1) in ("FAILED", "ERROR"):
                        failed.append(test)
                line = rest if rest.startswith("=========") else ""
            elif OUTCOME.match(line) and not re.match(r"\w+ tests/", line):  # not the short summary's lines
                finished += 1
                if OUTCOME.match(line).group(1) in ("FAILED", "ERROR"):
                    failed.append(test)
            if "ERROR SUMMARY:" in line or "RACECHECK SUMMARY:" in line:  # the tool's last line: the process ended
                done = True
            if block is not None:
                if line.startswith("=========     ") or line.startswith("=========         "):
                    block.append(line)
                    continue
                reports.append((test, kind_of(block), block))
                block = None
            if REPORT_START.match(line):
                block = [line]
    if block is not None:
        reports.append((test, kind_of(block), block))
    return reports, finished, failed, done, test


UNFINISHED_TAIL = 60  # lines of an unfinished process's log kept in --out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("log_dir")
    ap.add_argument("--out")
    a = ap.parse_args()
    logs = sorted(glob.glob(os.path.join(a.log_dir, "*.log")))
    counts = {"ours": 0, "vendor": 0, "deliberate": 0}
    finished, failed, unfinished, by_test, out = 0, [], [], {}, []
    for path in logs:
        reports, n, bad, done, last = read_log(path)
        finished += n
        failed += [t for t in dict.fromkeys(bad) if t not in failed]
        if not done:
            unfinished.append(f"{os.path.basename(path)} (last test seen: {last})")
            # its tail: a crash's faulthandler stack, or where a time box cut it
            with open(path, errors="replace") as f:
                tail = f.readlines()[-UNFINISHED_TAIL:]
            out.append(f"[unfinished] {os.path.basename(path)}\n" + "".join(tail).rstrip("\n"))
        for test, kind, block in reports:
            counts[kind] += 1
            by_test.setdefault((test, kind), []).append(block[0].replace("=========", "").strip())
            out.append(f"[{kind}] {test}\n" + "\n".join(block))
    print(f"{a.tool}: {len(logs)} processes, {finished} tests finished, {len(failed)} failed, "
          f"{len(unfinished)} processes unfinished; reports: {counts['ours']} ours, "
          f"{counts['vendor']} vendor, {counts['deliberate']} deliberate")
    for crash in sorted(glob.glob(os.path.join(a.log_dir, "*.toolcrash"))):
        _, n, _, _, last = read_log(crash)
        print(f"  rerun: {os.path.basename(crash)}: the tool's process was killed by a signal after {n} tests "
              f"(last test seen: {last}); its rerun is counted above")
    for (test, kind), heads in sorted(by_test.items()):
        print(f"  [{kind}] {test}: {len(heads)} x {heads[0][:110]}")
    for t in failed:
        print(f"  FAILED {t}")
    for u in unfinished:
        print(f"  unfinished: {u}")
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n\n".join(out) + "\n")
    return 1 if counts["ours"] or failed or unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
