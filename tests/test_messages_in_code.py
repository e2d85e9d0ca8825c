"""Every text the code gives a person is a catalogue message (docs/languages.md): an error's
message is a ``t(...)``/``tn(...)`` message, never a bare string or an f-string, and a message's
English is a literal (so Babel extracts it and the catalogue can translate it)."""

import ast
import sys
from pathlib import Path

from babel.messages.extract import extract_from_dir

LEDGER = Path(__file__).resolve().parent.parent / "ledger"
sys.path.insert(0, str(LEDGER.parent / "tools"))

import messages  # noqa: E402  (tools/messages.py: the catalogues kept with Babel)
ERRORS = {"LedgerError": 0, "fail": 1}  # the callable and the position of its message


def calls(name_of):
    for path in sorted(LEDGER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
                if name in name_of:
                    yield path.relative_to(LEDGER.parent), node, name


def is_text(node):
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str) \
        or isinstance(node, ast.BinOp) and (is_text(node.left) or is_text(node.right))


def test_errors_carry_messages_not_strings():
    bad = []
    for path, node, name in calls(ERRORS):
        at = ERRORS[name]
        arg = node.args[at] if len(node.args) > at else next((k.value for k in node.keywords if k.arg == "message"), None)
        if arg is not None and is_text(arg):
            bad.append(f"{path}:{node.lineno}")
    assert not bad, f"{len(bad)} errors built from a bare string: {bad[:20]}"


def test_message_texts_are_literals():
    bad = []
    for path, node, name in calls({"t": 1, "tn": 2}):
        texts = node.args[1:2] if name == "t" else node.args[1:3]
        if any(not (isinstance(a, ast.Constant) and isinstance(a.value, str)) for a in texts) or not (
                node.args and isinstance(node.args[0], ast.Constant)):
            bad.append(f"{path}:{node.lineno}")
    assert not bad, f"messages whose code or English is not a literal: {bad[:20]}"


def test_no_message_is_built_inside_another_message_s_arguments():
    """Babel does not extract a ``t()`` nested in brackets inside another ``t()`` (it hid
    ``trentuno.share``): ``tools/messages.py check`` refuses any nesting, and none is left."""
    assert messages.nested_calls() == []


NESTED = """
from ledger.i18n import t, tn

def shares(pairs, n):
    a = t("x.shared", "shared: {shares}", shares=Joined((t("x.share", "{p} {c}", p=p, c=c) for p, c in pairs)))
    b = t("x.boards_results", "{boards}", boards=tn("x.boards", "{n} board", "{n} boards", n))
    c = [t("x.alone", "alone"), t("x.beside", "beside {what}", what="it")]
    return a, b, c
"""


def test_nested_calls_names_each_call_inside_another_and_babel_misses_the_bracketed_one(tmp_path):
    (tmp_path / "sample.py").write_text(NESTED, encoding="utf-8")
    found = messages.nested_calls(tmp_path)
    assert [line.split(": ", 1)[1] for line in found] == [
        "t('x.share') inside t('x.shared') (line 5)", "tn('x.boards') inside t('x.boards_results') (line 6)"]
    assert all(line.startswith(str(tmp_path / "sample.py")) for line in found)
    # why the check exists: the message inside brackets never reaches the template
    extracted = {context for *_, context in extract_from_dir(str(tmp_path), keywords=messages.KEYWORDS)}
    assert "x.share" not in extracted
    assert {"x.shared", "x.boards_results", "x.boards", "x.alone", "x.beside"} <= extracted


def test_the_catalogue_check_fails_on_a_nested_message(tmp_path, monkeypatch, capsys):
    (tmp_path / "sample.py").write_text(NESTED, encoding="utf-8")
    found = messages.nested_calls(tmp_path)
    monkeypatch.setattr(messages, "nested_calls", lambda root=None: found)
    monkeypatch.setattr(messages, "problems", lambda lang, where=(): [])
    assert messages.check() == 1
    assert "nested: " in capsys.readouterr().out
