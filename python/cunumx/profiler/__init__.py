"""cunumx.profiler: CuPy's cupyx.profiler for cunum.

    from cunumx.profiler import benchmark, time_range, profile
    print(benchmark(lambda a: cunum.sin(a) * 2, (x,), n_repeat=1000))
    with time_range("step", color_id=0):   # an NVTX range in Nsight Systems
        step()
    with profile():                        # cudaProfilerStart / Stop
        step()
"""
from ._benchmark import benchmark  # noqa: F401
from ._nvtx import time_range  # noqa: F401
from ._profile import profile  # noqa: F401

__all__ = ["benchmark", "profile", "time_range"]
