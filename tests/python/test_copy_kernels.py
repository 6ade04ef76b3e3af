"""The copy family's kernels (Note [Copy kernels]) through the routines that
use them: contiguous copies and casts (aligned or not, so both the vector
kernel and the strided one run), copies of reversed views, and transposed
copies (the tiled kernel: edges that cut tiles, batch dims, casts, negative
strides, extents too small for a tile). Values, dtype, shape and layout are
NumPy's on every device."""
import numpy
import pytest

from helpers import ALL_DTYPES, SOME_DTYPES, assert_layout, compare, dtype_params, make_data

pytestmark = pytest.mark.usefixtures("device")

CAST_PAIRS = [("float32", "float32"), ("float64", "float32"), ("int8", "float64"), ("uint16", "int16"),
              ("float16", "float32"), ("float32", "float16"), ("complex64", "complex128"), ("bool", "int32"),
              ("int64", "bool"), ("complex128", "complex64"), ("uint8", "uint8"), ("float64", "float64"),
              ("float32", "int32"), ("uint32", "float32")]


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("n", [0, 1, 7, 1024, 4099, 70001])
def test_contiguous_and_reversed_copy(dt, n, rng):
    a = make_data((n,), dt, rng=rng)
    compare(lambda xp, x: x.copy(), a)
    compare(lambda xp, x: x[::-1].copy(), a)
    compare(lambda xp, x: xp.flip(x).copy(), a)
    compare(lambda xp, x: x[1:].copy(), a)  # misaligned source: the strided kernel
    compare(lambda xp, x: x[:-1][::-1].copy(), a)  # reversed and misaligned


@pytest.mark.parametrize("src,dst", CAST_PAIRS, ids=str)
def test_contiguous_and_reversed_casts(src, dst, rng):
    a = make_data((5003,), src, "full" if src[0] in "iu" else "default", rng=rng)
    compare(lambda xp, x: x.astype(dst), a)
    compare(lambda xp, x: x[::-1].astype(dst), a)
    compare(lambda xp, x: x[3:][::-1].astype(dst), a)

    def into(xp, x):
        out = xp.zeros(5003, dst)
        xp.copyto(out, x, casting="unsafe")
        out2 = xp.zeros(5000, dst)
        out2[...] = x[3:][::-1].astype(dst)
        return out, out2
    compare(into, a)


@pytest.mark.parametrize("shape", [(16, 16), (17, 33), (33, 17), (64, 64), (100, 300), (1000, 16), (15, 40),
                                   (3, 5000), (5000, 3), (0, 20)], ids=str)
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_transposed_copy(shape, dt, rng):
    a = make_data(shape, dt, rng=rng)
    compare(lambda xp, x: xp.ascontiguousarray(x.T), a)
    compare(lambda xp, x: xp.asfortranarray(x), a)
    compare(lambda xp, x: x.T.copy(), a)
    compare(lambda xp, x: x[::-1].T.copy(), a)  # negative strides on the source's rows
    compare(lambda xp, x: x.T[::-1, 1:].copy(), a)
    want, got = compare(lambda xp, x: xp.ascontiguousarray(x.T), a)
    assert_layout(want, got)


@pytest.mark.parametrize("src,dst", CAST_PAIRS, ids=str)
def test_transposed_casts(src, dst, rng):
    a = make_data((132, 200), src, "full" if src[0] in "iu" else "default", rng=rng)
    compare(lambda xp, x: x.T.astype(dst), a)
    compare(lambda xp, x: xp.asarray(x.T, dtype=dst, order="C") if xp is numpy else x.T.astype(dst, order="C"), a)

    def into(xp, x):
        out = xp.zeros((200, 132), dst)
        out[...] = x.T
        return out
    compare(into, a)


@pytest.mark.parametrize("axes", [(0, 2, 1), (1, 0, 2), (2, 1, 0), (1, 2, 0), (2, 0, 1)], ids=str)
@pytest.mark.parametrize("dt", dtype_params(["int8", "float32", "float64", "complex128"]))
def test_batched_transposed_copy(axes, dt, rng):
    a = make_data((5, 40, 70), dt, rng=rng)
    compare(lambda xp, x: xp.ascontiguousarray(x.transpose(axes)), a)
    compare(lambda xp, x: x.transpose(axes)[:, ::-1].copy(), a)
    c = make_data((4, 64, 96), dt, rng=rng)  # rows of 16-byte multiples: whole squares by 16-byte accesses
    compare(lambda xp, x: xp.ascontiguousarray(x.transpose(axes)), c)
    compare(lambda xp, x: xp.ascontiguousarray(x[:, :, 4:].transpose(axes)), c)
    b = make_data((3, 4, 33, 20), dt, rng=rng)
    compare(lambda xp, x: xp.ascontiguousarray(x.transpose(0, 3, 1, 2)), b)
    compare(lambda xp, x: xp.ascontiguousarray(x.transpose(3, 2, 1, 0)), b)


# Note [Row copies]: pieces whose rows are contiguous on both sides (aligned
# rows: 16-byte vectors; odd offsets: item by item), rows broadcast from one
# item, fills of 2-d regions, and repeat along a contiguous last axis.
@pytest.mark.parametrize("shape", [(3, 8), (5, 100), (40, 1029), (2, 70000), (300, 64)], ids=str)
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_row_copies(shape, dt, rng):
    a = make_data(shape, dt, rng=rng)

    def pieces(xp, x):
        big = xp.zeros((shape[0] + 3, shape[1] + 9), x.dtype)
        big[1:-2, 4:-5] = x            # rows at odd offsets
        big2 = xp.zeros((shape[0], shape[1] + 8), x.dtype)
        big2[:, 4:-4] = x              # 16-byte aligned rows for 4-byte items
        col = xp.zeros((shape[0], shape[1]), x.dtype)
        col[...] = x[:, :1]            # a broadcast row source
        filled = xp.zeros((shape[0] + 2, shape[1] + 2), x.dtype)
        filled[1:-1, 1:-1] = 1         # a fill of a 2-d region
        return big, big2, col, filled, xp.tile(x, (2, 3)), xp.repeat(x, 2, axis=0)
    compare(pieces, a)


# Rows broadcast along the dim before the last (repeat of rows, tile along
# the last axis) at sizes that fill the device, where the rows kernel takes
# its long-row shape (and, with CUNUM_COPY_ROW_REPLICATE=1 on the GPU, reads
# each row once: RowSource::CopyReplicated); odd row lengths take the
# item-by-item tail and unaligned rows.
@pytest.mark.parametrize("shape", [(1200, 1030), (2100, 513)], ids=str)
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_row_copies_replicated(shape, dt, rng):
    a = make_data(shape, dt, rng=rng)

    def pieces(xp, x):
        out = [xp.repeat(x, r, axis=0) for r in (2, 3, 8)]
        out += [xp.tile(x, (1, 2)), xp.tile(x, (2, 2)), xp.tile(x[:, 1:], (1, 3))]
        big = xp.zeros((shape[0], 4, shape[1] + 3), x.dtype)
        big[:, :, 1:-2] = x[:, None, :]  # a broadcast view into a strided destination
        return out + [big]
    compare(pieces, a)


@pytest.mark.parametrize("src,dst", CAST_PAIRS[:8], ids=str)
def test_row_copy_casts(src, dst, rng):
    a = make_data((37, 260), src, "full" if src[0] in "iu" else "default", rng=rng)

    def into(xp, x):
        out = xp.zeros((37, 268), dst)
        xp.copyto(out[:, 4:-4], x, casting="unsafe")
        return out
    compare(into, a)


@pytest.mark.parametrize("r", [2, 3, 4, 7, 16, 17])
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("n", [1, 5, 1001])
def test_repeat_inner(r, dt, n, rng):
    a = make_data((n,), dt, rng=rng)
    compare(lambda xp, x: xp.repeat(x, r), a)
    compare(lambda xp, x: xp.repeat(x[1:], r), a)
    compare(lambda xp, x: xp.repeat(x.reshape(1, n), r, axis=1), a)
