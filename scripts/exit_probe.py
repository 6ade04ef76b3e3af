"""What keeps cunum objects alive at exit (issue 7; docs/reliability.md).

Runs test_exit.py's exercise on one device, then, from an atexit hook (after
a gc.collect()), prints every container the garbage collector sees that holds
a cunum array or fused graph; for each Python frame among them, its
reference count and the chain of referrers (a frame nobody visible refers to
is held by a reference count taken in C and never given back). Under
compute-sanitizer the exercise leaves finished frames alive that a plain run
does not (stop 24):

    CUNUM_DEVICE=cuda compute-sanitizer --tool memcheck --leak-check no \\
        python scripts/exit_probe.py [--gc-off]

--gc-off disables the collector first (Python 3.12 may collect from inside
PyErr_CheckSignals, which cunum's interrupt check calls during long waits).
"""
import atexit
import gc
import os
import sys
import textwrap

_HERE = os.path.dirname(os.path.abspath(__file__))


def _exercise():
    with open(os.path.join(_HERE, os.pardir, "tests", "python", "test_exit.py")) as f:
        src = f.read()
    body = src.split('_EXERCISE = textwrap.dedent("""')[1].split('""")')[0]
    ns = {}
    exec(textwrap.dedent(body), ns)  # noqa: S102 -- the test's own exercise, read from the tree
    return ns["exercise"]


def _owner(d):
    for r in gc.get_referrers(d):
        if getattr(r, "__dict__", None) is d:
            return f"__dict__ of {type(r).__module__}.{type(r).__qualname__} {getattr(r, '__name__', '')}"
    if isinstance(d.get("__name__"), str):
        return f"globals of {d['__name__']}"
    return "a dict with keys " + ",".join(map(str, list(d)[:8]))


def _describe(o):
    t = type(o).__name__
    if t == "frame":
        return f"frame {o.f_code.co_name} {o.f_code.co_filename}:{o.f_lineno}"
    if isinstance(o, dict):
        return _owner(o)
    if isinstance(o, BaseException):
        return repr(o)[:200]
    if isinstance(o, (list, tuple)):
        return f"{t} of {len(o)}"
    return t


def _report(cn):
    gc.collect()
    out = sys.stderr
    held = lambda r: isinstance(r, cn.ndarray) or type(r).__name__ == "_FusionGraph"  # noqa: E731
    frames, containers = [], 0
    for o in gc.get_objects():
        try:
            hits = [r for r in gc.get_referents(o) if held(r)]
        except Exception:  # noqa: BLE001 -- some objects refuse; they hold nothing of ours
            continue
        if hits:
            containers += 1
            print(f"[probe] {_describe(o)}: {[type(h).__name__ for h in hits]}", file=out)
            if type(o).__name__ == "frame":
                frames.append(o)
    print(f"[probe] containers holding cunum objects: {containers}", file=out)
    seen = {id(frames)}
    for f in frames:
        # getrefcount counts its argument and the `frames` list: 2 means nothing else
        print(f"[probe] frame {f.f_code.co_name}:{f.f_lineno} refcount {sys.getrefcount(f)}", file=out)
        _referrers(f, 1, seen, out)


def _referrers(o, depth, seen, out):
    if depth > 5:
        return
    refs = gc.get_referrers(o)
    seen.add(id(refs))
    for r in refs:
        if id(r) in seen or type(r).__name__ in ("list_iterator", "tuple_iterator"):
            continue
        if type(r).__name__ == "frame" and r.f_back is o:
            continue  # a callee's link back
        print("[probe] " + "  " * depth + "<- " + _describe(r), file=out)
        if type(r).__name__ != "module":
            _referrers(r, depth + 1, seen, out)


def main():
    exercise = _exercise()
    import cunum as cn
    if "--gc-off" in sys.argv:
        gc.disable()
    atexit.register(_report, cn)
    exercise(os.environ.get("CUNUM_DEVICE", "cpu"))
    print("ok")


if __name__ == "__main__":
    main()
