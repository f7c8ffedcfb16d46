"""The game protocol: the small surface every game module exposes, and the types it shares.

Follows `shared/specs/architecture.md` section 2 (a game is a "decider"). A game is a module (or
package) with these names; the registry in `pbem.games` lists the modules explicitly:

    NAME: str                     stable slug, stored in events; never renamed
    TITLE: str                    shown to people
    PLAYERS: tuple[int, int]      min and max seats
    OPTIONS: dict[str, Option]    every option the game accepts, with defaults and ranges
    NOTATION: str                 a short plain-text description of the move notation (seat page, e-mail)

    resolve_options(seats, options) -> dict   every option filled in and checked; raises InvalidOptions
    initial_state(seats, options) -> State    the state before any event, from resolved options
    start(state, chance) -> list[Event]       setup facts (deals, shuffles, first die) as events
    evolve(state, event) -> State             THE reducer: pure, total for stored events, never validates
    decide(state, seat, move, chance) -> list[Event]   check a move; raise InvalidMove/IllegalMove/NotYourTurn
    legal_moves(state, seat) -> list[str]     every legal move of that seat now, canonical notation
    to_move(state) -> frozenset[int]          seats that owe a decision now (several when simultaneous)
    view(state, seat) -> dict                 JSON-able, redacted for that seat (None = spectator)
    redact(event, seat) -> dict               the part of one event's data that seat may see
    outcome(state) -> Outcome | None          None while the game runs
    render_text(state, seat) -> str           ASCII board (tests, e-mail, CLI)
    render_svg(state, seat, names=()) -> str  the board picture on the page
    resign(state, seat, chance) -> list[Event]   that seat leaves; the game ends or goes on without it
                                              (chance: for what passing the turn on may draw)
    timeout_move(state, seat) -> str | None   the move the clock plays for a seat out of time when the
                                              game's rules allow a pass or a default, else None

The platform stores the resolved options and the seat count in its own creating event, so a game
need not repeat them in an event of its own. `start` and `decide` run on through every automatic
step (forced single options, chance draws) until some seat owes a decision or the game is over.

Part two of the protocol (architecture sections 12 to 16):

    RULES_VERSION: int            the version of the rules this module plays, from 1. `game_created`
                                  records it; a change to what start, decide, evolve, legal_moves,
                                  resign or outcome do for an existing log raises it, and games of
                                  older versions keep the old behaviour (a branch on the version the
                                  state carries)
    initial_state(seats, options, rules_version=RULES_VERSION) -> State
                                  the state remembers its rules version; everything after follows it
    upgrade(state, version) -> State   (optional; games with RULES_VERSION > 1) the same position under
                                  the newer rules; raises InvalidOptions naming what does not fit
    describe(before, events, seat, names) -> list[str]
                                  the words for the events of one append (one command and the
                                  automatic steps it caused), each already redacted for `seat` by
                                  `redact`; `before` is the state before them (read only what every
                                  seat may know from it); `names` the players' names by seat. Lines a
                                  person reads: names not ids, cards and characters by their printed
                                  names, automatic steps folded into the move that caused them, never
                                  an internal identifier (no `kick_barrel`, `after_fight`, `die_rolled`)
    reveals(event) -> bool        True when this event lets some seat know what it could not know
                                  before: a chance outcome (a die, the wind, a shuffle, a deal, a
                                  draw) or hidden information shown (crews in a fight, planned cards).
                                  A seat may take back alone only over events that reveal nothing; a
                                  move whose events reveal gets no preview of the board after it
    move_hints(state, seat[, names]) -> dict[str, Hint]
                                  for every move of legal_moves(state, seat), what the board needs to
                                  offer it: the piece it moves, the square it ends on, the squares it
                                  passes, the label that tells it from the other moves of that piece
                                  to that square, its effect in words, and where /rules/<game>
                                  explains it. Ids match the `data-piece` and `data-square`
                                  attributes of render_svg (and of the game's HTML panels).
                                  A game may take the players' `names` too, to name them in
                                  its words
    OPEN_INFORMATION: bool        (optional; False when absent) the game hides nothing from anyone:
                                  `redact` and `describe` read the same for every seat and for a
                                  spectator, so one telling of an append serves every reader
    BOTS: dict[str, choose]       computer players by level ("standard" at least), in bot.py:
                                  choose(view, legal, rng) -> one of legal. A pure function of the
                                  seat's view (`view(state, seat)`), its legal moves and a seeded
                                  generator (`rng`, a random.Random the shell seeds); never the state
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Protocol, Sequence, TypeVar

T = TypeVar("T")

RULES = "rules"  # the actor of events the rules write by themselves


# --- errors: one type per failure, all ValueErrors so callers may catch broadly ---------------------


class GameError(ValueError):
    """Base of every error a game raises about a request."""


class InvalidMove(GameError):
    """The move text cannot be parsed; the message says what was expected."""


class IllegalMove(GameError):
    """The move parses but the rules forbid it; the message names the rule."""


class NotYourTurn(GameError):
    """The seat owes no decision now."""


class StaleMove(GameError):
    """The game moved on since the position the player saw, changing that seat's options."""


class InvalidOptions(GameError):
    """An option (or the `position`) is unknown, malformed or out of range."""


def reason_of(error: Exception) -> "Phrase | str":
    """A refusal's words: the Phrase it was raised with (an id and its values, read in each reader's
    language), else its text as it was written. `str(error)` stays the English, as the API's `code` and
    the command line say it."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Phrase) else str(error)


# --- events and outcomes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """A fact in the past tense. `data` is JSON-able and never mutated after creation."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    actor: str = RULES  # a seat number as text ("0", "1", ...), "rules", "clock" or "admin"

    @classmethod
    def by_seat(cls, seat: int, type: str, data: Mapping[str, Any]) -> "Event":
        return cls(type=type, data=data, actor=str(seat))


@dataclass(frozen=True)
class Outcome:
    """How a game ended. `winners` is empty for a draw; `ranking` lists seats best first when the game
    ranks them (groups of equals share a tuple); `scores` is optional per-seat detail."""

    termination: str
    winners: tuple[int, ...] = ()
    ranking: tuple[tuple[int, ...], ...] = ()
    scores: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict:
        return {
            "termination": self.termination,
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "scores": dict(self.scores),
        }


# --- chance -------------------------------------------------------------------------------------------


class Chance(Protocol):
    """The only source of randomness a game may use. The shell passes one in; the game records every
    outcome it draws in an event, and replay reads the events, never the chance source."""

    def below(self, n: int) -> int:
        """A uniform integer in 0 .. n-1."""

    def roll(self, sides: int = 6) -> int:
        """A die: a uniform integer in 1 .. sides."""

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A uniformly random ordering of items (a new tuple)."""

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        """k distinct items in random order."""


# --- options ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One game option: its kind (`int`, `choice`, `bool`, `str`, `json`), default and limits.

    `label` and `help` are for players (the options page, the seat page's list of options that differ
    from the defaults): plain words, no spec references. `choice_labels` may say each choice in words.
    Each may be a Phrase (read in the page's language) or English text; the API says them in English."""

    kind: str
    default: Any = None
    help: "str | Phrase" = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    label: "str | Phrase" = ""
    choice_labels: Mapping[str, "str | Phrase"] = field(default_factory=dict)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "default": self.default, "help": str(self.help)}
        if self.label:
            out["label"] = str(self.label)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choice_labels:
            out["choice_labels"] = {choice: str(label) for choice, label in self.choice_labels.items()}
        return out


def check_options(spec: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict:
    """Fill in defaults and check every given option against its spec; raise InvalidOptions naming the
    option. Form input arrives as text, so text is converted to the option's kind here."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}; this game takes: {', '.join(sorted(spec)) or 'none'}")
    resolved: dict[str, Any] = {}
    for name, option in spec.items():
        if name not in given or given[name] is None or given[name] == "":
            resolved[name] = option.default
            continue
        resolved[name] = _convert(name, option, given[name])
    return resolved


def _convert(name: str, option: Option, value: Any) -> Any:
    if option.kind == "int":
        if isinstance(value, bool):
            raise InvalidOptions(f"option {name!r} must be a whole number")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise InvalidOptions(f"option {name!r} must be a whole number, not {value!r}") from None
        if not isinstance(value, int):
            raise InvalidOptions(f"option {name!r} must be a whole number")
        if option.minimum is not None and value < option.minimum or option.maximum is not None and value > option.maximum:
            raise InvalidOptions(f"option {name!r} must be between {option.minimum} and {option.maximum}, not {value}")
        return value
    if option.kind == "choice":
        text = str(value).strip().lower()
        if text not in option.choices:
            raise InvalidOptions(f"option {name!r} must be one of {', '.join(option.choices)}, not {value!r}")
        return text
    if option.kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise InvalidOptions(f"option {name!r} must be true or false, not {value!r}")
    if option.kind == "str":
        if not isinstance(value, str):
            raise InvalidOptions(f"option {name!r} must be text")
        return value
    if option.kind == "json":
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as error:
                raise InvalidOptions(f"option {name!r} is not valid JSON: {error.msg} at character {error.pos}") from None
            except (ValueError, RecursionError):  # a number past Python's 4,300-digit limit, nesting too deep
                raise InvalidOptions(f"option {name!r} holds a number with too many digits, or nesting too deep, to read") from None
        if not isinstance(value, dict):
            raise InvalidOptions(f"option {name!r} must be a JSON object")
        return value
    raise AssertionError(f"unknown option kind {option.kind!r}")


# --- words: what a game says, as message ids with arguments, put in a language when read (section 24) ----


@dataclass(frozen=True)
class Phrase:
    """A sentence (or a part of one) a game says, kept as its English message id with the values it
    names, so each reader gets it in its own language and nothing stores a sentence. An argument may be
    text (a player's or a ship's name, a square, a move: never translated), a number, a Phrase (a card,
    a direction, a list of names: translated too) or a tuple of those (a list, see `listed`).

    `plural` is the English form for a count other than one; `count` names the argument it counts. The
    games stay free of Babel: `str()` reads the English (the id is the English), and pbem/words/__init__.py's
    `read` any language through the catalogs. Mark ids with `said`, `counted` and `N_` below: the
    extractor (pbem/translations/babel.cfg) finds them by those names."""

    id: str
    args: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: str = "n"

    def __str__(self) -> str:
        return self.english()

    def english(self) -> str:
        return self.render(lambda phrase: phrase.plural if phrase.plural is not None
                           and phrase.args.get(phrase.count) != 1 else phrase.id)

    def render(self, words) -> str:
        """The phrase with `words(phrase)` giving each phrase's text in some language (its values in
        %(name)s form are filled in from the arguments, each rendered the same way)."""
        if self.id == LIST:
            items = [render_value(item, words) for item in self.args["items"]]
            if len(items) <= 1:
                return "".join(items)
            last = render_value(self.args["last"], words)
            return ", ".join(items[:-1]) + f" {last} " + items[-1]
        if self.id == JOIN:
            return "".join(render_value(part, words) for part in self.args["parts"])
        if self.id == CAPITAL:
            text = render_value(self.args["of"], words)
            return text[:1].upper() + text[1:]
        text = words(self)
        if not self.args:
            return text
        return text % {name: render_value(value, words) for name, value in self.args.items()}

    def to_json(self) -> dict:
        out: dict[str, Any] = {"id": self.id}
        if self.args:
            out["args"] = {name: value_json(value) for name, value in self.args.items()}
        if self.plural is not None:
            out["plural"], out["count"] = self.plural, self.count
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Phrase":
        return cls(data["id"], {name: value_from_json(value) for name, value in (data.get("args") or {}).items()},
                   data.get("plural"), data.get("count", "n"))


LIST = "\x00list"  # the id of a list of values, joined by the language's comma and "and"/"or"
JOIN = "\x00join"  # parts of a sentence told one after another (a move and what it set off)
CAPITAL = "\x00capital"  # a part that begins a sentence, in whatever language, with a capital


def render_value(value, words) -> str:
    if isinstance(value, Phrase):
        return value.render(words)
    return str(value)


def value_json(value):
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [value_json(item) for item in value]
    return value


def value_from_json(value):
    if isinstance(value, dict):
        return Phrase.from_json(value)
    if isinstance(value, list):
        return tuple(value_from_json(item) for item in value)
    return value


def said(message: str, **args) -> Phrase:
    """A phrase: `said("%(who)s sailed %(ship)s.", who=name, ship="B1")`."""
    return Phrase(message, args)


def counted(singular: str, plural: str, n: int, **args) -> Phrase:
    """A phrase with a count, its form chosen by the language's plural rule: `counted("%(n)d mast",
    "%(n)d masts", 2)`."""
    return Phrase(singular, {"n": n, **args}, plural)


def N_(message: str) -> Phrase:
    """A phrase without values (a direction, a colour, a card's name)."""
    return Phrase(message)


def listed(items: Sequence[Any], last: Phrase | None = None) -> Phrase:
    """Values listed "a, b and c" in the reader's language (`last`: the word before the last, "and")."""
    return Phrase(LIST, {"items": tuple(items), "last": last or AND})


def joined(*parts: Any) -> Phrase:
    """Parts told one after another: phrases, and the punctuation between them as plain text."""
    return Phrase(JOIN, {"parts": tuple(parts)})


def capitalised(part: Any) -> Phrase:
    return Phrase(CAPITAL, {"of": part})


AND = N_("and")
OR = N_("or")


# --- the board: what a seat page needs to offer a legal move on the board ------------------------------


@dataclass(frozen=True)
class Hint:
    """What the board needs to offer one legal move (architecture section 12).

    The seat page lets a player choose a piece (`data-piece` in the SVG, or in the game's HTML panel
    for pieces not on the board, such as cards or standees still to place), then one of the squares
    its moves end on (`data-square`), then, when several moves remain, one of their `choice` labels.
    Moves with neither piece nor target are buttons, under the heading `group` when given.

    `choice`, `words` and `group` are Phrases (or English text, for a game not yet told in Phrases):
    `told(read)` puts them in a language, `to_json` in English."""

    piece: str | None = None          # what the move moves or acts with: a data-piece id
    target: str | None = None         # the square it ends on or acts on: a data-square id
    path: tuple[str, ...] = ()        # squares passed on the way, in order, without the target
    choice: "str | Phrase" = ""       # tells this move from the others with the same piece and target
    words: "str | Phrase" = ""        # its effect, in players' words (who reacts, what it costs)
    rule: str | None = None           # the anchor (without '#') on /rules/<game> that explains it
    group: "str | Phrase | None" = None  # the heading of its button among moves without piece or target

    def told(self, read=str) -> "Hint":
        """This hint with its words as text: `read(phrase)` gives a Phrase's (default: English)."""
        return replace(self, choice=read(self.choice), words=read(self.words),
                       group=None if self.group is None else read(self.group))

    def to_json(self) -> dict:
        told = self.told()
        return {"piece": self.piece, "target": self.target, "path": list(self.path), "choice": told.choice,
                "words": told.words, "rule": self.rule, "group": told.group}


# --- the protocol, for type checkers and documentation --------------------------------------------------


class Game(Protocol):
    NAME: str
    TITLE: str
    PLAYERS: tuple[int, int]
    OPTIONS: Mapping[str, Option]
    NOTATION: str

    def resolve_options(self, seats: int, options: Mapping[str, Any]) -> dict: ...
    def initial_state(self, seats: int, options: Mapping[str, Any]) -> Any: ...
    def start(self, state: Any, chance: Chance) -> list[Event]: ...
    def evolve(self, state: Any, event: Event) -> Any: ...
    def decide(self, state: Any, seat: int, move: str, chance: Chance) -> list[Event]: ...
    def legal_moves(self, state: Any, seat: int) -> list[str]: ...
    def to_move(self, state: Any) -> frozenset[int]: ...
    def view(self, state: Any, seat: int | None) -> dict: ...
    def redact(self, event: Event, seat: int | None) -> dict: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def render_text(self, state: Any, seat: int | None) -> str: ...
    def render_svg(self, state: Any, seat: int | None, names: Sequence[str] = ()) -> str: ...
    def resign(self, state: Any, seat: int, chance: Chance) -> list[Event]: ...
    def timeout_move(self, state: Any, seat: int) -> str | None: ...
    RULES_VERSION: int
    BOTS: Mapping[str, Any]

    def describe(self, before: Any, events: Sequence[Event], seat: int | None, names: Sequence[str]) -> list[str]: ...
    def reveals(self, event: Event) -> bool: ...
    def move_hints(self, state: Any, seat: int) -> Mapping[str, Hint]: ...


REQUIRED = (
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "RULES_VERSION", "BOTS",
    "resolve_options", "initial_state", "start", "evolve", "decide", "legal_moves", "to_move",
    "view", "redact", "outcome", "render_text", "render_svg", "resign", "timeout_move",
    "describe", "reveals", "move_hints",
)
