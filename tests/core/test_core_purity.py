"""The core stays pure: no hardware, web, threads or clocks, however deep the imports go."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"gpiozero", "luma", "serial", "flask", "waitress", "threading", "_thread", "time", "asyncio", "sqlite3", "secrets", "random"}
PURE = ("companion.core", "companion.games", "companion.scoring")


def module_file(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def imports_of(name: str, path: Path) -> set[str]:
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names if module_file(f"{base}.{a.name}"))
    return found


def walk(roots):
    seen, todo, reached = set(), list(roots), {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for imported in imports_of(name, module_file(name)):
            reached.setdefault(imported, name)
            if imported.split(".")[0] in ("companion", "hardware", "firmware_bridge", "web_panel") and module_file(imported):
                todo.append(imported)
    return reached


def pure_modules():
    for package in PURE:
        folder = ROOT.joinpath(*package.split("."))
        if folder.is_dir():
            for f in folder.rglob("*.py"):
                rel = f.relative_to(ROOT).with_suffix("")
                yield ".".join(p for p in rel.parts if p != "__init__")


def test_the_walk_sees_a_forbidden_import(tmp_path):
    # The checker itself must be able to fail: it finds `time` in the runtime.
    reached = walk(["companion.runtime"])
    assert "threading" in reached


def test_core_imports_reach_no_hardware_web_threads_or_clock():
    modules = sorted(pure_modules())
    assert "companion.core.engine" in modules and "companion.games.free_play" in modules
    reached = walk(modules)
    bad = {m: by for m, by in reached.items() if m.split(".")[0] in FORBIDDEN}
    assert not bad, f"pure modules import {bad}"
    impure_project = {m: by for m, by in reached.items()
                      if m.split(".")[0] in ("hardware", "firmware_bridge", "web_panel")
                      or m in ("companion.runtime", "companion.journal", "companion.app", "companion.settings")}
    assert not impure_project, f"pure modules import the edge: {impure_project}"


def test_loading_the_core_starts_no_thread_machinery():
    # Third-party imports too: a fresh interpreter that loads the core has no threading module.
    code = (
        "import sys; import companion.core.engine, companion.core.view, companion.games;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('threading', 'gpiozero', 'luma', 'serial', 'flask'));"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_core_imports_neither_the_games_nor_their_scoring():
    """The games and their scoring import the core, never the other way round: a game brings its scoring to the
    core (GameDef.scoring), so there is no import cycle and no registry of scoring by name in the core."""
    core = [m for m in pure_modules() if m.startswith("companion.core")]
    assert "companion.core.view" in core and "companion.core.final_sheet" in core
    outside = {m: by for m, by in walk(core).items() if m.startswith(("companion.scoring", "companion.games"))}
    assert not outside, f"the core imports {outside}"
    assert "companion.core.final_sheet" in walk(["companion.scoring"])  # and the walk sees an import of the core
