"""``ledger db check``: what can be wrong with a ledger, found without changing it.

The database file (SQLite's integrity checks), hands whose stored JSON is damaged, corrections
that do not hold together, and every match replayed through the current scorer and compared
with its stored results, states and summary (DESIGN.md: a replay always gives what is stored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlmodel import Session, col, select

from ledger.errors import LedgerError
from ledger.i18n import Msg, t
from ledger.store.models import Hand, Match
from ledger.store.reading import match_facts_of
from ledger.store.reads import replay_row

if TYPE_CHECKING:
    from ledger.store.service import Ledger


def problems(led: Ledger) -> list[dict]:
    """Check the database file (SQLite's integrity checks), the hands' stored JSON and their
    corrections (:func:`replacement_problems`), then replay every match and compare with the
    stored results; one entry per problem: ``{"match", "hand" (its number among the live
    hands, or None), "problem"}``, by match."""
    from ledger.store.service import session_reads, stored_json
    from ledger.summary import usable_facts
    from ledger.store.engine import integrity_problems

    found: list[dict] = [{"match": None, "hand": None,
                             "problem": t("store.check_database", "database: {problem}", problem=p)}
                for p in integrity_problems(led.engine)]
    with led.transaction() as s:
        damaged_hands = session_reads(s).damaged_hands()
        found += [{"match": mid, "hand": None,
                      "problem": t("store.check_damaged", "entry {entry} is damaged: its stored document or "
                                   "result is not JSON", entry=str(entry))}
                     for mid, entry in damaged_hands]
        found += replacement_problems(s)
        unreadable = {mid for mid, _ in damaged_hands}
        for m in s.exec(select(Match).order_by(col(Match.id))).all():
            if m.id in unreadable:
                continue  # it cannot be replayed: said once above
            setup = led.setup_of(s, m)
            hands = led.live_hands(s, m)
            try:  # a replay through this scorer, never what is stored
                rp = replay_row(m, setup, [h.document for h in hands])
            except LedgerError as err:
                found.append({"match": m.id, "hand": None, "problem": t("store.check_error", "{error}", error=err)})
                continue
            for i, h in enumerate(hands):
                if h.result != rp.results[i].to_json():
                    found.append({"match": m.id, "hand": i + 1,
                                     "problem": t("store.check_result", "stored result differs from a replay "
                                                  "(scored by version {version})", version=str(h.scorer_version))})
                elif h.state is not None and h.state != stored_json(rp.state_after(i).to_json()):
                    found.append({"match": m.id, "hand": i + 1,
                                     "problem": t("store.check_state", "stored state differs from a replay")})
            if usable_facts(m.summary, m.status) not in (None, match_facts_of(m, rp)):
                found.append({"match": m.id, "hand": None,
                                 "problem": t("store.check_summary", "stored summary (what stats read) differs "
                                              "from a replay")})
    return sorted(found, key=lambda p: p["match"] or 0)


def replacement_problems(s: Session) -> list[dict]:
    """The corrections that do not hold together (``db check``): a hand that replaces one which is
    not voided, is of another match, or whose place it does not take, and a hand replaced twice.
    One query, over the columns that say it (no document is read)."""
    from sqlalchemy import select as sa_select
    from sqlalchemy.orm import aliased

    old = aliased(Hand)
    rows = s.execute(sa_select(col(Hand.id), col(Hand.match_id), col(Hand.position), col(old.id), col(old.match_id),
                               col(old.position), col(old.voided))
                     .join(old, col(old.id) == Hand.replaces_id).order_by(col(Hand.id))).all()
    out: list[dict] = []
    by: dict[int, int] = {}
    for hid, mid, pos, rid, rmid, rpos, rvoided in rows:
        why: Msg | None = None
        ids = {"entry": str(hid), "old": str(rid)}
        if rmid != mid:
            why = t("store.check_other_match", "entry {entry} replaces entry {old}, which is in match {match}",
                    match=str(rmid), **ids)
        elif not rvoided:
            why = t("store.check_not_voided", "entry {entry} replaces entry {old}, which is not voided", **ids)
        elif rpos != pos:
            why = t("store.check_moved", "entry {entry} replaces entry {old} but is not in its place", **ids)
        elif rid in by:
            why = t("store.check_twice", "entries {first} and {entry} both replace entry {old}", first=str(by[rid]),
                    **ids)
        by.setdefault(rid, hid)
        if why:
            out.append({"match": mid, "hand": None, "problem": why})
    return out
