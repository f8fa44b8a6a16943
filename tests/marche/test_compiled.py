"""The simulator's optional mypyc build (companion/compiled.py): used only while current, same games.

scripts/test compiles it before the suite. Running pytest by hand after editing a compiled
module: `.venv/bin/python -m companion.compiled build` first, or these tests fail and say so.
This process stays interpreted (the simulator is imported below); the compiled one runs in
subprocesses that call use() first, as `samarkand simulate` does.
"""
from __future__ import annotations

import json
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import companion.games.marche
from companion import compiled
from companion.games.marche import simulate as interpreted

TIMING = ("seconds", "games_per_second")
CASES = [  # players, games, seed, rules
    (5, 12, 1, None),
    (3, 12, 2, None),
    (4, 10, 3, {"hidden_goods": True}),
    (5, 10, 4, {"set_scoring": "doubling"}),
    (4, 10, 5, {"camel_refill": "immediate"}),
    (5, 8, 6, {"hidden_goods": True, "set_scoring": "doubling", "camel_refill": "immediate"}),
]
LOADED = """
import json, sys
from pathlib import Path
from companion.compiled import BUILD_ROOT, use
import companion.games.marche
before = (list(companion.games.marche.__path__), list(sys.path))
build = use(Path(sys.argv[1]) if len(sys.argv) > 1 else BUILD_ROOT)
import companion.games.marche.simulate
print(json.dumps({"build": build, "unchanged": before == (companion.games.marche.__path__, sys.path),
                  "files": {name: module.__file__ for name, module in sys.modules.items()
                            if name.startswith("companion.games.marche.")}}))
"""
SUMMARIES = """
import json, sys
from companion.compiled import use
build = use()
from companion.games.marche.simulate import simulate
print(json.dumps([simulate(p, g, s, rules=r).to_dict() for p, g, s, r in json.loads(sys.argv[1])]))
"""


def python(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def require_current_build() -> None:
    reason = compiled.check()
    assert reason is None, (f"the simulator's mypyc build cannot be used: {reason}. scripts/test "
                            "builds it; by hand: .venv/bin/python -m companion.compiled build")


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in json.loads(json.dumps(summary)).items() if k not in TIMING}


def fake_build(root: Path, **manifest) -> Path:
    """A build of empty extension files whose manifest fits this checkout, but for ``manifest``."""
    files = [f"companion/games/marche/{name}{EXTENSION_SUFFIXES[0]}" for name in compiled.MODULES]
    for file in files:
        (root / "lib" / file).parent.mkdir(parents=True, exist_ok=True)
        (root / "lib" / file).write_bytes(b"")
    manifest = {**compiled.fingerprint(), "files": files, "mypy": "0", **manifest}
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


def test_after_use_the_simulator_runs_compiled():
    require_current_build()
    loaded = json.loads(python(LOADED))
    assert loaded["build"] == compiled.COMPILED
    for name in compiled.MODULES:
        assert Path(loaded["files"][f"companion.games.marche.{name}"]).is_relative_to(compiled.BUILD_ROOT)
    assert loaded["files"]["companion.games.marche.options"] == str(compiled.SOURCES / "options.py")


def test_the_command_line_simulator_says_it_ran_compiled():
    require_current_build()
    done = subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "marche", "--games", "2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "games/s, compiled (mypyc))" in done.stdout.splitlines()[0]


def test_compiled_and_interpreted_play_the_same_games():
    require_current_build()
    assert interpreted.__file__.endswith(".py")
    summaries = json.loads(python(SUMMARIES, json.dumps(CASES)))
    for (players, games, seed, rules), summary in zip(CASES, summaries, strict=True):
        expected = interpreted.simulate(players, games, seed, rules=rules).to_dict()
        assert without_timing(summary) == without_timing(expected), (players, rules)


def test_a_build_is_used_only_while_its_manifest_matches_the_checkout(tmp_path):
    assert compiled.check(fake_build(tmp_path / "fits")) is None
    sources = compiled.fingerprint()["sources"]
    edited = fake_build(tmp_path / "edited", sources={**sources, "engine.py": "0" * 64})
    assert compiled.check(edited) == "sources changed since the build (engine.py)"
    fewer = fake_build(tmp_path / "fewer", sources={k: v for k, v in sources.items() if k != "bots.py"})
    assert compiled.check(fewer) == "sources changed since the build (bots.py)"
    core = fake_build(tmp_path / "core", sources={**sources, "../core/game.py": "0" * 64})
    assert compiled.check(core) == "sources changed since the build (../core/game.py)"
    other = fake_build(tmp_path / "other", interpreter="cpython-399")
    assert compiled.check(other) == f"built for cpython-399, this is {sys.implementation.cache_tag}"
    partial = fake_build(tmp_path / "partial")
    next((partial / "lib").rglob("final.*")).unlink()
    assert compiled.check(partial).startswith("incomplete build (missing companion/games/marche/final.")
    assert compiled.check(tmp_path / "none") == "no build"
    (tmp_path / "torn").mkdir()
    (tmp_path / "torn" / "manifest.json").write_text("{", encoding="utf-8")
    assert compiled.check(tmp_path / "torn").startswith("unreadable build manifest")


def test_use_refuses_a_stale_build_and_leaves_the_imports_alone(tmp_path):
    stale = fake_build(tmp_path, sources={**compiled.fingerprint()["sources"], "state.py": "0" * 64})
    loaded = json.loads(python(LOADED, str(stale)))     # its empty files would fail to import
    assert loaded["build"] == "interpreted: sources changed since the build (state.py)"
    assert loaded["unchanged"]
    assert loaded["files"]["companion.games.marche.simulate"] == str(compiled.SOURCES / "simulate.py")


def test_use_after_the_modules_are_imported_says_so_and_changes_nothing(tmp_path):
    package_path, sys_path = list(companion.games.marche.__path__), list(sys.path)
    try:
        assert compiled.use(fake_build(tmp_path)) == \
            "interpreted: companion.games.marche.state already imported"
        assert companion.games.marche.__path__ == package_path and sys.path == sys_path
    finally:
        companion.games.marche.__path__[:], sys.path[:] = package_path, sys_path
