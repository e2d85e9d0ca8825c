"""``record.agrees`` and ``record.plain_text`` (ledger/games/record.py): the import's cheaper check of
a backup's stored result against the replay (Python's ``==`` of the file's JSON and the record,
nothing written) and its cheaper ``json.dumps`` (issue 17). Each must give what the old way gave:
``given == plain(value)``, and ``json.dumps``'s text and errors."""

from __future__ import annotations

import json
import math
import threading
from types import MappingProxyType
from typing import Any, Mapping

import pytest
from hypothesis import given, settings, strategies as st

from ledger.games.documents import replay_document
from ledger.games.record import JsonRecord, agrees, frozen, json_text, listed_object, optional, plain, plain_text

from test_typed_records import MATCHES

# --- the JSON values json reads, with the numbers == mixes up (1, 1.0, True; 0, 0.0, -0.0, False)
scalars = st.one_of(st.none(), st.booleans(), st.sampled_from([0, 1, 2, -1, 0.0, -0.0, 1.0, 2.5]),
                    st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=6))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)), max_leaves=20)
# what a game's record holds and an import reads: no NaN or infinity (no JSON file has one: read_json)
finite_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=6)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)),
    max_leaves=20)

_SWAP: dict[Any, list] = {1: [True, 1.0], 0: [False, 0.0, -0.0], 2: [2.0]}


def _swapped(x: Any) -> list:
    """The values ``==`` takes for ``x`` (another type, the same number), ``x`` first."""
    if type(x) in (int, float, bool) and not (type(x) is float and math.isnan(x)) and x in _SWAP:
        return [x, *_SWAP[x]]
    return [x]


@st.composite
def held_as(draw, value: Any) -> Any:
    """``value`` as a record or replay may hold it: lists as tuples, objects as read-only mappings,
    numbers of another type; now and then a leaf changed, a key dropped or added."""
    kind = type(value)
    if kind is list:
        items = [draw(held_as(v)) for v in value]
        if items and draw(st.integers(0, 9)) == 0:
            items.pop()
        return tuple(items) if draw(st.booleans()) else items
    if kind is dict:
        out = {k: draw(held_as(v)) for k, v in value.items()}
        change = draw(st.integers(0, 12))
        if change == 0 and out:
            out.pop(next(iter(out)))
        elif change == 1:
            out[draw(st.text(max_size=2))] = draw(scalars)
        if draw(st.booleans()):
            out = dict(reversed(list(out.items())))  # another key order
        return MappingProxyType(out) if draw(st.integers(0, 3)) == 0 else out
    if draw(st.integers(0, 15)) == 0:
        return draw(scalars)  # a leaf changed (or not)
    return draw(st.sampled_from(_swapped(value)))


@pytest.mark.slow  # 400 random documents
@settings(max_examples=400, deadline=None)
@given(st.data())
def test_agrees_is_python_equality_with_the_plain_value(data):
    """On JSON values and what they may be held as: ``agrees(given, value) == (given == plain(value))``."""
    given_ = data.draw(json_values)
    value = data.draw(held_as(given_))
    assert agrees(given_, value) is (given_ == plain(value))


# --- records, as the games' results are made
@frozen
class _Leaf(JsonRecord):
    item: str
    points: int

    def to_json(self) -> dict:  # written by hand, as the games' Item
        return {"item": self.item, "points": self.points}


@frozen
class _Facts(JsonRecord):
    cards: int
    ranks: tuple[str, ...]
    sevens: bool


@frozen
class _Result(JsonRecord):
    points: Mapping[str, int]
    items: Mapping[str, tuple[_Leaf, ...]]
    piles: Mapping[str, _Facts]
    first: _Leaf | None
    rest: str | None = optional()
    anything: Any = None


numbers = st.sampled_from([0, 1, 2, -1, 7])
names = st.sampled_from(["NS", "EW", "A"])
results = st.builds(
    _Result, points=st.dictionaries(names, numbers, max_size=3),
    items=st.dictionaries(names, st.lists(st.builds(_Leaf, st.sampled_from(["ace", "7"]), numbers), max_size=3)
                          .map(tuple), max_size=3),
    piles=st.dictionaries(names, st.builds(_Facts, numbers, st.lists(st.sampled_from("57K"), max_size=3).map(tuple),
                                           st.booleans()), max_size=2),
    first=st.none() | st.builds(_Leaf, st.just("x"), numbers), rest=st.none() | names,
    anything=st.none() | finite_values)


@pytest.mark.slow  # 300 random records
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_agrees_on_records_is_the_old_check(data):
    """A record against its JSON as a file may hold it (numbers of another type, keys in another
    order, a value changed): ``agrees`` says what the import's old check said, the file's text equal
    to the replay's or the file's value ``==`` its ``to_json()``."""
    record = data.draw(results)
    written = json.loads(json_text(record))
    given_ = plain(data.draw(held_as(written)))  # back to plain JSON: lists and dicts
    old = json.dumps(given_) == json_text(record) or given_ == record.to_json()
    assert (agrees(given_, record) or json.dumps(given_) == json_text(record)) is old
    assert agrees(written, record)


@settings(max_examples=200, deadline=None)
@given(results)
def test_a_listed_object_is_the_plain_value_with_nothing_of_a_record_left(record):
    """``listed_object`` of a record holding what its annotations say: its JSON value, lists for
    tuples, so that the C ``==`` says at once whether it agrees (json_text's writers are unchanged)."""
    listed = listed_object(record)
    assert listed == plain(record) and json.dumps(listed) == json_text(record)

    def plain_only(v):
        return type(v) in (str, int, float, bool, type(None)) or (type(v) is list and all(map(plain_only, v))) or (
            type(v) is dict and all(map(plain_only, v.values())))
    assert plain_only({k: v for k, v in listed.items() if k != "anything"})


@pytest.mark.parametrize("name, doc", MATCHES, ids=[n for n, _ in MATCHES])
def test_every_games_results_agree_with_their_json_and_not_with_a_changed_one(name, doc):
    """Every hand of the recorded matches of every game: a result agrees with its JSON as read
    back, with 1 written 1.0 too, and not with its JSON with a value changed."""
    _setup, rp = replay_document(doc)
    for res in rp.results:
        written = json.loads(json_text(res.json_value))
        assert agrees(written, res.json_value)
        assert written == listed_object(res.json_value)  # at once, by the C ==: no tuple or record left
        as_floats = json.loads(json.dumps(written), parse_int=float)
        assert agrees(as_floats, res.json_value) is (as_floats == res.to_json())
        for key in written:
            changed = {**written, key: ["changed"]}
            assert not agrees(changed, res.json_value)
            assert not agrees({k: v for k, v in written.items() if k != key}, res.json_value)


def test_agrees_with_what_is_not_json():
    assert agrees({"a": 1}, MappingProxyType({"a": True}))
    assert not agrees([1], "[1]") and not agrees("x", ("x",)) and not agrees({"a": 1}, [("a", 1)])
    assert agrees({"cards": 1, "ranks": ["5"], "sevens": False}, _Facts(1, ("5",), False))
    assert not agrees({"cards": 1, "ranks": ["5"], "sevens": False, "more": 1}, _Facts(1, ("5",), False))
    nan = float("nan")
    assert agrees([nan], [nan]) and not agrees(nan, nan)  # as == of Python's containers: identity first
    assert not agrees({"a": 1}, {"a": object()})  # not JSON: never equal to what json reads


# --- plain_text: json.dumps
@settings(max_examples=300, deadline=None)
@given(json_values)
def test_plain_text_is_json_dumps(value):
    assert plain_text(value) == json.dumps(value) == plain_text(value, tree=True)


def test_plain_text_refuses_what_json_dumps_refuses_and_goes_on_after():
    circle: list = [1]
    circle.append({"again": circle})
    for bad, error in (({"a": [1, object()]}, TypeError), (circle, ValueError), ({(1, 2): 3}, TypeError)):
        with pytest.raises(error) as ours:
            plain_text(bad)
        with pytest.raises(error) as theirs:
            json.dumps(bad)
        assert str(ours.value) == str(theirs.value)
    for bad in ({"a": [1, object()]}, {(1, 2): 3}):
        with pytest.raises(TypeError):
            plain_text(bad, tree=True)
    shared = [1, 2]
    assert plain_text({"a": shared, "b": shared}) == '{"a": [1, 2], "b": [1, 2]}'  # no circle left marked
    assert plain_text({"a": shared, "b": shared}, tree=True) == '{"a": [1, 2], "b": [1, 2]}'


def test_plain_text_in_threads():
    texts: list[str] = []
    docs = [{"n": i, "xs": list(range(i % 7))} for i in range(200)]
    workers = [threading.Thread(target=lambda: texts.extend(plain_text(d) for d in docs)) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(texts) == sorted(json.dumps(d) for d in docs * 4)
