"""Frozen values that are JSON objects: the one ``to_json``/``from_json`` of every game's match
state and hand result (docs/architecture.md "Typed state and results").

A game declares its state and its result as frozen dataclasses deriving from :class:`JsonRecord`;
the fields, in order, are the JSON object's keys, in order (``ledger score --json``, ``replay
--json``, the stored ``hand.result`` and ``hand.state``: FORMATS.md), so what is written stays
byte for byte what the dicts of earlier versions wrote. Each field's value is converted by its
annotation:

- a :class:`JsonRecord` → its own ``to_json()`` / ``from_json()``;
- ``tuple[X, ...]`` → a JSON list (read back as a tuple), ``Mapping[str, X]`` → an object;
- ``X | None`` → ``null`` or ``X``;
- anything else (``int``, ``str``, ``Any`` …) → the value itself, JSON containers copied.

A field made with :func:`optional` is left out of the object while it is None (a key that only
some hands have, e.g. Trentasette's ``rest``); a key a record does not know is not read. The
conversion plan of each class is worked out once, on first use.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from ledger.games.jsontypes import JsonDict, JsonDoc, JsonValue

R = TypeVar("R", bound="JsonRecord")
T = TypeVar("T")
Convert = Callable[[Any], Any]
"""A field's reading (JSON value → the field's value) or writing (the reverse): one converter
serves every field type, so the value it reads or writes is ``Any``."""

Fields = dict[str, Any]
"""A record's field values by name (:meth:`JsonRecord.fields`), passed on as keyword arguments to
make a record: ``Any``, as the fields of the record classes are of every type."""

_OMIT_NONE = "ledger.omit_none"
_KEY = "ledger.key"


def optional(default: None = None, key: str | None = None) -> Any:
    """A field left out of the JSON object while it is None (``x: str | None = optional()``);
    ``key``: its JSON key when that is not the field's name (a key a record writes at one of two
    places, whose ``from_json`` then says which). ``Any``, as ``dataclasses.field``'s own: the
    field's default, whatever the field's type."""
    return dataclasses.field(default=default, metadata={_OMIT_NONE: True, **({_KEY: key} if key else {})})


@typing.overload
def frozen(cls: type[T], /) -> type[T]: ...


@typing.overload
def frozen(cls: None = None, /, **options: bool) -> Callable[[type[T]], type[T]]: ...


@typing.dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[T] | None = None, /, **options: bool) -> type[T] | Callable[[type[T]], type[T]]:
    """``@dataclasses.dataclass(frozen=True, **options)``: a record's fields are fixed once made
    (assigning one raises ``FrozenInstanceError``); records are equal, hashed, copied
    (``dataclasses.replace``) and pickled as dataclasses are."""
    def wrap(c: type[T]) -> type[T]:
        return dataclasses.dataclass(frozen=True, **options)(c)
    return wrap if cls is None else wrap(cls)


class JsonRecord:
    """Mixin of a frozen dataclass that is a JSON object (the module docstring says how)."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]  # as dataclasses declares it

    def to_json(self) -> JsonDict:
        """The JSON object: one key per field, in the fields' order."""
        out = {}
        scalars = _SCALARS
        for name, key, _load, dump, omit in _plan(type(self)):
            value = getattr(self, name)
            if type(value) in scalars:  # written as it is whatever the field's converter (None: unless omitted)
                if not (omit and value is None):
                    out[key] = value
            else:
                out[key] = dump(value)
        return out

    def json_items(self) -> list[tuple[str, object]]:
        """The JSON object's keys and values, in order, each value as the record holds it (a
        record, a tuple, a mapping, a scalar): what :meth:`to_json` writes, without copying
        anything (``ledger.cli.json_list.indented`` writes a record from these)."""
        out = []
        for name, key, _load, _dump, omit in _plan(type(self)):
            value = getattr(self, name)
            if not (omit and value is None):
                out.append((key, value))
        return out

    def fields(self) -> Fields:
        """Field name → value (to build a record of a subclass from this one's values)."""
        names = _NAMES.get(type(self))
        if names is None:
            names = _NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        return {name: getattr(self, name) for name in names}

    @classmethod
    def from_json(cls: type[R], doc: JsonDoc) -> R:
        """The record that :meth:`to_json` wrote (a key that is not there takes the field's default)."""
        return cls(**{name: load(doc[key]) for name, key, load, _dump, _omit in _plan(cls) if key in doc})


class Stored:
    """A record as the ledger stored it (``doc``, JSON that ``kind.to_json()`` wrote), read as
    ``kind`` only when first needed: a scoreboard drawn from a match's stored rows reads few of
    them, and :meth:`json` gives the stored JSON back without reading it at all."""

    __slots__ = ("kind", "doc", "_value")

    def __init__(self, kind: type[JsonRecord], doc: JsonDoc):
        self.kind, self.doc = kind, doc
        self._value: JsonRecord | None = None

    @property
    def value(self) -> JsonRecord:
        """The record (read once)."""
        if self._value is None:
            self._value = self.kind.from_json(self.doc)
        return self._value

    def __eq__(self, other: object) -> bool:
        """Equal to the record it stands for (a state read back equals the one written)."""
        theirs = other.value if isinstance(other, Stored) else other
        return isinstance(theirs, JsonRecord) and self.value == theirs

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the records it is equal to may be

    def json(self, skip: frozenset[str] = frozenset()) -> JsonDict:
        """The stored JSON (a shallow copy), without the keys ``skip``."""
        return {k: v for k, v in self.doc.items() if k not in skip}


@frozen
class NoExtra(JsonRecord):
    """The state of a game that keeps nothing beside its totals."""


_plans: dict[type, list[tuple[str, str, Convert, Convert, bool]]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}  # each record class's field names, in order (JsonRecord.fields)


def _plan(cls: type) -> list[tuple[str, str, Convert, Convert, bool]]:
    """Per field: its name, its JSON key, how to read and write its value, whether a None is left out."""
    plan = _plans.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls)
        plan = [(f.name, f.metadata.get(_KEY, f.name), *_converters(hints[f.name]), bool(f.metadata.get(_OMIT_NONE)))
                for f in dataclasses.fields(cls)]
        _plans[cls] = plan
    return plan


def _same(value: T) -> T:
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})


def plain(value: JsonValue) -> JsonValue:
    """A JSON value as a fresh JSON value (containers copied, a record written: its
    :meth:`JsonRecord.to_json`)."""
    kind = type(value)
    if kind in _SCALARS:  # most values: asked first, before the (slower) checks below
        return value
    if kind is dict:
        return {k: plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    if isinstance(value, JsonRecord):
        return value.to_json()
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def json_text(value: object) -> str:
    """``json.dumps(plain(value))``: a value's JSON text, each record written as its
    :meth:`JsonRecord.to_json` says. ``TypeError`` for a value that is not JSON, as ``json.dumps``."""
    return json.dumps(value, default=json_object)


def agrees(given: JsonValue, value: object) -> bool:
    """``given == plain(value)``: whether ``given``, a JSON value as ``json`` reads it, is the JSON
    of ``value`` (a JSON value, a record, a mapping of records): what an import checks a backup's
    stored result against (Python's ``==``: 1, 1.0 and true are equal, a mapping's keys in any
    order)."""
    return bool(given == plain(value))


def plain_text(value: JsonValue, tree: bool = False) -> str:
    """``json.dumps(value)`` for a plain JSON value (``TypeError`` for any other, ``ValueError`` for
    a container that holds itself). ``tree`` is accepted for callers that know ``value`` is what
    ``json`` read; the text is the same."""
    return json.dumps(value)


def json_object(value: object) -> JsonDict:
    """The JSON object of a record (its :meth:`JsonRecord.to_json`) or of a mapping (a dict of it).
    ``TypeError`` for any other value, as ``json.dumps``."""
    if isinstance(value, JsonRecord):
        return value.to_json()
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def listed_object(value: object) -> JsonValue:
    """The JSON value of a record or a mapping, tuples as lists (:func:`plain`): what ``==``
    compares with what ``json`` reads. ``TypeError`` for any other value."""
    return plain(json_object(value))


def _converters(hint: object) -> tuple[Convert, Convert]:
    """(load, dump) for a field annotated ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and issubclass(hint, JsonRecord):
        return hint.from_json, plain
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1 and len(args) == 2:
            load, dump = _converters(inner[0])
            return (lambda v: None if v is None else load(v)), (lambda v: None if v is None else dump(v))
        return _same, plain
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        load, dump = _converters(args[0])
        return (lambda v: tuple(load(x) for x in v)), (lambda v: [dump(x) for x in v])
    if origin in (dict, Mapping) and len(args) == 2:
        load, dump = _converters(args[1])
        if load is _same:
            return dict, plain
        return (lambda v: {k: load(x) for k, x in v.items()}), (lambda v: {k: dump(x) for k, x in v.items()})
    return _same, plain
