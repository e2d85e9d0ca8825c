"""What a match refuses, said before anything is read or written: a hand for a match that is
over or was ended, a correction of one not reopened first, a hand number it does not have.
Each is a ``LedgerError`` naming ``match`` or ``hand`` (RULES.md: a finished match takes no more
hands; ``ledger match reopen`` first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ledger.errors import LedgerError
from ledger.i18n import Msg, t, tn

if TYPE_CHECKING:
    from ledger.store.reads import MatchView


def check_open(m: Any) -> None:
    """``LedgerError`` on ``match`` when match ``m`` (a row) takes no more hands."""
    if m.status == "finished":
        raise LedgerError(t("store.match_over", "match {match} is over (winner: {winner}): no more hands",
                            match=str(m.id), winner=_who(m.winner)), "match", m.id)
    if m.status == "ended":
        raise LedgerError(t("store.match_ended", "match {match} was ended: no more hands", match=str(m.id)),
                          "match", m.id)


def check_correctable(m: Any) -> None:
    """``LedgerError`` on ``match`` unless match ``m`` is open: a finished or ended match is
    corrected only after an explicit ``match reopen``."""
    if m.status != "open":
        if m.status == "finished":
            why = t("store.over_reopen", "match {match} is over (winner: {winner}): to correct it, first run: "
                    "ledger match reopen {match}", match=str(m.id), winner=_who(m.winner))
        else:
            why = t("store.ended_reopen", "match {match} was ended: to correct it, first run: "
                    "ledger match reopen {match}", match=str(m.id))
        raise LedgerError(why, "match", m.id)


def nth(view: MatchView, n: int | str) -> Any:
    """Live hand ``n`` of ``view`` (1-based, or ``last``); ``LedgerError`` on ``hand`` otherwise."""
    if isinstance(n, str) and n.strip().lower() == "last":
        if not view.hands:
            raise LedgerError(t("store.no_hand_yet", "match {match} has no hand yet", match=str(view.match.id)),
                              "hand", n)
        return view.hands[-1]
    try:
        k = int(n)
    except (TypeError, ValueError):
        raise LedgerError(t("store.not_hand_number", "{value!r} is not a hand number", value=n), "hand", n) from None
    if not 1 <= k <= len(view.hands):
        raise LedgerError(no_such_hand(view.match.id, k, len(view.hands)), "hand", n)
    return view.hands[k - 1]


def _who(w: Any) -> Any:
    """The winner as said in a message: a name, the names (a list, shown as the language's list), or none."""
    return w if isinstance(w, str) else (list(w) if w else t("store.nobody", "none"))


def no_such_hand(match: Any, number: int, hands: int) -> Msg:
    """``match 3 has no hand 9 (it has 4)``."""
    return t("store.no_such_hand", "match {match} has no hand {hand} (it has {hands})", match=str(match),
             hand=number, hands=hands)


class Stale(LedgerError):
    """A hand sent by someone who saw ``after`` live hands, when match ``match`` has ``hands``
    now (:meth:`Ledger.append`): nothing was written; ``board`` is the match's scoreboard as
    read in the same transaction (``show --json``'s document), to look at before sending again.
    Its field is ``after``."""

    def __init__(self, match: Any, after: int, hands: int, board: dict | None = None):
        super().__init__(tn("store.stale", "match {match} has {n} hand now, not {after}: a hand was entered or "
                            "taken back meanwhile; nothing was stored",
                            "match {match} has {n} hands now, not {after}: a hand was entered or taken back "
                            "meanwhile; nothing was stored", hands, match=str(match), after=after), "after", after)
        self.match, self.after, self.hands, self.board = match, after, hands, board

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.match, self.after, self.hands, self.board)


def check_after(value: Any) -> int | None:
    """A hand body's ``after`` (the live hands its sender saw) checked: None when absent, else a
    whole number of 0 or more; ``LedgerError`` on ``after`` otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LedgerError(t("store.after_number", "{value!r} is not a number of hands", value=value), "after", value)
    return value


def shown_refusal(err: LedgerError, incomplete: LedgerError | None) -> LedgerError | None:
    """The error shown for a hand that entry found incomplete (``incomplete``, "missing (…)")
    and the scorer refused with ``err``: ``err`` itself when it is a plainer fault (a field the
    game does not know: a typo, named before what is missing), else ``incomplete``; None for a
    complete hand."""
    if incomplete is None:
        return None
    english = err.msg.render("en")  # the scorer's fault, whatever the language shown
    return err if "unknown field" in english and not english.startswith("missing") else incomplete
