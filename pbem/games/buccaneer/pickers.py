"""The item picker's data (issue 27 item 2): the cards and pieces a seat may choose one by one to build a
trade of any size, or a card return or gift a chance card asks for, when there are more such moves than
buttons can offer. The seat page's script builds the move as chips are chosen and lets it be finished
only when it is a legal one.

A trade is judged in the browser by the rule it follows (value for value, at most two treasure pieces
aboard), since trades of three or more items a side are valid but not listed; a return or gift is
judged against the listed moves (in the page's hints), which are all of them. Only the seat's own hand,
cargo and value cards, and a port's Docks (which every player sees), are named: nothing hidden.
"""

from __future__ import annotations

from ..base import N_, said
from .cards import CREW, TREASURES, VALUE_CARDS
from .geometry import in_port
from .notation import item_order
from .phrases import card_name, crew_card, port_name, treasure_piece
from .ports import docks_of, held_tokens, item_worth
from .state import State
from .turns import options

CARGO_ROOM = 2  # Rule 17: treasure pieces a ship carries
LISTED = ("chance return", "chance give")  # decisions whose every choice is a listed move
FEW = 6  # this many such moves or fewer are buttons enough


def item_word(token: str):
    """An item as a chip shows it: "red 3", "a pearl", "Doubloons"."""
    if token in CREW:
        return crew_card(token)
    if token in TREASURES:
        return treasure_piece(token, 1)
    return card_name(token)


def chip(state: State, token: str) -> dict:
    # a crew card says its worth in its name ("red 3"); a treasure piece or value card shows it beside
    return {"token": token, "word": item_word(token), "worth": item_worth(state, token), "treasure": token in TREASURES,
            "says_worth": token not in CREW}


def tradeable(state: State, tokens) -> list[str]:
    """Items that can be traded value for value (Long John Silver's own trades stay buttons; Ruling 37 can
    make a value card untradeable)."""
    return [t for t in tokens if t != "long-john-silver" and item_worth(state, t) is not None]


def item_pickers(state: State, seat: int) -> list[dict]:
    """The pickers this seat can use now, each {"kind", "verb", "heading", "parts": [{"key", "label",
    "items"}]} (a trade's also "cargo" and "room"); words are Phrases."""
    legal = options(state, seat)
    out = []
    port = in_port(state, seat)
    if port and port != state.home(seat) and not state.pending and state.phase in ("before", "after") \
            and seat == state.turn:
        docks = docks_of(state, port)
        mine = tradeable(state, state.hands[seat] + state.ships[seat].cargo + held_tokens(state, seat))
        theirs = tradeable(state, docks.crew + docks.treasure + tuple(VALUE_CARDS[c] for c in docks.cards))
        mine, theirs = sorted(mine, key=item_order), sorted(theirs, key=item_order)
        if mine and theirs:
            out.append({"kind": "trade", "verb": "trade", "cargo": len(state.ships[seat].cargo), "room": CARGO_ROOM,
                        "heading": said("Trade with the Docks of %(port)s, item by item", port=port_name(port)),
                        "parts": [{"key": "give", "label": N_("You give"), "items": [chip(state, t) for t in mine]},
                                  {"key": "take", "label": N_("You take"), "items": [chip(state, t) for t in theirs]}]})
    for verb in LISTED:
        listed = [m for m in legal if m == verb or m.startswith(verb + " ")]
        if len(listed) <= FEW:
            continue
        parts = {"": {}, "docks": {}}
        for move in listed:
            counts: dict[str, dict[str, int]] = {"": {}, "docks": {}}
            part = ""
            for word in move[len(verb):].split():
                if word == "docks":
                    part = "docks"
                    continue
                counts[part][word] = counts[part].get(word, 0) + 1
            for key, found in counts.items():
                for token, n in found.items():
                    parts[key][token] = max(parts[key].get(token, 0), n)
        labels = {"": N_("From your hand or cargo"), "docks": N_("From your home port's Docks")}
        out.append({"kind": "listed", "verb": verb,
                    "heading": N_("Choose the cards to return one by one") if verb == "chance return"
                    else N_("Choose what to give one by one"),
                    "parts": [{"key": key, "label": labels[key],
                               "items": [chip(state, t) for t in sorted(found, key=item_order) for _ in range(found[t])]}
                              for key, found in parts.items() if found]})
    return out
