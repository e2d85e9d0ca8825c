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

from typing import Optional

import typer

from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn


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
        if not got.hands and not got.skipped_notes:  # not one game's tags: no PBN file at all
            name = t("pbn.stdin", "standard input") if file == "-" else file
            raise LedgerError(t("pbn.no_deal", "no deal found in {name} (a PBN file has tags such as "
                                "[Contract \"4S\"])", name=name), "FILE", file)
        if match is not None:
            _add_to_match(match, got.hands, got.skipped_notes, as_json)
            return
        # without --rules, the file's own [Scoring] decides (duplicate when it names none)
        _score_boards(got.hands, got.skipped_notes, rules or got.scoring, as_json)

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
        from ledger.cli.render import print_plain

        check_output(output, "output")  # before anything is read or written
        view = ledger().view(match)
        game = _of_match(view, match)
        text = game.write_deals(view.setup, view.replay.results, event=event, site=site,
                                date=view.night.date.strftime("%Y.%m.%d"))
        if output:
            with create(output, "output", mode=0o666) as f:  # as any file the user writes
                f.write(text)
            print_plain(str(t("cli.wrote", "wrote {path}", path=output)))
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
        raise LedgerError(t("pbn.not_bridge", "match {match} is {game}, not {pbn_game}", match=str(view.match.id),
                            game=view.match.game, pbn_game=game.name), "match", ref)
    return game


def _score_boards(hands: list[dict], skipped: list[Msg], rules: Optional[str], as_json: bool) -> None:
    from ledger.cli.render import console, print_json, print_line, print_rows

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
            rows.append(game.deal_row(r))
    if boards is not None:
        boards.print({"rules": rules, "boards": None, "skipped": [note.render("en") for note in skipped],
                      "total_ns": total})
        return
    print_rows(str(t("pbn.scored_title", "PBN boards scored by {rules} values", rules=game.rules_name(rules))),
               [str(t("pbn.col.board", "board")), str(t("pbn.col.vul", "vul")), str(t("pbn.col.contract", "contract")),
                str(t("pbn.col.by", "by")), str(t("pbn.col.result", "result")), str(t("pbn.col.ns_score", "NS score"))],
               rows)
    console().print(str(t("pbn.total_ns", "Total from NS's side: {total:+d}", total=total)), markup=False)
    for note in skipped:
        print_line(str(t("pbn.skipped", "skipped {note}", note=note)))


def _add_to_match(ref: str, hands: list[dict], skipped: list[Msg], as_json: bool) -> None:
    from ledger.cli.app import ledger
    from ledger.cli.cmd_matches import show_view

    led = ledger()
    _of_match(led.view(ref), ref)
    if not hands:
        raise LedgerError(t("pbn.no_played_deal", "the file has no played deal"), "FILE", None)
    view = led.add_hands(ref, hands)  # every deal stored, or none
    added = tn("pbn.added", "Added {n} deal to match {match}.", "Added {n} deals to match {match}.", len(hands),
               match=str(view.match.id))
    note = str(t("pbn.added_skipped", "{added} Skipped: {skipped}.", added=added,
                 skipped="; ".join(str(s) for s in skipped)) if skipped else added)
    show_view(view, as_json, note)
