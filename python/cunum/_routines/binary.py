"""Binary operations (NumPy's chapter) beyond the bitwise ufuncs: packbits,
unpackbits, and the two integer-to-string helpers. The C++ side is
python/src/bind_binary.cpp."""
import operator

from .. import _core
from ._args import _a

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _str_arg(value, fn, pos):
    # NumPy's own (argument-parsing) TypeError for a bitorder that is not a str
    if not isinstance(value, str):
        what = "None" if value is None else type(value).__name__
        raise TypeError(f"{fn}() argument {pos} must be str, not {what}")


def packbits(a, /, axis=None, bitorder="big"):
    _str_arg(bitorder, "pack", 3)
    return _core._packbits(_a(a), axis, bitorder)


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    _str_arg(bitorder, "unpack", 4)
    # NumPy's unpackbits reads only the first letter (packbits the word)
    if bitorder[:1] not in ("l", "b"):
        raise ValueError("'order' must begin with 'l' or 'b'")
    bitorder = "little" if bitorder[0] == "l" else "big"
    return _core._unpackbits(_a(a), axis, count, bitorder)


def _check_width(width, needed):
    if width is not None and width < needed:
        raise ValueError(f"Insufficient bit width={width} provided for binwidth={needed}")


def binary_repr(num, width=None):
    """NumPy's binary_repr: the binary digits of an integer; with width, a
    negative number in two's complement over width bits (more if it needs them)."""
    num = operator.index(num)
    if num == 0:
        return "0" * (width or 1)
    if num > 0:
        digits = format(num, "b")
        _check_width(width, len(digits))
        return digits.rjust(width or 0, "0")
    if width is None:
        return "-" + format(-num, "b")
    # Two's complement over the fewest bits that hold num (-2**k needs k + 1).
    bits = len(format(-num, "b"))
    if -num == 1 << (bits - 1):
        bits -= 1
    digits = format((1 << (bits + 1)) + num, "b")
    _check_width(width, len(digits))
    return digits.rjust(width, "1")


def base_repr(number, base=2, padding=0):
    """NumPy's base_repr: digits 0-9A-Z in base 2..36, `padding` zeros in front."""
    if base > len(_DIGITS):
        raise ValueError("Bases greater than 36 not handled in base_repr.")
    if base < 2:
        raise ValueError("Bases less than 2 not handled in base_repr.")
    n = abs(int(number))
    out = []
    while n:
        n, r = divmod(n, base)
        out.append(_DIGITS[r])
    if padding:
        out.append("0" * padding)
    if number < 0:
        out.append("-")
    return "".join(reversed(out)) if out else "0"
