"""Window functions (NumPy's chapter): bartlett, blackman, hamming, hanning,
kaiser. The C++ side composes arange and ufuncs in NumPy's order
(src/routines/window_functions.cpp); the result is float64 on the default
device."""
import numbers

from .. import _core


def _real(value, name):
    # NumPy puts M (and beta) into a float64 array first: any real number,
    # NumPy's scalars and 0-d arrays included, is accepted
    if isinstance(value, (complex, numbers.Complex)) and not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


def bartlett(M):
    return _core._bartlett(_real(M, "M"))


def blackman(M):
    return _core._blackman(_real(M, "M"))


def hamming(M):
    return _core._hamming(_real(M, "M"))


def hanning(M):
    return _core._hanning(_real(M, "M"))


def kaiser(M, beta):
    return _core._kaiser(_real(M, "M"), _real(beta, "beta"))
