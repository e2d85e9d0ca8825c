"""Keep the message catalogues with Babel: extract, update, check, compile.

    python tools/messages.py extract   # ledger/locale/ledger.pot from the code and the commands' help
    python tools/messages.py update    # merge the template into every language's .po
    python tools/messages.py check     # no message hidden from Babel; every one translated, same placeholders
    python tools/messages.py check ledger/games/bridge help/   # only the messages found there
    python tools/messages.py compile   # .po -> .mo (the install does it: setup.py)
    python tools/messages.py all       # extract, then update
    python tools/messages.py fill it:OTHER.po   # take the translations another .po has

The template holds three kinds of message: the ``t(code, text)`` and ``tn(code, singular, plural,
n)`` calls of ``ledger/`` (the code is the message's context), the help of every command and
option (walked from the Typer app, so a docstring is a message too), and click's and Typer's own
words ("Usage:", "No such option: {name}"), extracted from their installed sources.
docs/languages.md says how to add or translate a message.

Babel's extractor does not see a ``t()`` or ``tn()`` call written inside another one's arguments
within brackets (``t("a", "{x}", x=Joined(t("b", "…") for …))``: the inner message is missing
from the template, so it is never translated); ``check`` (and ``extract``) name every call nested
in another (:func:`nested_calls`): build the inner message first, then pass it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

LOCALE = ROOT / "ledger" / "locale"
TEMPLATE = LOCALE / "ledger.pot"
KEYWORDS = {"t": ((1, "c"), 2), "tn": ((1, "c"), 2, 3)}
LIBRARY_KEYWORDS = {"_": None, "ngettext": (1, 2)}


def library_sources():
    """The Typer modules whose words, marked for gettext, the CLI shows (ledger/cli/language.py)."""
    import typer

    from ledger.cli.language import TYPER_MODULES

    folder = Path(typer.__file__).parent
    for name in TYPER_MODULES:
        path = folder / f"{name}.py"
        if path.exists():
            yield folder, path.name


def help_texts():
    """(where, text) for the help of every command and option of ``ledger``."""
    import typer.main

    from ledger.cli import app
    from ledger.cli.language import HELP_ATTRS, commands_and_params

    root = typer.main.get_command(app)
    for item in commands_and_params(root):
        for attr in HELP_ATTRS:
            text = getattr(item, attr, None)
            if isinstance(text, str) and text:
                yield f"help/{getattr(item, 'name', '') or 'ledger'}", text


def nested_calls(root: Path = ROOT / "ledger") -> list[str]:
    """Every ``t()``/``tn()`` call of ``root``'s Python files written inside the arguments of
    another (at any depth: ``t("a", "{x}", x=f(t("b", "…")))``), as ``path:line: t('b') inside
    t('a')``. Babel misses the inner message when brackets stand between the two calls (it looks
    for a keyword only right inside the outer call's parentheses), so none is allowed."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for outer in ast.walk(tree):
            if not _is_message_call(outer):
                continue
            for arg in [*outer.args, *(k.value for k in outer.keywords)]:
                for inner in ast.walk(arg):
                    if _is_message_call(inner):
                        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                        out.append(f"{where}:{inner.lineno}: {_call_name(inner)} inside {_call_name(outer)} "
                                   f"(line {outer.lineno})")
    return out


def _is_message_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS


def _call_name(node: ast.Call) -> str:
    """``t('trentuno.share')``: the call's function and its code."""
    code = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else "…"
    return f"{node.func.id}({code!r})"  # type: ignore[attr-defined]


def template() -> Catalog:
    cat = Catalog(project="ledger", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "ledger"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        cat.add(message, locations=[(f"ledger/{filename}", lineno)], auto_comments=comments,
                context=context)
    for where, text in help_texts():
        cat.add(text, locations=[(where, 0)])
    for folder, name in library_sources():
        for filename, lineno, message, comments, context in extract_from_dir(
                str(folder), method_map=[(name, "python")], keywords=LIBRARY_KEYWORDS):
            cat.add(message, locations=[(f"{folder.name}/{filename}", lineno)])
    return cat


def languages() -> list[str]:
    from ledger.i18n import LANGUAGES

    return [lang for lang in LANGUAGES if lang != "en"]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "ledger.po"


def read(path: Path, lang: str | None = None) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=lang)


def write(path: Path, cat: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_po(fh, cat, width=100, sort_output=False, omit_header=False, ignore_obsolete=True)


def extract() -> int:
    write(TEMPLATE, template())
    nested = nested_calls()
    if nested:
        print("messages Babel does not extract (a t() call inside another's arguments):\n" + "\n".join(nested))
    return 1 if nested else 0


def update() -> None:
    pot = read(TEMPLATE)
    for lang in languages():
        path = po_path(lang)
        cat = read(path, lang) if path.exists() else Catalog(locale=lang, project="ledger")
        cat.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        write(path, cat)


def problems(lang: str, where: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with ``lang``'s catalogue against the template: messages without a
    translation, fuzzy ones, and translations whose placeholders differ from the English.
    ``where``: only the messages found in files whose path starts with one of these
    (``ledger/games/bridge``, ``help/``, ``click/``)."""
    from ledger.i18n import placeholders

    pot, cat = read(TEMPLATE), read(po_path(lang), lang)
    out = []
    for msg in pot:
        if not msg.id:
            continue
        if where and not any(loc.startswith(where) for loc, _ in msg.locations):
            continue
        found = cat.get(msg.id, context=msg.context)
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        name = f"{msg.context + ': ' if msg.context else ''}{ids[0]!r}"
        if found is None or not all(found.string if isinstance(found.string, tuple) else (found.string,)):
            out.append(f"{lang}: not translated: {name}")
            continue
        if found.fuzzy:
            out.append(f"{lang}: fuzzy: {name}")
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        allowed = set().union(*(placeholders(i) for i in ids))  # a plural form may name any of them
        needed = set.intersection(*(placeholders(i) for i in ids)) - {"n"}  # a singular form may say "one"
        for s in strings:
            got = placeholders(s)
            if got - allowed or needed - got:
                out.append(f"{lang}: placeholders differ: {name} -> {s!r}")
    return out


def fill(sources: list[str]) -> None:
    """Fill the messages of every language's .po that have no translation yet from other .po
    files of the same language (``fill it:OTHER.po ...``): how two branches' translations are
    merged after ``extract`` and ``update``."""
    for source in sources:
        lang, _, path = source.partition(":")
        target = po_path(lang)
        cat, other = read(target, lang), read(Path(path), lang)
        for msg in cat:
            if msg.id and (msg.fuzzy or not (msg.string if not isinstance(msg.string, tuple) else all(msg.string))):
                found = other.get(msg.id, context=msg.context)
                if found is not None and found.string and not found.fuzzy:
                    msg.string = found.string
                    msg.flags.discard("fuzzy")
        write(target, cat)


def check(where: tuple[str, ...] = ()) -> int:
    bad = [f"nested: {p}" for p in nested_calls()] + [p for lang in languages() for p in problems(lang, where)]
    print("\n".join(bad) or "every message has its translation")
    return 1 if bad else 0


def compile_all() -> None:
    sys.path.insert(0, str(ROOT))
    from setup import compile_catalogues

    compile_catalogues(LOCALE)


if __name__ == "__main__":
    action = sys.argv[1] if len(sys.argv) > 1 else ""
    if action == "extract":
        sys.exit(extract())
    elif action == "update":
        update()
    elif action == "check":
        sys.exit(check(tuple(sys.argv[2:])))
    elif action == "compile":
        compile_all()
    elif action == "fill":
        fill(sys.argv[2:])
    elif action == "all":
        failed = extract()
        update()
        sys.exit(failed)
    else:
        sys.exit(__doc__)
