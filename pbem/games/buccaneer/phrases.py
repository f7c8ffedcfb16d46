"""Phrases for the game told in words (words.py): crew cards, treasure, value cards, squares, stores and
decisions as a person reads them, never by their internal tokens. Each is a Phrase (pbem/games/base.py),
an English message id with its values, read in the reader's language; squares stay as the rules write
them."""

from __future__ import annotations

import re
from collections import Counter

from ..base import N_, Phrase, counted, joined, listed, said
from .board import BAYS, PORT_AT, square_name
from .cards import CREW, TREASURES

DIRECTION_WORDS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"),
                   "S": N_("south"), "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}
PORT_WORDS = {"london": N_("London"), "genoa": N_("Genoa"), "marseilles": N_("Marseilles"), "cadiz": N_("Cadiz"),
              "amsterdam": N_("Amsterdam"), "venice": N_("Venice")}
BAY_WORDS = {"Mud Bay": N_("Mud Bay"), "Anchor Bay": N_("Anchor Bay"), "Cliff Creek": N_("Cliff Creek")}
FLAT_ISLAND, TREASURE_ISLAND, PIRATE_ISLAND = N_("Flat Island"), N_("Treasure Island"), N_("Pirate Island")
VALUE_CARD_WORDS = {"doubloons": N_("Doubloons"), "pieces-of-eight": N_("Pieces of Eight"),
                    "kidds-chart": N_("Kidd's Chart"), "long-john-silver": N_("Long John Silver")}
CHANCE_WORDS = {
    1: N_("Blown out to sea"), 2: N_("Crew levy"), 3: N_("Blown to Mud Bay"), 4: N_("Blown to Cliff Creek"),
    5: N_("Blown home"), 6: N_("Blown to the nearest port ahead"), 7: N_("Washed to the nearest ship"),
    8: N_("Washed ashore on Flat Island"), 9: N_("Your best to Flat Island"), 10: N_("Desertion"),
    11: N_("Treasure up to 5 or 2 crew"), 12: N_("Treasure up to 4 or 2 crew"), 13: N_("Treasure up to 5 or 2 crew"),
    14: N_("Treasure up to 7 or 3 crew"), 15: N_("Recruits: take 2 crew"), 16: N_("Treasure up to 7, crew cut to 10"),
    17: N_("Treasure up to 6, crew cut to 11"), 18: N_("Treasure up to 4, recruits if weak"), 19: N_("Crew exchange"),
    20: N_("Blind swap"), 21: N_("Long John Silver"), 22: N_("Yellow Fever"), 23: N_("Doubloons"),
    24: N_("Pieces of Eight"), 25: N_("Kidd's Chart"), 26: N_("Kidd's Chart"), 27: N_("Treasure up to 5 or 3 crew"),
    28: N_("Recruits: take 2 crew"),
}
ORDER_WORDS = {
    "always attack": N_("will now attack every ship that sails past (standing order: always attack)"),
    "never attack": N_("will now let every ship sail past (standing order: never attack)"),
    "ask": N_("will now be asked each time a ship sails past (standing order: ask)"),
}


# --- phrases -------------------------------------------------------------------------------------------


def join(parts) -> Phrase | str:
    """The parts that say something, listed "a, b and c" in the reader's language."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return listed(parts)


def between(parts, separator: str) -> Phrase:
    """The parts told one after another with `separator` (plain punctuation) between each two."""
    out: list = []
    for part in parts:
        out += [separator, part] if out else [part]
    return joined(*out)


def commas(parts) -> Phrase:
    """Cards listed with commas only, as a hand is shown: `red 1, black 3`."""
    return between(parts, ", ")


def crew_card(card: str) -> Phrase:
    return said("red %(n)s", n=card[1]) if card[0] == "R" else said("black %(n)s", n=card[1])


def crew_phrase(cards=None, n: int | None = None) -> Phrase:
    """`2 crew cards (red 1, black 3)`, or `2 crew cards` when the reader may not know which."""
    count = len(cards) if cards is not None else n or 0
    text = counted("%(n)s crew card", "%(n)s crew cards", count)
    if cards:
        return joined(text, " (", commas(crew_card(c) for c in cards), ")")
    return text


def crew_list(hand) -> Phrase:
    """A crew shown in a fight: its cards, or "none"."""
    return commas(crew_card(c) for c in hand) if hand else N_("none")


def treasure_piece(kind: str, n: int) -> Phrase:
    if kind == "diamond":
        return counted("a diamond", "%(n)s diamonds", n)
    if kind == "ruby":
        return counted("a ruby", "%(n)s rubies", n)
    if kind == "gold":
        return counted("a gold bar", "%(n)s gold bars", n)
    if kind == "pearl":
        return counted("a pearl", "%(n)s pearls", n)
    return counted("a barrel of rum", "%(n)s barrels of rum", n)


def treasure_parts(items) -> list[Phrase]:
    counts = Counter(items)
    return [treasure_piece(t, counts[t]) for t in TREASURES if counts[t]]


def treasure_phrase(items) -> Phrase | str:
    return join(treasure_parts(items))


def card_name(token: str) -> Phrase | str:
    return VALUE_CARD_WORDS.get(token, token)


def items_phrase(tokens) -> Phrase | str:
    crew = [t for t in tokens if t in CREW]
    treasure = [t for t in tokens if t in TREASURES]
    cards = [card_name(t) for t in tokens if t in VALUE_CARD_WORDS]
    return join([crew_phrase(crew) if crew else "", treasure_phrase(treasure), join(cards)])


def port_name(port: str) -> Phrase | str:
    return PORT_WORDS.get(port, port.capitalize())


def place(square) -> Phrase | str:
    """A square as a reader knows it: a port by its name, a bay by its name and square."""
    square = tuple(square)
    if square in PORT_AT:
        return port_name(PORT_AT[square])
    if square in BAYS:
        return said("%(bay)s (%(square)s)", bay=BAY_WORDS[BAYS[square]], square=square_name(square))
    return square_name(square)


def sailed_squares(n: int, direction: str, start) -> Phrase:
    """`2 squares north from E5`, or `out of London` when the ship leaves a port."""
    if tuple(start) in PORT_AT:
        return counted("%(n)s square %(direction)s out of %(start)s", "%(n)s squares %(direction)s out of %(start)s",
                       n, direction=DIRECTION_WORDS[direction], start=place(start))
    return counted("%(n)s square %(direction)s from %(start)s", "%(n)s squares %(direction)s from %(start)s",
                   n, direction=DIRECTION_WORDS[direction], start=place(start))


def kept_card(drew: Phrase, token: str, worth: int | None) -> Phrase:
    """A value card drawn and kept, with what it is worth (a Kidd's Chart: redeemed or traded)."""
    if token == "kidds-chart" and worth:
        return said("%(drew)s, and keeps it (redeemed at Anchor Bay for treasure worth up to 7, or traded for "
                    "%(worth)s)", drew=drew, worth=worth)
    if token == "kidds-chart":
        return said("%(drew)s, and keeps it (redeemed at Anchor Bay for treasure worth up to 7)", drew=drew)
    if worth:
        return said("%(drew)s, and keeps it (worth %(worth)s in trade)", drew=drew, worth=worth)
    return said("%(drew)s, and keeps it", drew=drew)


def possessive(name) -> Phrase:
    """`Ann's`, `Marseilles'`: whose a thing is, in words each language may place itself."""
    if str(name).endswith("s"):
        return said("%(owner)s'", owner=name)
    return said("%(owner)s's", owner=name)


def store_name(where: str) -> Phrase | str:
    kind, _, key = where.partition(":")
    if kind == "docks":
        return said("%(owner)s Docks", owner=possessive(port_name(key)))
    if kind == "safety":
        return said("%(owner)s Safety Zone", owner=possessive(port_name(key)))
    return {"flat": FLAT_ISLAND, "ti": TREASURE_ISLAND, "pirate": PIRATE_ISLAND,
            "deck": N_("the chance deck")}.get(kind, where)


def filled(template: Phrase, **values) -> Phrase:
    """A template of the tables below with the values it names (and no others: a line carries only what
    it says)."""
    named = set(re.findall(r"%\((\w+)\)", template.id))
    return Phrase(template.id, {name: value for name, value in values.items() if name in named})


# --- decisions: what a seat had nothing to do for, and what the game waits for ---------------------------

NOTHING_TO_DO = {
    "spoils": N_("%(who)s found nothing to take."), "give": N_("%(who)s had no crew to give."),
    "either": N_("%(who)s could take neither treasure nor crew."), "ctreasure": N_("No treasure fitted in %(who)s's hold."),
    "cut": N_("%(who)s's crew was already within the limit."), "name": N_("There was nobody to name."),
    "levy": N_("%(who)s had no crew to hand over."), "wash": N_("%(who)s had nothing to give."),
    "lose": N_("%(who)s had nothing to lose."), "return20": N_("%(who)s had no crew to return."),
    "fever": N_("%(who)s had nothing to return."), "keep": N_("%(who)s had nothing to keep."),
    "face": N_("%(who)s had no heading to choose."), "free": N_("%(who)s had no free move to make."),
}
NO_CHOICE = N_("%(who)s had no choice to make.")

WAITING = {
    "intercept": N_("%(who)s may attack %(subject)s's ship or let it sail past."),
    "spoils": N_("%(who)s may demand %(subject)s's treasure or crew."),
    "give": N_("%(who)s must give %(other)s up to two crew cards."),
    "keep": N_("%(who)s must choose two pieces to keep from %(pool)s."),
    "free": N_("%(who)s now makes a free move."),
    "face": N_("%(who)s must choose a heading."),
    "either": N_("%(who)s chooses treasure worth up to %(limit)s or %(crew)s crew cards."),
    "ctreasure": N_("%(who)s chooses treasure worth up to %(limit)s."),
    "cut": N_("%(who)s must cut the crew to a total of at most %(cut)s, returning cards to Pirate Island."),
    "name": N_("%(who)s must choose a player."),
    "levy": N_("%(who)s must hand %(other)s 3 crew cards, from the hand or %(who)s's Docks."),
    "wash": N_("%(who)s must give %(other)s's ship one piece of treasure or two crew cards."),
    "lose": N_("%(who)s must choose what goes over the side."),
    "return20": N_("%(who)s must return 2 crew cards to Pirate Island."),
    "swap": N_("%(who)s must make the blind swap with %(other)s."),
    "fever": N_("%(who)s must return every crew card beyond 7 (hand and Docks together) to Pirate Island."),
}
MUST_DECIDE = N_("%(who)s must decide.")
