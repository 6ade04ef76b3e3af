"""NumPy's index helpers: r_ and c_ (concatenation by index syntax), s_ and
index_exp (index expressions as objects). r_ and c_ build their pieces with
cunum's arange, linspace and array, and join them with concatenate."""

from .. import _core

ndarray = _core.ndarray


def _is_scalar(x):
    import numpy
    return isinstance(x, (bool, int, float, complex, numpy.generic))


class AxisConcatenator:
    """Translates slice objects and arrays given by index syntax into one
    concatenation along an axis (NumPy's r_ and c_). A leading string sets
    the axis, or "axis,ndmin[,trans1d]"; NumPy's matrix directives 'r' and
    'c' are not supported (cunum has no matrix type), as in CuPy."""

    __slots__ = ("axis", "matrix", "ndmin", "trans1d")

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        self.axis = axis
        self.matrix = matrix
        self.ndmin = ndmin
        self.trans1d = trans1d

    def __getitem__(self, key):
        from .creation import arange, array, linspace
        from .manipulation import concatenate
        if isinstance(key, str) or self.matrix:
            raise NotImplementedError("cunum has no matrix type: r_/c_ matrix directives are not supported")
        if not isinstance(key, tuple):
            key = (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        pieces, types = [], []
        for k, item in enumerate(key):
            if isinstance(item, slice):
                start = 0 if item.start is None else item.start
                step = 1 if item.step is None else item.step
                if isinstance(step, complex) or (hasattr(step, "dtype") and step.dtype.kind == "c"):
                    piece = linspace(start, item.stop, num=int(abs(step)))
                else:
                    piece = arange(start, item.stop, step)
                if ndmin > 1:
                    piece = array(piece, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        piece = piece.swapaxes(-1, trans1d)
                types.append(piece.dtype)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ("r", "c"):
                    raise NotImplementedError(
                        "cunum has no matrix type: r_/c_ matrix directives are not supported")
                if "," in item:
                    parts = item.split(",")
                    try:
                        axis, ndmin = (int(x) for x in parts[:2])
                        if len(parts) == 3:
                            trans1d = int(parts[2])
                    except Exception as e:
                        raise ValueError(f"unknown special directive {item!r}") from e
                    continue
                try:
                    axis = int(item)
                except (ValueError, TypeError) as e:
                    raise ValueError("unknown special directive") from e
                continue
            elif _is_scalar(item):
                piece = item
                types.append(item)
            else:
                nd_before = item.ndim if hasattr(item, "ndim") else array(item).ndim
                piece = array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and nd_before < ndmin:
                    k2 = ndmin - nd_before
                    k1 = trans1d + (k2 + 1 if trans1d < 0 else 0)
                    order = list(range(ndmin))
                    piece = piece.transpose(order[:k1] + order[k2:] + order[k1:k2])
                types.append(piece.dtype)
            pieces.append(piece)
        if types:
            import numpy
            dtype = numpy.result_type(*types)
            pieces = [array(p, copy=None, ndmin=ndmin, dtype=dtype) for p in pieces]
        return concatenate(tuple(pieces), axis=axis)

    def __len__(self):
        return 0


class RClass(AxisConcatenator):
    """Concatenation along the first axis: cunum.r_[1:4, 0, arr]."""

    def __init__(self):
        super().__init__(0)


class CClass(AxisConcatenator):
    """Concatenation along the last axis, 1-d pieces as columns: cunum.c_."""

    def __init__(self):
        super().__init__(-1, ndmin=2, trans1d=0)


r_ = RClass()
c_ = CClass()


class IndexExpression:
    """NumPy's s_ (maketuple=False) and index_exp (maketuple=True): the index
    written between brackets, as an object."""

    __slots__ = ("maketuple",)

    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


index_exp = IndexExpression(maketuple=True)
s_ = IndexExpression(maketuple=False)


def _grid_dtype(x):
    # cunum arrays take part in result_type by their dtype (no copy to the host)
    return x.dtype if isinstance(x, ndarray) else x


class _NdGrid:
    """NumPy's mgrid (dense) and ogrid (sparse): slices as the axes of a mesh;
    a complex step is a number of points (stop included), as in linspace."""

    __slots__ = ("sparse",)

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        import math
        import numpy
        from .creation import arange
        from .indexing_routines import indices
        if isinstance(key, slice):
            return self._one(key)
        size, num_list = [], [0]
        for kk in key:
            start = 0 if kk.start is None else kk.start
            step = 1 if kk.step is None else kk.step
            if isinstance(step, (numpy.complexfloating, complex)):
                step = abs(step)
                size.append(int(step))
            else:
                size.append(math.ceil((kk.stop - start) / step))
            num_list += [start, kk.stop, step]
        typ = numpy.result_type(*map(_grid_dtype, num_list))
        if self.sparse:
            nn = [arange(n, dtype=typ) for n in size]
        else:
            nn = indices(size, typ)
        for k, kk in enumerate(key):
            start = 0 if kk.start is None else kk.start
            step = 1 if kk.step is None else kk.step
            if isinstance(step, (numpy.complexfloating, complex)):
                step = int(abs(step))
                if step != 1:
                    step = (kk.stop - start) / float(step - 1)
            nn[k] = nn[k] * step + start
        if self.sparse:
            for k in range(len(size)):
                nn[k] = nn[k][tuple(slice(None) if j == k else None for j in range(len(size)))]
            return tuple(nn)
        return nn

    @staticmethod
    def _one(key):
        import numpy
        from .creation import arange
        start = 0 if key.start is None else key.start
        step = key.step
        if isinstance(step, (numpy.complexfloating, complex)):
            step_float = abs(step)
            step = length = int(step_float)
            if step != 1:
                step = (key.stop - start) / float(step - 1)
            typ = numpy.result_type(*map(_grid_dtype, (start, key.stop, step_float)))
            return arange(0, length, 1, dtype=typ) * step + start
        return arange(start, key.stop, step)

    def __len__(self):
        return 0


mgrid = _NdGrid(sparse=False)
ogrid = _NdGrid(sparse=True)
