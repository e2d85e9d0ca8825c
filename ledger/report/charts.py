"""A chart of a match's running totals (or lives), hand by hand, as inline SVG (pygal).

Pygal draws the chart; :func:`running_chart` turns off everything that would reach outside the
page: no JavaScript file (``js=[]``, pygal links one from the web by default), no XML declaration,
and an XML filter drops pygal's inline config script and its comments (which name web
addresses). The chart id is the match number, so the same report gives the same page. The SVG
scales to its container (a ``viewBox``, no fixed size), so it is readable on a phone.
"""

from __future__ import annotations

from decimal import Decimal

from ledger.i18n import number, t
from ledger.report.model import MatchSummary, unit_text

WIDTH, HEIGHT = 480, 330
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
          "#7f7f7f", "#bcbd22", "#393b79", "#ad494a")


def running_chart(m: MatchSummary) -> str:
    """The SVG text of ``m``'s running totals: one line per side (best first), hand 0 to the last,
    and a dashed line at the match's target when it has one. Empty for a match with no hand."""
    if not m.hands:
        return ""
    import pygal
    from pygal.style import Style

    style = Style(background="transparent", plot_background="#ffffff", foreground="#333333",
                  foreground_strong="#111111", foreground_subtle="#bbbbbb", colors=COLORS,
                  font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
                  label_font_size=14, major_label_font_size=14, legend_font_size=15, title_font_size=16,
                  value_font_size=13, tooltip_font_size=13, opacity=".9", stroke_width="3")
    series = [(m.labels[side], [_number(row.get(side)) for row in m.running]) for side in m.order]
    count = len(series) + (m.target is not None)
    target = str(t("chart.target", "target {target}", target=m.target)) if m.target is not None else None
    longest = max([len(title) for title, _ in series] + ([len(target)] if target is not None else []))
    cols = max(1, min(count, 3, int((WIDTH - 40) // (longest * 8.5 + 25))))  # no legend text overlaps
    # pygal 3 reserves count // cols legend rows under the chart; room for the last, partial row
    missing_rows = -(-count // cols) - count // cols
    chart = pygal.Line(style=style, js=[],
                       disable_xml_declaration=True, explicit_size=False, width=WIDTH, height=HEIGHT,
                       legend_at_bottom=True, legend_at_bottom_columns=cols, truncate_legend=-1,
                       show_x_guides=False, dots_size=4, x_title=str(t("chart.hand", "hand")), y_title=str(unit_text(m.unit)),
                       value_formatter=_value, margin=12, max_scale=8,
                       margin_bottom=12 + missing_rows * 23)
    chart.add_xml_filter(offline(str(t("chart.title", "Running totals, match {match}", match=str(m.id)))))
    chart.uuid = f"match-{m.id}"
    chart.x_labels = [str(k) for k in range(m.hands + 1)]
    if m.hands > 12:
        chart.x_labels_major_every = -(-m.hands // 10)
        chart.show_minor_x_labels = False
    values = [v for _, vs in series for v in vs if v is not None] + ([m.target] if m.target is not None else [])
    if values and max(values) - min(values) <= 12:  # lives, hands won: whole numbers on the axis
        chart.y_labels = list(range(min(0, min(values)), max(values) + 1))
    for title, vs in series:
        chart.add(title, vs)
    if m.target is not None:
        chart.add(target, [m.target] * (m.hands + 1), show_dots=False,
                  stroke_style={"dasharray": "6, 6", "width": 2})
    return chart.render(is_unicode=True)


def _value(v) -> str:
    """A number on the chart (an axis label, a point's value) with the language's digits
    (``12.000``, ``2,5``); English as pygal writes it (``%.10g``)."""
    if v is None:
        return ""
    if isinstance(v, (int, float)):
        f = float(v)
        return number(int(f)) if f.is_integer() else number(Decimal("%.10g" % f))
    return str(v)


def _number(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def offline(title: str):
    """An SVG filter for pygal: drop every script element and every comment, and name the chart
    ``title`` (the SVG's ``<title>``, which pygal fills with its own name)."""

    def keep(root):
        for parent in list(root.iter()):
            for child in list(parent):
                tag = child.tag
                if not isinstance(tag, str) or tag.rsplit("}", 1)[-1] == "script":
                    parent.remove(child)
                elif tag.rsplit("}", 1)[-1] == "title" and parent is root:
                    child.text = title
        return root

    return keep
