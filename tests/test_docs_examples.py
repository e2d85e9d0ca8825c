"""The ``ledger ...`` examples of README.md, README.it.md, docs/play.md, docs/setup.md and
docs/rules/*.md run as written.

Each file's examples run in order in one fresh ledger (the ``cli`` fixture's), through Typer's
CliRunner with empty standard input (so a ``ledger play`` session starts and quits at once).
What is run: every line of a shell code block (fenced as ``sh``, ``shell``, ``bash``,
``console`` or not named) that starts with ``ledger`` or is ``echo '...' | ledger ...`` (the
echoed text is the command's standard input); a line ending in ``\\`` goes on on the next one.
The line's trailing comment may say:

- ``# -> match N`` (``# -> partita N`` in Italian): the command must name match N in its output
  (it starts or shows it);
- ``# -> error``: the command must exit 2 (bad input on purpose); ``# -> error: TEXT`` also
  requires TEXT in its error line;
- ``[not tested: REASON]`` (``[non provato: MOTIVO]`` in Italian): the line is not run (an
  interactive prompt, a server); the reason is required, and the test counts and reports such lines.

Every other example must exit 0. An example with a ``...`` or ``…`` placeholder fails: make it
real, or mark it.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "README.it.md", ROOT / "docs" / "play.md", ROOT / "docs" / "setup.md",
        *sorted((ROOT / "docs" / "rules").glob("*.md"))]
SHELL_BLOCKS = {"", "sh", "shell", "bash", "console"}
FENCE = re.compile(r"^\s*```(\S*)\s*$")
NOT_TESTED = re.compile(r"\[(?:not tested|non provato):\s*([^\]]*)\]")
MATCH_NOTE = re.compile(r"->\s*(?:match|partita)\s+(\d+)")
ERROR_NOTE = re.compile(r"->\s*error(?::\s*(.*\S))?")
ECHO = re.compile(r"^echo\s+('[^']*'|\"[^\"]*\")\s*\|\s*(ledger\b.*)$")


@dataclass(frozen=True)
class Example:
    """One command of a doc: where it is, its arguments, its standard input and what it claims."""

    where: str
    line: str
    args: tuple[str, ...]
    input: str
    skip: str | None  # the reason it is not run
    match: int | None  # the match it names
    error: str | None  # None: must succeed; "": must exit 2; text: exit 2 with it in the error


def split_comment(line: str) -> tuple[str, str]:
    """``line`` → (command, trailing comment): the first ``#`` outside quotes after a space."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def shell_lines(text: str) -> list[tuple[int, str]]:
    """The logical lines of the shell code blocks of ``text`` (continuations joined), with the
    number of the line they start on."""
    out: list[tuple[int, str]] = []
    in_block = shell = False
    pending: tuple[int, str] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        fence = FENCE.match(raw)
        if fence:
            in_block, shell = (False, False) if in_block else (True, fence.group(1).lower() in SHELL_BLOCKS)
            continue
        if not (in_block and shell):
            continue
        start, sofar = pending if pending else (number, "")
        line = sofar + raw.strip()
        if line.endswith("\\"):
            pending = (start, line[:-1] + " ")
            continue
        pending = None
        out.append((start, line))
    return out


def examples(text: str, name: str) -> list[Example]:
    """Every ``ledger`` example of a doc's ``text``, in order (``name``: the doc, for messages)."""
    out = []
    for number, line in shell_lines(text):
        command, comment = split_comment(line)
        stdin = ""
        echo = ECHO.match(command)
        if echo:
            stdin, command = shlex.split(echo.group(1))[0] + "\n", echo.group(2)
        if not re.match(r"ledger(\s|$)", command):
            continue
        skip = NOT_TESTED.search(comment)
        match, error = MATCH_NOTE.search(comment), ERROR_NOTE.search(comment)
        out.append(Example(f"{name}:{number}", line, tuple(shlex.split(command)[1:]), stdin,
                           skip.group(1).strip() if skip else None,
                           int(match.group(1)) if match else None,
                           (error.group(1) or "") if error else None))
    return out


def test_the_reader_of_examples():
    """What the test reads out of a doc: blocks, continuations, comments, echo and the markers."""
    doc = (
        "Text `ledger not-a-block`.\n\n```sh\nledger match new simone -p Anna,Bruno   # -> match 1\n"
        "ledger hand add 1 Anna=\"KH # not a comment\" \\\n  Bruno=17   # a comment\n"
        "echo '{\"game\": \"simone\"}' | ledger score -\nexport X=1\n```\n\n```json\nledger no\n```\n\n"
        "```\nledger hand add 1 -i   # asked [not tested: interactive]\n"
        "ledger hand add 9 x   # -> error: match: no match 9\n```\n"
    )
    read = examples(doc, "docs/example.md")
    assert [e.args for e in read] == [
        ("match", "new", "simone", "-p", "Anna,Bruno"), ("hand", "add", "1", "Anna=KH # not a comment", "Bruno=17"),
        ("score", "-"), ("hand", "add", "1", "-i"), ("hand", "add", "9", "x")]
    assert [e.where for e in read] == [f"docs/example.md:{n}" for n in (4, 5, 7, 16, 17)]
    assert read[0].match == 1 and read[1].match is None
    assert read[2].input == '{"game": "simone"}\n'
    assert read[3].skip == "interactive" and read[0].skip is None
    assert read[4].error == "match: no match 9" and read[0].error is None


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_examples_run(path: Path, cli, capsys, tmp_path, monkeypatch):
    """Every example of one doc, in order, in a fresh ledger: exit 0 (or 2 where it says so)."""
    monkeypatch.chdir(tmp_path)  # a file an example writes (``ledger backup night.json``) stays out of the checkout
    name = str(path.relative_to(ROOT))
    run = skipped = 0
    for ex in examples(path.read_text(encoding="utf-8"), name):
        if ex.skip is not None:
            assert ex.skip, f"{ex.where}: [not tested: ...] needs its reason"
            skipped += 1
            continue
        assert not any("..." in a or "…" in a for a in ex.args), (
            f"{ex.where}: a placeholder in {ex.line!r}: make the example real, or mark it [not tested: REASON]")
        result = cli(*ex.args, input=ex.input, code=None)
        said = f"{ex.where}: ledger {shlex.join(ex.args)} exited {result.exit_code}\nstdout:\n{result.stdout}\n" \
               f"stderr:\n{result.stderr}\n{result.exception!r}"
        if ex.error is None:
            assert result.exit_code == 0, said
        else:
            assert result.exit_code == 2 and ex.error in result.stderr, said
        if ex.match is not None:
            assert re.search(rf"\b(match|partita) {ex.match}\b", result.stdout, re.I), f"{said}\n(expected match {ex.match})"
        run += 1
    with capsys.disabled():
        print(f"\n{name}: {run} examples run, {skipped} not tested")
