"""The layers (docs/architecture.md): the games import no report, store or CLI; the store imports
no report; and the report names no game (what it knows of each is the game's own ``facts``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ledger.games import registered

LEDGER = Path(__file__).resolve().parent.parent / "ledger"


def imported(path: Path, typing: bool = True) -> set[str]:
    """Every module an ``import`` or ``from … import`` statement of ``path`` names (anywhere in the
    file: at the top, in functions, under ``TYPE_CHECKING`` but with ``typing=False``), relative
    imports resolved."""
    package = ".".join(path.relative_to(LEDGER.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if not typing:  # the annotations' own imports left out
        tree.body = [n for n in tree.body if not (isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def _under(layer: str) -> list[Path]:
    return sorted((LEDGER / layer).rglob("*.py"))


def _offending(paths: list[Path], forbidden: tuple[str, ...], typing: bool = True) -> list[str]:
    return [f"{p.relative_to(LEDGER.parent)}: {m}" for p in paths for m in sorted(imported(p, typing))
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


def test_the_walk_sees_every_kind_of_import():
    assert "ledger.summary.match_facts" in imported(LEDGER / "store" / "reading.py")  # in a function
    assert "ledger.games.base" in imported(LEDGER / "games" / "bridge" / "__init__.py")
    assert "ledger.games.bridge.scoring" in imported(LEDGER / "games" / "bridge" / "rules.py")


@pytest.mark.parametrize("layer, forbidden", [
    ("games", ("ledger.report", "ledger.store", "ledger.cli")),
    ("store", ("ledger.report", "ledger.cli")),
])
def test_a_layer_imports_nothing_above_it(layer, forbidden):
    assert _under(layer)
    assert _offending(_under(layer), forbidden) == []


def test_what_an_import_reads_first_imports_no_storage_layer():
    """ledger/store/reading.py (what import and restore read, and what they refuse before the
    ledger is opened) imports neither SQLAlchemy nor SQLModel, nor the store's modules that do
    (but for its annotations, under ``TYPE_CHECKING``)."""
    heavy = ("sqlalchemy", "sqlmodel", "alembic", "ledger.store.service", "ledger.store.models", "ledger.store.bulk",
             "ledger.store.backup", "ledger.store.club")
    assert _offending([LEDGER / "store" / "reading.py"], heavy, typing=False) == []
    assert _offending([LEDGER / "store" / "reading.py"], heavy) == ["ledger/store/reading.py: ledger.store.models",
                                                                    "ledger/store/reading.py: ledger.store.models.Match"]


def test_summary_imports_the_games_only():
    mods = {m for m in imported(LEDGER / "summary.py") if m.startswith("ledger.")}
    assert mods and all(m.startswith(("ledger.games", "ledger.errors", "ledger.i18n")) for m in mods), mods


def test_the_report_names_no_game():
    names = set(registered())
    found = [f"{p.relative_to(LEDGER.parent)}:{node.lineno}: {node.value!r}"
             for p in [*_under("report"), LEDGER / "summary.py"]
             for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names]
    assert found == []


def _names_a_game(path: Path) -> list[str]:
    """Where ``path`` names a registered game: a string constant that is a game's name, or an
    import of a game's package."""
    names = set(registered())
    found = [f"{node.lineno}: {node.value!r}" for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names]
    return found + sorted(m for m in imported(path) if any(m.startswith(f"ledger.games.{g}") for g in names))


# the bridge club sessions (RULES.md "Bridge club sessions") are duplicate bridge by definition
_OF_ONE_GAME = ("club/", "store/club.py")


def test_nothing_outside_a_games_package_names_a_game():
    """Help texts, the CLI (``pbn`` finds its game through the registry), the store, the report and
    the synthetic ledger take the games from the registry (``ledger/games/__init__.py``)."""
    games = {LEDGER / "games" / g for g in registered()}
    paths = [p for p in LEDGER.rglob("*.py")
             if not games.intersection(p.parents) and p != LEDGER / "games" / "__init__.py"
             and not str(p.relative_to(LEDGER)).startswith(_OF_ONE_GAME)]
    paths.append(LEDGER.parent / "bench" / "synthetic.py")
    assert LEDGER / "cli" / "cmd_bridge.py" in paths
    found = {str(p.relative_to(LEDGER.parent)): f for p in paths if (f := _names_a_game(p))}
    assert found == {}


def test_the_web_imports_nothing_from_the_cli():
    """ledger/web (``ledger serve``, its page and its API) sits beside the CLI, never on it (issue 30
    item 1): what both need lives below them (``ledger.store.reads.reading``,
    ``ledger.safetext.one_line``, ``ledger.jsontext``, ``ledger.web.DEFAULT_HOST``)."""
    assert _under("web")
    assert _offending(_under("web"), ("ledger.cli",)) == []


MAX_LINES = 700


def _lines(path: Path) -> int:
    with path.open(encoding="utf-8") as f:
        return sum(1 for _ in f)


def test_no_module_is_over_700_lines():
    """A module holds one thing: one over 700 lines is split by what its parts do (issue 30)."""
    paths = list(LEDGER.rglob("*.py"))
    assert LEDGER / "store" / "service.py" in paths and LEDGER / "games" / "base.py" in paths
    long = {str(p.relative_to(LEDGER.parent)): n for p in paths if (n := _lines(p)) > MAX_LINES}
    assert long == {}


def test_the_line_count_sees_a_long_module(tmp_path):
    module = tmp_path / "long.py"
    module.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    assert _lines(module) == MAX_LINES + 1


def _private_names_from(path: Path, package: str) -> list[str]:
    """Every ``_name`` that ``path`` imports from ``package`` (or a module of it), anywhere in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and (node.module + ".").startswith(package + "."):
            found += [f"{node.lineno}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = ast.unparse(node.value)
            if base == package or base.startswith(package + "."):
                found.append(f"{node.lineno}: {base}.{node.attr}")
    return found


def test_the_club_report_uses_only_the_reports_public_helpers():
    """``club/report.py`` draws its page with the report's public helpers (``escaped``,
    ``section_html``, ``table_html``), never its private ``_name`` ones (DESIGN.md "Layers")."""
    club = LEDGER / "club" / "report.py"
    assert any(m.startswith("ledger.report.") for m in imported(club))
    assert _private_names_from(club, "ledger.report") == []


def test_the_private_helper_check_sees_one(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from ledger.report.html import _e, html_document\n    return _e\n", encoding="utf-8")
    assert _private_names_from(module, "ledger.report") == ["2: ledger.report.html._e"]
