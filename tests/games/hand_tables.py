"""The table of a declared hand's fields that a game's docs page shows (docs/rules/<game>.md),
made from :meth:`ledger.games.declare.HandForm.describe`: a test per game checks the page holds it."""

from __future__ import annotations

from ledger.games.declare import HandForm


def fields_table(form: HandForm) -> str:
    """Markdown: each field's path (``sides.SIDE.denari``), name, kinds, range, and what happens
    when it is left out (asked, its default, or nothing)."""
    rows = ["| Field | What | Kind | Range | Left out |", "|---|---|---|---|---|"]
    for r in form.describe():
        f = form.field(r["key"])
        assert f is not None
        who = {"side": "SIDE", "player": "PLAYER"}.get(r["per"])
        path = ".".join(f.path(who))
        span = f"{r['lo']}-{r['hi']}" if r["hi"] is not None else (f"{r['lo']} or more" if r["lo"] is not None else "")
        left = "asked" if r["required"] else f"`{f.default}`" if f.default else "—"
        rows.append(f"| `{path}` | {r['name']} | {', '.join(r['kinds'])} | {span} | {left} |")
    return "\n".join(rows)
