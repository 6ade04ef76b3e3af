"""cunumx.profiler.profile (cupyx.profiler.profile)."""
import contextlib

import cunum
from cunum import _core


@contextlib.contextmanager
def profile():
    """cudaProfilerStart() on entry and cudaProfilerStop() on exit, on the
    current CUDA device: the range a profiler started with
    `nsys profile --capture-range=cudaProfilerApi` (or Nsight Compute's
    `--profile-from-start off`) records. Without a usable CUDA device there
    is nothing to profile: ValueError, as cunum's other CUDA-only calls."""
    if not cunum.cuda.is_available():
        raise ValueError("cunumx.profiler.profile needs a CUDA device (cudaProfilerStart); none is available")
    _core._profiler_start()
    try:
        yield
    finally:
        _core._profiler_stop()
