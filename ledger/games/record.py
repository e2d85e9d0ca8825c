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
import threading
import types
import typing
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

R = TypeVar("R", bound="JsonRecord")
Convert = Callable[[Any], Any]

_OMIT_NONE = "ledger.omit_none"
_KEY = "ledger.key"


def optional(default: Any = None, key: str | None = None) -> Any:
    """A field left out of the JSON object while it is None (``x: str | None = optional()``);
    ``key``: its JSON key when that is not the field's name (a key a record writes at one of two
    places, whose ``from_json`` then says which)."""
    return dataclasses.field(default=default, metadata={_OMIT_NONE: True, **({_KEY: key} if key else {})})


@typing.dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type | None = None, /, **options: Any) -> Any:
    """``@dataclasses.dataclass(frozen=True, **options)`` with a quicker ``__init__``: the same
    signature, defaults and factories, the fields written straight into the new instance's
    ``__dict__`` rather than through ``object.__setattr__`` one call each (a third of the time
    with eight fields: a replay makes a dozen records a hand, issue 17). The record stays frozen
    (assigning a field still raises ``FrozenInstanceError``), equal, hashed, copied
    (``dataclasses.replace``) and pickled as the dataclass. For records of plain fields: a class
    with slots, a field left out of ``__init__``, an ``InitVar`` or a ``__post_init__`` is a
    ``TypeError`` (the dataclass's own ``__init__`` handles those)."""
    def wrap(c: type) -> type:
        c = dataclasses.dataclass(frozen=True, init=False, **options)(c)  # type: ignore[call-overload]
        c.__init__ = _quick_init(c)  # type: ignore[misc]
        return c
    return wrap if cls is None else wrap(cls)


_NO_VALUE = object()  # a field whose default is made by its factory, when no value is given


def _quick_init(cls: type) -> Callable[..., None]:
    """The ``__init__`` of :func:`frozen` for the dataclass ``cls``."""
    fields = dataclasses.fields(cls)
    if ("__slots__" in cls.__dict__ or hasattr(cls, "__post_init__") or any(not f.init for f in fields)
            or len(fields) != len(vars(cls)["__dataclass_fields__"])):  # an InitVar (or a ClassVar)
        raise TypeError(f"{cls.__qualname__}: record.frozen takes plain fields only (use dataclasses.dataclass)")
    env: dict[str, Any] = {"_NO_VALUE": _NO_VALUE}
    params: dict[bool, list[str]] = {False: [], True: []}  # by keyword only, each in the fields' order
    body = []
    for i, f in enumerate(fields):
        if f.default is not dataclasses.MISSING:
            env[f"_default_{i}"] = f.default
            params[f.kw_only].append(f"{f.name}=_default_{i}")  # type: ignore[index]
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_factory_{i}"] = f.default_factory
            params[f.kw_only].append(f"{f.name}=_NO_VALUE")  # type: ignore[index]
            body.append(f" if {f.name} is _NO_VALUE: {f.name} = _factory_{i}()")
        else:
            params[f.kw_only].append(f.name)  # type: ignore[index]
        body.append(f" __fields__[{f.name!r}] = {f.name}")
    signature = ", ".join(["__self__", *params[False], *(["*", *params[True]] if params[True] else [])])
    source = f"def __init__({signature}):\n __fields__ = __self__.__dict__\n" + ("\n".join(body) or " pass")
    exec(source, env)  # what dataclasses does to write its own __init__
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class JsonRecord:
    """Mixin of a frozen dataclass that is a JSON object (the module docstring says how)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_json(self) -> dict:
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

    def json_items(self) -> list[tuple[str, Any]]:
        """The JSON object's keys and values, in order, each value as the record holds it (a
        record, a tuple, a mapping, a scalar): what :meth:`to_json` writes, without copying
        anything (``ledger.cli.json_list.indented`` writes a record from these)."""
        out = []
        for name, key, _load, _dump, omit in _plan(type(self)):
            value = getattr(self, name)
            if not (omit and value is None):
                out.append((key, value))
        return out

    def fields(self) -> dict[str, Any]:
        """Field name → value (to build a record of a subclass from this one's values)."""
        names = _NAMES.get(type(self))
        if names is None:
            names = _NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        return {name: getattr(self, name) for name in names}

    @classmethod
    def from_json(cls: type[R], doc: Mapping[str, Any]) -> R:
        """The record that :meth:`to_json` wrote (a key that is not there takes the field's default)."""
        return cls(**{name: load(doc[key]) for name, key, load, _dump, _omit in _plan(cls) if key in doc})


class Stored:
    """A record as the ledger stored it (``doc``, JSON that ``kind.to_json()`` wrote), read as
    ``kind`` only when first needed: a scoreboard drawn from a match's stored rows reads few of
    them, and :meth:`json` gives the stored JSON back without reading it at all."""

    __slots__ = ("kind", "doc", "_value")

    def __init__(self, kind: type[JsonRecord], doc: Mapping[str, Any]):
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

    __hash__ = None  # type: ignore[assignment]

    def json(self, skip: frozenset[str] = frozenset()) -> dict:
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


def _same(value: Any) -> Any:
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
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


def json_text(value: Any) -> str:
    """``json.dumps(plain(value))``: the same text, written by ``json``'s C encoder straight from
    the values, each record by its :meth:`JsonRecord.json_items` (its own ``to_json`` when it has
    one), with nothing copied first (an import writes every hand's result and state: issue 17).
    ``TypeError`` for a value that is not JSON, as ``json.dumps``."""
    return _ENCODE(value)


def agrees(given: Any, value: Any) -> bool:
    """``given == plain(value)`` (Python's ``==``: 1, 1.0 and true are equal, a mapping's keys in
    any order, containers compared item by item with ``is`` first), for ``given`` a JSON value as
    ``json`` reads it (dicts, lists, texts, numbers, booleans, None) and ``value`` a JSON value,
    record or :meth:`HandResult.json_value`, without writing or copying ``value`` first: compared by
    the C ``==`` where the two are alike (a record of plain values is its own ``__dict__``,
    :func:`listed_object`: its tuples as lists), item by item only where they differ (a
    value that is not what its field's annotation says). An import checks a backup's stored result against the replay's so (issue 17: two JSON
    texts a hand otherwise). Records compare equal only to records (their dataclasses' ``==``), so a
    plain JSON value never equals one; a value that is not JSON is compared as :func:`plain` gives it
    back (equal to nothing ``json`` reads)."""
    kind = type(value)
    if kind in _SCALARS:
        return given == value
    if kind is tuple or kind is list:
        if type(given) is not list:
            return given == plain(value)
        if len(given) != len(value):
            return False
        if given == (value if kind is list else list(value)):
            return True
        return all(y is x or y == x or agrees(y, x) for y, x in zip(given, value))
    if kind is dict:
        obj = value
    elif isinstance(value, (JsonRecord, Mapping)):
        obj = listed_object(value)
    else:
        return given == plain(value)
    if type(given) is not dict:
        return given == plain(value)
    if len(given) != len(obj):
        return False
    if given == obj:
        return True
    missing = _NO_VALUE
    for key, x in obj.items():
        y = given.get(key, missing)
        if y is x or y == x:  # most values: the C ==, true only for values that are equal
            continue
        if y is missing or not agrees(y, x):
            return False
    return True


def plain_text(value: Any, tree: bool = False) -> str:
    """``json.dumps(value)``: the same text and the same errors, by ``json``'s C encoder made once a
    thread rather than once a text (2 µs a text: an import writes a hand's document and its stored
    result so, issue 17). For plain JSON values: ``TypeError`` for any other, ``ValueError`` for
    a container that holds itself, as ``json.dumps``. ``tree``: ``value`` is what ``json`` read
    (no container can hold itself), so json's check for a circle is spared (2 µs more a text; a
    container that held itself would be a ``RecursionError``)."""
    if tree:
        return _TREE(value)
    write = getattr(_PLAIN, "write", None)
    if write is None:
        write = _PLAIN.write = _plain_writer(check_circular=True)
    return write(value)


def _plain_writer(check_circular: bool) -> Callable[[Any], str]:
    """:func:`plain_text` (for one thread, with ``check_circular``): ``json.dumps`` itself where
    json has no C encoder."""
    try:
        from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]

        markers: dict | None = {} if check_circular else None  # what the check for a circle keeps meanwhile
        encode = c_make_encoder(markers, json.JSONEncoder().default, encode_basestring_ascii, None, ": ", ", ",
                                False, False, True)
        sample = {"a": [1, None, True, 2.5, "è\n", float("nan")], "b": {"c": -0.0}}
        if "".join(encode(sample, 0)) != json.dumps(sample):
            return json.dumps
    except Exception:  # noqa: BLE001  # no C encoder, or one made otherwise: json's own way
        return json.dumps

    def write(value: Any) -> str:
        try:
            return "".join(encode(value, 0))
        except BaseException:
            if markers:
                markers.clear()  # a text given up halfway leaves its containers marked
            raise
    return write


_PLAIN = threading.local()
_TREE = _plain_writer(check_circular=False)  # holds nothing between two texts: any thread


def json_object(value: Any) -> Any:
    """The JSON object :func:`json_text` writes for a record or a mapping, its values as they are
    (not copied; for a record of plain values, its own ``__dict__``: to be read, never changed):
    made by the class's writer (:func:`_writer`, worked out once a class). ``TypeError`` for any
    other value."""
    write = _WRITERS.get(type(value))
    if write is None:
        write = _WRITERS[type(value)] = _writer(type(value))
    return write(value)


_WRITERS: dict[type, Callable[[Any], Any]] = {}


def listed_object(value: Any) -> Any:
    """:func:`json_object` with the tuples its fields' annotations say (``tuple[X, ...]``) as
    lists too: the JSON value itself, which ``==`` compares with what ``json`` reads, wherever a
    record holds what its annotations say (:func:`agrees`). ``TypeError`` for any other value."""
    write = _LISTED.get(type(value))
    if write is None:
        write = _LISTED[type(value)] = _writer(type(value), lists=True)
    return write(value)


_LISTED: dict[type, Callable[[Any], Any]] = {}


def _writer(cls: type, lists: bool = False) -> Callable[[Any], Any]:
    """How :func:`json_object` (``lists``: :func:`listed_object`) writes a value of ``cls``: a
    record as :meth:`JsonRecord.json_items` says (its keys and field values read in one go), or by
    its own ``to_json``; any other mapping as a dict. ``TypeError`` for anything else, as
    ``json.dumps``."""
    if issubclass(cls, JsonRecord):
        if cls.to_json is not JsonRecord.to_json:
            return cls.to_json
        plan = _plan(cls)
        keys = tuple(key for _name, key, _load, _dump, _omit in plan)
        hints = typing.get_type_hints(cls)
        nested = tuple((key, nest) for (name, key, *_), nest in ((p, _nester(hints[p[0]], lists)) for p in plan)
                       if nest)
        if len(set(keys)) < len(keys) or not keys:  # a key written at one of two places: field by field
            if not lists:
                return lambda record: dict(record.json_items())
            once = tuple((key, nest) for key, nest in nested if keys.count(key) == 1)

            def write_items(record: Any) -> dict:
                out = dict(record.json_items())
                for key, nest in once:
                    if key in out:
                        out[key] = nest(out[key])
                return out
            return write_items
        read = attrgetter(*(name for name, *_ in plan))
        single = len(keys) == 1
        omitted = tuple(key for _name, key, _load, _dump, omit in plan if omit)
        # a record of plain values, each under its field's name: its own __dict__ is the object
        own = (not nested and keys == tuple(name for name, *_ in plan)
               and all("__slots__" not in c.__dict__ for c in cls.__mro__[:-1]))

        def write(record: Any) -> dict:
            if own:
                fields = record.__dict__  # the fields in order, as __init__ wrote them (checked)
                if tuple(fields) == keys and not any(fields[key] is None for key in omitted):
                    return fields
            out = dict(zip(keys, (read(record),) if single else read(record)))
            for key, nest in nested:
                out[key] = nest(out[key])
            for key in omitted:
                if out[key] is None:
                    del out[key]
            return out
        return write
    if issubclass(cls, Mapping):
        return dict
    raise TypeError(f"Object of type {cls.__name__} is not JSON serializable")


def _nester(hint: Any, lists: bool = False) -> Convert | None:
    """How a record's writer (:func:`_writer`) writes the value of a field annotated ``hint`` that
    holds records (a record, a tuple or a mapping of them, or None): each record as its own writer
    writes it, so that ``json`` meets plain values only and calls back into Python once a record
    written, not once a record held (a Simone state holds a dozen). None for a field of plain
    values. A value that is not what ``hint`` says is left as it is (``json`` writes it as ever).
    ``lists`` (:func:`listed_object`): a tuple of plain values as a list too."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and issubclass(hint, JsonRecord):
        return _listed_value if lists else _record_value
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return _nester(inner[0], lists) if len(inner) == 1 and len(args) == 2 else None  # None: _record_value's
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = _nester(args[0], lists)
        return (_as_list if lists else None) if each is None else _list_of(each, lists)
    if origin in (dict, Mapping) and len(args) == 2:
        each = _nester(args[1], lists)
        return None if each is None else _dict_of(each, lists)
    return None


def _list_of(each: Convert, lists: bool = False) -> Convert:
    """A tuple (or list) of values each written by ``each``, as a list; anything else as it is."""
    other = _listed_value if lists else _record_value
    return lambda v: list(map(each, v)) if type(v) is tuple or type(v) is list else other(v)


def _dict_of(each: Convert, lists: bool = False) -> Convert:
    """A dict of values each written by ``each``; anything else as it is."""
    other = _listed_value if lists else _record_value
    return lambda v: dict(zip(v, map(each, v.values()))) if type(v) is dict else other(v)


def _as_list(value: Any) -> Any:
    """A tuple as a list (:func:`listed_object`); anything else as it is."""
    return list(value) if type(value) is tuple else value


def _record_value(value: Any) -> Any:
    """A record as :func:`json_object` writes it; anything else as it is."""
    write = _WRITERS.get(type(value))  # a class met before: its writer at once
    if write is not None:
        return write(value)
    return json_object(value) if isinstance(value, JsonRecord) else value


def _listed_value(value: Any) -> Any:
    """A record as :func:`listed_object` writes it; anything else as it is."""
    write = _LISTED.get(type(value))
    if write is not None:
        return write(value)
    return listed_object(value) if isinstance(value, JsonRecord) else value


def _encoder() -> Callable[[Any], str]:
    """``json.JSONEncoder(default=json_object, check_circular=False).encode``: a record is a tree of
    values (none holds itself), so json is spared its check for a circle (a dictionary of every
    container met: a third of the time of a Simone state). Where the interpreter has json's C
    encoder, that encoder is made once rather than once a text (what ``encode`` does: 2 µs a
    text, and an import writes two texts a hand), and tried on a record-like value first."""
    encode = json.JSONEncoder(default=json_object, check_circular=False).encode
    try:
        from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]

        write = c_make_encoder(None, json_object, encode_basestring_ascii, None, ": ", ", ", False, False, True)
        sample = {"a": [1, None, True, 2.5, "è\n"], "b": {"c": NoExtra()}}
        if "".join(write(sample, 0)) != encode(sample):
            return encode
    except Exception:  # noqa: BLE001  # no C encoder, or one made otherwise: json's own way
        return encode
    return lambda value: "".join(write(value, 0))


_ENCODE = _encoder()


def _converters(hint: Any) -> tuple[Convert, Convert]:
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
