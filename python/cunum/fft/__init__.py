"""cunum.fft: NumPy's discrete Fourier transforms (numpy.fft / cupy.fft).

On a GPU the transforms are cuFFT's, loaded at the first transform, with a
plan cache per device (`cunum.fft.config.get_plan_cache()`, as CuPy's); on
the CPU they are cunum's own mixed-radix and Bluestein transforms
(docs/fft.md). dtypes follow NumPy 2: float32, float16 and complex64 stay
in single precision, everything else is transformed in double.
"""
from ._fft import (fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2, rfftn, irfftn,
                   hfft, ihfft)
from ._helper import fftfreq, rfftfreq, fftshift, ifftshift
from . import config

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
           "rfftn", "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]
