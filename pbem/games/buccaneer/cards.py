"""Component tables: treasure, crew cards, the 28 chance cards and the value cards (spec section 3, 11).

Every RECONSTRUCTED value lives here and nowhere else: the corrected Rule 2 treasure values, the two
`currency_values` tables of Ruling 37, Long John Silver's crew limit (Ruling 38), the Kidd's Chart
redemption value (Ruling 39), and the paraphrased card table of section 11.2.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Iterable

# Treasure in table order (3.1): Rule 2 corrected by the spec.
TREASURES: tuple[str, ...] = ("diamond", "ruby", "gold", "pearl", "rum")
TREASURE_VALUE: dict[str, int] = {"diamond": 5, "ruby": 5, "gold": 4, "pearl": 3, "rum": 2}

# Crew cards in canonical order (R1, R2, R3, B1, B2, B3); 6 of each (Ruling 2).
CREW: tuple[str, ...] = ("R1", "R2", "R3", "B1", "B2", "B3")
CREW_COPIES = 6
CREW_PACK: tuple[str, ...] = tuple(card for card in CREW for _ in range(CREW_COPIES))

# Value cards: chance-card number -> token (19.1). Kidd's Chart is two cards (25 and 26).
VALUE_CARDS: dict[int, str] = {21: "long-john-silver", 23: "doubloons", 24: "pieces-of-eight", 25: "kidds-chart", 26: "kidds-chart"}
VALUE_TOKENS: tuple[str, ...] = ("doubloons", "pieces-of-eight", "kidds-chart", "long-john-silver")
VALUE_ALIASES = {"po8": "pieces-of-eight", "chart": "kidds-chart", "ljs": "long-john-silver",
                 "doubloon": "doubloons", "piece-of-eight": "pieces-of-eight", "kidd's-chart": "kidds-chart"}

# Ruling 37: trade values by `currency_values`. None: cannot be traded value for value.
CURRENCY: dict[str, dict[str, int | None]] = {
    "1958": {"doubloons": 4, "pieces-of-eight": 5, "kidds-chart": 3, "long-john-silver": None},
    "20x20": {"doubloons": 5, "pieces-of-eight": 4, "kidds-chart": None, "long-john-silver": None},
}
LJS_CREW_LIMIT = 5  # Ruling 38: Long John Silver buys crew worth at most 5
CHART_VALUE = 7  # Ruling 39: a Kidd's Chart redeems treasure worth up to 7

STOCK_VALUE = 8  # Rule 6: crew plus treasure at each stocked port
FEVER_LIMIT = 7  # card 22: more than 7 crew cards in hand plus home Docks
WEAK_CREW = 3  # cards 1, 3 to 6: crew total at most 3 takes 4 crew

CHANCE_CARDS = tuple(range(1, 29))
KEPT_CARDS = frozenset(VALUE_CARDS)

# "A or B" cards (Ruling 25): card -> (treasure limit, crew taken)
EITHER_CARDS = {11: (5, 2), 12: (4, 2), 13: (5, 2), 14: (7, 3), 27: (5, 3)}
# Treasure plus a cut (Ruling 32): card -> (treasure limit, crew-total limit)
CUT_CARDS = {16: (7, 10), 17: (6, 11)}

CHANCE_TITLES = {
    1: "Blown out to sea", 2: "Crew levy", 3: "Blown to Mud Bay", 4: "Blown to Cliff Creek",
    5: "Blown home", 6: "Blown to the nearest port ahead", 7: "Washed to the nearest ship",
    8: "Washed ashore on Flat Island", 9: "Your best to Flat Island", 10: "Desertion",
    11: "Treasure up to 5 or 2 crew", 12: "Treasure up to 4 or 2 crew", 13: "Treasure up to 5 or 2 crew",
    14: "Treasure up to 7 or 3 crew", 15: "Recruits: take 2 crew", 16: "Treasure up to 7, crew cut to 10",
    17: "Treasure up to 6, crew cut to 11", 18: "Treasure up to 4, recruits if weak", 19: "Crew exchange",
    20: "Blind swap", 21: "Long John Silver", 22: "Yellow Fever", 23: "Doubloons", 24: "Pieces of Eight",
    25: "Kidd's Chart", 26: "Kidd's Chart", 27: "Treasure up to 5 or 3 crew", 28: "Recruits: take 2 crew",
}


def crew_value(card: str) -> int:
    return int(card[1])


def sailing_value(hand: Iterable[str]) -> int:
    return sum(crew_value(c) for c in hand)


def fighting_value(hand: Iterable[str]) -> int:
    red = sum(crew_value(c) for c in hand if c[0] == "R")
    black = sum(crew_value(c) for c in hand if c[0] == "B")
    return abs(red - black)


def sort_crew(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CREW.index))


def sort_treasure(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(items, key=TREASURES.index))


def treasure_value(items: Iterable[str]) -> int:
    return sum(TREASURE_VALUE[t] for t in items)


def value_card_token(number: int) -> str:
    return VALUE_CARDS[number]


def sub_multisets(items: Iterable[str], size: int) -> list[tuple[str, ...]]:
    """Distinct sub-multisets of exactly `size` items, each in the input's order of first appearance."""
    pool = list(items)
    kinds = list(dict.fromkeys(pool))
    have = Counter(pool)
    out = []
    for combo in combinations_with_replacement(kinds, size):
        if all(combo.count(k) <= have[k] for k in set(combo)):
            out.append(combo)
    return out


def treasure_choices(available: dict[str, int], room: int, limit: int) -> list[tuple[str, ...]]:
    """Ruling 25 "treasure up to N": one or two pieces (within `room`) worth at most `limit` in all,
    from the counts on Treasure Island; most valuable sets first."""
    if room <= 0:
        return []
    kinds = [t for t in TREASURES if available.get(t, 0) > 0]
    options = []
    for size in (1, 2):
        if size > room:
            break
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(k) <= available[k] for k in set(combo)) and treasure_value(combo) <= limit:
                options.append(combo)
    options.sort(key=lambda c: (-treasure_value(c), [TREASURES.index(t) for t in c]))
    return options
