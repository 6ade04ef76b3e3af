"""Writes <dir>/cunum-<version>.dist-info (METADATA and entry_points.txt, from
pyproject.toml) beside the package CMake assembles in the build tree, so that
with PYTHONPATH=build/test/python importlib.metadata finds cunum's entry
points as it does for an installed wheel (Dask's "dask.array.backends" and
"dask.sizeof" groups: docs/dask.md).
    python3 scripts/build_tree_metadata.py pyproject.toml build/test/python"""
import pathlib
import shutil
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11: the build tree goes without entry points
    print("build_tree_metadata: no tomllib; entry points not written", file=sys.stderr)
    sys.exit(0)


def main(pyproject, out):
    project = tomllib.loads(pathlib.Path(pyproject).read_text())["project"]
    out = pathlib.Path(out)
    for old in out.glob(f"{project['name']}-*.dist-info"):
        shutil.rmtree(old)
    info = out / f"{project['name']}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    lines = []
    for group, entries in project.get("entry-points", {}).items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {target}" for name, target in entries.items()]
        lines.append("")
    (info / "entry_points.txt").write_text("\n".join(lines))


if __name__ == "__main__":
    main(*sys.argv[1:3])
