"""``ledger demo``, ``ledger games`` and ``ledger db check | upgrade | path``."""

import json

import typer

from ledger.cli.app import app, ledger
from ledger.cli.cmd_matches import JSON, show_view
from ledger.cli.render import console, print_json, print_rows
from ledger.i18n import t, tn

db_app = typer.Typer(help="Look after the ledger file itself.", no_args_is_help=True)
app.add_typer(db_app, name="db")


def demo_documents() -> list[dict]:
    """The shipped example evening: every match document in ``ledger/demo/*.json``, by file name."""
    from importlib.resources import files

    docs: list[dict] = []
    folder = files("ledger") / "demo"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            docs.extend(data if isinstance(data, list) else [data])
    return docs


@app.command("demo")
def demo(remove: bool = typer.Option(False, "--remove", help="Take the demo night out of the ledger again."),
         as_json: bool = JSON) -> None:
    """Record the shipped example evening (every game, real hands) as a demo night and show it.

    Running it again replaces the demo night; ``--remove`` takes it out, leaving the rest as it was.
    """
    led = ledger()
    if remove:
        removed = led.remove_demo()
        if as_json:
            print_json({"removed_matches": removed})
        else:
            # TRANSLATORS: the English says "matches" even for one (as it always has)
            console().print(str(tn("demo.removed", "Removed the demo night ({n} matches).",
                                   "Removed the demo night ({n} matches).", removed) if removed
                                else t("demo.none", "No demo night to remove.")))
        return
    removed, views = led.load_demo(demo_documents())  # one transaction: the old demo out, the new in
    if as_json:
        print_json([v.to_json() for v in views])
        return
    for v in views:
        show_view(v, False)
        console().print()
    from ledger.store.engine import display_url

    where, n = display_url(led.url), len(views)
    console().print(str(t("demo.recorded_again", "Recorded the demo night in {ledger} ({n} matches) (it replaces the "
                          "demo night recorded before, {removed} matches). Take it out again with: ledger demo --remove",
                          ledger=where, n=n, removed=removed) if removed
                        else t("demo.recorded", "Recorded the demo night in {ledger} ({n} matches). Take it out again "
                               "with: ledger demo --remove", ledger=where, n=n)), markup=False)


@app.command("games")
def games(as_json: bool = JSON) -> None:
    """The games this ledger scores, with their rule sets and numbers of players."""
    from ledger.games import available, get_game

    rows = []
    for name in available():
        g = get_game(name)
        rows.append({"game": name, "title": g.title, "rules": list(g.rule_sets),
                     "players": g.players_text})
    if as_json:
        print_json(rows)
        return
    # short headers and a rule set a line, so that the table fits 80 columns in every language
    # without breaking a rule set's key from its name; what the order means is said under it
    print_rows(str(t("games.title", "Games")),
               [str(t("games.col_game", "game")), str(t("games.col_name", "name")),
                str(t("games.col_rule_sets", "rule sets")), str(t("games.col_players", "players"))],
               [(r["game"], r["title"], "\n".join(_rules_shown(get_game(r["game"]), k) for k in r["rules"]),
                 r["players"]) for r in rows],
               str(t("games.rule_sets_caption", "The first rule set is the game's default (-r picks another).")))


def _rules_shown(game, key: str) -> str:
    """A rule set as ``ledger games`` lists it: in Italian its Italian name (``duplicato``,
    ``italiana``), which ``-r`` takes as it takes the key; in English its key, and its name
    beside it when that differs (``52 (52 cards)``)."""
    from ledger.i18n import language

    word = game.rules_name(key)
    return word if word == key or language() != "en" else f"{key} ({word})"


@db_app.command("check")
def db_check(as_json: bool = JSON) -> None:
    """Check the database file, replay every match and say which stored hand result no longer agrees
    (e.g. after a scorer fix). Exit code 1 when anything is found."""
    _check_file(as_json)
    problems = ledger().check()
    if as_json:  # the same in every language: each problem in the ledger's own (English) words
        print_json({"ok": not problems, "problems": [{**p, "problem": english(p["problem"])} for p in problems]})
    elif not problems:
        console().print(str(t("check.ok", "Every match replays to its stored results.")))
    else:
        print_rows(str(t("check.title", "Differences")),
                   [str(t("check.col_match", "match")), str(t("check.col_hand", "hand")),
                    str(t("check.col_problem", "problem"))],
                   [(p["match"] or "—", p["hand"] or "—", str(p["problem"])) for p in problems])
    if problems:
        raise typer.Exit(1)


def english(text) -> str:
    """A message (or a text) in English: what ``--json`` prints in every language."""
    return text.render("en") if hasattr(text, "render") else str(text)


def _check_file(as_json: bool) -> None:
    """SQLite's integrity check of a ledger file, before the ledger is opened: what it finds is
    listed (exit code 1), with the way out; a file that passes is then checked match by match."""
    from ledger.cli.app import State
    from ledger.store.engine import database_url, sqlite_path
    from ledger.store.health import integrity_findings, way_out_sentence

    path = sqlite_path(database_url(State.db))
    found = integrity_findings(path) if path is not None and path.is_file() and path.stat().st_size else []
    if not found:
        return
    if as_json:
        print_json({"ok": False, "problems": [{"match": None, "hand": None, "problem": "database: " + english(p)}
                                              for p in found]})
    else:
        print_rows(str(t("check.damaged", "{path} is damaged: SQLite's integrity check found", path=str(path))),
                   [str(t("check.col_problem", "problem"))], [(str(p),) for p in found])
        console().print(str(way_out_sentence()), markup=False)
    raise typer.Exit(1)


@db_app.command("upgrade")
def db_upgrade(as_json: bool = JSON) -> None:
    """Bring the ledger's schema up to this program's (done anyway whenever a ledger is opened).

    A ledger made by a newer program is refused and left as it is.
    """
    from ledger.cli.app import State
    from ledger.store.engine import HEAD, database_url, display_url, open_engine, stored_revision

    url = database_url(State.db)
    before = stored_revision(open_engine(url))
    ledger()  # opening migrates (or refuses a newer ledger)
    if as_json:
        print_json({"db": display_url(url), "from": before, "to": HEAD})
    elif before == HEAD:
        console().print(str(t("upgrade.up_to_date", "{ledger} is up to date (schema {head}).", ledger=display_url(url),
                              head=HEAD)), markup=False)
    else:
        console().print(str(t("upgrade.done", "{ledger}: schema {before} -> {head}.", ledger=display_url(url),
                              before=before or "none", head=HEAD)), markup=False)


@db_app.command("path")
def db_path(as_json: bool = JSON) -> None:
    """Print where the ledger is (after --db and LEDGER_DB): a SQLite ledger's file path, another
    database's URL (a password is not shown)."""
    from ledger.store.engine import database_url, display_url, sqlite_path

    from ledger.cli.app import State

    url = database_url(State.db)
    if as_json:
        path = sqlite_path(url)
        print_json({"url": display_url(url), "file": str(path) if path else None,
                    "exists": path.is_file() if path else None})
        return
    path = sqlite_path(url)
    typer.echo(str(path) if path else display_url(url))
