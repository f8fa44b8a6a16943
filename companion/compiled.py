"""An optional mypyc build of Le Marché's pure rules modules, for the headless simulator only.

Compiled, the simulator plays about four times the games per second. Only the simulator opts in,
by calling ``use()`` before it imports them; the table, the appliance and the web always run the
interpreted modules, whose refusals of bad input (RuleError and its message) are tested: compiled
code may raise TypeError on ill-typed input instead, which the bots never produce.

The build lives in the virtual environment (tied to its interpreter), outside the source tree, with
a manifest of the sources it was compiled from. ``use()`` loads it only while that manifest matches
the current sources and interpreter, so an edited module is never shadowed by a stale build.

    python -m companion.compiled build     # compile (mypy from the "test" extra, a C compiler)
    python -m companion.compiled status    # exit 0 when the build is current, 1 otherwise
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

PACKAGE = "companion.games.marche"
MODULES = ("state", "engine", "bots", "simulate", "scoring", "discard", "final")
"""The simulator's hot path; options and view stay interpreted (validation and display)."""

SOURCES = Path(__file__).resolve().parent / "marche"
BUILT_AGAINST = ("../core/game.py", "../core/chance.py", "../core/errors.py", "options.py", "view.py")
"""Interpreted modules the compiled ones import: mypyc bakes in their types and Final constants
(CHANCE, say), so a change to them makes a build stale too."""
BUILD_ROOT = Path(sys.prefix) / "samarkand-mypyc"
COMPILED = "compiled (mypyc)"


class BuildError(Exception):
    """The build failed; what went wrong has been printed on stderr."""


def fingerprint() -> dict:
    """What a build must have been compiled from to be used: the interpreter and each source."""
    files = [f"{name}.py" for name in MODULES] + list(BUILT_AGAINST)
    return {"interpreter": sys.implementation.cache_tag,
            "sources": {f: hashlib.sha256((SOURCES / f).read_bytes()).hexdigest() for f in files}}


def check(root: Path = BUILD_ROOT) -> str | None:
    """Why the build in ``root`` cannot be used now, or None when it matches this checkout."""
    try:
        manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "no build"
    except (OSError, ValueError) as exc:
        return f"unreadable build manifest ({exc})"
    current = fingerprint()
    if manifest.get("interpreter") != current["interpreter"]:
        return f"built for {manifest.get('interpreter')}, this is {current['interpreter']}"
    built = manifest.get("sources", {})
    changed = sorted(n for n in current["sources"].keys() | built.keys()
                     if built.get(n) != current["sources"].get(n))
    if changed:
        return f"sources changed since the build ({', '.join(changed)})"
    missing = [f for f in manifest.get("files", []) if not (root / "lib" / f).is_file()]
    if missing or not manifest.get("files"):
        return f"incomplete build (missing {', '.join(missing) or 'its file list'})"
    return None


def use(root: Path = BUILD_ROOT) -> str:
    """Make the next imports of MODULES load the build in ``root`` when it is current.

    Must run before any of them is imported (an imported module stays what it is). Returns what
    will run: COMPILED, or "interpreted: <why>".
    """
    lib = root / "lib"
    imported = [f"{PACKAGE}.{n}" for n in MODULES if f"{PACKAGE}.{n}" in sys.modules]
    if imported:
        if all(Path(sys.modules[m].__file__ or "").is_relative_to(lib) for m in imported):
            return COMPILED
        return f"interpreted: {imported[0]} already imported"
    reason = check(root)
    if reason:
        return f"interpreted: {reason}"
    import companion.games.marche as package
    package.__path__.insert(0, str(lib / "companion" / "marche"))
    if str(lib) not in sys.path:
        sys.path.append(str(lib))                 # mypyc's shared library, imported by the modules
    return COMPILED


def build(root: Path = BUILD_ROOT) -> None:
    """Compile MODULES into ``root`` and write its manifest; takes about half a minute.

    Progress and the tools' own output go to stderr. The manifest is written last, and only when
    the sources did not change while they were compiled, so a failed build is never used. One
    build at a time: two interleaved ones could leave one's manifest over the other's files.
    """
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "build.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("waiting for another build of the simulator to finish…", file=sys.stderr, flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        _build(root)


def _build(root: Path) -> None:
    lib, tmp = root / "lib", root / "tmp"
    (root / "manifest.json").unlink(missing_ok=True)
    for old in (lib, tmp):
        shutil.rmtree(old, ignore_errors=True)
    tmp.mkdir(parents=True)
    before = fingerprint()
    started = time.perf_counter()

    def step(message: str) -> None:
        print(f"[{time.perf_counter() - started:4.0f} s] {message}", file=sys.stderr, flush=True)

    import setuptools.dist  # type: ignore[import-untyped]  # before mypyc: it then builds its Extension
    from mypy.version import __version__ as mypy_version
    from mypyc.build import mypycify

    with contextlib.redirect_stdout(sys.stderr):
        step(f"mypyc {mypy_version}: type-checking {len(MODULES)} modules of {PACKAGE} into C…")
        try:
            extensions = mypycify(      # type errors count only in the modules it compiles
                [f"--cache-dir={tmp / 'mypy-cache'}", "--config-file=", "--follow-imports=silent",
                 *(str(SOURCES / f"{name}.py") for name in MODULES)],
                target_dir=str(tmp / "c"), opt_level="3")
        except SystemExit:                     # mypyc's way to stop, after printing why
            raise BuildError("mypyc refused the sources (its messages are above)") from None
        step("compiling the C extension (gcc -O3)…")
        dist = setuptools.dist.Distribution({"name": "samarkand-mypyc", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib, command.build_temp = str(lib), str(tmp / "build")
        try:
            dist.run_command("build_ext")
        except Exception as exc:              # setuptools' CompileError, LinkError, …
            raise BuildError(f"compiling the extension failed: {exc}") from None
        files = sorted(str(Path(f).relative_to(lib)) for f in command.get_outputs())
    after = fingerprint()["sources"]
    if after != before["sources"]:
        changed = ", ".join(n for n in after if after[n] != before["sources"][n])
        raise BuildError(f"{changed} changed while being compiled: build again")
    manifest = {**before, "files": files, "mypy": mypy_version}
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp / "manifest.json", root / "manifest.json")
    shutil.rmtree(tmp)
    step(f"built {len(files)} extension files in {lib}")


def main(argv: list[str]) -> int:
    if argv not in (["build"], ["status"]):
        print("usage: python -m companion.compiled build|status", file=sys.stderr)
        return 2
    if argv == ["build"]:
        try:
            build()
        except (BuildError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    reason = check()
    print(f"{COMPILED}: current build in {BUILD_ROOT}" if reason is None
          else f"interpreted: {reason} (build: python -m companion.compiled build)")
    return 0 if reason is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
