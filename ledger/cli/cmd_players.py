"""``ledger player add | list | rename``: the people who play (names match without regard to case)."""

from typing import List

import typer

from ledger.cli.app import app, ledger
from ledger.cli.render import console, print_json, print_rows
from ledger.i18n import number, t

players_app = typer.Typer(help="Add, list and rename players.", no_args_is_help=True)
app.add_typer(players_app, name="player")

JSON = typer.Option(False, "--json", help="Print JSON instead of a table.")


@players_app.command("add")
def player_add(names: List[str] = typer.Argument(..., help="One or more names."), as_json: bool = JSON) -> None:
    """Add players (a name already there, in any letter case, is left as it is)."""
    rows = ledger().add_players(names)
    if as_json:
        print_json([{"id": p.id, "name": p.name, "new": new} for p, new in rows])
        return
    for p, new in rows:
        console().print(str(t("player.added", "added: {name}", name=p.name) if new
                            else t("player.there", "already there: {name}", name=p.name)), markup=False)


@players_app.command("list")
def player_list(as_json: bool = JSON) -> None:
    """Every player, with how many matches each has played."""
    rows = ledger().players()
    if as_json:
        print_json(rows)
        return
    print_rows(str(t("player.list_title", "Players")), [str(t("player.col_name", "name")),
                                                         str(t("player.col_matches", "matches"))],
               [(r["name"], number(r["matches"])) for r in rows])


@players_app.command("rename")
def player_rename(old: str, new: str, as_json: bool = JSON) -> None:
    """Rename a player everywhere (their matches keep them)."""
    p = ledger().rename_player(old, new)
    if as_json:
        print_json({"id": p.id, "name": p.name})
        return
    console().print(str(t("player.renamed", "renamed: {old} → {new}", old=old, new=p.name)), markup=False)
