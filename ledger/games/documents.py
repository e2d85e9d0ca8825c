"""Match documents (FORMATS.md): reading one, replaying it, and the JSON that ``replay`` prints.

Pure like the scorers: a match document is a plain dict; nothing here touches the ledger. The
store imports these to import and export matches; ``ledger replay`` uses them without opening a
ledger at all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ledger.errors import LedgerError, match_settings
from ledger.games import get_game
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.parsing import META_KEYS
from ledger.games.replay import Replay, replay
from ledger.games.suggest import nearest
from ledger.i18n import t


def replay_json(rp: Replay, docs: Sequence[JsonDoc] | None = None) -> JsonDict:
    """What ``replay --json`` prints: the final state's fields, then every hand's result and totals."""
    doc: JsonDict = {"game": rp.setup.game, "rules": rp.setup.rules}
    doc.update(rp.final.to_json())
    doc["hands"] = [
        {"number": i + 1, "result": res.to_json(), "totals": dict(st.totals)}
        for i, (res, st) in enumerate(zip(rp.results, rp.states))
    ]
    return doc


# the fields a match document may have (FORMATS.md, and what an export adds: docs/formats.md)
MATCH_KEYS = frozenset({"game", "rules", "players", "sides", "options", "hands", "ended_early", "night",
                        "night_label", "created_at", "note", "stored", "title"})


def document_kind(doc: object) -> tuple[str, str]:
    """What ``doc`` looks like, and why: ``("match", 'a list of "hands"')``, else ``("match",
    '"players"')`` (or ``"ended_early"``: fields no hand document has; ``"options"`` is no sign,
    a Scopa hand has it too) or ``("hand", '"knocked_by"')`` (a field no match document has, nor
    one it is a typo of; or ``"hands"`` by player) when only one of the two is there; ``("", "")``
    when it cannot be told."""
    if not isinstance(doc, Mapping):
        return "", ""
    if isinstance(doc.get("hands"), list):
        return "match", 'a list of "hands"'
    match = [f'"{k}"' for k in ("players", "ended_early") if k in doc]
    hand = [f'"{k}"' for k in doc if k not in MATCH_KEYS and k not in META_KEYS and nearest(k, MATCH_KEYS) is None]
    if isinstance(doc.get("hands"), Mapping):
        hand.append('"hands" by player')
    if match and not hand:
        return "match", match[0]
    if hand and not match:
        return "hand", hand[0]
    return "", ""


MATCH_SIGN_KEYS = frozenset({"players", "ended_early", "hands"})
"""The fields that make a document look like a match document (:func:`check_kind`): a hand
document with none of them is one at once, whatever its other fields."""


def _match_signs(doc: object) -> bool:
    """Whether ``doc`` has a field only a match document has: a list of ``"hands"``,
    ``"players"`` or ``"ended_early"`` (a document with none of them is never taken for a match
    by :func:`document_kind`, and one with any of them never for a hand)."""
    return (type(doc) is dict or isinstance(doc, Mapping)) and (isinstance(doc.get("hands"), list) or "players" in doc
                                                                or "ended_early" in doc)


def check_kind(doc: object, want: str, file: str = "FILE") -> None:
    """Refuse a match document where a hand document is wanted (``want`` ``"hand"``) or a hand
    document where a match document is (``"match"``): a ``LedgerError`` on ``document`` that says
    what it is and which command takes it (``file`` names the input in that command).

    A document that shows a sign of the kind wanted (a list of ``"hands"``, ``"players"`` or
    ``"ended_early"`` for a match; none of them for a hand) is let through without looking at
    its other fields, so a correct document pays for no suggestion (issue 17)."""
    if type(doc) is dict and want == "hand" and MATCH_SIGN_KEYS.isdisjoint(doc):
        return  # the common case first: a hand document with no field of a match document's
    if _match_signs(doc) == (want == "match"):
        return
    kind, why = document_kind(doc)
    if kind == "match" and want == "hand":
        raise LedgerError(t("document.is_match", "this is a match document (it has {why}): use ledger replay {file}",
                            why=why, file=file), "document", None)
    if kind == "hand" and want == "match":
        raise LedgerError(t("document.is_hand", "this is a hand document (it has {why}): use ledger score {file}",
                            why=why, file=file), "document", None)


def replay_document(doc: object) -> tuple[MatchSetup, Replay]:
    """Read a match document and replay its live hands, then check the rest of it (its night,
    times, texts and voided hands: :func:`ledger.games.document_checks.check_match_document`);
    errors name hands by their index in the document's ``hands`` list (voided hands included)."""
    from ledger.games.document_checks import check_match_document

    setup, live, all_hands = read_match_document(doc)
    live_at = [i for i, h in enumerate(all_hands) if not h.get("voided")]
    game = get_game(setup.game)
    try:
        rp = replay(game, setup, live)
    except LedgerError as err:
        raise _reindex(err, live_at) from None
    assert isinstance(doc, Mapping)  # read_match_document refused anything else
    check_match_document(doc, game, setup, rp, all_hands)  # import and replay alike
    return setup, rp


def read_match_document(doc: object) -> tuple[MatchSetup, list[JsonDict], list[JsonDict]]:
    """Read a match document (FORMATS.md): its setup, its live hands (copies, without their
    ``"stored"``), and all its hands (the document's own, to be read, not changed).

    Raises ``LedgerError`` naming the field for anything missing or wrong.
    """
    if not isinstance(doc, Mapping):
        raise LedgerError(t("document.not_object", "a match document must be a JSON object"), "document", None)
    check_kind(doc, "match")
    game = get_game(doc.get("game"), document=True)
    with match_settings():  # the document's own fields, named as a match's (not by its hands' words)
        for key in doc:
            if key not in MATCH_KEYS:
                raise LedgerError(t("field.unknown", "unknown field {key!r}{hint}", key=key, hint=""), key, doc[key])
        hands = doc.get("hands", [])
        if not isinstance(hands, list):
            raise LedgerError(t("document.hands_not_list", "expected a list of hands"), "hands", hands)
        for i, h in enumerate(hands):
            if not isinstance(h, Mapping):
                raise LedgerError(t("document.hand_not_object", "a hand must be a JSON object"), f"hands[{i}]", h)
            if not isinstance(h.get("voided"), (bool, type(None))):
                raise LedgerError(t("document.not_bool", "expected true or false"), f"hands[{i}].voided", h["voided"])
        check_replaces(hands)
        ended = doc.get("ended_early", False)
        if not isinstance(ended, bool):
            raise LedgerError(t("document.not_bool", "expected true or false"), "ended_early", ended)
        options = doc.get("options") or {}
        if not isinstance(options, Mapping):
            raise LedgerError(t("document.not_mapping", "expected an object"), "options", options)
        if doc.get("title") is not None:  # a match's free title is kept with its options (MatchSetup.to_json)
            options = {**options, "title": doc["title"]}
        setup = game.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), options, ended_early=ended)
    # a backup's "stored" bookkeeping (docs/formats.md) is not part of the hand as scored
    live = [{k: v for k, v in h.items() if k != "stored"} for h in hands if not h.get("voided")]
    return setup, live, list(hands)


def check_replaces(hands: Sequence[JsonDoc]) -> None:
    """Each ``replaces`` of a match document's ``hands`` must name a hand that a correction can
    replace: the index of an earlier hand that is voided and replaced by no other, with only
    voided hands between the two (the correction takes its place in the order of play, as the
    ledger's own exports have it). ``LedgerError`` on ``hands[i].replaces`` otherwise."""
    replaced_by: dict[int, int] = {}
    live_before = [0]  # live hands among hands[:k]
    for h in hands:
        live_before.append(live_before[-1] + (not h.get("voided")))
    for i, h in enumerate(hands):
        r = h.get("replaces")
        if r is None:
            continue
        field = f"hands[{i}].replaces"
        if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < len(hands) or r == i:
            raise LedgerError(t("document.replaces_index", "{value!r} is not the index of another hand", value=r),
                              field, r)
        if not hands[r].get("voided"):
            raise LedgerError(t("document.replaces_live", "hands[{index}] is not voided (only a voided hand is "
                                "replaced)", index=str(r)), field, r)
        if r in replaced_by:
            raise LedgerError(t("document.replaced_twice", "hands[{index}] is replaced by hands[{other}] already",
                                index=str(r), other=str(replaced_by[r])), field, r)
        if r > i:
            raise LedgerError(t("document.replaces_later", "hands[{index}] comes after this hand (a correction "
                                "follows the hand it replaces)", index=str(r)), field, r)
        if live_before[i] > live_before[r + 1]:
            raise LedgerError(t("document.replaces_gap", "a hand that is not voided comes between this hand and "
                                "hands[{index}] (a correction takes the place of the hand it replaces)",
                                index=str(r)), field, r)
        replaced_by[r] = i


def _reindex(err: LedgerError, at: Sequence[int]) -> LedgerError:
    """``hands[i]`` counted among live hands → the same hand's index among all hands."""
    m = re.match(r"hands\[(\d+)\](.*)", err.field)
    if not m or int(m.group(1)) >= len(at):
        return err
    return err.moved(f"hands[{at[int(m.group(1))]}]{m.group(2)}")
