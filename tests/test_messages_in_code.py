"""Every text the code gives a person is a catalogue message (docs/languages.md): an error's
message is a ``t(...)``/``tn(...)`` message, never a bare string or an f-string, and a message's
English is a literal (so Babel extracts it and the catalogue can translate it)."""

import ast
from pathlib import Path

LEDGER = Path(__file__).resolve().parent.parent / "ledger"
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
