"""Input and output (cunum/_routines/io.py): save/load (.npy, mmap_mode,
allow_pickle), savez/savez_compressed and the NpzFile of cunum arrays,
savetxt/loadtxt/genfromtxt, fromfile/tofile, fromstring, against NumPy on
every device: files written by cunum are read by NumPy and files written by
NumPy are read by cunum, byte-identical where NumPy's writer is deterministic,
for every dtype, C and Fortran order, 0-d, empty and non-contiguous arrays.
"""
import io
import zipfile

import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, USING_NUMPY_SHIM, assert_same, dtype_params, make_data, make_rng

pytestmark = pytest.mark.usefixtures("device")

SHAPES = [(), (0,), (3, 0), (7,), (3, 4), (2, 3, 4)]


def _arrays(dtype, rng):
    for shape in SHAPES:
        yield make_data(shape, dtype, rng=rng)
    yield numpy.asfortranarray(make_data((3, 5), dtype, rng=rng))   # Fortran order
    yield make_data((6, 8), dtype, rng=rng)[::2, ::-3]                  # non-contiguous


def _layout_f(a):
    return a.ndim > 1 and a.flags.f_contiguous and not a.flags.c_contiguous


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_save_load_round_trip_every_dtype(tmp_path, dtype):
    rng = make_rng(1)
    for k, h in enumerate(_arrays(dtype, rng)):
        x = cn.asarray(h)
        if _layout_f(h):
            x = cn.asfortranarray(x)
        p = tmp_path / f"a{k}.npy"
        cn.save(p, x)
        # NumPy reads what cunum wrote, and the bytes are NumPy's own file
        back = numpy.load(p)
        numpy.testing.assert_array_equal(back, h)
        assert back.dtype == h.dtype and back.shape == h.shape
        q = tmp_path / f"n{k}.npy"
        numpy.save(q, h)
        assert p.read_bytes() == q.read_bytes()
        # cunum reads what NumPy wrote
        y = cn.load(q)
        assert_same(h, y, exact=True)


def test_fortran_order_kept(tmp_path):
    h = numpy.asfortranarray(numpy.arange(12.0).reshape(3, 4))
    x = cn.asfortranarray(cn.asarray(h))
    cn.save(tmp_path / "f.npy", x)
    with open(tmp_path / "f.npy", "rb") as f:
        assert numpy.lib.format.read_magic(f) == (1, 0)
        _, fortran, _ = numpy.lib.format.read_array_header_1_0(f)
    assert fortran
    y = cn.load(tmp_path / "f.npy")
    assert y.flags.f_contiguous and not y.flags.c_contiguous
    assert_same(h, y, exact=True)


def test_save_to_file_object_and_appends_suffix(tmp_path):
    x = cn.arange(5, dtype="int16")
    buf = io.BytesIO()
    cn.save(buf, x)
    buf.seek(0)
    numpy.testing.assert_array_equal(numpy.load(buf), numpy.arange(5, dtype="int16"))
    cn.save(str(tmp_path / "noext"), x)       # NumPy appends .npy to a path without it
    assert (tmp_path / "noext.npy").exists()


@pytest.mark.parametrize("mode", ["r", "r+", "c"])
def test_load_mmap_mode(tmp_path, mode):
    h = make_data((4, 5), "float32", rng=make_rng(2))
    numpy.save(tmp_path / "m.npy", h)
    y = cn.load(tmp_path / "m.npy", mmap_mode=mode)
    assert isinstance(y, cn.ndarray)
    assert_same(h, y, exact=True)
    if USING_NUMPY_SHIM:
        return
    y[0, 0] = 99  # a device array, writable whatever the mode: the file is not written
    numpy.testing.assert_array_equal(numpy.load(tmp_path / "m.npy"), h)


def test_load_pickle_rules(tmp_path):
    p = tmp_path / "obj.npy"
    numpy.save(p, numpy.array([{"a": 1}, None], dtype=object))
    with pytest.raises(ValueError):
        cn.load(p)                      # NumPy's refusal: allow_pickle=False by default
    if not USING_NUMPY_SHIM:
        with pytest.raises(TypeError):
            cn.load(p, allow_pickle=True)   # an object array cannot live on a device
    with pytest.raises(ValueError):
        cn.save(tmp_path / "o2.npy", numpy.array([None], dtype=object), allow_pickle=False)


def test_load_missing_file_and_bad_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        cn.load(tmp_path / "missing.npy")
    (tmp_path / "bad.npy").write_bytes(b"not an npy file")
    with pytest.raises(Exception) as e_cn:
        cn.load(tmp_path / "bad.npy")
    with pytest.raises(Exception) as e_np:
        numpy.load(tmp_path / "bad.npy")
    assert type(e_cn.value) is type(e_np.value)


@pytest.mark.parametrize("compressed", [False, True])
def test_savez_npz_file(tmp_path, compressed):
    rng = make_rng(3)
    hs = [make_data((3, 4), d, rng=rng) for d in ("bool", "int32", "float64", "complex64")]
    named = {"zero_d": make_data((), "uint8", rng=rng), "empty": numpy.zeros((0, 2), "float16")}
    fn_cn = cn.savez_compressed if compressed else cn.savez
    fn_np = numpy.savez_compressed if compressed else numpy.savez
    fn_cn(tmp_path / "c.npz", *[cn.asarray(h) for h in hs], **{k: cn.asarray(v) for k, v in named.items()})
    fn_np(tmp_path / "n.npz", *hs, **named)
    with zipfile.ZipFile(tmp_path / "c.npz") as z:
        kinds = {i.compress_type for i in z.infolist()}
    assert kinds == {zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED}
    with numpy.load(tmp_path / "c.npz") as npz, numpy.load(tmp_path / "n.npz") as ref:
        assert sorted(npz.files) == sorted(ref.files)
        for k in ref.files:
            numpy.testing.assert_array_equal(npz[k], ref[k])
            assert npz[k].dtype == ref[k].dtype and npz[k].shape == ref[k].shape
    with cn.load(tmp_path / "n.npz") as f:
        assert sorted(f.files) == sorted(["arr_0", "arr_1", "arr_2", "arr_3", "zero_d", "empty"])
        assert "arr_0" in f and len(f) == 6 and sorted(f) == sorted(f.keys())
        for i, h in enumerate(hs):
            assert_same(h, f[f"arr_{i}"], exact=True)
        for k, v in named.items():
            assert_same(v, f[k], exact=True)
        assert all(isinstance(v, cn.ndarray) for v in f.values())
        assert [k for k, _ in f.items()] == list(f.keys())
        assert f.get("nope") is None
        with pytest.raises(KeyError):
            f["nope"]


def test_savez_mixed_inputs(tmp_path):
    # NumPy arrays and Python lists are accepted alongside cunum arrays
    cn.savez(tmp_path / "m.npz", cn.arange(3), numpy.ones(2), b=[1.5, 2.5])
    with numpy.load(tmp_path / "m.npz") as f:
        numpy.testing.assert_array_equal(f["arr_0"], numpy.arange(3))
        numpy.testing.assert_array_equal(f["arr_1"], numpy.ones(2))
        numpy.testing.assert_array_equal(f["b"], [1.5, 2.5])


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8", "float32", "float64", "complex128"])
def test_savetxt_matches_numpy(tmp_path, dtype):
    h = make_data((4, 3), dtype, rng=make_rng(4))
    for kw in ({}, {"fmt": "%.3f" if dtype[0] != "c" else "%.3e", "delimiter": ",", "header": "a,b,c",
                    "footer": "end", "comments": "// "}):
        cn.savetxt(tmp_path / "c.txt", cn.asarray(h), **kw)
        numpy.savetxt(tmp_path / "n.txt", h, **kw)
        assert (tmp_path / "c.txt").read_text() == (tmp_path / "n.txt").read_text()
    cn.savetxt(tmp_path / "1d.txt", cn.asarray(h[:, 0]))
    numpy.savetxt(tmp_path / "1dn.txt", h[:, 0])
    assert (tmp_path / "1d.txt").read_text() == (tmp_path / "1dn.txt").read_text()
    with pytest.raises(ValueError):
        cn.savetxt(tmp_path / "3d.txt", cn.zeros((2, 2, 2)))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int16", "complex128"])
def test_loadtxt(tmp_path, dtype):
    h = make_data((5, 3), dtype, rng=make_rng(5))
    fmt = "%d" if numpy.dtype(dtype).kind in "iu" else "%.18e"
    numpy.savetxt(tmp_path / "t.txt", h, fmt=fmt, delimiter=",", header="x y z")
    for kw in ({}, {"usecols": (0, 2)}, {"skiprows": 2}, {"skiprows": 1, "max_rows": 2}, {"ndmin": 2, "usecols": 1}):
        want = numpy.loadtxt(tmp_path / "t.txt", dtype=dtype, delimiter=",", **kw)
        got = cn.loadtxt(tmp_path / "t.txt", dtype=dtype, delimiter=",", **kw)
        assert_same(want, got, exact=True)
    a, b, c = cn.loadtxt(tmp_path / "t.txt", dtype=dtype, delimiter=",", unpack=True)
    wa, wb, wc = numpy.loadtxt(tmp_path / "t.txt", dtype=dtype, delimiter=",", unpack=True)
    for w, g in ((wa, a), (wb, b), (wc, c)):
        assert_same(w, g, exact=True)


def test_loadtxt_from_lines_and_errors():
    lines = ["1 2 3", "# comment", "4 5 6"]
    assert_same(numpy.loadtxt(lines), cn.loadtxt(lines), exact=True)
    with pytest.raises(ValueError):
        cn.loadtxt(["1 2", "3 x"])
    if USING_NUMPY_SHIM:
        return
    with pytest.raises(TypeError):
        cn.loadtxt(["1 2"], dtype=[("a", "i4"), ("b", "f8")])   # structured: not on a device


def test_genfromtxt():
    text = ["1,2,3", "4,,6", "7,8,nan", "10,11,12"]
    for kw in ({}, {"filling_values": -1}, {"skip_header": 1}, {"skip_footer": 1},
               {"usecols": (0, 2)}, {"dtype": "int32", "filling_values": 0, "skip_footer": 2},
               {"missing_values": "8", "filling_values": 0.5}):
        want = numpy.genfromtxt(text, delimiter=",", **kw)
        got = cn.genfromtxt(text, delimiter=",", **kw)
        assert_same(want, got, exact=True)
    if USING_NUMPY_SHIM:
        return
    with pytest.raises(TypeError):                          # cunum has no masked arrays
        cn.genfromtxt(text, delimiter=",", usemask=True)
    with pytest.raises(TypeError):
        cn.genfromtxt(["a,b", "1,2"], delimiter=",", names=True)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_tofile_fromfile_binary(tmp_path, dtype):
    h = make_data((4, 6), dtype, rng=make_rng(6))
    for k, (src, x) in enumerate([(h, cn.asarray(h)), (h.T, cn.asarray(h).T),
                                  (h[::2, 1::2], cn.asarray(h)[::2, 1::2])]):
        x.tofile(tmp_path / f"c{k}.bin")
        src.tofile(tmp_path / f"n{k}.bin")
        assert (tmp_path / f"c{k}.bin").read_bytes() == (tmp_path / f"n{k}.bin").read_bytes()
        got = cn.fromfile(tmp_path / f"c{k}.bin", dtype=dtype)
        assert_same(numpy.fromfile(tmp_path / f"n{k}.bin", dtype=dtype), got, exact=True)
    itemsize = numpy.dtype(dtype).itemsize
    for kw in ({"count": 5}, {"offset": 3 * itemsize}, {"count": 2, "offset": itemsize}):
        assert_same(numpy.fromfile(tmp_path / "n0.bin", dtype=dtype, **kw),
                    cn.fromfile(tmp_path / "c0.bin", dtype=dtype, **kw), exact=True)


def test_tofile_fromfile_text(tmp_path):
    h = make_data((3, 4), "float64", rng=make_rng(7))
    cn.asarray(h).tofile(tmp_path / "c.txt", sep=",", format="%.6f")
    h.tofile(tmp_path / "n.txt", sep=",", format="%.6f")
    assert (tmp_path / "c.txt").read_text() == (tmp_path / "n.txt").read_text()
    assert_same(numpy.fromfile(tmp_path / "n.txt", sep=","), cn.fromfile(tmp_path / "c.txt", sep=","),
                exact=True)
    # 0-d and empty
    cn.array(3.5).tofile(tmp_path / "z.bin")
    assert (tmp_path / "z.bin").read_bytes() == numpy.array(3.5).tobytes()
    cn.zeros(0).tofile(tmp_path / "e.bin")
    assert (tmp_path / "e.bin").read_bytes() == b""
    assert_same(numpy.fromfile(tmp_path / "e.bin"), cn.fromfile(tmp_path / "e.bin"), exact=True)


def test_tofile_file_object(tmp_path):
    x = cn.arange(6, dtype="int32")
    with open(tmp_path / "f.bin", "wb") as f:
        x.tofile(f)
        x[::-1].tofile(f)
    got = numpy.fromfile(tmp_path / "f.bin", dtype="int32")
    numpy.testing.assert_array_equal(got, numpy.r_[numpy.arange(6), numpy.arange(6)[::-1]])


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int8", "uint32"])
def test_fromstring(dtype):
    for s, kw in (("1 2 3 4", {"sep": " "}), ("1,2,3,4", {"sep": ","}), ("1, 2, 3, 4", {"sep": ",", "count": 3})):
        assert_same(numpy.fromstring(s, dtype=dtype, **kw), cn.fromstring(s, dtype=dtype, **kw), exact=True)
    with pytest.raises(ValueError):
        cn.fromstring("1 2")            # NumPy 2 removed the binary mode (sep='')


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="checks where cunum's results live")
def test_results_on_current_device(tmp_path, device):
    cn.save(tmp_path / "d.npy", cn.arange(3))
    want = cn.Device(device)  # the fixture's "cuda" is the array's "cuda:0"
    assert cn.load(tmp_path / "d.npy").device == want
    assert cn.loadtxt(["1 2"]).device == want
    assert cn.fromstring("1 2", sep=" ").device == want
