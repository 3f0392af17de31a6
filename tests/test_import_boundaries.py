"""How the project's modules may import one another.

The pure core imports only the standard library and itself: shangrao_bot/rules may import the
standard library and shangrao_bot.rules; shangrao_bot/engine may also import
shangrao_bot.engine. Neither may import asyncio. Relative imports are resolved, so
`from .. import store` is caught too.

No module of the project (the package, the cogs, bot.py) imports itself round a circle, counting
every import: those inside functions and under TYPE_CHECKING too. And every module belongs to a
layer (:data:`LAYERS`: pure helpers, rules, engine, store, service, render, ui, web, the bot and its
cogs, the entry points and the terminal game), and imports only its own layer and those below.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parent.parent / "shangrao_bot"

# The pure core may use the one refusal model and the catalog it is written from (both pure
# standard library, at the bottom of the layers).
REFUSALS = ("shangrao_bot.errors", "shangrao_bot.catalog")
ALLOWED = {
    "rules": ("shangrao_bot.rules", *REFUSALS),
    "engine": ("shangrao_bot.rules", "shangrao_bot.engine", *REFUSALS),
}
BANNED_STDLIB = {"asyncio"}


def _module_name(path: Path, root: Path) -> str:
    """Dotted module name of `path`, where `root` is the top-level package directory."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, absolute dotted name) of everything `path` imports, relative ones resolved.

    For `from M import a, b` the names `M.a` and `M.b` are reported (a name may be a
    submodule), so prefixes of allowed packages are checked precisely.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = _module_name(path, root)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                up = node.level - 1
                if up >= len(base_parts):
                    found.append((node.lineno, "." * node.level + (node.module or "")))
                    continue
                base = ".".join(base_parts[: len(base_parts) - up])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target == "__future__":
                continue
            found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
    return sorted(found)


def violations(layer_dir: Path, allowed: tuple[str, ...]) -> tuple[int, list[str]]:
    """(number of files checked, offending imports as 'file:line: name')."""
    root = layer_dir.parent
    checked = 0
    bad: list[str] = []
    for path in sorted(layer_dir.rglob("*.py")):
        checked += 1
        for line, name in imported_modules(path, root):
            top = name.split(".")[0]
            if top == root.name:
                ok = any(name == a or name.startswith(a + ".") for a in allowed)
            else:
                ok = top in sys.stdlib_module_names and top not in BANNED_STDLIB
            if not ok:
                bad.append(f"{path.relative_to(root.parent)}:{line}: {name}")
    return checked, bad


# Only the layers that exist are checked (the engine arrives with its own issue), so nothing
# is skipped: a layer appears here as soon as its directory does.
EXISTING_LAYERS = sorted(layer for layer in ALLOWED if (PACKAGE_ROOT / layer).is_dir())


def test_rules_layer_exists() -> None:
    assert "rules" in EXISTING_LAYERS


@pytest.mark.parametrize("layer", EXISTING_LAYERS)
def test_core_imports_only_stdlib_and_itself(layer: str) -> None:
    layer_dir = PACKAGE_ROOT / layer
    checked, bad = violations(layer_dir, ALLOWED[layer])
    assert checked > 0, f"no .py files found under {layer_dir}"
    assert bad == []


def test_checker_catches_forbidden_imports(tmp_path: Path) -> None:
    rules = tmp_path / "shangrao_bot" / "rules"
    (rules / "sub").mkdir(parents=True)
    (rules / "__init__.py").write_text("from . import tiles\nfrom .sub import x\n")
    (rules / "sub" / "__init__.py").write_text("from ..tiles import Tile\n")
    (rules / "tiles.py").write_text(
        "from __future__ import annotations\n"
        "import collections.abc, dataclasses\n"
        "import asyncio\n"
        "import discord\n"
        "from shangrao_bot.engine import state\n"
        "from .. import store\n"
        "from shangrao_bot.rules.shapes import Shape\n"
        "def f() -> None:\n"
        "    import PIL.Image\n"
    )
    checked, bad = violations(rules, ALLOWED["rules"])
    assert checked == 3
    assert bad == [
        "shangrao_bot/rules/tiles.py:3: asyncio",
        "shangrao_bot/rules/tiles.py:4: discord",
        "shangrao_bot/rules/tiles.py:5: shangrao_bot.engine.state",
        "shangrao_bot/rules/tiles.py:6: shangrao_bot.store",
        "shangrao_bot/rules/tiles.py:9: PIL.Image",
    ]


# --- no import circles ---------------------------------------------------------------------------

PROJECT_ROOT = PACKAGE_ROOT.parent
PROJECT_CODE = ("shangrao_bot", "cogs", "bot.py")


def project_modules(
    root: Path, parts: tuple[str, ...] = PROJECT_CODE
) -> dict[str, tuple[Path, Path]]:
    """Every module of the project under ``root``: dotted name → (its file, its top-level
    package's folder, or ``root`` for a top-level script); a package is its ``__init__``."""
    found: dict[str, tuple[Path, Path]] = {}
    for part in parts:
        base = root / part
        if base.suffix == ".py":
            found[base.stem] = (base, root)
            continue
        for path in sorted(base.rglob("*.py")):
            found[_module_name(path, base)] = (path, base)
    return found


def import_graph(modules: dict[str, tuple[Path, Path]]) -> dict[str, set[str]]:
    """Which project modules each module imports — every import counts, those inside functions
    and under ``TYPE_CHECKING`` too. ``from package import name`` points at the submodule
    ``package.name`` when there is one, at the package otherwise."""
    graph: dict[str, set[str]] = {}
    for name, (path, top) in modules.items():
        targets: set[str] = set()
        for _, imported in imported_modules(path, top):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


def test_no_module_imports_itself_round_a_circle() -> None:
    modules = project_modules(PROJECT_ROOT)
    assert len(modules) > 150
    graph = import_graph(modules)
    circles = import_circles(graph)
    described = [" ↔ ".join(c) for c in circles]
    assert described == [], "import circles (lazy and TYPE_CHECKING imports count too)"


def test_the_circle_check_sees_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "shangrao_bot"
    (pkg / "store").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "store" / "__init__.py").write_text("")
    (pkg / "store" / "db.py").write_text(
        "def open_it() -> None:\n    from shangrao_bot.store import sqlite_db\n"
    )
    (pkg / "store" / "sqlite_db.py").write_text("from shangrao_bot.store.db import Database\n")
    (pkg / "store" / "pg_db.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .tx import Tx\n"
    )
    (pkg / "store" / "tx.py").write_text("from shangrao_bot.store import pg_db\n")
    (pkg / "store" / "plain.py").write_text("import shangrao_bot.store.db\n")
    modules = project_modules(tmp_path, ("shangrao_bot",))
    assert import_circles(import_graph(modules)) == [
        ["shangrao_bot.store.db", "shangrao_bot.store.sqlite_db"],
        ["shangrao_bot.store.pg_db", "shangrao_bot.store.tx"],
    ]


# --- layers: imports point down ------------------------------------------------------------------

# The project's layers, bottom first. A module may import its own layer and those below it,
# never one above: the rules core knows nothing of the engine, the engine nothing of storage,
# the services nothing of Discord, and so on up to the entry points (the command line, the bot's
# runner, the web server's command) and the terminal game.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "pure helpers",
        (
            "shangrao_bot",
            "shangrao_bot.errors",
            "shangrao_bot.catalog",
            "shangrao_bot.names",
            "shangrao_bot.redact",
            "shangrao_bot.log",
            "shangrao_bot.settings",
            "shangrao_bot.sharding",
            "shangrao_bot.gc_tuning",
            "shangrao_bot.traditional_book",
            "shangrao_bot.fewest_transfers",
            "shangrao_bot.cli_errors",
            "shangrao_bot.recently_used",
            "shangrao_bot.metrics",
            "shangrao_bot.loop_lag",
            "shangrao_bot.thread_switching",
        ),
    ),
    ("rules", ("shangrao_bot.rules",)),
    ("engine", ("shangrao_bot.engine",)),
    ("store", ("shangrao_bot.store",)),
    ("service", ("shangrao_bot.service",)),
    ("render", ("shangrao_bot.render",)),
    ("ui", ("shangrao_bot.ui",)),
    ("web", ("shangrao_bot.web",)),
    ("bot", ("shangrao_bot.discord_bot", "shangrao_bot.operator", "cogs")),
    # what starts a process: the command line and its subcommands, the bot's runner (and
    # bot.py, which calls it), the web server's command; the terminal game beside them
    (
        "entry points",
        ("shangrao_bot.entrypoints", "shangrao_bot.__main__", "bot", "shangrao_bot.play"),
    ),
)


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of ``module`` (its longest matching prefix), or None."""
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    return None if best is None else best[0]


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """``importer -> imported (layer -> layer)`` for every import that points up a layer."""
    found = []
    for module, targets in sorted(graph.items()):
        mine = layer_of(module)
        for target in sorted(targets):
            theirs = layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                found.append(f"{module} -> {target} ({LAYERS[mine][0]} -> {LAYERS[theirs][0]})")
    return found


def test_every_module_has_a_layer() -> None:
    modules = project_modules(PROJECT_ROOT)
    assert [m for m in sorted(modules) if layer_of(m) is None] == []


def test_imports_point_down_the_layers() -> None:
    assert upward_imports(import_graph(project_modules(PROJECT_ROOT))) == []


def test_the_layer_check_sees_an_import_up() -> None:
    graph = {
        "shangrao_bot.service.tables": {"shangrao_bot.play.commands", "shangrao_bot.rules.tiles"},
        "shangrao_bot.render.board": {"shangrao_bot.engine.views"},
        "shangrao_bot.store.db": {"shangrao_bot.ui.words"},
    }
    assert upward_imports(graph) == [
        "shangrao_bot.service.tables -> shangrao_bot.play.commands (service -> entry points)",
        "shangrao_bot.store.db -> shangrao_bot.ui.words (store -> ui)",
    ]


# --- the web layer: beside the Discord side, never over it ----------------------------------------

# The web pages are another face of the services, like the cogs: what they show never depends
# on discord.py or the Discord side's texts and views. What the operator's pages read of the
# running bot (its gateway, request budget, picture workers) lives in shangrao_bot.operator.
WEB = "shangrao_bot.web"
WEB_NEVER_REACHES = ("discord", "shangrao_bot.ui")


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def discord_reached_from_web(modules: dict[str, tuple[Path, Path]]) -> list[str]:
    """Every import of discord.py or ``shangrao_bot.ui`` made by a module of the web layer or by
    a project module it reaches through its imports (every import counts, lazy and
    ``TYPE_CHECKING`` ones too), as ``web module -> … -> importer:line: name``."""
    graph = import_graph(modules)
    reached_from: dict[str, str | None] = {m: None for m in modules if _under(m, (WEB,))}
    queue = sorted(reached_from)
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module]):
            if target not in reached_from:
                reached_from[target] = module
                queue.append(target)
    found = []
    for module in sorted(reached_from):
        path, top = modules[module]
        for line, name in imported_modules(path, top):
            if _under(name, WEB_NEVER_REACHES):
                chain = [module]
                while (parent := reached_from[chain[-1]]) is not None:
                    chain.append(parent)
                found.append(f"{' -> '.join(reversed(chain))}:{line}: {name}")
    return found


def test_web_never_imports_discord_or_ui() -> None:
    modules = project_modules(PROJECT_ROOT)
    assert f"{WEB}.health" in modules and f"{WEB}.site_app" in modules
    assert discord_reached_from_web(modules) == []


def test_the_web_check_sees_every_way_to_discord_and_ui(tmp_path: Path) -> None:
    pkg = tmp_path / "shangrao_bot"
    for part in ("web", "web/pages", "service", "ui", "store"):
        (pkg / part).mkdir(parents=True)
        (pkg / part / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "web" / "lazy.py").write_text("def f() -> None:\n    import discord.ext.commands\n")
    (pkg / "web" / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..ui.views import View\n"
    )
    (pkg / "web" / "pages" / "page.py").write_text("from shangrao_bot.service import tables\n")
    (pkg / "web" / "plain.py").write_text("from shangrao_bot import store\nimport aiohttp\n")
    (pkg / "service" / "tables.py").write_text("import json\nfrom discord import Embed\n")
    (pkg / "ui" / "views.py").write_text("import discord\n")
    (pkg / "store" / "games.py").write_text("import discord\n")  # reached by no web module
    modules = project_modules(tmp_path, ("shangrao_bot",))
    assert discord_reached_from_web(modules) == [
        "shangrao_bot.web.pages.page -> shangrao_bot.service.tables:2: discord.Embed",
        "shangrao_bot.web.typed -> shangrao_bot.ui.views:1: discord",
        "shangrao_bot.web.lazy:2: discord.ext.commands",
        "shangrao_bot.web.typed:3: shangrao_bot.ui.views.View",
    ]
