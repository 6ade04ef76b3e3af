"""Input and output with NumPy's file formats (NumPy's "Input and output"
chapter): save, load, savez, savez_compressed, savetxt, loadtxt,
genfromtxt, fromfile, fromstring, and ndarray.tofile.

Note [I/O goes through the host]
Files are host objects and their formats (.npy headers, zip archives, text
parsing) are byte-level host work, so every routine here copies the array to
host memory and lets NumPy's own readers and writers do the format work, as
CuPy does; what is read is then copied to the current device. This is what
makes a file written by cunum byte-for-byte the file NumPy writes for the same
values (and readable by NumPy, and back). A Fortran-ordered array is written
with fortran_order=True (NumPy's choice for it) and loaded back
Fortran-ordered, without an extra device copy (the host data is uploaded as
its C-ordered transpose and transposed back as a view).
"""
from .. import _core
from .._convert import host_to_device

ndarray = _core.ndarray


def _host(a):
    """`a` as a numpy.ndarray: a cunum array is copied to the host in its own
    layout class (Fortran-ordered stays Fortran-ordered, for .npy's
    fortran_order); anything else is left to NumPy."""
    import numpy
    if isinstance(a, ndarray):
        f = a._f_contiguous and not a._c_contiguous
        return a.get(order="F" if f else "C")
    return numpy.asanyarray(a)


def _device_array(host):
    """A host numpy array on the current device, keeping Fortran order."""
    if host.ndim > 1 and host.flags.f_contiguous and not host.flags.c_contiguous:
        return host_to_device(host.T).T
    return host_to_device(host)


def _to_device(obj):
    """NumPy's result on the device: arrays (and tuples/lists of them, as
    unpack=True gives) become cunum arrays; anything else is returned as is."""
    import numpy
    if isinstance(obj, numpy.ma.MaskedArray):
        raise TypeError("cunum has no masked arrays: usemask=True is not supported")
    if isinstance(obj, numpy.ndarray):
        if obj.dtype.names is not None:
            raise TypeError(f"cunum does not support structured arrays (dtype {obj.dtype!r}); "
                            "read the columns separately (usecols=, unpack=True)")
        return _device_array(obj)
    if isinstance(obj, (tuple, list)):
        return type(obj)(_to_device(o) for o in obj)
    return obj


# ---------------------------------------------------------------- binary: .npy / .npz

def save(file, arr, allow_pickle=True):
    """NumPy's save: writes `arr` to a .npy file (NumPy's format, readable by
    numpy.load). The array is copied to the host first (Note [I/O goes
    through the host]); a Fortran-ordered array is written with
    fortran_order=True, as NumPy does."""
    import numpy
    numpy.save(file, _host(arr), allow_pickle=allow_pickle)


def _savez(file, args, kwds, allow_pickle, compressed):
    import numpy
    hosts = [_host(a) for a in args]
    named = {k: _host(v) for k, v in kwds.items()}
    fn = numpy.savez_compressed if compressed else numpy.savez
    # savez's allow_pickle is NumPy 2.1's: an older NumPy would store it as
    # an array named "allow_pickle". cunum's dtypes never pickle, so there it
    # is left out.
    if tuple(int(p) for p in numpy.__version__.split(".")[:2]) >= (2, 1):
        named["allow_pickle"] = allow_pickle
    fn(file, *hosts, **named)


def savez(file, *args, allow_pickle=True, **kwds):
    """NumPy's savez: several arrays in one uncompressed .npz archive (names
    arr_0, arr_1, ... for positional arrays, the keywords' names otherwise).
    Each array is copied to the host first (Note [I/O goes through the host])."""
    _savez(file, args, kwds, allow_pickle, False)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """NumPy's savez_compressed: as savez, in a zip-deflated .npz archive.
    Each array is copied to the host first (Note [I/O goes through the host])."""
    _savez(file, args, kwds, allow_pickle, True)


class NpzFile:
    """What cunum.load returns for an .npz archive: NumPy's NpzFile whose
    items are cunum arrays (as CuPy's). Each item is read from the archive
    and copied to the current device when it is looked up; like NumPy's,
    the archive stays open until close() or the end of a `with` block."""

    def __init__(self, npz):
        self._npz = npz

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    def close(self):
        npz = self.__dict__.get("_npz")
        if npz is not None:
            npz.close()

    @property
    def files(self):
        return self._npz.files

    @property
    def zip(self):
        return self._npz.zip

    @property
    def fid(self):
        return self._npz.fid

    @property
    def allow_pickle(self):
        return self._npz.allow_pickle

    def __getitem__(self, key):
        return _to_device(self._npz[key])

    def get(self, key, default=None):
        return self[key] if key in self._npz else default

    def __contains__(self, key):
        return key in self._npz

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def keys(self):
        return self._npz.keys()

    def values(self):
        return [self[k] for k in self._npz]

    def items(self):
        return [(k, self[k]) for k in self._npz]

    def __repr__(self):
        return repr(self._npz).replace("NpzFile", "cunum NpzFile", 1)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    """NumPy's load: a .npy file as a cunum array on the current device, an
    .npz archive as an NpzFile whose items are cunum arrays, a pickle (with
    allow_pickle=True) as the object it holds.

    The data is read on the host by NumPy and then copied to the device (Note
    [I/O goes through the host]). With `mmap_mode`, NumPy memory-maps the
    file and the device copy is read from the map (no intermediate host
    array is allocated); the result is an ordinary device array, not a view
    of the file: writing to it does not write the file."""
    import numpy
    obj = numpy.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle, fix_imports=fix_imports,
                     encoding=encoding, max_header_size=max_header_size)
    if isinstance(obj, numpy.lib.npyio.NpzFile):
        return NpzFile(obj)
    if isinstance(obj, numpy.ndarray):
        return _to_device(numpy.asarray(obj))
    return obj


# ---------------------------------------------------------------- text and raw files

def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="",
            comments="# ", encoding=None):
    """NumPy's savetxt: a 1-D or 2-D array as text, one row per line. The
    array is copied to the host and NumPy formats it (Note [I/O goes through
    the host])."""
    import numpy
    numpy.savetxt(fname, _host(X), fmt=fmt, delimiter=delimiter, newline=newline, header=header,
                  footer=footer, comments=comments, encoding=encoding)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None,
            like=None):
    """NumPy's loadtxt: NumPy parses the text on the host, the result is
    copied to the current device (Note [I/O goes through the host])."""
    import numpy
    return _to_device(numpy.loadtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, converters=converters,
        skiprows=skiprows, usecols=usecols, unpack=unpack, ndmin=ndmin, encoding=encoding,
        max_rows=max_rows, quotechar=quotechar))


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0,
               converters=None, missing_values=None, filling_values=None, usecols=None, names=None,
               excludelist=None, deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~", replace_space="_",
               autostrip=False, case_sensitive=True, defaultfmt="f%i", unpack=None, usemask=False,
               loose=True, invalid_raise=True, max_rows=None, encoding=None, *, ndmin=0, like=None):
    """NumPy's genfromtxt (missing values filled): NumPy parses the text on
    the host, the result is copied to the current device (Note [I/O goes
    through the host]). cunum has neither structured nor masked arrays:
    `names=` giving a structured result and `usemask=True` raise TypeError."""
    import numpy
    return _to_device(numpy.genfromtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, skip_header=skip_header,
        skip_footer=skip_footer, converters=converters, missing_values=missing_values,
        filling_values=filling_values, usecols=usecols, names=names, excludelist=excludelist,
        deletechars=deletechars, replace_space=replace_space, autostrip=autostrip,
        case_sensitive=case_sensitive, defaultfmt=defaultfmt, unpack=unpack, usemask=usemask,
        loose=loose, invalid_raise=invalid_raise, max_rows=max_rows, encoding=encoding,
        ndmin=ndmin))


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None):
    """NumPy's fromfile: raw binary (sep='') or text data read on the host by
    NumPy, then copied to the current device (Note [I/O goes through the
    host])."""
    import numpy
    return _to_device(numpy.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset))


def fromstring(string, dtype=float, count=-1, *, sep="", like=None):
    """NumPy's fromstring: the numbers in a text string separated by `sep`,
    parsed on the host by NumPy and copied to the current device. As in
    NumPy 2, sep='' (the removed binary mode) raises ValueError (use
    frombuffer)."""
    import numpy
    return _to_device(numpy.fromstring(string, dtype=dtype, count=count, sep=sep))


def tofile(a, fid, sep="", format="%s"):
    """ndarray.tofile: the array's data in C order, as raw bytes (sep='') or
    text, written by NumPy from a host copy (Note [I/O goes through the
    host]); like NumPy's, the file does not record dtype or shape."""
    a.get().tofile(fid, sep=sep, format=format)


def dump(a, file):
    """ndarray.dump: a pickle of the array written to a file object or a path
    (read back with load(..., allow_pickle=True) or pickle.load); the pickle
    holds a host copy of the data, as the array's own pickling does."""
    import os
    import pickle
    if hasattr(file, "write"):
        pickle.dump(a, file, protocol=2)  # NumPy's protocol
        return
    with open(os.fspath(file), "wb") as f:
        pickle.dump(a, f, protocol=2)


def dumps(a):
    """ndarray.dumps: the array's pickle as bytes."""
    import pickle
    return pickle.dumps(a, protocol=2)
