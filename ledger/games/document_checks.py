"""What a match document carries beside its live hands, checked once for ``replay`` and
``import`` alike (:func:`check_match_document`, called by
:func:`ledger.games.documents.replay_document`, which both use): so a document one accepts the
other accepts, and both name the same field when they refuse it.

- ``night``: an ISO date within the range ``match new --night`` allows (not after tomorrow);
  ``created_at`` and each hand's ``entered_at``/``voided_at``: ISO 8601 moments, none on a later
  night (:mod:`ledger.dates`); ``note``, ``night_label``, ``void_reason``: texts.
- A voided hand is a hand that was scored once: it is scored again, as a live hand is, against
  the match as it stood before it (the live hands before it), or else against the match's
  start, and refused when neither takes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ledger.dates import latest_night, read_moment, read_night
from ledger.errors import LedgerError
from ledger.games.base import META_KEYS, Game, MatchSetup, MatchState, Replay
from ledger.i18n import t

TEXTS = ("note", "night_label")
HAND_MOMENTS = ("entered_at", "voided_at")


def check_match_document(doc: Mapping[str, Any], game: Game, setup: MatchSetup, rp: Replay,
                         hands: Sequence[Mapping[str, Any]]) -> None:
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
        if h.get("voided"):
            _check_voided(game, setup, rp.states[live - 1] if live else rp.start, h, f"hands[{i}]")
        else:
            live += 1


def _check_voided(game: Game, setup: MatchSetup, before: MatchState, hand: Mapping[str, Any], field: str) -> None:
    """Score the voided ``hand`` against the state ``before`` it, as a live hand would be; when
    that refuses it, against the match's start (it may have been entered before an earlier hand
    was corrected: a player the correction put out was still in then). Refused by both: the
    error of the state before it."""
    body = {k: v for k, v in hand.items() if k not in META_KEYS and k != "stored"}
    try:
        game.apply(setup, before, body)
    except LedgerError as err:
        try:
            game.apply(setup, game.start(setup), body)
        except LedgerError:
            raise err.at(field) from None


def _text(doc: Mapping[str, Any], key: str, field: str) -> None:
    v = doc.get(key)
    if v is not None and not isinstance(v, str):
        raise LedgerError(t("document.not_text", "expected a text"), field, v)
