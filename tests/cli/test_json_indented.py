"""``json_list.indented`` writes exactly what ``json.dumps(…, ensure_ascii=False, indent=2)`` writes."""

from __future__ import annotations

import json

from hypothesis import given, strategies as st

from ledger.cli.json_list import indented

leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=30)


@given(values)
def test_the_same_text_as_json_dumps(value):
    assert indented(value) == json.dumps(value, ensure_ascii=False, indent=2)


@given(values, st.integers(0, 6))
def test_nested_by_a_margin(value, depth):
    margin = "\n" + "  " * depth
    assert indented(value, margin) == json.dumps(value, ensure_ascii=False, indent=2).replace("\n", margin)


def test_keys_and_kinds_json_converts_are_left_to_json():
    odd = {1: "a", None: [1.5, float("inf")], True: {"x": ()}}
    assert indented(odd) == json.dumps(odd, ensure_ascii=False, indent=2)
    assert indented({"è\u2028": "\x00é"}) == json.dumps({"è\u2028": "\x00é"}, ensure_ascii=False, indent=2)
