"""How long the legal plays take as the loose cards grow (issue 14, point 9).

    .venv/bin/python bench/legal_speed.py [--repeat 5]

1. The play API and the play page (Flask's test client, in this process; median of the runs) on a legal
   deal that throws Jd Td 9d ... Ad onto Kd Kh Qd Qh: 8, 10, 12 and 14 loose cards before plays 5, 7, 9
   and 11, and 15 before play 12. Each request is cold: the caches of replays and subset sums are emptied.
2. The library alone on floors of 8, 10, 12 and 14 low loose cards (A to 6, every small card combining
   with the others): more groupings than any legal deal reaches (only illegal throws lay such a floor),
   so the bounds apply and the lists say they are incomplete; then the legal deal's floor of 15 loose
   cards with the whole hand of the seat to move (the service knows only part of it: the log stops there).
Each row: milliseconds, the number of outcomes listed, the groupings they stand for (each grouping was
one line of the old list), and whether the list is complete. A figure to watch, not a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from seeplog import parse  # noqa: E402
from seeplog.cards import DECK, parse_card  # noqa: E402
from seeplog.replay import replay_deal  # noqa: E402
from seeplog.analysis import forget_analyses  # noqa: E402
from seeplog.legal import card_outcomes, legal_outcomes  # noqa: E402
from seeplog.ruleset import VARIANTS  # noqa: E402
from seeplog.state import Known, start  # noqa: E402
from seeplog.sums import group_masks, packings  # noqa: E402

LOOSE = "As Ah Ad Ac 2s 2h 2d 3s 3h 3d 4s 4h 5s 5h 6s 6h".split()
HAND = "2c 3c 4d 5d 6d 7s 8s 9s Ts Js Qs Ks".split()


def floor_of(n: int):
    return start(VARIANTS["standard"], tuple(parse_card(c) for c in LOOSE[:n]), "W", None)._replace(played=4)


def timed(fn) -> float:
    packings.cache_clear()
    group_masks.cache_clear()
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def legal_deal_log() -> str:
    """The deal of part 1: every play legal, every hand known from a hand line."""
    rules, floor = VARIANTS["standard"], "Kd Kh Qd Qh".split()
    throws = "Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ad".split()
    seats = [rules.right_of("N")]
    while len(seats) < 4:
        seats.append(rules.right_of(seats[-1]))
    hands: dict[str, list[str]] = {s: throws[i::4] for i, s in enumerate(seats)}
    rest = [str(c) for c in DECK if str(c) not in floor + throws]
    for seat in seats:
        while len(hands[seat]) < 12:
            hands[seat].append(rest.pop())
    lines = ['[Variant "standard"]', "", "deal 1 dealer N", *(f"hand {s} {' '.join(hands[s])}" for s in seats),
             f"floor {' '.join(floor)}", f"bid {seats[0]} 11", *(f"{seats[i % 4]} {t}" for i, t in enumerate(throws))]
    text = "\n".join(lines) + "\n"
    game = parse(text).games[0]  # play 12: the first legal outcome of the seat to move, on 15 loose cards
    step = replay_deal(game.deals[0], VARIANTS["standard"]).steps[-1]
    seat = step.after.turn
    held = frozenset(parse_card(c) for c in hands[seat] if c not in throws)
    found = legal_outcomes(step.after, seat, Known(held))
    return text + f"{seat} {found[0].outcomes[0].text}\n"


def web_rows(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench", "LOAD_SAMPLES": False})
        client = app.test_client()
        created = client.post("/api/games", data=legal_deal_log().encode(), content_type="text/plain")
        game_id = created.json["id"]
        assert not created.json["report"]["games"][0]["deals"][0]["violations"]
        print(f"{'loose':>5} {'play':>4} {'API play ms':>12} {'play page ms':>13} {'outcomes':>9} "
              f"{'groupings':>10} complete")
        for play in (5, 7, 9, 11, 12):
            api, page = f"/api/games/{game_id}/deals/1/plays/{play}", f"/games/{game_id}/deals/1/plays/{play}"

            def get(path: str) -> float:
                """A cold request: the kept analyses and the caches of subset sums emptied first."""
                forget_analyses()
                packings.cache_clear()
                group_masks.cache_clear()
                started = time.perf_counter()
                response = client.get(path)
                assert response.status_code == 200
                return (time.perf_counter() - started) * 1000
            api_ms = statistics.median(get(api) for _ in range(repeat))
            page_ms = statistics.median(get(page) for _ in range(repeat))
            doc = client.get(api).json
            print(f"{len(doc['before']['loose']):>5} {play:>4} {api_ms:12.1f} {page_ms:13.1f} {len(doc['legal']):>9,} "
                  f"{sum(doc['legal_groupings']):>10,} {doc['legal_complete']}")


def whole_hand_row(repeat: int) -> None:
    """The floor of 15 loose cards before play 12, with the whole hand of the seat to move as dealt (the page
    knows only the cards the cut-short log shows it play)."""
    text = legal_deal_log()
    game = parse(text).games[0]
    step = replay_deal(game.deals[0], VARIANTS["standard"]).steps[-1]
    seat = step.before.turn
    dealt = next(line for line in text.splitlines() if line.startswith(f"hand {seat} ")).split()[2:]
    played = {line.split()[1] for line in text.splitlines()[10:] if line.startswith(f"{seat} ")} - {str(step.move.card)}
    known = Known(frozenset(parse_card(c) for c in dealt if c not in played))
    ms = statistics.median(timed(lambda: legal_outcomes(step.before, seat, known)) for _ in range(repeat))
    found = legal_outcomes(step.before, seat, known)
    print(f"{len(step.before.loose):>5} {ms:14.1f} {'':>16} {sum(len(c.outcomes) for c in found):>9,} "
          f"{sum(o.groupings for c in found for o in c.outcomes):>10,} {all(c.complete for c in found)}"
          f"   (the legal deal before play 12, {seat}'s {len(known.hand)} cards)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("1. A legal deal, through the service")
    web_rows(args.repeat)
    print("\n2. The library alone: low loose cards no legal deal reaches, then the legal deal's floor of 15")
    known = Known(frozenset(parse_card(c) for c in HAND))
    print(f"{'loose':>5} {'whole hand ms':>14} {'slowest card ms':>16} {'outcomes':>9} {'groupings':>10} complete")
    for n in (8, 10, 12, 14):
        state = floor_of(n)
        whole = statistics.median(timed(lambda state=state: legal_outcomes(state, "W", known))
                                  for _ in range(args.repeat))
        slowest = max(statistics.median(timed(lambda state=state, card=card: card_outcomes(state, "W", known, card))
                                        for _ in range(args.repeat)) for card in known.hand)
        found = legal_outcomes(state, "W", known)
        outcomes = sum(len(c.outcomes) for c in found)
        groupings = sum(o.groupings for c in found for o in c.outcomes)
        print(f"{n:>5} {whole:14.1f} {slowest:16.1f} {outcomes:>9,} {groupings:>10,} "
              f"{all(c.complete for c in found)}")
    whole_hand_row(args.repeat)


if __name__ == "__main__":
    main()
