"""cunum.lib: the parts of numpy.lib that work on cunum arrays
(stride_tricks, array_utils). Importing it imports neither NumPy nor more
of cunum."""
from . import array_utils, stride_tricks  # noqa: F401
