"""Realistic duplicate boards, dealt deterministically, for the ``score`` benchmark (issue 17).

    python bench/boards.py FILE [--boards 33240] [--seed 17] [--distinct]

Writes a JSON list of bridge hand documents (FORMATS.md, ``"rules": "duplicate"``) as a club's
scorer would enter them from its travellers: board numbers 1-36 over and over (so the
vulnerability is the board's, Law 2), contracts weighted as a club's nights have them (mostly
part scores and games, a few slams, now and then a doubled contract and one board in fifty
passed out), the declarer any seat and the tricks near the contract (made or one off most often,
``"tricks"`` or the ``"result"`` form ``"="``, ``"+1"``, ``"-2"`` as travellers write them).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

LEVELS = [1] * 10 + [2] * 14 + [3] * 16 + [4] * 16 + [5] * 5 + [6] * 3 + [7]
STRAINS = ["C"] * 2 + ["D"] * 2 + ["H"] * 3 + ["S"] * 3 + ["NT"] * 4
DOUBLES = [""] * 24 + ["X"] * 3 + ["XX"]
OVERS = [-3] + [-2] * 3 + [-1] * 10 + [0] * 18 + [1] * 10 + [2] * 4 + [3]


def board(rnd: random.Random, number: int) -> dict:
    """One board's result: a hand document for ``ledger score``."""
    doc: dict = {"game": "bridge", "rules": "duplicate", "board": number}
    if rnd.random() < 0.02:
        doc["contract"] = "Pass"
        return doc
    level = rnd.choice(LEVELS)
    doc["contract"] = f"{level}{rnd.choice(STRAINS)}{rnd.choice(DOUBLES)}"
    doc["declarer"] = rnd.choice("NESW")
    tricks = min(13, max(0, level + 6 + rnd.choice(OVERS)))
    if rnd.random() < 0.5:
        doc["tricks"] = tricks
    else:
        over = tricks - level - 6
        doc["result"] = "=" if over == 0 else f"{over:+d}"
    return doc


def boards(n: int, seed: int = 17) -> list[dict]:
    """``n`` boards (numbered 1-36 over and over), the same for the same ``seed``."""
    rnd = random.Random(seed)
    return [board(rnd, i % 36 + 1) for i in range(n)]


def distinct_boards(seed: int = 17) -> list[dict]:
    """Boards that never repeat what ``ledger score`` keeps of a board it scored (the deal's
    fields, its scoring table's entry: contract, tricks, declaring side and vulnerability): every
    contract (1C to 7NTXX, and Pass) once with each number of tricks (0-13), each declaring side
    (North or South, East or West, at random) and each vulnerability (its board drawn from those
    of Law 2 that have it, 1-36), in a shuffled order: 11,764 boards."""
    rnd = random.Random(seed)
    by_vul: dict[str, list[int]] = {}
    for number in range(1, 37):
        by_vul.setdefault(VULNERABILITY[(number - 1) % 16], []).append(number)
    out = [{"game": "bridge", "rules": "duplicate", "board": rnd.choice(by_vul[v]), "contract": "Pass"}
           for v in by_vul]
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for dbl in ("", "X", "XX"):
                for tricks in range(14):
                    for seats in ("NS", "EW"):
                        for vul in by_vul:
                            doc: dict = {"game": "bridge", "rules": "duplicate", "board": rnd.choice(by_vul[vul]),
                                         "contract": f"{level}{strain}{dbl}", "declarer": rnd.choice(seats)}
                            if rnd.random() < 0.5:
                                doc["tricks"] = tricks
                            else:
                                over = tricks - level - 6
                                doc["result"] = "=" if over == 0 else f"{over:+d}"
                            out.append(doc)
    rnd.shuffle(out)
    return out


VULNERABILITY = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None",
                 "NS", "EW")  # Law 2: board 1 is VULNERABILITY[0], repeating every 16 boards


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--boards", type=int, default=33240)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--distinct", action="store_true", help="the boards of distinct_boards() instead")
    args = ap.parse_args()
    made = distinct_boards(args.seed) if args.distinct else boards(args.boards, args.seed)
    Path(args.file).write_text(json.dumps(made))


if __name__ == "__main__":
    main()
