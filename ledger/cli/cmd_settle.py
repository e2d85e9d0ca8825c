"""``ledger settle``: who pays whom, for a night of matches played for money (Trentuno's lives and
the stakes any game may be played for, :mod:`ledger.games.stakes`).

The pure logic is :func:`ledger.games.settle.night_report`; this module only picks the matches,
reads each one's money (player → net cents, from a replay of its hands:
:func:`ledger.games.stakes.match_money`) and prints.
"""

from typing import Any, List, Optional

import typer

from ledger.errors import LedgerError
from ledger.i18n import currency_sign, money, t, tn


def register(app: typer.Typer) -> None:
    """Add ``ledger settle`` to ``app``."""

    @app.command("settle")
    def settle_command(
        matches: Optional[List[str]] = typer.Argument(
            None, help="Match numbers to settle together (default: every match of the night)."),
        night: Optional[str] = typer.Option(None, "--night", help="The night (YYYY-MM-DD); default tonight."),
        demo: bool = typer.Option(False, "--demo", help="Settle the demo night instead."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    ) -> None:
        """Add up each player's net over a night's matches (or the matches named) and print the
        transfers that settle everyone, e.g. "Bruno pays Anna 1.50 EUR"."""
        from ledger.cli.app import ledger
        from ledger.games.settle import night_report
        from ledger.games.stakes import match_money
        from ledger.dates import night_date, parse_date

        led = ledger()
        date = parse_date(night) if night else night_date()
        if matches:
            refs: list = list(matches)
        else:
            refs = [r["id"] for r in reversed(led.matches(date=date)) if r["demo"] == demo]
        entries, not_money = [], []
        for ref in refs:
            view = led.view(ref)
            money = match_money(view.setup, view.replay.final)
            if money is None:
                if matches:
                    raise LedgerError(t("settle.no_money", "match {match} ({game}) is not played for money",
                                        match=str(view.match.id), game=view.match.game), "match", ref)
                not_money.append(view.match.id)
                continue
            entries.append({"match": view.match.id, "currency": money.currency, "settlement": money.nets})
        report = night_report(entries)
        if as_json:
            from ledger.cli.render import print_json

            print_json({"night": None if matches else date.isoformat(), **report})
            return
        _print_report(report, None if matches else date)


def _print_report(report: dict, night: Any) -> None:
    """The nets and transfers of ``report``, said for ``night`` (a date, written long in the
    language) or for the matches named (None)."""
    from ledger.cli.render import print_line, print_rows

    matches = [str(m) for m in report["matches"]]
    if not report["currencies"]:
        print_line(t("settle.nothing_night", "Nothing to settle for the night of {night}.", night=night)
                   if night else t("settle.nothing_named", "Nothing to settle for the matches named."))
    if matches:
        ids = ", ".join(matches)
        print_line(tn("settle.settling_night", "Settling the night of {night}: match {matches}",
                      "Settling the night of {night}: matches {matches}", len(matches), night=night,
                      matches=ids) if night
                   else tn("settle.settling_named", "Settling the matches named: match {matches}",
                           "Settling the matches named: matches {matches}", len(matches), matches=ids), style="bold")
    for cur, part in report["currencies"].items():
        print_rows(str(t("settle.nets", "Nets ({currency})", currency=currency_sign(cur))),
                   [str(t("settle.col_player", "player")), str(t("settle.col_net", "net"))],
                   [(p, money(c, cur)) for p, c in sorted(part["nets"].items(), key=lambda x: (-x[1], x[0]))])
        for tr in part["transfers"]:
            print_line(t("settle.pays", "{payer} pays {payee} {amount}", payer=tr["payer"], payee=tr["payee"],
                         amount=money(tr["cents"], cur)))
        if not part["transfers"]:
            print_line(t("settle.square", "Everyone is square."))
    for m in report["skipped"]:
        print_line(t("settle.skipped", "Match {match} is still in play and is not counted (end it with: "
                     "ledger match end {match}).", match=str(m)))
