"""``ledger pbn import | export``: bridge deals in PBN (Portable Bridge Notation), the field's file format.

The game that reads PBN is found in the registry (:func:`ledger.games.reading`: its
``Game.deal_files``, ``read_deals`` and ``write_deals``; the pure logic is in its package); this
module reads and writes the files and calls the store's services.

- ``ledger pbn import FILE [--rules duplicate|rubber|chicago] [--json]`` scores every played board
  of the file on its own (nothing stored) and prints the scores and their sum from NS's side.
- ``ledger pbn import FILE --match M`` adds the file's deals, in order, as the next hands of bridge
  match M (all are checked before the first is stored).
- ``ledger pbn export MATCH [-o FILE] [--event TEXT] [--site TEXT]`` writes the match's deals as
  PBN with their ``[Score]``.
"""

from __future__ import annotations

from typing import Optional

import typer

from ledger.errors import LedgerError


def register(app: typer.Typer) -> None:
    """Add the ``pbn`` command group to ``app``."""
    pbn_app = typer.Typer(help="Bridge deals in PBN files: score or import them, export a match.",
                          no_args_is_help=True)
    app.add_typer(pbn_app, name="pbn")

    @pbn_app.command("import")
    def pbn_import(
        file: str = typer.Argument(..., help="A .pbn file, or '-' for standard input."),
        rules: Optional[str] = typer.Option(None, "--rules", "-r",
                                            help="Score by duplicate (default), rubber or chicago values."),
        match: Optional[str] = typer.Option(None, "--match", "-m",
                                            help="Add the deals to this match instead of only scoring them."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    ) -> None:
        """Score the played boards of a PBN file ([Contract], [Declarer], [Vulnerable], [Result],
        [Board]), or add them to a match."""
        from ledger.cli.inputs import read_text

        got = _pbn_game().read_deals(read_text(file))
        if not got.hands and not got.skipped:  # not one game's tags: no PBN file at all
            name = "standard input" if file == "-" else file
            raise LedgerError(f"no deal found in {name} (a PBN file has tags such as [Contract \"4S\"])",
                              "FILE", file)
        if match is not None:
            _add_to_match(match, got.hands, got.skipped, as_json)
            return
        # without --rules, the file's own [Scoring] decides (duplicate when it names none)
        _score_boards(got.hands, got.skipped, rules or got.scoring, as_json)

    @pbn_app.command("export")
    def pbn_export(
        match: str = typer.Argument(..., help="The match number, or 'last'."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to this file."),
        event: str = typer.Option("", "--event", help="The [Event] tag."),
        site: str = typer.Option("", "--site", help="The [Site] tag."),
    ) -> None:
        """Write a match's deals as PBN, each with its [Score] from NS's side."""
        from ledger.cli.app import ledger
        from ledger.cli.outputs import check_output, create
        from ledger.cli.render import console

        check_output(output, "output")  # before anything is read or written
        view = ledger().view(match)
        game = _of_match(view, match)
        text = game.write_deals(view.setup, view.replay.results, event=event, site=site,
                                date=view.night.date.strftime("%Y.%m.%d"))
        if output:
            with create(output, "output", mode=0o666) as f:  # as any file the user writes
                f.write(text)
            console().print(f"wrote {output}", markup=False)
        else:
            typer.echo(text, nl=False)


def _pbn_game():
    """The game whose deals PBN files hold (the registry's :func:`ledger.games.reading`)."""
    from ledger.games import reading

    return reading("PBN")


def _of_match(view, ref: str):
    """The PBN game, when it is the game of the match ``view`` shows; ``LedgerError`` on ``match``
    otherwise."""
    game = _pbn_game()
    if view.match.game != game.name:
        raise LedgerError(f"match {view.match.id} is {view.match.game}, not {game.name}", "match", ref)
    return game


def _score_boards(hands: list[dict], skipped: list[str], rules: Optional[str], as_json: bool) -> None:
    from ledger.cli.render import console, print_line, print_rows

    from ledger.cli.json_list import JsonList

    game = _pbn_game()
    rules = game.check_rules(rules or game.deal_rules)
    boards = JsonList("boards") if as_json else None  # each result written as it comes, not held
    rows, total = [], 0
    for i, doc in enumerate(hands):
        try:
            r = game.score(doc, rules).to_json()
        except LedgerError as err:
            raise err.at(f"games[{i}]") from None
        total += r["score_ns"]
        if boards is not None:
            boards.add(r)
        else:
            rows.append((r.get("board", ""), r["vulnerable"], r["contract"], r.get("declarer") or "",
                         r.get("result") or "", r["score_ns"]))
    if boards is not None:
        boards.print({"rules": rules, "boards": None, "skipped": skipped, "total_ns": total})
        return
    print_rows(f"PBN boards scored by {rules} values", ["board", "vul", "contract", "by", "result", "NS score"], rows)
    console().print(f"Total from NS's side: {total:+d}", markup=False)
    for note in skipped:
        print_line(f"skipped {note}")


def _add_to_match(ref: str, hands: list[dict], skipped: list[str], as_json: bool) -> None:
    from ledger.cli.app import ledger
    from ledger.cli.cmd_matches import show_view

    led = ledger()
    _of_match(led.view(ref), ref)
    if not hands:
        raise LedgerError("the file has no played deal", "FILE", None)
    view = led.add_hands(ref, hands)  # every deal stored, or none
    note = f"Added {len(hands)} deal{'s' if len(hands) != 1 else ''} to match {view.match.id}."
    if skipped:
        note += " Skipped: " + "; ".join(skipped) + "."
    show_view(view, as_json, note)
