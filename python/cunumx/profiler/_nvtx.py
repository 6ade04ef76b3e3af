"""cunumx.profiler.time_range (cupyx.profiler.time_range): NVTX ranges.

Note [NVTX without a dependency]
NVTX ranges are pushed through the NVTX C API loaded with ctypes on first
use, from the first library found of libnvToolsExt.so.1 (CUDA <= 12) and
libnvtx3interop.so.1 (CUDA 13's library with the same functions), in the
loader's path or the CUDA toolkit's lib64. Without either, ranges are
no-ops: nothing is recorded and nothing fails, so code that marks its
phases runs anywhere. Under Nsight Systems the calls reach the profiler;
without a profiler attached they cost a few hundred nanoseconds.
"""
import ctypes
import ctypes.util
import functools
import os

# CuPy's palette for color_id (ARGB): cycled by index.
_COLORS = (0xFF00FF00, 0xFF0000FF, 0xFFFFFF00, 0xFFFF00FF, 0xFF00FFFF, 0xFFFF0000, 0xFFFFFFFF)


class _Attributes(ctypes.Structure):
    # nvtxEventAttributes_t of the NVTX v2 C API (NVTX_VERSION 2, 48 bytes).
    _fields_ = [("version", ctypes.c_uint16), ("size", ctypes.c_uint16), ("category", ctypes.c_uint32),
                ("colorType", ctypes.c_int32), ("color", ctypes.c_uint32),
                ("payloadType", ctypes.c_int32), ("reserved0", ctypes.c_int32),
                ("payload", ctypes.c_uint64), ("messageType", ctypes.c_int32),
                ("message", ctypes.c_char_p)]


_NVTX_COLOR_ARGB = 1
_NVTX_MESSAGE_TYPE_ASCII = 1
_lib = None
_loaded = False


def _candidates():
    names = ["libnvToolsExt.so.1", "libnvtx3interop.so.1"]
    for name in ("nvToolsExt", "nvtx3interop"):
        found = ctypes.util.find_library(name)
        if found:
            names.append(found)
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root:
            names += [os.path.join(root, "lib64", n) for n in ("libnvToolsExt.so.1", "libnvtx3interop.so.1")]
    return names


def nvtx_library():
    """The NVTX library in use (a ctypes.CDLL), or None: Note [NVTX without
    a dependency]."""
    global _lib, _loaded
    if not _loaded:
        _loaded = True
        for name in _candidates():
            try:
                lib = ctypes.CDLL(name)
                lib.nvtxRangePushEx.argtypes = [ctypes.POINTER(_Attributes)]
                lib.nvtxRangePushA.argtypes = [ctypes.c_char_p]
                lib.nvtxRangePop.argtypes = []
                _lib = lib
                break
            except (OSError, AttributeError):
                continue
    return _lib


def _sync():
    import cunum
    if cunum.cuda.is_available():
        cunum.cuda.Device().synchronize()


class time_range:  # noqa: N801  (CuPy's name)
    """An NVTX range around a block or, as a decorator, each call of a
    function (CuPy's signature): `message` (default: the function's name),
    `color_id` (an index into a fixed palette) or `argb_color` (0xAARRGGBB),
    not both; `sync=True` waits for the current device before pushing and
    before popping, so the range spans the GPU work too. A no-op without
    an NVTX library (Note [NVTX without a dependency])."""

    def __init__(self, message=None, color_id=None, argb_color=None, sync=False):
        if color_id is not None and argb_color is not None:
            raise ValueError("Only either color_id or argb_color can be specified")
        if message is not None and not isinstance(message, str):
            raise TypeError(f"message must be a str, not {type(message).__name__}")
        self.message = message
        self.color_id = color_id
        self.argb_color = argb_color
        self.sync = sync

    def _color(self):
        if self.argb_color is not None:
            return int(self.argb_color) & 0xFFFFFFFF
        if self.color_id is not None:
            return _COLORS[int(self.color_id) % len(_COLORS)]
        return None

    def _push(self, message):
        if self.sync:
            _sync()
        lib = nvtx_library()
        if lib is None:
            return
        text = message.encode()
        color = self._color()
        if color is None:
            lib.nvtxRangePushA(text)
        else:
            a = _Attributes(version=2, size=ctypes.sizeof(_Attributes), colorType=_NVTX_COLOR_ARGB,
                            color=color, messageType=_NVTX_MESSAGE_TYPE_ASCII, message=text)
            lib.nvtxRangePushEx(ctypes.byref(a))

    def _pop(self):
        if self.sync:
            _sync()
        lib = nvtx_library()
        if lib is not None:
            lib.nvtxRangePop()

    def __enter__(self):
        if self.message is None:
            raise ValueError("when used as a context manager, the message argument cannot be None")
        self._push(self.message)
        return self

    def __exit__(self, *exc):
        self._pop()
        return False

    def __call__(self, func):
        message = self.message if self.message is not None else func.__name__

        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            self._push(message)
            try:
                return func(*args, **kwargs)
            finally:
                self._pop()
        return wrapped
