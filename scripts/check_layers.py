#!/usr/bin/env python3
"""Checks that cunum's layers read top-down (docs/architecture.md, "Layers").

    kernels   include/cunum/kernels/, config.hpp  scalar op definitions (CUNUM_HD)
    base      src/base/ + the vocabulary headers  dtypes, devices, errors, dims, scalars,
                                                  plans, the op lists (what ops exist)
    backend   src/backend/ + cuda.hpp             memory, transfers, primitive families
    core      src/core/ + its public headers      the array object and the planner
    routines  src/routines/ + the other public    composite routines, one file per
              headers                             NumPy chapter
    top       python/src, tests, examples, bench, cunum.hpp: may include anything

Every #include of a file in src/ or include/cunum/ must name a file of its own
layer or one below: base -> backend/core/routines, backend -> core/routines and
core -> routines are errors. No build is needed.

    scripts/check_layers.py                     # the include graph
    scripts/check_layers.py --objects build/test   # also the compiled objects

A public header may declare what a higher layer defines (creation.hpp declares
the array's constructors, defined in src/core/, and arange, defined in
src/routines/), so --objects also reads the symbols of the built library
(nm): no object may use a function defined by an object of a higher layer.
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYERS = ["kernels", "base", "backend", "core", "routines", "top"]
RANK = {name: i for i, name in enumerate(LAYERS)}

# The layer of each public header in include/cunum/ (kernels/ is "kernels").
# A header not listed here is a routines header: a new NumPy chapter's
# header (sorting.hpp, linalg.hpp ...) lands there without an entry.
PUBLIC_HEADERS = {
    "config.hpp": "kernels",
    "dtype.hpp": "base",
    "device.hpp": "base",
    "dims.hpp": "base",
    "error.hpp": "base",
    "interrupt.hpp": "base",      # the check a long wait for the device calls
    "warnings.hpp": "base",
    "sync_detect.hpp": "base",    # cupyx.allow_synchronize's per-thread setting       # where NumPy would warn: the handler a program installs
    "scalar.hpp": "base",
    "ufunc_def.hpp": "base",       # what a ufunc is, as data
    "ufunc_list.hpp": "base",      # which ufuncs exist (the backends instantiate them)
    "reduction_list.hpp": "base",  # which reductions exist
    "cuda.hpp": "backend",         # streams, events, allocators (cunum::cuda)
    "cuda_modules.hpp": "backend", # RawModule/RawKernel (cunum::cuda::Module)
    "ndarray.hpp": "core",
    "ufunc.hpp": "core",
    "ufuncs.hpp": "core",
    "format.hpp": "core",
    # Chapter headers that also declare what the core defines and uses: the
    # array's constructors (src/core/constructors.cpp) and views
    # (src/core/views.cpp), and the reductions generated from their table
    # (src/core/reduction.cpp). The symbol check (--objects) keeps the core
    # from calling the routines they declare too (src/routines/).
    "creation.hpp": "core",
    "manipulation.hpp": "core",
    "reduction.hpp": "core",
    "cunum.hpp": "top",            # the umbrella header
}

# Known upward uses of a symbol, each with what removes it. The check fails
# on any other upward use, and on an entry that no longer occurs (the list
# only shrinks): (path prefix of the user, start of the demangled symbol).
KNOWN_UPWARD_SYMBOLS = {
    # The CPU backend finds each ufunc's row (CUNUM_CPU_REGISTER) and loop
    # count (the start-up assertion) in the planner's table,
    # src/core/ufunc_table.cpp, whose rows also hold the planner's hooks. To
    # remove: names, indices and loop counts in a registry in src/base/, with
    # the hooks kept by the planner beside it.
    ("src/backend/cpu/", "cunum::core::ufunc_by_name("),
    ("src/backend/cpu/cpu_backend.cpp", "cunum::core::num_ufuncs("),
    ("src/backend/cpu/cpu_backend.cpp", "cunum::core::ufunc_def("),
}

SOURCE_DIRS = {"src/base": "base", "src/backend": "backend", "src/core": "core",
               "src/routines": "routines"}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def layer_of(rel):
    """The layer of a repository-relative path (a pathlib.PurePosixPath string)."""
    if rel.startswith("include/cunum/kernels/"):
        return "kernels"
    if rel.startswith("include/cunum/ufunc_list/"):  # the ufunc list, one header per chapter
        return "base"
    if rel.startswith("include/cunum/"):
        return PUBLIC_HEADERS.get(rel[len("include/cunum/"):], "routines")
    for prefix, layer in SOURCE_DIRS.items():
        if rel.startswith(prefix + "/"):
            return layer
    return "top"


def resolve(includer, kind, name):
    """The repository-relative path an #include names, or None (a system header)."""
    candidates = []
    if kind == '"':
        candidates.append(includer.parent / name)
    candidates += [ROOT / "include" / name, ROOT / "src" / name]
    for c in candidates:
        if c.is_file():
            return c.resolve().relative_to(ROOT).as_posix()
    return None


def check_includes():
    errors = []
    files = [p for d in ("src", "include") for p in (ROOT / d).rglob("*")
             if p.suffix in (".hpp", ".cpp", ".h", ".cuh", ".cu") and p.is_file()]
    for path in sorted(files):
        rel = path.relative_to(ROOT).as_posix()
        mine = layer_of(rel)
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in INCLUDE_RE.finditer(text):
            target = resolve(path, m.group(1), m.group(2))
            if target is None:
                continue
            theirs = layer_of(target)
            if RANK[theirs] > RANK[mine]:
                line = text.count("\n", 0, m.start()) + 1
                errors.append(f"{rel}:{line}: {mine} includes {target} ({theirs}): an arrow upward")
    return errors, len(files)


def object_layer(obj, objdir):
    rel = obj.relative_to(objdir).as_posix()
    for prefix, layer in SOURCE_DIRS.items():
        if rel.startswith(prefix + "/"):
            return layer, rel[:-len(".o")]
    if rel.startswith("generated/"):  # the embedded kernel headers, for NVRTC
        return "backend", rel[:-len(".o")]
    return None, rel


def check_objects(build):
    objdir = pathlib.Path(build) / "CMakeFiles" / "cunum.dir"
    objects = sorted(objdir.rglob("*.o"))
    if not objects:
        return [f"no objects under {objdir}: build the library first"], 0
    defined = {}   # symbol -> (layer, source)
    undefined = []  # (layer, source, symbol)
    for obj in objects:
        layer, src = object_layer(obj, objdir)
        if layer is None or (src.startswith("src/") and not (ROOT / src).is_file()):
            continue  # not the library's, or left over from a source since moved
        out = subprocess.run(["nm", "-P", "-C", str(obj)], capture_output=True, text=True,
                             check=True).stdout
        for row in out.splitlines():
            # "name type [value [size]]"; a demangled name may hold spaces.
            m = re.match(r"^(.*) ([A-Za-z?-])(?: [0-9a-f]+)?(?: [0-9a-f]+)?$", row.rstrip())
            if not m:
                continue
            name, kind = m.groups()
            if kind == "U":
                undefined.append((layer, src, name))
            elif kind in "TDBR":  # strong definitions (weak inline/template copies: W, V)
                defined[name] = (layer, src)
    errors = []
    seen = set()
    for layer, src, name in undefined:
        where = defined.get(name)
        if not where or RANK[where[0]] <= RANK[layer]:
            continue
        known = [k for k in KNOWN_UPWARD_SYMBOLS if src.startswith(k[0]) and name.startswith(k[1])]
        if known:
            seen.update(known)
        else:
            errors.append(f"{src}: {layer} uses {name}, defined in {where[1]} ({where[0]})")
    for user, symbol in sorted(KNOWN_UPWARD_SYMBOLS - seen):
        errors.append(f"KNOWN_UPWARD_SYMBOLS: {user} no longer uses {symbol}...: delete the entry")
    return errors, len(objects)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--objects", metavar="BUILD_DIR",
                    help="also check the symbols of the library built in BUILD_DIR")
    args = ap.parse_args()
    errors, n = check_includes()
    summary = f"check_layers: {n} files"
    if args.objects:
        obj_errors, m = check_objects(args.objects)
        errors += obj_errors
        summary += f", {m} objects"
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"{summary}: {len(errors)} upward arrow(s)", file=sys.stderr)
        return 1
    print(f"{summary}: every arrow points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
