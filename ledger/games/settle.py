"""Money and settling up: integer cents, pot shares, and who pays whom at the end of a night.

Generic over games (RULES.md, "Settling stakes"): a match that is played for money gives each
player a *net* in integer cents (what they won minus what they paid; the nets of a match sum to
zero). Over a night the nets add up per player (:func:`add_nets`), and :func:`settle` proposes the
transfers that square everyone: the usual greedy settle-up, the largest debtor pays the largest
creditor, ties broken by name, so every machine gives the same answer. Money is never a float:
amounts are ``int`` cents with a currency code beside them ("EUR" by default).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ledger import i18n
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.i18n import Msg, t

DEFAULT_CURRENCY = "EUR"


class Transfer(NamedTuple):
    """One settle-up payment: ``payer`` gives ``payee`` ``cents`` (> 0)."""

    payer: str
    payee: str
    cents: int

    def message(self, currency: str = DEFAULT_CURRENCY) -> Msg:
        """``"Bruno pays Anna 1.50 EUR"`` / ``"Bruno paga Anna 1,50 €"``, as a message."""
        return t("settle.pays", "{payer} pays {payee} {amount}", payer=self.payer, payee=self.payee,
                 amount=Money(self.cents, currency))

    def text(self, currency: str = DEFAULT_CURRENCY, lang: str | None = None) -> str:
        """``"Bruno pays Anna 1.50 EUR"`` in ``lang`` (default: the language in use)."""
        return self.message(currency).render(lang)

    def to_json(self, currency: str = DEFAULT_CURRENCY) -> JsonDict:
        """The transfer for programs: its ``text`` in English whatever the language in use."""
        return {"payer": self.payer, "payee": self.payee, "cents": self.cents,
                "text": self.text(currency, "en")}


def transfer_text(transfer: JsonDoc, currency: str = DEFAULT_CURRENCY) -> str:
    """A transfer as :meth:`Transfer.to_json` gives it (``payer``, ``payee``, ``cents``) in words,
    in the language in use: ``"Anna paga Dario 3,50 €"`` (the ``text`` field stays English)."""
    return Transfer(transfer["payer"], transfer["payee"], int(transfer["cents"])).text(currency)


# --- money as text -----------------------------------------------------------------------------
def format_money(cents: int, currency: str = DEFAULT_CURRENCY, lang: str | None = None) -> str:
    """Cents as people write them in ``lang`` (default: the language in use, through
    :func:`ledger.i18n.money`): ``150`` → ``"1.50 EUR"``, ``-25`` → ``"-0.25 EUR"`` in English,
    ``"1,50 €"`` in Italian. Output for programs passes ``lang="en"``."""
    return i18n.money(cents, currency, lang)


@dataclass(frozen=True)
class Money:
    """An amount as a message's parameter: shown with :func:`format_money` in the language the
    message is shown in."""

    cents: int
    currency: str = DEFAULT_CURRENCY

    def __str__(self) -> str:
        return format_money(self.cents, self.currency)


def parse_money(value: object, field: str) -> int:
    """An amount written for people → integer cents, exactly (no float on the way).

    Accepts ``"0.50"``, ``"0,50"``, ``"1"``, ``"1.5"``, ``"€0.50"``, ``"0.50 EUR"``, and thousands
    with a decimal part or in two groups or more, as :func:`ledger.i18n.money` prints them
    (``"1.000,00 €"``, ``"1,000.00"``, ``"1.000.000"``; ``"1.000"`` alone is refused: one euro
    or a thousand?, :func:`ledger.games.parsing.read_written`); a JSON integer is
    taken as whole units (``2`` → 200). Raises ``LedgerError`` on ``field`` for anything else
    (negative amounts, more than two decimals, floats).
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise LedgerError(t("money.float", "write the amount as text, e.g. \"0.50\", not {value!r}", value=value),
                          field, value)
    if isinstance(value, int):
        if value < 0:
            raise LedgerError(t("money.negative", "an amount cannot be negative: {value}", value=value), field, value)
        return value * 100
    if isinstance(value, str):
        from ledger.games.parsing import read_written

        amount = re.sub(r"^[€$£]|\s*(EUR|USD|GBP|CHF|[€$£])$", "", value.strip(), flags=re.IGNORECASE).strip()
        written = read_written(amount) if amount[:1].isdigit() else None
        if (written is not None and not written.ambiguous and len(written.fraction) <= 2
                and written.whole < 10 ** 15):
            return written.whole * 100 + int(written.fraction.ljust(2, "0"))
    raise LedgerError(t("money.not_amount", "{value!r} is not an amount (write e.g. 0.50)", value=value), field, value)


def parse_cents(value: object, field: str) -> int:
    """A whole number of cents (``50`` or ``"50"``), or an amount with decimals (``"0.50"`` → 50).

    ``LedgerError`` on ``field`` otherwise (negative, a float, text that is not a number).
    """
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,15}\s*", value):
        return int(value)
    if isinstance(value, str) and re.search(r"\d[.,]\d", value):
        return parse_money(value, field)  # "0.50" cannot be cents: it is the amount
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise LedgerError(t("money.not_cents", "{value!r} is not a whole number of cents (or write the amount, e.g. "
                        "0.50)", value=value), field, value)


def check_currency(value: object, field: str = "options.currency") -> str:
    """A currency code: 1 to 10 letters, kept in upper case (``"eur"`` → ``"EUR"``)."""
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z€$£]{1,10}", value.strip()):
        return value.strip().upper()
    raise LedgerError(t("money.not_currency", "{value!r} is not a currency code (e.g. EUR)", value=value), field, value)


# --- sharing and adding up ---------------------------------------------------------------------
def share(total: int, weights: Mapping[str, int], order: Sequence[str]) -> dict[str, int]:
    """Split ``total`` cents in proportion to ``weights``, in whole cents.

    Each player gets the floor of their exact share; the cents left over go one each to the
    players with the largest weight, ties in ``order`` (seat order), as RULES.md says for a
    Trentuno pot shared when a match ends early. The shares sum to ``total``. Players with
    weight 0 get nothing; all weights 0 is an error.
    """
    if total < 0:
        raise LedgerError(t("money.share_negative", "cannot share a negative amount"), "pot", total)
    players = [p for p in order if p in weights]
    whole = sum(weights[p] for p in players)
    if whole <= 0:
        raise LedgerError(t("money.share_nobody", "nobody to share with"), "pot", total)
    out = {p: total * weights[p] // whole for p in players}
    left = total - sum(out.values())
    by_weight = sorted((p for p in players if weights[p] > 0), key=lambda p: (-weights[p], players.index(p)))
    for p in by_weight[:left]:
        out[p] += 1
    return out


def add_nets(nets: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Add up several matches' nets per player (players in order of first appearance)."""
    out: dict[str, int] = {}
    for one in nets:
        for p, c in one.items():
            out[p] = out.get(p, 0) + int(c)
    return out


def settle(nets: Mapping[str, int]) -> list[Transfer]:
    """The settle-up transfers for ``nets`` (player → net cents, summing to zero).

    Greedy (RULES.md, "Settling stakes"): while someone owes, the largest debtor pays the largest
    creditor the smaller of the two amounts; ties between equal amounts go to the name first in
    alphabetical (case-insensitive, then exact) order. Gives at most one fewer transfer than the
    players with a non-zero net. Raises ``LedgerError`` when the nets do not sum to zero.
    """
    total = sum(nets.values())
    if total != 0:
        raise LedgerError(t("settle.not_zero", "the nets sum to {total} cents, not 0", total=total), "nets", dict(nets))
    owed = {p: -c for p, c in nets.items() if c < 0}
    due = {p: c for p, c in nets.items() if c > 0}
    out: list[Transfer] = []
    while owed:
        payer = _largest(owed)
        payee = _largest(due)
        cents = min(owed[payer], due[payee])
        out.append(Transfer(payer, payee, cents))
        for book, who in ((owed, payer), (due, payee)):
            book[who] -= cents
            if book[who] == 0:
                del book[who]
    return out


def _largest(book: Mapping[str, int]) -> str:
    return min(book, key=lambda p: (-book[p], p.casefold(), p))


# --- a night's report ----------------------------------------------------------------------------
def night_report(matches: Iterable[JsonDoc]) -> JsonDict:
    """Settle a set of matches (a night, or any selection) — the pure logic of ``ledger settle``.

    Each item is ``{"match": label, "currency": "EUR", "settlement": {player: cents} or None}``
    (``settlement`` None: the match has no money result yet, e.g. still being played). Returns::

        {"matches": [labels counted], "skipped": [labels without a settlement],
         "currencies": {"EUR": {"nets": {player: cents}, "transfers": [Transfer.to_json(), ...],
                                "lines": ["Bruno pays Anna 1.50 EUR", ...]}}}

    (the ``lines`` are English, as JSON output is in every language; :func:`transfer_text` says
    a transfer in the language in use)

    Nets are added per currency (amounts in different currencies are never mixed). Raises
    ``LedgerError`` if a match's settlement does not sum to zero.
    """
    counted, skipped = [], []
    by_currency: dict[str, list[Mapping[str, int]]] = {}
    for item in matches:
        label = item.get("match")
        nets = item.get("settlement")
        if nets is None:
            skipped.append(label)
            continue
        if sum(nets.values()) != 0:
            raise LedgerError(t("settle.match_not_zero", "the settlement of match {label} does not sum to zero",
                                label=str(label)), "settlement", dict(nets))
        counted.append(label)
        by_currency.setdefault(item.get("currency") or DEFAULT_CURRENCY, []).append(nets)
    currencies = {}
    for cur, all_nets in by_currency.items():
        nets = add_nets(all_nets)
        transfers = settle(nets)
        currencies[cur] = {"nets": nets, "transfers": [tr.to_json(cur) for tr in transfers],
                           "lines": [tr.text(cur, "en") for tr in transfers]}
    return {"matches": counted, "skipped": skipped, "currencies": currencies}
