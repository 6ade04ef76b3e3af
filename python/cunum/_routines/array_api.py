"""The Python array API standard (2024.12) pieces NumPy's API lacks or spells
differently: ndarray.__array_namespace__, __array_namespace_info__, astype as
a function, isdtype, linalg.trace over the last two axes (docs/array-api.md
lists what cunum does and where it departs)."""
from .. import _core
from .._convert import to_numpy_dtype

__array_api_version__ = "2024.12"
_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")


def __array_namespace__(self, /, *, api_version=None):
    """The cunum module: the namespace of the array API standard for cunum arrays."""
    if api_version is not None and api_version not in _VERSIONS:
        raise ValueError(f"cunum implements the array API standard versions {', '.join(_VERSIONS)}, "
                         f"not {api_version!r}")
    import cunum
    return cunum


def _device(device):
    if device is None or isinstance(device, _core.Device):
        return device
    return _core.Device(device)


def astype(x, dtype, /, *, copy=True, device=None):
    """x as `dtype` (on `device` when given): a new array when copy=True, else
    x itself where neither the dtype nor the device changes."""
    if not isinstance(x, _core.ndarray):
        raise TypeError(f"astype: expected a cunum array, got {type(x).__name__}")
    dev = _device(device)
    r = x.astype(dtype, copy=bool(copy))
    if dev is not None and r.device != dev:
        r = r.to_device(dev)
    return r


# isdtype's kinds (the standard's names) -> NumPy's dtype kind letters.
_KINDS = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu",
          "real floating": "f", "complex floating": "c", "numeric": "iufc"}


def isdtype(dtype, kind):
    """Whether `dtype` is of `kind`: a dtype, one of the standard's kind names
    ('bool', 'signed integer', 'unsigned integer', 'integral', 'real floating',
    'complex floating', 'numeric') or a tuple of those."""
    dt = to_numpy_dtype(dtype)
    if isinstance(kind, tuple):
        return any(isdtype(dt, k) for k in kind)
    if isinstance(kind, str):
        try:
            return dt.kind in _KINDS[kind]
        except KeyError:
            raise ValueError(f"kind argument must be a dtype or one of {sorted(_KINDS)}, got {kind!r}") from None
    try:
        return dt == to_numpy_dtype(kind)
    except TypeError:
        raise TypeError(f"kind argument must be a dtype, a str or a tuple, got {type(kind).__name__}") from None


class _Info:
    """What __array_namespace_info__() returns: the namespace's capabilities,
    devices and dtypes (the standard's inspection API)."""

    __module__ = "cunum"

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return _core._default_device()

    def devices(self):
        devs = [_core.Device("cpu")]
        for i in range(_core._cuda_device_count()):
            d = _core.Device(f"cuda:{i}")
            if _core._device_available(d):
                devs.append(d)
        return devs

    def _check_device(self, device):
        if device is not None and _device(device) not in self.devices():
            raise ValueError(f"device {device!r} is not one of {self.devices()}")

    def default_dtypes(self, *, device=None):
        self._check_device(device)
        d = to_numpy_dtype
        return {"real floating": d("float64"), "complex floating": d("complex128"),
                "integral": d("int64"), "indexing": d("int64")}

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes cunum has, by name (float16 is cunum's extra and not listed)."""
        self._check_device(device)
        names = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float32", "float64", "complex64", "complex128")
        out = {n: to_numpy_dtype(n) for n in names}
        if kind is None:
            return out
        return {n: dt for n, dt in out.items() if isdtype(dt, kind)}


_INFO = _Info()


def __array_namespace_info__():
    """The array API standard's inspection namespace for cunum."""
    return _INFO


def linalg_trace(x, /, *, offset=0, dtype=None):
    """The array API's linalg.trace: the sum along the diagonals of the last
    two axes (numpy.trace takes the first two)."""
    from .indexing_routines import trace
    return trace(x, offset, -2, -1, dtype)


def info(object=None, maxwidth=76, output=None, toplevel="cunum"):
    """Help on `object` (NumPy's numpy.info, searching cunum)."""
    import numpy
    import sys
    return numpy.info(object, maxwidth, sys.stdout if output is None else output, toplevel)
