"""The game's data: card table, board layouts and option defaults (spec sections 4, 7, 14, 16).

Everything reconstructed lives in `data/*.json`; this module loads it at import time, validates it
(spec section 4) and turns the *effective* data recorded in `game_started` into a read-only `Data`
object. `evolve` only ever reads data through `data_from_json(state.data_json)`, so a stored game
replays identically after the files change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from .geometry import parse_area, parse_square

_DIR = files(__package__).joinpath("data")
CARDS_FILE = json.loads(_DIR.joinpath("cards.json").read_text())
BOARDS_FILE = json.loads(_DIR.joinpath("boards.json").read_text())
DEFAULTS_FILE = json.loads(_DIR.joinpath("defaults.json").read_text())
DEFAULTS = DEFAULTS_FILE["options"]
TABLES = DEFAULTS_FILE["tables"]

EFFECT_PRIMITIVES = {
    "walk", "face", "walk_ahead", "jump", "charge", "hit", "throw_held", "pick_up", "push_table_ahead",
    "push_table", "roll_barrel", "leap", "teleport", "boast", "defend", "boost", "gain", "gain_team",
    "clear_status", "familiar", "telekinesis", "rage",
}
HIT_PARTS = {"lose", "dazed", "falls", "knock", "pull", "shift", "steal"}
SELECTORS = {"front", "front3", "ahead", "line", "all_line", "adjacent", "within", "area", "beam", "path",
             "grove", "rug_ahead"}
REQUIREMENTS = {"character_ahead", "no_character_ahead", "landing_ahead", "holds_throwable", "floor_table_ahead",
                "floor_rug_ahead", "floor_barrel_ahead", "swing", "line", "table_within", "familiar_out",
                "object_within", "lunge", "front_holds"}
CHOICE_KEYS = {"square", "facing", "distance", "side", "direction", "table", "target", "pick_up", "telekinesis"}
DURATIONS = {None, "next_draw", "next_action"}


class BadData(ValueError):
    """The card table or a board layout breaks a rule of spec section 4."""


def validate_cards(cards: list, characters: list) -> None:
    commons = [c for c in cards if c["kind"] == "common"]
    if len(commons) != 13:
        raise BadData(f"cards: {len(commons)} common cards, 13 expected")
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        raise BadData("cards: a card id appears twice")
    for character in characters:
        own = [c for c in cards if c["owner"] == character["id"]]
        specials = sum(1 for c in own if c["kind"] == "special")
        dragons = sum(1 for c in own if c["kind"] == "dragon")
        if specials != 4 or dragons != 1:
            raise BadData(f"cards: {character['id']} has {specials} specials and {dragons} Dragon cards, 4 and 1 expected")
    for card in cards:
        if not isinstance(card.get("time"), int) or isinstance(card["time"], bool) or card["time"] < 1:
            raise BadData(f"cards: {card['id']} time must be an integer >= 1")
        if card.get("duration") not in DURATIONS:
            raise BadData(f"cards: {card['id']} has an unknown duration {card.get('duration')!r}")
        for step in card["effect"]:
            if step[0] not in EFFECT_PRIMITIVES:
                raise BadData(f"cards: {card['id']} uses an unknown primitive {step[0]!r}")
            if step[0] == "hit":
                selector = step[1] if isinstance(step[1], str) else step[1][0]
                if selector not in SELECTORS:
                    raise BadData(f"cards: {card['id']} uses an unknown selector {selector!r}")
                for part in step[2]:
                    if part[0] not in HIT_PARTS:
                        raise BadData(f"cards: {card['id']} uses an unknown hit part {part[0]!r}")
        for requirement in card["requires"]:
            if requirement.split(":")[0] not in REQUIREMENTS:
                raise BadData(f"cards: {card['id']} has an unknown requirement {requirement!r}")
        for choice in card["choices"]:
            if choice[0] not in CHOICE_KEYS:
                raise BadData(f"cards: {card['id']} has an unknown choice {choice[0]!r}")


def effective_cards(overrides: dict) -> list:
    """The card table after the `cards` option's overrides (by card id)."""
    known = {c["id"] for c in CARDS_FILE["cards"]}
    for card_id in overrides:
        if card_id not in known:
            raise BadData(f"cards: no card {card_id!r} to override")
    cards = [dict(c, **overrides.get(c["id"], {})) for c in CARDS_FILE["cards"]]
    validate_cards(cards, CARDS_FILE["characters"])
    return cards


def validate_board(raw: dict, blocking=("barrel", "chair")) -> None:
    """Objects do not overlap illegally: blocking objects never share a square or lie on a table;
    tables never overlap; every id is unique; the Flagon is there exactly once."""
    rows, cols = len(raw["terrain"]), len(raw["terrain"][0])
    if any(len(row) != cols for row in raw["terrain"]):
        raise BadData(f"board {raw['id']}: terrain rows differ in length")
    table_squares = set()
    for table in raw["tables"]:
        squares = set(parse_area(table["squares"], rows, cols))
        if squares & table_squares:
            raise BadData(f"board {raw['id']}: {table['id']} overlaps another table")
        table_squares |= squares
    ids = [o["id"] for o in raw["objects"]]
    if len(set(ids)) != len(ids) or ids.count("flagon") != 1:
        raise BadData(f"board {raw['id']}: object ids must be unique, with one flagon")
    taken = set()
    for o in raw["objects"]:
        square = parse_square(o["square"], rows, cols)
        if o["id"].rstrip("0123456789") in blocking:
            if square in taken or square in table_squares:
                raise BadData(f"board {raw['id']}: {o['id']} overlaps a blocking object or a table")
            taken.add(square)


validate_cards(CARDS_FILE["cards"], CARDS_FILE["characters"])
for _board in BOARDS_FILE.values():
    validate_board(_board)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    owner: str
    kind: str
    time: int
    melee: bool
    duration: str | None
    requires: tuple
    choices: tuple
    effect: tuple


@dataclass(frozen=True)
class Board:
    id: str
    rows: int
    cols: int
    off_grid: str  # "water" (pirate) or "wall" (tavern)
    terrain: tuple  # rows of terrain letters: A/B ship decks, '=' gangplank, '~' water, 'o' orange, '.' floor
    centre: tuple
    partial_bows: frozenset
    blue_squares: frozenset
    start_squares: tuple  # ((ship, (squares...)), ...)
    fixed_facing: tuple   # ((ship, facing), ...)

    @property
    def pirate(self) -> bool:
        return self.off_grid == "water"

    def on_grid(self, square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols

    def terrain_at(self, square) -> str:
        if not self.on_grid(square):
            return "~" if self.pirate else "#"
        return self.terrain[square[0]][square[1]]

    def is_wall(self, square) -> bool:
        return self.terrain_at(square) == "#"

    def is_water(self, square) -> bool:
        return self.terrain_at(square) in "~o"

    def ship_of(self, square) -> str | None:
        letter = self.terrain_at(square)
        return letter if letter in "AB" else None

    def starts(self, ship: str) -> tuple:
        for key, squares in self.start_squares:
            if key == ship or key == "*":
                return squares
        return ()

    def facing_for(self, ship: str) -> str | None:
        return dict(self.fixed_facing).get(ship)


@dataclass(frozen=True)
class Data:
    cards: dict
    characters: tuple  # character ids in canonical order
    names: dict
    glyphs: dict
    abbrs: dict
    board: Board

    def owned(self, character: str) -> tuple:
        """Every card a character owns, in card-table order."""
        return tuple(c.id for c in self.cards.values() if c.owner in ("common", character))

    def dragon_card(self, character: str) -> str:
        return next(c.id for c in self.cards.values() if c.owner == character and c.kind == "dragon")


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def board_from_json(raw: dict) -> Board:
    rows, cols = len(raw["terrain"]), len(raw["terrain"][0])
    sq = lambda s: parse_square(s, rows, cols)  # noqa: E731
    return Board(
        id=raw["id"], rows=rows, cols=cols, off_grid=raw["off_grid"], terrain=tuple(raw["terrain"]),
        centre=sq(raw["centre"]), partial_bows=frozenset(map(sq, raw["partial_bows"])),
        blue_squares=frozenset(map(sq, raw["blue_squares"])),
        start_squares=tuple((k, tuple(map(sq, v))) for k, v in sorted(raw["start_squares"].items())),
        fixed_facing=tuple(sorted(raw["fixed_facing"].items())),
    )


@lru_cache(maxsize=64)
def data_from_json(text: str) -> Data:
    raw = json.loads(text)
    cards = {}
    for row in raw["cards"]:
        cards[row["id"]] = Card(
            id=row["id"], name=row["name"], owner=row["owner"], kind=row["kind"], time=row["time"],
            melee=bool(row["melee"]), duration=row["duration"], requires=tuple(row["requires"]),
            choices=_freeze(row["choices"]), effect=_freeze(row["effect"]),
        )
    chars = raw["characters"]
    return Data(
        cards=cards, characters=tuple(c["id"] for c in chars), names={c["id"]: c["name"] for c in chars},
        glyphs={c["id"]: c["glyph"] for c in chars}, abbrs={c["id"]: c["abbr"] for c in chars},
        board=board_from_json(raw["board"]),
    )


def layout_squares(board_raw: dict, spec) -> tuple:
    rows, cols = len(board_raw["terrain"]), len(board_raw["terrain"][0])
    return parse_area(spec, rows, cols)
