"""What the seat page needs to play on the board (architecture section 12), apart from the routes: the
game's move hints as the board client reads them, the moves that are buttons, the board after a move
where the result is certain, and the game's options in words.

A preview is drawn only when the move draws no chance and reveals nothing hidden (the game's `reveals`),
so looking at it teaches the seat nothing it would not know anyway once the move is played.
"""

from __future__ import annotations

from typing import Any

from ..clock import CLOCK_OPTIONS, format_duration
from ..folding import PLATFORM_EVENTS, Folded
from ..games.base import Event, GameError, Hint


class ChanceNeeded(Exception):
    """The move would draw chance: its result is not certain."""


class NoChance:
    """A chance source that refuses to draw: deciding a move with it tells whether the move is certain."""

    def below(self, n: int) -> int:
        raise ChanceNeeded()

    def roll(self, sides: int = 6) -> int:
        raise ChanceNeeded()

    def shuffle(self, items):
        raise ChanceNeeded()

    def sample(self, items, k: int):
        raise ChanceNeeded()


def hints_of(folded: Folded, seat: int, legal: list[str]) -> list[dict]:
    """Each legal move with its hint, in the order of the legal moves."""
    if not legal:
        return []
    try:
        hints = folded.module.move_hints(folded.state, seat)
    except AttributeError:  # a game without hints yet: its moves are buttons and the list
        hints = {}
    out = []
    for move in legal:
        hint = hints.get(move) or Hint()
        out.append({"move": move, **hint.to_json()})
    return out


BUTTONS_IN_A_GROUP = 40  # more moves off the board than this are left to the list


def off_board(moves: list[dict]) -> list[tuple[str, list[dict]]]:
    """The moves with neither piece nor target, as buttons grouped under their headings."""
    groups: dict[str, list[dict]] = {}
    for move in moves:
        if not move["piece"] and not move["target"]:
            groups.setdefault(move["group"] or "", []).append(move)
    return [(group, entries) for group, entries in groups.items() if len(entries) <= BUTTONS_IN_A_GROUP]


def after_move(folded: Folded, seat: int, move: str) -> Any | None:
    """The state after the move when its result is certain (no chance drawn, nothing hidden revealed),
    else None. A move that is not legal has no preview either."""
    module = folded.module
    if not hasattr(module, "reveals"):
        return None  # a game that cannot say what reveals hidden information gets no preview
    try:
        events = module.decide(folded.state, seat, move, NoChance())
    except (ChanceNeeded, GameError):
        return None
    state = folded.state
    for event in events:
        if event.type in PLATFORM_EVENTS:
            continue
        if module.reveals(Event(event.type, event.data, event.actor)):
            return None
        state = module.evolve(state, event)
    return state


def options_in_words(folded: Folded) -> list[str]:
    """The options of this game that differ from the defaults, as a player reads them."""
    module = folded.module
    created = folded.created
    chosen = created["options"]
    try:
        defaults = module.resolve_options(created["seat_count"], {})
    except GameError:
        defaults = {}
    words = []
    for key, value in chosen.items():
        if key == "position":
            if value is not None:
                words.append("a custom start position")
            continue
        if key in defaults and defaults[key] == value:
            continue
        option = module.OPTIONS.get(key)
        if option is None:
            continue
        label = option.label or key.replace("_", " ").replace(".", ": ")
        shown = option.choice_labels.get(value, value) if isinstance(value, str) else value
        if isinstance(shown, bool):
            shown = "yes" if shown else "no"
        if isinstance(shown, (dict, list)):
            shown = "custom"
        words.append(f"{label}: {shown}")
    game_clock = created.get("clock") or {}
    if game_clock.get("time_per_move"):
        words.append(f"{CLOCK_OPTIONS['time_per_move'].label or 'time per move'}: "
                     f"{format_duration(game_clock['time_per_move'])}")
        if game_clock.get("on_timeout", "remind") != "remind":
            action = game_clock["on_timeout"]
            words.append(f"when time runs out: {CLOCK_OPTIONS['on_timeout'].choice_labels.get(action, action)}")
    return words


ENDINGS = {
    "resigned": "everyone else resigned",
    "round_cap": "the last round was played",
    "turn_limit": "the last turn was played",
    "goal": "a boat reached the goal",
    "stalled": "no one could move any more",
    "agreed_draw": "the players agreed a draw",
    "abandoned": "the players agreed to abandon the game",
}


def ending_in_words(termination: str) -> str:
    return ENDINGS.get(termination, termination.replace("_", " "))
