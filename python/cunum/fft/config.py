"""cunum.fft.config: cuFFT's plan cache, one per GPU (CuPy's
cupy.fft.config). Plans are reused across calls and streams; their work
areas come from the device's memory pool at each call. The CPU backend has
no plans to cache, so this module needs a GPU (as CuPy's)."""
import sys
import types
import warnings

from .. import _core

# CuPy's enable_nd_planning (deprecated there, kept for its users): True runs
# an n-d transform as one n-d transform (cuFFT's n-d plans on the GPU), False
# as 1-d transforms one axis at a time (cunum.fft._fft._by_axes). Process-wide,
# as CuPy's.
_nd_planning = True


def _device_id(device):
    if device is None:
        from ..cuda import runtime
        return runtime.getDevice()
    return int(device)


class PlanCache:
    """The plan cache of one device: `size` plans at most (-1: no limit),
    `memsize` bytes of work area in all (-1: no limit); 0 for either
    disables caching."""

    def __init__(self, device=None):
        self._dev = _device_id(device)
        _core._fft_plan_cache_info(self._dev)  # ValueError without a GPU

    def _info(self):
        return _core._fft_plan_cache_info(self._dev)

    @property
    def size(self):
        return self._info()["max_size"]

    @size.setter
    def size(self, n):
        self.set_size(n)

    @property
    def memsize(self):
        return self._info()["max_memsize"]

    @memsize.setter
    def memsize(self, n):
        self.set_memsize(n)

    def get_size(self):
        return self.size

    def set_size(self, n):
        _core._fft_plan_cache_set_size(int(n), self._dev)

    def get_memsize(self):
        return self.memsize

    def set_memsize(self, n):
        _core._fft_plan_cache_set_memsize(int(n), self._dev)

    def get_curr_size(self):
        return self._info()["size"]

    def get_curr_memsize(self):
        return self._info()["memsize"]

    def clear(self):
        _core._fft_plan_cache_clear(self._dev)

    def show_info(self):
        i = self._info()
        lim = lambda v: "(unlimited)" if v == -1 else str(v)  # noqa: E731
        lines = [f"------------------- cuFFT plan cache (device {i['device']}) -------------------",
                 f"cache enabled? {i['enabled']}",
                 f"current / max size   : {i['size']} / {lim(i['max_size'])} (counts)",
                 f"current / max memsize: {i['memsize']} / {lim(i['max_memsize'])} (bytes)",
                 f"hits / misses: {i['hits']} / {i['misses']} (counts)",
                 "",
                 "cached plans (most recently used first):"]
        lines += [f"  {p}" for p in i["plans"]]
        print("\n".join(lines))

    def __repr__(self):
        i = self._info()
        return f"<cunum.fft.config.PlanCache device={i['device']} size={i['size']}/{i['max_size']}>"


_caches = {}


def get_plan_cache():
    """The plan cache of the current device."""
    dev = _device_id(None)
    c = _caches.get(dev)
    if c is None:
        c = _caches[dev] = PlanCache(dev)
    return c


def show_plan_cache_info():
    """Every device's cache (CuPy's cupy.fft.config.show_plan_cache_info)."""
    from ..cuda import runtime
    for d in range(runtime.getDeviceCount()):
        PlanCache(d).show_info()


class _ConfigModule(types.ModuleType):
    """The module's class: enable_nd_planning reads and writes warn as
    CuPy's (DeprecationWarning naming it)."""

    @property
    def enable_nd_planning(self):
        warnings.warn("enable_nd_planning is deprecated and will be removed in a future release",
                      DeprecationWarning, stacklevel=2)
        return _nd_planning

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        global _nd_planning
        warnings.warn("enable_nd_planning is deprecated and will be removed in a future release",
                      DeprecationWarning, stacklevel=2)
        _nd_planning = bool(value)


sys.modules[__name__].__class__ = _ConfigModule
