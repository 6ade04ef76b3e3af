"""Floating-point error handling: NumPy's seterr, geterr, errstate,
seterrcall and geterrcall (and, for cunumx, CuPy's `linalg` setting).

Note [Floating-point error settings]
cunum computes on the device (or in the CPU backend's vector loops) and does
not trap floating-point errors: no kernel tests its results for a division by
zero, an overflow, an underflow or an invalid operation (that would cost a
flag per element and a synchronisation per call). So the `divide`, `over`,
`under` and `invalid` settings change nothing in what cunum computes, warns
or raises: `1 / cunum.zeros(3)` is `inf` under `errstate(divide="raise")`
too (CuPy behaves the same: its kernels ignore these settings). They exist
so that NumPy and CuPy programs run unchanged: the names, NumPy's
arguments, values, defaults and errors, and the settings round-trip
(`seterr` returns the previous ones, `errstate` restores them on exit, also
as a decorator). Like NumPy 2's, the state is per thread and per asyncio
task (a context variable), separate from NumPy's own.

`linalg` (cunumx.seterr/errstate/geterr, CuPy's cupyx names): CuPy skips
reading cuSOLVER's info array unless `linalg="raise"`; cunum always reads
it and raises NumPy's LinAlgError (a singular matrix in `solve`, no
convergence in `eigh`), as NumPy does, so the setting is kept and reported
("raise" by default) but does not turn the check off.
"""
import contextlib
import contextvars

_MODES = ("ignore", "warn", "raise", "call", "print", "log")
_KINDS = ("divide", "over", "under", "invalid")
_LINALG = ("ignore", "raise")
_DEFAULT = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn", "linalg": "raise",
            "call": None}
_state = contextvars.ContextVar("cunum_errstate", default=_DEFAULT)


class _Unspecified:
    def __repr__(self):
        return "<unspecified>"


_UNSPECIFIED = _Unspecified()


def _check_mode(mode):
    if mode not in _MODES:
        raise ValueError(f"invalid error mode {mode!r}")
    return mode


def _check_call(func):
    if func is not None and not callable(func) and not callable(getattr(func, "write", None)):
        raise TypeError("python object must be callable or have a callable write method")
    return func


def _check_linalg(mode):
    if mode not in _LINALG:
        raise ValueError(f"invalid linalg error mode {mode!r} (ignore or raise)")
    return mode


def _updated(all=None, divide=None, over=None, under=None, invalid=None, linalg=None):
    """The current state with the given changes (checked first: nothing
    changes when a value is bad)."""
    new = dict(_state.get())
    if all is not None:
        _check_mode(all)
        for k in _KINDS:
            new[k] = all
    for k, v in (("divide", divide), ("over", over), ("under", under), ("invalid", invalid)):
        if v is not None:
            new[k] = _check_mode(v)
    if linalg is not None:
        new["linalg"] = _check_linalg(linalg)
    return new


def geterr():
    """The current handling of floating-point errors, as numpy.geterr: a dict
    of `divide`, `over`, `under` and `invalid` (Note [Floating-point error
    settings]: recorded, not acted on)."""
    s = _state.get()
    return {k: s[k] for k in _KINDS}


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    """Sets the handling of floating-point errors (numpy.seterr) and returns
    the previous settings. cunum does not trap floating-point errors: the
    settings are recorded and returned, not acted on (Note [Floating-point
    error settings])."""
    old = geterr()
    _state.set(_updated(all, divide, over, under, invalid))
    return old


def geterrcall():
    """The function or object set by seterrcall (numpy.geterrcall)."""
    return _state.get()["call"]


def seterrcall(func):
    """Sets the callback of the "call" and "log" modes (numpy.seterrcall) and
    returns the previous one; never called, as no error is trapped."""
    _check_call(func)
    old = geterrcall()
    new = dict(_state.get())
    new["call"] = func
    _state.set(new)
    return old


class errstate(contextlib.ContextDecorator):  # noqa: N801  (NumPy's name)
    """Context manager (and decorator) for floating-point error handling, as
    numpy.errstate: the settings inside, restored on exit. cunum does not
    trap floating-point errors: they are recorded, not acted on (Note
    [Floating-point error settings])."""

    _label = "cunum.errstate"

    def __init__(self, *, call=_UNSPECIFIED, all=None, divide=None, over=None, under=None, invalid=None):
        self._call = call
        self._kw = dict(all=all, divide=divide, over=over, under=under, invalid=invalid)
        self._token = None

    def __enter__(self):
        if self._token is not None:
            raise TypeError(f"Cannot enter `{self._label}` twice.")
        new = _updated(**self._kw)
        if self._call is not _UNSPECIFIED:
            new["call"] = _check_call(self._call)
        self._token = _state.set(new)
        return None

    def __exit__(self, *exc):
        _state.reset(self._token)
        self._token = None
        return False

    def _recreate_cm(self):
        # As a decorator, each call enters a fresh copy (the same object may
        # not be entered twice, but a decorated function may be called again
        # or recursively).
        return type(self)._copy(self)

    @classmethod
    def _copy(cls, other):
        new = cls.__new__(cls)
        new.__dict__.update(other.__dict__)
        new._token = None
        return new


# ---------------------------------------------------------------- cunumx (cupyx's)


def cupyx_geterr():
    """cupyx.geterr: the floating-point settings and `linalg`."""
    s = _state.get()
    return {k: s[k] for k in (*_KINDS, "linalg")}


def cupyx_seterr(*, divide=None, over=None, under=None, invalid=None, linalg=None):
    """cupyx.seterr: sets the floating-point settings (recorded, not acted
    on) and `linalg` ("ignore" or "raise": cunum always raises NumPy's
    LinAlgError, Note [Floating-point error settings]); returns the previous
    settings."""
    old = cupyx_geterr()
    _state.set(_updated(None, divide, over, under, invalid, linalg))
    return old


class cupyx_errstate(errstate):  # noqa: N801
    """cupyx.errstate: a context manager (and decorator) for the settings of
    cupyx.seterr, restored on exit."""

    _label = "cunumx.errstate"

    def __init__(self, *, divide=None, over=None, under=None, invalid=None, linalg=None):
        self._call = _UNSPECIFIED
        self._kw = dict(divide=divide, over=over, under=under, invalid=invalid, linalg=linalg)
        self._token = None
