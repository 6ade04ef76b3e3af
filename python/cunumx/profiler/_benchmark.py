"""cunumx.profiler.benchmark (cupyx.profiler.benchmark)."""
import math
import time

from cunum import _core
from cunum._lazy_numpy import LazyNumpy

numpy = LazyNumpy(globals())  # NumPy at the first call: `import cunumx` stays light


class _PerfCaseResult:
    """What benchmark() measured: `name`, `cpu_times` (seconds per run, shape
    (n,)) and `gpu_times` (seconds per run per device, shape (len(devices),
    n)); str() prints them as CuPy does, in microseconds."""

    def __init__(self, name, ts, devices):
        self.name = name
        self._ts = ts
        self._devices = tuple(devices)

    @property
    def cpu_times(self):
        return self._ts[0]

    @property
    def gpu_times(self):
        return self._ts[1:]

    @staticmethod
    def _to_str_per_item(device_name, t):
        us = t * 1e6
        s = f"    {device_name}:{us.mean():9.03f} us"
        if t.size > 1:
            s += f"   +/-{us.std():6.03f} (min:{us.min():9.03f} / max:{us.max():9.03f}) us"
        return s

    def to_str(self, show_gpu=False):
        parts = [self._to_str_per_item("CPU", self._ts[0])]
        if show_gpu:
            parts += [self._to_str_per_item(f"GPU-{d}", self._ts[1 + i]) for i, d in enumerate(self._devices)]
        return f"{self.name:<20s}:{' '.join(parts)}"

    def __str__(self):
        return self.to_str(show_gpu=True)

    def __repr__(self):
        return f"<_PerfCaseResult {self.to_str(show_gpu=True)}>"


def _default_devices():
    import cunum
    if not cunum.cuda.is_available():
        return ()
    return (_core._current_cuda_device(),)


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,  # noqa: B006 (CuPy's)
              max_duration=math.inf, devices=None):
    """Times `func(*args, **kwargs)`: `n_warmup` untimed calls, then up to
    `n_repeat` timed ones (fewer once `max_duration` seconds have passed).
    Per run: the CPU time (wall clock of the call, perf_counter) and, for
    each device of `devices` (CUDA device ids; default the current CUDA
    device, none without a GPU), the GPU time between events recorded on
    the device's current stream before and after the call; each run waits
    for its end events. Returns a _PerfCaseResult (CuPy's)."""
    if name is None:
        name = getattr(func, "__name__", type(func).__name__)
    if devices is None:
        devices = _default_devices()
    if not callable(func):
        raise ValueError("`func` should be a callable object.")
    if not isinstance(args, tuple):
        raise ValueError("`args` should be of tuple type.")
    if not isinstance(kwargs, dict):
        raise ValueError("`kwargs` should be of dict type.")
    if not isinstance(n_repeat, int):
        raise ValueError("`n_repeat` should be an integer.")
    if not isinstance(name, str):
        raise ValueError("`name` should be a string.")
    if not isinstance(n_warmup, int):
        raise ValueError("`n_warmup` should be an integer.")
    if not numpy.isreal(max_duration):
        raise ValueError("`max_duration` should be given in seconds")
    if not isinstance(devices, tuple):
        raise ValueError("`devices` should be of tuple type")
    return _repeat(func, args, kwargs, n_repeat, name, n_warmup, max_duration, devices)


def _record(events):
    for dev, ev in events:
        ev.record(_core._current_stream(dev))


def _repeat(func, args, kwargs, n_repeat, name, n_warmup, max_duration, devices):
    starts = [(d, _core._Event(False, False, False, int(d))) for d in devices]
    ends = [(d, _core._Event(False, False, False, int(d))) for d in devices]
    for _ in range(n_warmup):
        func(*args, **kwargs)
    _record(starts)  # the warm-up's work done before the first timed run
    for _, ev in starts:
        ev.synchronize()
    cpu, gpu = [], [[] for _ in devices]
    spent = 0.0
    for _ in range(n_repeat):
        _record(starts)
        t0 = time.perf_counter()
        func(*args, **kwargs)
        t1 = time.perf_counter()
        _record(ends)
        for _, ev in ends:
            ev.synchronize()
        cpu.append(t1 - t0)
        for i, ((_, a), (_, b)) in enumerate(zip(starts, ends)):
            gpu[i].append(_core._elapsed_time(a, b) * 1e-3)
        spent += time.perf_counter() - t0
        if spent > max_duration:
            break
    ts = numpy.asarray([cpu] + gpu, dtype=numpy.float64).reshape(1 + len(devices), len(cpu))
    return _PerfCaseResult(name, ts, devices)
