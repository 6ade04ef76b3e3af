"""cunum.show_config(): what a bug report needs (CuPy's cupy.show_config)."""
import ctypes
import os
import platform
import sys

from . import _core

# The libraries the CUDA backend loads on first use (src/backend/cuda), by
# the names it tries, newest first.
_LIBRARIES = {
    "NVRTC": ("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"),
    "cuBLAS": ("libcublas.so.13", "libcublas.so.12", "libcublas.so"),
    "cuSOLVER": ("libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"),
    "cuFFT": ("libcufft.so.12", "libcufft.so.11", "libcufft.so"),
}


def _version(v):
    # CUDA writes 12080 for 12.8.
    return f"{v // 1000}.{v % 1000 // 10}" if v else "-"


def _module_version(name):
    mod = sys.modules.get(name)
    if mod is None:
        try:
            from importlib.metadata import version
            return version(name)
        except Exception:  # noqa: BLE001  (not installed)
            return "-"
    return getattr(mod, "__version__", "?")


def _find(names):
    for n in names:
        try:
            ctypes.CDLL(n, mode=ctypes.RTLD_LOCAL)
            return n
        except OSError:
            continue
    return "not found"


def _rows():
    import cunum
    rows = [("OS", platform.platform()),
            ("Python Version", platform.python_version()),
            ("cunum Version", cunum.__version__),
            ("cunum Location", os.path.dirname(cunum.__file__)),
            ("NumPy Version", _module_version("numpy")),
            ("SciPy Version", _module_version("scipy")),
            ("Dask Version", _module_version("dask")),
            ("Default Device", str(_core._default_device())),
            ("CUNUM_DEVICE", os.environ.get("CUNUM_DEVICE", "-")),
            ("Kernel Cache Dir", os.environ.get("CUNUM_CACHE_DIR", os.path.expanduser("~/.cache/cunum")))]
    build, runtime, driver, nvrtc = _core._cuda_versions()
    rows += [("CUDA Backend", "built" if build else "not built (CPU only)"),
             ("CUDA Build Version", _version(build)),
             ("CUDA Runtime Version", _version(runtime)),
             ("CUDA Driver Version", _version(driver) if driver else "- (no driver)"),
             ("NVRTC Version", _version(nvrtc))]
    if build:
        for label, names in _LIBRARIES.items():
            rows.append((f"{label} Library", _find(names)))
        from cunumx.profiler._nvtx import nvtx_library
        lib = nvtx_library()
        rows.append(("NVTX Library", lib._name if lib is not None else "not found (time_range is a no-op)"))
    count = _core._cuda_device_count() if build else 0
    rows.append(("Device Count", str(count)))
    for d in range(count):
        name, bus, mem, major, minor, sms = _core._cuda_device_info(d)
        rows += [(f"Device {d} Name", name),
                 (f"Device {d} Compute Capability", f"{major}{minor}"),
                 (f"Device {d} PCI Bus ID", bus),
                 (f"Device {d} Memory", f"{mem / 2**30:.1f} GiB, {sms} SMs")]
    return rows


def show_config(*, _full=False):
    """Prints the versions of cunum, Python, NumPy, the CUDA runtime, driver
    and NVRTC, the CUDA libraries found and the devices (CuPy's
    show_config). Loading the libraries to find them costs up to a second
    on first use; nothing else changes."""
    rows = _rows()
    width = max(len(k) for k, _ in rows)
    sys.stdout.write("".join(f"{k:<{width}} : {v}\n" for k, v in rows))
    sys.stdout.flush()
