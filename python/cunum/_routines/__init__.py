"""cunum's routines, one module per chapter of NumPy's (and CuPy's) reference,
"Routines": creation (Array creation routines), indexing (Indexing routines),
manipulation (Array manipulation routines), statistics (Statistics), ... A new chapter is a new
module here, named after NumPy's chapter (sorting.py for "Sorting, searching,
and counting", linalg is a subpackage as numpy.linalg is); cunum/__init__.py
exports its names. Each module parses NumPy's signatures and calls the C++
bindings of the same chapter (python/src/bind_<chapter>.cpp).

The reductions declared by the C++ reduction table (sum, prod, max, min,
argmax, argmin, any, all, nansum, ...) are generated together in
reductions.py, as the ufuncs of the ufunc table come from the C++ module:
a family declared in one table is not split by chapter.
"""
