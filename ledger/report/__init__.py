"""The end-of-night report and the player statistics, built from replayed matches (no I/O here).

:mod:`ledger.store.reports` reads and replays a period's matches into
:class:`ledger.report.model.MatchRecord` values; :func:`ledger.report.build.build_report` and
:func:`ledger.report.stats.build_stats` turn them into the report and the statistics, which
:mod:`~ledger.report.text` (terminal tables), :mod:`~ledger.report.csvout` and
:mod:`~ledger.report.html` (with :mod:`~ledger.report.charts`) render; ``to_json()`` gives the JSON.
See docs/reports.md.
"""
