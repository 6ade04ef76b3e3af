"""User-written kernels (CuPy's ElementwiseKernel, ReductionKernel,
RawKernel, RawModule): docs/user-kernels.md."""
from ._elementwise import ElementwiseKernel
from ._raw import GlobalPointer, RawKernel, RawModule
from ._reduction import ReductionKernel

__all__ = ["ElementwiseKernel", "ReductionKernel", "RawKernel", "RawModule", "GlobalPointer"]
