"""The one strict reading of JSON text for every document (hands, matches, exports, club
sessions), whether it comes from a file, standard input or the HTTP API of ``ledger serve``:
no ``NaN``/``Infinity``, no number beyond a float's range, no key given twice in an object, no
half character; each refusal one message in the user's language (``not valid JSON (Expecting
value at line 1, column 2)``). Below both the CLI and the web layer."""

from __future__ import annotations

import json
import re
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import Msg, t

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # a \uD800-\uDFFF escape: maybe half a character


def _whole_characters(text: str, value: Any) -> None:
    """``UnicodeEncodeError`` when ``value``, parsed from the JSON ``text``, holds half a character
    (a lone ``\\uD800``-``\\uDFFF`` escape: no character at all); most texts have no ``\\u`` escape."""
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        json.dumps(value, ensure_ascii=False).encode("utf-8")


def not_json(why: str, line: int | None = None, column: int | None = None) -> Msg:
    """``not valid JSON (Expecting value at line 1, column 2)``: ``why`` is Python's json's words."""
    if line is None:
        return t("input.not_json", "not valid JSON ({why})", why=_json_words(why))
    return t("input.not_json_at", "not valid JSON ({why} at line {line}, column {column})", why=_json_words(why),
             line=line, column=column)


# what Python's json module says (English only), in the language in use
_JSON_WORDS = {
    "Expecting value": lambda: t("json.expecting_value", "Expecting value"),
    "Extra data": lambda: t("json.extra_data", "Extra data"),
    "Expecting property name enclosed in double quotes": lambda: t(
        "json.expecting_name", "Expecting property name enclosed in double quotes"),
    "Expecting ',' delimiter": lambda: t("json.expecting_comma", "Expecting ',' delimiter"),
    "Expecting ':' delimiter": lambda: t("json.expecting_colon", "Expecting ':' delimiter"),
    "Unterminated string starting at": lambda: t("json.unterminated", "Unterminated string starting at"),
    "Invalid control character at": lambda: t("json.control", "Invalid control character at"),
    "Invalid \\escape": lambda: t("json.escape", "Invalid \\escape"),
    "Illegal trailing comma before end of object": lambda: t("json.comma_object",
                                                             "Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array": lambda: t("json.comma_array",
                                                            "Illegal trailing comma before end of array"),
    "extra data after the list": lambda: t("json.after_list", "extra data after the list"),
    "extra data": lambda: t("json.extra", "extra data"),
    "no list of matches": lambda: t("json.no_matches", "no list of matches"),
    "expecting a property name": lambda: t("json.property", "expecting a property name"),
}


def _json_words(why: str) -> Msg | str:
    word = _JSON_WORDS.get(why)
    if word is not None:
        return word()
    m = re.fullmatch(r"(?P<name>\w+) is not a JSON number", why)
    if m:
        return t("json.constant", "{name} is not a JSON number", name=m["name"])
    m = re.fullmatch(r"number out of range: (?P<text>.*)", why)
    if m:
        return t("json.out_of_range", "number out of range: {value}", value=m["text"])
    m = re.fullmatch(r"expecting (?P<chars>'.'(?: or '.')*)", why)
    if m:
        return t("json.expecting", "expecting {chars}", chars=m["chars"])
    return why


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"number out of range: {text[:20]}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class RepeatedKey(ValueError):
    """A JSON object that gives a key twice (``{"scope": 5, "scope": 0}``). json alone keeps the
    last one silently; as the command line refuses a word given twice, the document is refused."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's ``(key, value)`` pairs made a dict; :class:`RepeatedKey` for a key given
    twice. The dict is built by C first: only an object with a repeated key is looked at again."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return obj


def repeated_key(err: RepeatedKey) -> Msg:
    """``not valid JSON (the key 'scope' is given twice in one object)``."""
    return t("input.repeated_key", "not valid JSON (the key {key!r} is given twice in one object)", key=err.key)


def json_decoder() -> json.JSONDecoder:
    """The one strict JSON decoder of every document read (hands, matches, exports, club
    sessions): no ``NaN``/``Infinity``, no number beyond a float's range, no key given twice in an
    object (:class:`RepeatedKey`, which is a ``ValueError``)."""
    return json.JSONDecoder(parse_float=_finite, parse_constant=_no_constant, object_pairs_hook=_unique_keys)


_DECODER = json_decoder()


def parse_json(text: str, field: str = "FILE", path: str = "-") -> Any:
    """Parse JSON ``text`` read from ``path`` as :func:`read_json` does (the same strictness and
    the same one-line errors)."""
    try:
        data = _DECODER.decode(text)
        _whole_characters(text, data)
        return data
    except json.JSONDecodeError as err:
        raise LedgerError(not_json(err.msg, err.lineno, err.colno), field, path) from None
    except RepeatedKey as err:
        raise LedgerError(repeated_key(err), field, path) from None
    except RecursionError:
        raise LedgerError(t("input.too_deep", "JSON nested too deeply"), field, path) from None
    except UnicodeEncodeError:
        raise LedgerError(t("input.half_char", "not valid JSON (a \\u escape that is half of a character)"), field, path) from None
    except ValueError as err:  # NaN, Infinity, 1e999, an integer of 5000 digits
        raise LedgerError(not_json(str(err).split(';')[0]), field, path) from None
