"""What a match document carries beside its live hands, checked once for ``replay`` and
``import`` alike (:func:`check_match_document`, called by
:func:`ledger.games.documents.replay_document`, which both use): so a document one accepts the
other accepts, and both name the same field when they refuse it.

- ``night``: an ISO date within the range ``match new --night`` allows (not after tomorrow);
  ``created_at`` and each hand's ``entered_at``/``voided_at``: ISO 8601 moments, none on a later
  night (:mod:`ledger.dates`); ``note``, ``night_label``, ``void_reason``: texts; a hand's
  ``source``: where it was entered (:func:`hand_source`).
- A voided hand is a hand that was scored once: it is scored again, as a live hand is, against
  the match as it stood before it (the live hands before it), or else against the match's
  start, or the match as first entered (each corrected hand as it was before its correction),
  and refused when none takes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from ledger.dates import latest_night, read_moment, read_night
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.parsing import META_KEYS
from ledger.games.protocol import Game
from ledger.games.replay import Replay, replay
from ledger.games.results import MatchState
from ledger.i18n import t

TEXTS = ("note", "night_label")
HAND_MOMENTS = ("entered_at", "voided_at")
HAND_SOURCES = ("cli", "page")  # where a hand is entered: the terminal (stored as null), the scorekeeper's page


def check_match_document(doc: JsonDoc, game: Game, setup: MatchSetup, rp: Replay,
                         hands: Sequence[JsonDoc]) -> None:
    """Refuse (``LedgerError`` naming the field, ``hands[i]`` by index among all hands) what
    :func:`read_match_document` leaves to the ledger: the night, the moments, the texts and the
    voided hands of ``doc`` (whose live hands replay as ``rp``)."""
    if doc.get("night") is not None:
        read_night(doc["night"], "night")
    if doc.get("created_at") is not None:
        read_moment(doc["created_at"], "created_at")
    for key in TEXTS:
        _text(doc, key, key)
    live = 0
    latest = latest_night()  # once for the whole document
    for i, h in enumerate(hands):
        for key in HAND_MOMENTS:
            if h.get(key) is not None:
                read_moment(h[key], f"hands[{i}].{key}", latest)
        _text(h, "void_reason", f"hands[{i}].void_reason")
        hand_source(h, f"hands[{i}].source")
        if h.get("voided"):
            _check_voided(game, setup, rp.states[live - 1] if live else rp.start, h, f"hands[{i}]",
                          partial(_as_first_entered, game, setup, hands[:i]))
        else:
            live += 1


def _check_voided(game: Game, setup: MatchSetup, before: MatchState, hand: JsonDoc, field: str,
                  first_entered: Callable[[], MatchState]) -> None:
    """Score the voided ``hand`` against the state ``before`` it, as a live hand would be; when
    that refuses it, against the match's start (it may have been entered before an earlier hand
    was corrected: a player the correction put out was still in then), then against the match as
    first entered (``first_entered()``: the corrected hands before it as they were before their
    correction, which may have put a player out who is in now). Refused by all: the error of
    the state before it."""
    body = {k: v for k, v in hand.items() if k not in META_KEYS and k != "stored"}
    try:
        game.apply(setup, before, body)
    except LedgerError as err:
        for state in (partial(game.start, setup), first_entered):
            try:
                game.apply(setup, state(), body)
                return
            except LedgerError:
                continue
        raise err.at(field) from None


def _as_first_entered(game: Game, setup: MatchSetup, hands: Sequence[JsonDoc]) -> MatchState:
    """The state after ``hands`` (a document's, in order) as they were first entered: each
    correction (``replaces``) left out for the voided hand it replaced, other voided hands left
    out. ``LedgerError`` when they do not replay so."""
    replaced = {h["replaces"] for h in hands if isinstance(h.get("replaces"), int)}
    kept = [h for j, h in enumerate(hands) if (j in replaced if h.get("voided") else h.get("replaces") is None)]
    first = [{k: v for k, v in h.items() if k not in META_KEYS and k != "stored"} for h in kept]
    return replay(game, setup, first).final


def hand_source(hand: JsonDoc, field: str) -> str | None:
    """A hand's ``source`` as the ledger stores it: None for the terminal's (left out, null or
    ``"cli"``), ``"page"`` as it is (the scorekeeper's page and its HTTP API); ``LedgerError``
    on ``field`` for anything else."""
    v = hand.get("source")
    if v is not None and v not in HAND_SOURCES:
        raise LedgerError(t("document.unknown_source", "{value!r} is not where a hand is entered (cli or page)",
                            value=v), field, v)
    return None if v in (None, "cli") else v


def _text(doc: JsonDoc, key: str, field: str) -> None:
    v = doc.get(key)
    if v is not None and not isinstance(v, str):
        raise LedgerError(t("document.not_text", "expected a text"), field, v)
