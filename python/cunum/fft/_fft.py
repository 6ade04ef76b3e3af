"""The transforms with NumPy 2's signatures. The argument rules NumPy's own
numpy/fft/_pocketfft.py applies in Python (n=None, s and axes, norm and
their error messages, in NumPy's order) are applied here; lengths, axes,
dtypes, out= and the transforms themselves are C++ (src/routines/fft.cpp,
cunum::fft::detail::transform)."""
import operator
import warnings

from .. import _core
from .._routines._args import _a
from . import config

# cunum::fft::detail::Op and cunum::fft::Norm
_FFT, _IFFT, _RFFT, _IRFFT, _HFFT, _IHFFT = range(6)
_NORMS = {None: 0, "backward": 0, "ortho": 1, "forward": 2}


def _norm(norm, forward):
    if norm not in _NORMS:
        # NumPy's two messages: its forward path lacks a space after the comma.
        sep = "," if forward else ", "
        raise ValueError(f'Invalid norm value {norm}; should be "backward"{sep}"ortho" or "forward".')
    return _NORMS[norm]


def _one(op, a, n, axis, norm, out, forward):
    a = _a(a)
    if n is None:
        m = a.shape[axis]  # NumPy's IndexError for a missing axis
        n = (m - 1) * 2 if op in (_IRFFT, _HFFT) else m
    else:
        n = operator.index(n)
    axis = operator.index(axis)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    r = _core._fft(op, a, [n], [axis], _norm(norm, forward), out)
    return r if out is None else out  # NumPy returns the very `out` object


def fft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_FFT, a, n, axis, norm, out, True)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_IFFT, a, n, axis, norm, out, False)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_RFFT, a, n, axis, norm, out, True)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_IRFFT, a, n, axis, norm, out, False)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """irfft of the conjugate with the opposite normalisation (NumPy's
    definition). NumPy 2.4 ignores `out` here; cunum writes it."""
    return _one(_HFFT, a, n, axis, norm, out, False)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_IHFFT, a, n, axis, norm, out, False)


def _cook(a, s, axes, invreal=False):
    """NumPy's _cook_nd_args, with its warnings and errors."""
    shape = a.shape
    if s is None:
        shapeless = True
        if axes is None:
            s = list(shape)
        else:
            axes = [operator.index(x) for x in axes]
            s = []
            for x in axes:
                if not -len(shape) <= x < len(shape):
                    raise IndexError(f"index {x} is out of bounds for axis 0 with size {len(shape)}")
                s.append(shape[x])
    else:
        shapeless = False
    s = list(s)
    if axes is None:
        if not shapeless:
            warnings.warn(
                "`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). In a future "
                "version of NumPy, this will raise an error and `s[i]` will correspond to the size along the "
                "transformed axis specified by `axes[i]`. To retain current behaviour, pass a sequence "
                "[0, ..., k-1] to `axes` for an array of dimension k.", DeprecationWarning, stacklevel=4)
        axes = list(range(-len(s), 0))
    axes = [operator.index(x) for x in axes]
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = (shape[axes[-1]] - 1) * 2
    if None in s:
        warnings.warn(
            "Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and will raise an "
            "error in a future version of NumPy. To use the default behaviour of the corresponding 1-D "
            "transform, pass the value matching the default for its `n` parameter. To use the default "
            "behaviour for every axis, the `s` argument can be omitted.", DeprecationWarning, stacklevel=4)
    out = []
    for n, x in zip(s, axes):
        if n is None:  # the 1-d transform's default
            out.append(None)
        elif n == -1:
            out.append(shape[x])
        else:
            out.append(operator.index(n))
    return out, axes


def _nd(op, a, s, axes, norm, out, forward):
    a = _a(a)
    s, axes = _cook(a, s, axes, invreal=op == _IRFFT)
    if not axes:
        if op in (_RFFT, _IRFFT):
            raise IndexError("list index out of range")
        return a
    last = len(axes) - 1
    for i, n in enumerate(s):
        if n is None:
            m = a.shape[axes[i]]
            s[i] = (m - 1) * 2 if op == _IRFFT and i == last else m
    # NumPy's passes check the lengths in the order they run.
    order = range(len(s)) if op == _IRFFT else reversed(range(len(s)))
    for i in order:
        if s[i] < 1:
            raise ValueError(f"Invalid number of FFT data points ({s[i]}) specified.")
    code = _norm(norm, forward)
    if len(axes) > 1 and not config._nd_planning:
        return _by_axes(op, a, s, axes, code, out)
    r = _core._fft(op, a, s, axes, code, out)
    return r if out is None else out


def _by_axes(op, a, s, axes, code, out):
    """An n-d transform as 1-d ones, one axis at a time (CuPy's
    config.enable_nd_planning = False), in the order of NumPy's passes
    (numpy/fft/_pocketfft.py: the last axis first, except irfftn's complex
    passes, first axis first, before its real one on the last axis). Each
    pass normalises over its own axis; the norms multiply to the n-d one."""
    if op == _RFFT:
        passes = [(_RFFT, len(axes) - 1)] + [(_FFT, i) for i in reversed(range(len(axes) - 1))]
    elif op == _IRFFT:
        passes = [(_IFFT, i) for i in range(len(axes) - 1)] + [(_IRFFT, len(axes) - 1)]
    else:
        passes = [(op, i) for i in reversed(range(len(axes)))]
    for k, (step, i) in enumerate(passes):
        last = k == len(passes) - 1
        a = _core._fft(step, a, [s[i]], [axes[i]], code, out if last else None)
    return a if out is None else out


def fftn(a, s=None, axes=None, norm=None, out=None):
    return _nd(_FFT, a, s, axes, norm, out, True)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _nd(_IFFT, a, s, axes, norm, out, False)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _nd(_FFT, a, s, axes, norm, out, True)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy 2.4 ignores `out` here; cunum writes it."""
    return _nd(_IFFT, a, s, axes, norm, out, False)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    return _nd(_RFFT, a, s, axes, norm, out, True)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _nd(_RFFT, a, s, axes, norm, out, True)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    return _nd(_IRFFT, a, s, axes, norm, out, False)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy 2.4 ignores `out` here; cunum writes it."""
    return _nd(_IRFFT, a, s, axes, norm, out, False)
