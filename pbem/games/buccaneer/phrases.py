"""Phrases for the game told in words (words.py): crew cards, treasure, value cards, squares, stores and
decisions as a person reads them, never by their internal tokens."""

from __future__ import annotations

from collections import Counter

from .board import BAYS, PORT_AT, port_title, square_name
from .cards import CREW, TREASURES

DIRECTION_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east",
                   "S": "south", "SW": "south-west", "W": "west", "NW": "north-west"}
TREASURE_WORDS = {"diamond": ("a diamond", "diamonds"), "ruby": ("a ruby", "rubies"),
                  "gold": ("a gold bar", "gold bars"), "pearl": ("a pearl", "pearls"),
                  "rum": ("a barrel of rum", "barrels of rum")}
VALUE_CARD_WORDS = {"doubloons": "Doubloons", "pieces-of-eight": "Pieces of Eight", "kidds-chart": "Kidd's Chart",
                    "long-john-silver": "Long John Silver"}
ORDER_WORDS = {
    "always attack": "will now attack every ship that sails past (standing order: always attack)",
    "never attack": "will now let every ship sail past (standing order: never attack)",
    "ask": "will now be asked each time a ship sails past (standing order: ask)",
}


# --- phrases -------------------------------------------------------------------------------------------


def join(parts) -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def crew_card(card: str) -> str:
    return f"{'red' if card[0] == 'R' else 'black'} {card[1]}"


def crew_phrase(cards=None, n: int | None = None) -> str:
    """`2 crew cards (red 1, black 3)`, or `2 crew cards` when the reader may not know which."""
    count = len(cards) if cards is not None else n or 0
    text = f"{count} crew card{'s' if count != 1 else ''}"
    if cards:
        text += f" ({', '.join(crew_card(c) for c in cards)})"
    return text


def treasure_parts(items) -> list[str]:
    counts = Counter(items)
    return [TREASURE_WORDS[t][0] if counts[t] == 1 else f"{counts[t]} {TREASURE_WORDS[t][1]}"
            for t in TREASURES if counts[t]]


def treasure_phrase(items) -> str:
    return join(treasure_parts(items))


def card_name(token: str) -> str:
    return VALUE_CARD_WORDS.get(token, token)


def items_phrase(tokens) -> str:
    crew = [t for t in tokens if t in CREW]
    treasure = [t for t in tokens if t in TREASURE_WORDS]
    cards = [card_name(t) for t in tokens if t in VALUE_CARD_WORDS]
    return join([crew_phrase(crew) if crew else "", treasure_phrase(treasure), join(cards)])


def place(square) -> str:
    """A square as a reader knows it: a port by its name, a bay by its name and square."""
    square = tuple(square)
    if square in PORT_AT:
        return port_title(PORT_AT[square])
    if square in BAYS:
        return f"{BAYS[square]} ({square_name(square)})"
    return square_name(square)


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def store_name(where: str) -> str:
    kind, _, key = where.partition(":")
    if kind == "docks":
        return f"{possessive(port_title(key))} Docks"
    if kind == "safety":
        return f"{possessive(port_title(key))} Safety Zone"
    return {"flat": "Flat Island", "ti": "Treasure Island", "pirate": "Pirate Island",
            "deck": "the chance deck"}.get(kind, where)


# --- decisions: what a seat had nothing to do for, and what the game waits for ---------------------------

NOTHING_TO_DO = {
    "spoils": "{who} found nothing to take.", "give": "{who} had no crew to give.",
    "either": "{who} could take neither treasure nor crew.", "ctreasure": "No treasure fitted in {who}'s hold.",
    "cut": "{who}'s crew was already within the limit.", "name": "There was nobody to name.",
    "levy": "{who} had no crew to hand over.", "wash": "{who} had nothing to give.",
    "lose": "{who} had nothing to lose.", "return20": "{who} had no crew to return.",
    "fever": "{who} had nothing to return.", "keep": "{who} had nothing to keep.",
    "face": "{who} had no heading to choose.", "free": "{who} had no free move to make.",
}

WAITING = {
    "intercept": "{who} may attack {subject}'s ship or let it sail past.",
    "spoils": "{who} may demand {subject}'s treasure or crew.",
    "give": "{who} must give {other} up to two crew cards.",
    "keep": "{who} must choose two pieces to keep from {pool}.",
    "free": "{who} now makes a free move.",
    "face": "{who} must choose a heading.",
    "either": "{who} chooses treasure worth up to {limit} or {crew} crew cards.",
    "ctreasure": "{who} chooses treasure worth up to {limit}.",
    "cut": "{who} must cut the crew to a total of at most {cut}, returning cards to Pirate Island.",
    "name": "{who} must choose a player.",
    "levy": "{who} must hand {other} 3 crew cards, from the hand or {who}'s Docks.",
    "wash": "{who} must give {other}'s ship one piece of treasure or two crew cards.",
    "lose": "{who} must choose what goes over the side.",
    "return20": "{who} must return 2 crew cards to Pirate Island.",
    "swap": "{who} must make the blind swap with {other}.",
    "fever": "{who} must return every crew card beyond 7 (hand and Docks together) to Pirate Island.",
}
