#!/usr/bin/env python3
"""Which NumPy routines that an issue names have no declaration in the C++ API?

    issues show 9 | scripts/cpp_api_check.py              # one issue
    for n in 9 10 11 12; do issues show $n; done | scripts/cpp_api_check.py

The project's rule: every routine an open issue names is in the C++ API too
(include/cunum/<chapter>.hpp, implemented once in src/routines/), so Python
and C++ share one implementation. This script reads issue text on stdin,
takes every `backticked` dotted name that NumPy has (numpy, numpy.linalg,
numpy.fft, numpy.ndarray methods; bare names under a submodule heading are
tried in linalg and fft) and looks for a C++ declaration of it in
include/cunum/*.hpp (no build needed: a regex over the headers):

    name            a free function `name(` anywhere in the headers, a ufunc
                    in include/cunum/ufunc_list/ (`X(name, ...`), or a
                    keyword-safe spelling (`delete_`)
    linalg.name     the same inside linalg.hpp
    fft.name        the same inside fft.hpp
    ndarray.name    a member in ndarray.hpp, or a free function of that name
                    (the method and the function share their code)

It prints three lists: the names found, the names with no declaration (to be
ported), and names that are legitimately Python-only or exist in C++ under
another form, each with the reason (aliases of another NumPy function,
Python-object utilities such as c_/r_/s_, printing options, dispatch
protocols, I/O of Python files, CuPy's kernel classes ...). numpy.random is
left out (its C++ API is another piece of work); so are names that are not
routines (dtypes, constants, exceptions, modules).

Exit status 1 if any name lacks a declaration.
"""
import pathlib
import re
import signal
import sys
import types

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADERS = ROOT / "include" / "cunum"

# C++ keywords a routine's name collides with: the C++ spelling ends in "_".
CXX_KEYWORDS = {"delete", "and", "or", "not", "xor", "round", "bool", "int", "float", "double",
                "char", "long", "short", "unsigned", "signed", "void", "new", "register", "union"}

# Names that are Python-only on purpose, or are in C++ under another form.
PYTHON_ONLY = {
    # Python objects and syntax helpers: C++ has Slice / Index (cunum/indexing.hpp).
    "c_": "index-trick object (Python slice syntax); C++ builds the arrays with concatenate/arange",
    "r_": "index-trick object (Python slice syntax); C++ builds the arrays with concatenate/arange",
    "s_": "index-trick object (Python slice syntax); C++ writes cunum::Slice",
    "index_exp": "index-trick object (Python slice syntax); C++ writes cunum::Index lists",
    "ndarray.flat": "a Python iterator/view object; C++ uses ravel() (a view when it can) and put/take",
    "broadcast": "the broadcast iterator object; C++ has broadcast_shapes/broadcast_arrays",
    "ix_": "Python helper building open meshes; C++ writes reshape of the index arrays",
    "fromfunction": "calls a Python callable on index arrays; C++ composes indices() with its own code",
    "frombuffer": "reads a Python buffer object; C++ copies host memory with from_host_bytes (creation.hpp)",
    "fromstring": "parses a Python str; C++ has no string parsing routine",
    "require": "checks Python requirement flags (C/F/A/W/O/E); C++ uses ascontiguousarray/copy",
    "asanyarray": "NumPy's subclass-passing asarray; no subclasses in C++ (asarray)",
    "shape": "Python function over any array-like; C++ calls a.shape()",
    "ndim": "Python function over any array-like; C++ calls a.ndim()",
    "size": "Python function over any array-like; C++ calls a.size()",
    "isscalar": "a test on a Python object's type",
    "iscomplexobj": "a test on a Python object's dtype; C++ tests is_complex(a.dtype())",
    "isrealobj": "a test on a Python object's dtype; C++ tests !is_complex(a.dtype())",
    "isfortran": "a flag of the Python object; C++ reads a.is_f_contiguous()",
    "may_share_memory": "Python wrapper of shares_memory's bounds test",
    # Printing options: Python state; C++ has its own print options (format.hpp).
    "set_printoptions": "Python print state; C++ sets cunum::PrintOptions / printoptions (format.hpp)",
    "get_printoptions": "Python print state; C++ reads cunum::PrintOptions (format.hpp)",
    "printoptions": "Python context manager; C++ sets cunum::PrintOptions (format.hpp)",
    "array2string": "Python formatting front end; C++ formats through format.hpp",
    "array_repr": "Python formatting front end; C++ formats through format.hpp",
    "array_str": "Python formatting front end; C++ formats through format.hpp",
    "format_float_positional": "Python str formatting; C++ has float_text (src/routines)",
    "format_float_scientific": "Python str formatting; C++ has float_text (src/routines)",
    "binary_repr": "returns a Python str of a Python int",
    "base_repr": "returns a Python str of a Python int",
    # I/O of Python files and NumPy's formats: the Python side owns files.
    "save": "NumPy .npy file I/O through Python's file objects",
    "load": "NumPy .npy/.npz file I/O through Python's file objects",
    "savez": "NumPy .npz file I/O through Python's zipfile",
    "savez_compressed": "NumPy .npz file I/O through Python's zipfile",
    "savetxt": "text I/O through Python's file objects",
    "loadtxt": "text I/O through Python's file objects",
    "genfromtxt": "text I/O through Python's file objects",
    "fromfile": "file I/O through Python's file objects",
    "ndarray.tofile": "file I/O through Python's file objects",
    # Protocols and Python objects of issue 12.
    "ndarray.data": "CuPy's MemoryPointer object; C++ reads a.data() and a.storage()",
    "ndarray.to_device": "array API method; C++ has a.to(Device)",
    "ufunc": "the Python ufunc class; C++ has one function per ufunc plus cunum::Ufunc",
    "einsum_path": "returns a Python report string and path list; C++ einsum plans internally",
    "errstate": "Python context manager over floating-point error state",
    "seterr": "Python floating-point error state",
    "geterr": "Python floating-point error state",
    "show_config": "prints the Python build configuration",
    "isnat": "no datetime dtypes in cunum (the issue says so)",
    "ndarray.__array_function__": "NumPy dispatch protocol (Python)",
    "ndarray.__array_ufunc__": "NumPy dispatch protocol (Python)",
    "ndarray.__array_namespace__": "array API protocol (Python)",
    "ndarray.__array_priority__": "NumPy operator-priority attribute (Python)",
    "ndarray.__dlpack_device__": "DLPack protocol (Python); C++ reads a.device() and uses to_dlpack (interop.hpp)",
}

# Aliases: NumPy has the routine under another name; C++ declares that one
# (checked: the alias is reported missing if its target is).
ALIASES = {
    "concat": "concatenate",
    "row_stack": "vstack",
    "round": "around",          # round is taken by <cmath>
    "amax": "max",
    "amin": "min",
    "in1d": "isin",
    "asarray": "array",         # array(a, dtype, copy=false)
    "linalg.diagonal": "diagonal",              # axis1=-2, axis2=-1
    "linalg.matrix_transpose": "matrix_transpose",
    "linalg.eigvals": "linalg.eig",             # eig(a, vectors=false)
    "unique_all": "unique",     # unique(x, {all flags}); equal_nan=false
    "unique_counts": "unique",
    "unique_inverse": "unique",
    "unique_values": "unique",
    "ndarray.__getitem__": "index",             # cunum::index(a, {...})
    "ndarray.__setitem__": "index_assign",
}

# NumPy names that are not routines (types, constants, modules, exceptions).
NOT_ROUTINES = {"ndarray", "dtype", "generic", "number", "linalg", "fft", "random", "newaxis",
                "nan", "inf", "pi", "e", "exceptions", "info", "testing", "lib", "char", "ma",
                "LinAlgError", "AxisError", "float16", "float32", "float64", "complex64",
                "complex128", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "bool", "bool_", "intp", "object_"}


# A namespace-level declaration starts its line (members are indented): an
# optional template<...>, specifiers, a return type, the name, "(".
FREE = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:(?:inline|static|constexpr)\s+)*"
                  r"[A-Za-z_][\w:<>,\s&*]*?[\w>&*]\s+([A-Za-z_]\w*)\s*\(", re.M)
MEMBER = re.compile(r"^[ ]{2}(?:(?:static|inline|constexpr|explicit)\s+)*"
                    r"[A-Za-z_][\w:<>,\s&*]*?[\w>&*]\s+([A-Za-z_]\w*)\s*\(", re.M)


def declared_names():
    """name -> set of header stems declaring a function of that name
    ("ndarray." + name for the array's members)."""
    found = {}
    for path in sorted(HEADERS.rglob("*.hpp")):
        text = re.sub(r"//[^\n]*", "", path.read_text())  # comments mention names too
        if path.parent.name == "ufunc_list" or path.name == "reduction_list.hpp":
            # X(name, ...) entries, expanded into declarations by ufuncs.hpp / reduction.hpp
            for m in re.finditer(r"\bX\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,", text):
                found.setdefault(m.group(1), set()).add(path.parent.name if path.parent.name == "ufunc_list" else path.stem)
            continue
        if path.parent.name == "kernels":
            continue  # device-side scalar functions, not the API
        for m in FREE.finditer(text):
            if m.group(1) not in {"operator", "return"}:
                found.setdefault(m.group(1), set()).add(path.stem)
        if path.name == "ndarray.hpp":
            for m in MEMBER.finditer(text):
                found.setdefault("ndarray." + m.group(1), set()).add(path.stem)
    return found


def numpy_object(name):
    obj = np
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def canonical(text):
    """The issue's backticked names, mapped to NumPy's dotted names."""
    names = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`", text))
    # Lists written with slashes: `ndarray.sort/argsort`, `sum/prod`,
    # `unique_all/counts` (the later items take the first's prefix).
    for group in re.findall(r"`([A-Za-z_][\w.]*(?:/\s*[A-Za-z_]\w*)+)`", text):
        items = [x.strip() for x in group.split("/")]
        first = items[0]
        prefix = (first.rsplit(".", 1)[0] + "." if "." in first
                  else first.rsplit("_", 1)[0] + "_" if "_" in first else "")
        names.add(first)
        names.update(prefix + x for x in items[1:])
    out = set()
    for n in names:
        if n.startswith(("cunumx.", "cupyx.", "cunum.cuda", "cunum.random", "random.")):
            continue
        n = n[len("cunum."):] if n.startswith("cunum.") else n
        if n.startswith("ndarray."):
            if hasattr(np.ndarray, n.split(".", 1)[1]):
                out.add(n)
            continue
        if numpy_object(n) is None and "." not in n:
            for sub in ("linalg", "fft"):
                if numpy_object(f"{sub}.{n}") is not None:
                    n = f"{sub}.{n}"
                    break
            else:
                if numpy_object(f"random.{n}") is not None:
                    continue  # numpy.random: not audited here
        obj = numpy_object(n)
        if obj is None or n in NOT_ROUTINES or isinstance(obj, (type, types.ModuleType)) and n not in PYTHON_ONLY:
            if obj is None and "." not in n and hasattr(np.ndarray, n):
                out.add("ndarray." + n)
            continue
        if not callable(obj) and n not in PYTHON_ONLY:
            continue  # constants
        out.add(n)
    return sorted(out)


def cxx_spellings(leaf):
    yield leaf
    if leaf in CXX_KEYWORDS:
        yield leaf + "_"


def check(name, decl):
    """(where, note): where is the header that declares it, or None."""
    if name in PYTHON_ONLY:
        return None, PYTHON_ONLY[name]
    if name in ALIASES:
        where, _ = check(ALIASES[name], decl)
        return ("alias", f"alias of {ALIASES[name]} (declared in {where}.hpp)") if where else (None, None)
    sub, _, leaf = name.rpartition(".")
    want = {"linalg": {"linalg"}, "fft": {"fft"}}.get(sub)
    if sub == "ndarray":
        want = None
    for spelling in cxx_spellings(leaf):
        homes = decl.get(spelling, set()) | (decl.get("ndarray." + spelling, set()) if sub == "ndarray" else set())
        if want is not None:
            homes = homes & want
        if homes:
            return sorted(homes)[0], spelling
    if sub == "" and isinstance(numpy_object(name), np.ufunc):
        real = numpy_object(name).__name__
        if real != leaf and real in decl:
            return "alias", f"ufunc alias of {real}"
    return None, None


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends quietly
    decl = declared_names()
    names = canonical(sys.stdin.read())
    have, missing, python_only = [], [], []
    for n in names:
        where, note = check(n, decl)
        if where == "alias":
            python_only.append((n, note))
        elif where:
            have.append((n, where, note))
        elif note:
            python_only.append((n, note))
        else:
            missing.append(n)
    print(f"{len(names)} NumPy routines named; {len(have)} declared in include/cunum/, "
          f"{len(python_only)} Python-only or under another C++ form, {len(missing)} missing:")
    for n in missing:
        print("  MISSING", n)
    print("Python-only / other C++ form:")
    for n, why in python_only:
        print(f"  {n:28s} {why}")
    if "-v" in sys.argv:
        print("Declared:")
        for n, where, spelling in have:
            print(f"  {n:28s} {where}.hpp" + (f" ({spelling})" if spelling != n.rpartition('.')[2] else ""))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
