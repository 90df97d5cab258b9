"""The core stays pure: no hardware, web, threads or clocks, however deep the imports go. The edges (the parts,
the reader's link, the web panel) import the core, never each other; the web panel keeps no state in its modules."""

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


EDGES = ("hardware", "firmware_bridge", "web_panel")
ROOTS = ("companion.app", "companion.cli", "companion.doctor")  # they make the parts (and check them) for the rest


def project_modules(*packages):
    for package in packages:
        for f in sorted(ROOT.joinpath(package).rglob("*.py")):
            rel = f.relative_to(ROOT).with_suffix("")
            yield ".".join(p for p in rel.parts if p != "__init__"), f


def test_the_edges_import_the_core_and_never_each_other():
    """The reader's link took its event type from the journal and its health from the hardware's parts;
    companion/wifi.py drove hardware.network; the panel's network page and simulated box read the hardware.
    Now each edge imports the core and its own package, and the core none of the edges but where the parts are
    made: the event type and a part's health are the core's (companion.reader_event, companion.health), and
    the network an interface companion.wifi owns and hardware.network implements."""
    crossed = {}
    for name, path in project_modules("companion", *EDGES):
        if name in ROOTS:
            continue
        edges = {m for m in imports_of(name, path) if m.split(".")[0] in EDGES and m.split(".")[0] != name.split(".")[0]}
        if edges:
            crossed[name] = sorted(edges)
    assert not crossed, f"modules importing another edge: {crossed}"


# What a web module may keep at its top level though it is kept between requests: the same for every app.
SHARED = {  # the static files as served (versioned, their imports rewritten), by their paths and when they changed
    "web_panel.static_files._files": "the static files' bytes and versions",
    "web_panel.static_files._imports": "a module's imports, for the preloads"}
MUTABLE = {"Lock", "RLock", "Condition", "Semaphore", "BoundedSemaphore", "Event", "OrderedDict", "deque",
           "defaultdict", "dict", "list", "set", "Counter", "lru_cache", "cache", "WeakValueDictionary"}


def _called(node):
    """The name a call (or a decorator) calls: `threading.Lock()` -> "Lock", `lru_cache(maxsize=9)(f)` -> "lru_cache"."""
    while isinstance(node, ast.Call):
        node = node.func
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def test_the_web_panel_keeps_its_state_on_the_app_not_in_its_modules():
    """The panel's history replays, its restore lock, the phones' last taps and its compressed answers were
    module globals, shared by every app in the process (the tests make many); now each app keeps its own."""
    kept = {}
    for name, path in project_modules("web_panel"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _called(node.value) in MUTABLE:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                kept.update({f"{name}.{t.id}": _called(node.value) for t in targets if isinstance(t, ast.Name)})
            elif isinstance(node, ast.FunctionDef) and any(_called(d) in MUTABLE for d in node.decorator_list):
                kept[f"{name}.{node.name}"] = "a cache"
    assert {k: v for k, v in kept.items() if k not in SHARED} == {}
    assert set(SHARED) <= set(kept)  # what is allowed is still there (else drop it from SHARED)


def test_the_core_imports_neither_the_games_nor_their_scoring():
    """The games and their scoring import the core, never the other way round: a game brings its scoring to the
    core (GameDef.scoring), so there is no import cycle and no registry of scoring by name in the core."""
    core = [m for m in pure_modules() if m.startswith("companion.core")]
    assert "companion.core.view" in core and "companion.core.final_sheet" in core
    outside = {m: by for m, by in walk(core).items() if m.startswith(("companion.scoring", "companion.games"))}
    assert not outside, f"the core imports {outside}"
    assert "companion.core.final_sheet" in walk(["companion.scoring"])  # and the walk sees an import of the core


def test_scoring_is_found_through_the_games_never_by_a_registry_of_its_own():
    """A game's scoring is its GameDef's (companion.games.scoring_of finds it by the game's id): the scoring
    package imports no game and loads no module by name. (Its command line, `companion score`, is an edge: it
    finds the game's scoring by the id typed, as the Scores page does.)"""
    scoring = [m for m in pure_modules() if m.startswith("companion.scoring") and m != "companion.scoring.cli"]
    assert "companion.scoring.palazzo" in scoring
    reached = walk(scoring)
    assert not [m for m in reached if m.startswith("companion.games")], "scoring imports a game"
    assert "importlib" not in reached
