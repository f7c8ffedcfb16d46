"""What the seat page needs to play on the board (architecture section 12), apart from the routes: the
game's move hints as the board client reads them, the moves that are buttons, the board after a move
where the result is certain, and the game's options in words.

A preview is drawn only when the move draws no chance and reveals nothing hidden (the game's `reveals`),
so looking at it teaches the seat nothing it would not know anyway once the move is played. A move that
would be refused (typed by hand) is said to be so before it is sent, with the rules' reason: the same
words sending it would bring, and nothing more.
"""

from __future__ import annotations

import inspect
import re
from functools import lru_cache
from typing import Any

from .. import i18n
from ..games.base import Event, GameError, Hint, Phrase, reason_of
from ..play import clock
from ..play.clock import CLOCK_OPTIONS, format_duration
from ..play.folding import PLATFORM_EVENTS, Folded, legal_moves
from ..words import read


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


def hints_of(folded: Folded, seat: int, legal: list[str], language: str = i18n.DEFAULT, state=None) -> list[dict]:
    """Each legal move with its hint, in the order of the legal moves, its words in `language`; at the
    game's position, or at `state` (a position along a planned line, pbem/web/planning.py)."""
    if not legal:
        return []
    state = folded.state if state is None else state
    hints_of_game = folded.module.move_hints
    if takes_names(hints_of_game):
        hints = hints_of_game(state, seat, names=tuple(folded.names))
    else:
        hints = hints_of_game(state, seat)
    out = []
    for move in legal:
        hint = (hints.get(move) or Hint()).told(lambda words: read(words, language))
        out.append({"move": move, **hint.to_json()})
    return out


@lru_cache(maxsize=None)
def takes_names(function) -> bool:
    """Whether a game's move_hints takes the players' names (to name the other players in its words)."""
    return "names" in inspect.signature(function).parameters


@lru_cache(maxsize=None)
def takes_words(function) -> bool:
    """Whether a game's render_svg says its labels through `words` (Phrases read in a language)."""
    return "words" in inspect.signature(function).parameters


def board_svg(folded: Folded, state, seat: int | None, language: str = i18n.DEFAULT) -> str:
    """The game's board picture for a seat, its labels in `language` where the game says them in Phrases."""
    render = folded.module.render_svg
    if takes_words(render):
        return render(state, seat, names=tuple(folded.names), words=lambda phrase: read(phrase, language))
    return render(state, seat, names=tuple(folded.names))


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


def refusal(db, folded: Folded, seat: int, move: str) -> str | Phrase | None:
    """Why the move would be refused if sent now (the rules' words, as the answer to sending it would
    give them), or None when it would be played, as far as that is known without drawing chance."""
    from ..play import service

    if move in legal_moves(folded, seat):
        return None
    try:
        service.check_fresh(db, folded, seat, folded.seq)  # no move to make now: not its turn, or over
        folded.module.decide(folded.state, seat, move, NoChance())
    except ChanceNeeded:
        return None  # it got past the rules' checks to a draw
    except (GameError, service.ServiceError) as error:
        return reason(error)
    return None


def reason(error: Exception) -> str | Phrase:
    """A refusal's words: the game's Phrase (read in the page's language by `page_message`), or its text."""
    return reason_of(error)


def options_in_words(folded: Folded, language: str = i18n.DEFAULT) -> list[str]:
    """The options of this game that differ from the defaults, as a player reads them (a game's own
    labels in `language` when they are Phrases)."""
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
        label = read(option.label, language) or key.replace("_", " ").replace(".", ": ")
        shown = read(option.choice_labels.get(value, value), language) if isinstance(value, str) else value
        if isinstance(shown, bool):
            shown = "yes" if shown else "no"
        if isinstance(shown, (dict, list)):
            shown = "custom"
        words.append(f"{label}: {shown}")
    game_clock = created.get("clock") or {}
    if clock.is_fischer(game_clock):
        words.append(f"clock: {clock.in_words(game_clock)}")
    elif game_clock.get("time_per_move"):
        words.append(f"{CLOCK_OPTIONS['time_per_move'].label or 'time per move'}: "
                     f"{format_duration(game_clock['time_per_move'])}")
    if clock.has_clock(game_clock):
        if game_clock.get("on_timeout", "remind") != "remind":
            option = CLOCK_OPTIONS["on_timeout"]
            words.append(f"{option.label.lower()}: {option.choice_labels.get(game_clock['on_timeout'], game_clock['on_timeout'])}")
    return words



MOVER = re.compile(r'<text class="to-move"[^>]*>.*?</text>', re.S)


def ending_in_words(termination: str) -> str:
    return ENDINGS.get(termination, termination.replace("_", " "))


def without_mover(svg: str) -> str:
    """A board whose game ended outside its rules (an agreed draw, an abandon: the game itself does not
    know it is over) without its "X to move" line: after an agreed draw no one is to move."""
    return MOVER.sub("", svg)


def names_of(folded: Folded, seat: int | None, language: str, state=None) -> dict[str, dict[str, str]]:
    """Every piece and square of the board in words, in the reader's language (the game's
    `board_names`: the accessible names of the board's controls, and the text mode's position)."""
    naming = getattr(folded.module, "board_names", None)
    if naming is None:
        return {"pieces": {}, "squares": {}}
    named = naming(folded.state if state is None else state, seat, tuple(folded.names))
    return {part: {key: read(phrase, language) for key, phrase in named[part].items()} for part in ("pieces", "squares")}


def control_names(folded: Folded, seat: int | None, hints: list[dict], language: str,
                  state=None) -> dict[str, dict[str, str]]:
    """The names the board client gives its controls: the pieces and the squares the legal moves choose
    (not the whole board: the page's data stays small); at `state` when given (a planned line's)."""
    if not hints:
        return {"pieces": {}, "squares": {}}
    named = names_of(folded, seat, language, state)
    pieces = {h["piece"] for h in hints if h["piece"]}
    squares = {h["target"] for h in hints if h["target"]}
    return {"pieces": {k: v for k, v in named["pieces"].items() if k in pieces},
            "squares": {k: v for k, v in named["squares"].items() if k in squares}}


def pickers_of(folded: Folded, seat: int | None, language: str) -> list[dict]:
    """The game's item pickers for this seat (a Buccaneer trade or card return chosen item by item: the
    game's `item_pickers`), their words read in the reader's language; none for a game without them."""
    making = getattr(folded.module, "item_pickers", None)
    if making is None or seat is None:
        return []
    out = []
    for picker in making(folded.state, seat):
        parts = [{**part, "label": read(part["label"], language),
                  "items": [{**item, "word": read(item["word"], language)} for item in part["items"]]}
                 for part in picker["parts"]]
        out.append({**picker, "heading": read(picker["heading"], language), "parts": parts})
    return out
