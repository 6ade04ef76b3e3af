"""numpy.fft's helper routines: sample frequencies and the zero-frequency
shift (a roll: one copy, on the array's device)."""
import operator

from .. import _core
from .._routines._args import _a
from .._routines.creation import _device


def _n(n):
    try:
        return operator.index(n)
    except TypeError:
        raise ValueError("n should be an integer") from None


def fftfreq(n, d=1.0, device=None):
    """The sample frequencies of an n-point fft with sample spacing d
    (float64, on `device`: the default device when None)."""
    return _core._fftfreq(_n(n), float(d), _device(device), False)


def rfftfreq(n, d=1.0, device=None):
    return _core._fftfreq(_n(n), float(d), _device(device), True)


def fftshift(x, axes=None):
    return _core._fftshift(_a(x), axes, False)


def ifftshift(x, axes=None):
    return _core._fftshift(_a(x), axes, True)
