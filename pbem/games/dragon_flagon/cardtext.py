"""Words for players: each character's one name, facings, objects, and every card's text written from
its data row (name, time, requirement, choices, effect).

The texts are composed from the card table recorded in the game (`state.data`), so a game whose `cards`
option changes a number reads that number. The seat page's hints, the HTML panel and the rules page all
use these words, so a card reads the same everywhere.

One name per character: its class, capitalised (Monk, Rogue, ...), derived from its id. The printed
personal names of four characters are kept in the data the game records, but are not shown.
"""

from __future__ import annotations

from functools import lru_cache

from ..base import N_
from . import geometry as g
from .data import CARDS_FILE, DEFAULTS, TABLES, data_from_json
from .phrases import card_tags
from .setup import effective_data
from .state import canonical

FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west",
                "ne": "north-east", "se": "south-east", "sw": "south-west", "nw": "north-west"}
OBJECT_WORDS = {"mug": "mug", "chair": "chair", "barrel": "barrel", "chest": "chest", "flagon": "Flagon",
                "familiar": "familiar"}
CHARACTER_BLURB = {  # a sentence each, for the rules page (read in the reader's language)
    "barbarian": N_("Hits hard and wide; Berserk makes the next card hurt more."),
    "buccaneer": N_("A pistol, a cutlass and the pull of the sea."),
    "cleric": N_("Smites, shelters and blesses the crew."),
    "druid": N_("Makes the tables move and the rigging grab."),
    "monk": N_("Leaps over water and catches what is thrown at it."),
    "paladin": N_("Shield, charge and healing hands; guards its crewmates."),
    "rogue": N_("Steps through shadows, throws daggers, picks pockets."),
    "swashbuckler": N_("Lunges, ripostes and swings from the rigging."),
    "wizard": N_("A familiar that throws lightning, blinks and fireballs."),
}


def character_name(cid: str) -> str:
    """A character's one name everywhere: its class, capitalised."""
    return cid.capitalize()


def facing_word(direction: str) -> str:
    return FACING_WORDS.get(direction, direction)


def object_kind(object_id: str) -> str:
    return object_id.rstrip("0123456789")


def object_word(object_id: str) -> str:
    """'mug', 'chest', 'Flagon': the object's kind as a player says it."""
    return OBJECT_WORDS.get(object_kind(object_id), object_kind(object_id))


def the_object(object_id: str) -> str:
    return "the " + object_word(object_id)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _span(low: int, high: int, word: str = "square") -> str:
    if low == high:
        return plural(high, word)
    return f"{low} {'or' if high == low + 1 else 'to'} {high} {word}s"


# --- requirements -------------------------------------------------------------------------------------


def requirement_words(requirement: str, options: dict) -> str | None:
    """The condition a card needs at its reveal, as a clause ("you hold a mug, ...")."""
    name, _, arg = requirement.partition(":")
    words = {
        "character_ahead": "a character stands in the square ahead",
        "no_character_ahead": "nobody stands in the square ahead",
        "landing_ahead": "the square ahead is free (not open water, no character, barrel or chair)",
        "holds_throwable": "you hold a mug, a chair or the Flagon",
        "floor_table_ahead": "you stand on the floor with a table in the square ahead",
        "floor_rug_ahead": "you stand on the floor, off the rug, with a rug in the square ahead",
        "floor_barrel_ahead": "you stand on the floor with a barrel in the square ahead",
        "familiar_out": "your familiar is on the board",
        "lunge": "a character stands exactly 2 squares ahead with nobody between",
        "front_holds": "the character ahead holds something",
    }
    if name == "swing":
        return None if options.get("swing.requirement") == "anywhere" else "you stand on a table"
    if name == "line":
        return f"a character stands within {plural(int(arg), 'square')} straight ahead"
    if name == "table_within":
        return f"a table lies within {plural(int(arg), 'square')}"
    if name == "object_within":
        return f"a loose object lies within {plural(int(arg), 'square')}"
    return words.get(name)


# --- effects ------------------------------------------------------------------------------------------


def _selector_words(selector, choices: tuple) -> str:
    name = selector if isinstance(selector, str) else selector[0]
    arg = None if isinstance(selector, str) else selector[1]
    if name == "front":
        return "the character ahead"
    if name == "front3":
        return "each character ahead or diagonally ahead (three squares)"
    if name == "ahead":
        return f"the character exactly {plural(arg, 'square')} ahead"
    if name == "line":
        return f"the first character within {plural(arg, 'square')} straight ahead"
    if name == "all_line":
        return "every character in line straight ahead (to the end of the board)"
    if name == "adjacent":
        return "each character next to you"
    if name == "within":
        return f"each other character within {plural(arg, 'square')}"
    if name == "area":
        spec = _choice(choices, arg)
        reach = f" within {plural(spec[2], 'square')}" if spec and len(spec) > 2 else ""
        return f"you choose any square{reach}: each character on it or next to it (you too)"
    if name == "beam":
        return f"each character 1 to {TABLES['beam_length']} squares from your familiar in the direction you choose"
    if name == "path":
        return "each character you pass over"
    if name == "grove":
        return "each other character standing on the floor next to a table"
    if name == "rug_ahead":
        return "each character on that rug (on the floor)"
    return name


def _parts_words(parts: tuple, choices: tuple) -> str:
    out = []
    losses = [p[1] for p in parts if p[0] == "lose"]
    if losses:
        if len(losses) > 1 and len(set(losses)) == 1:
            times = "twice" if len(losses) == 2 else f"{len(losses)} times"
            out.append(f"loses {losses[0]} reputation to you {times} (separate losses)")
        else:
            out.append(f"loses {' + '.join(str(n) for n in losses)} reputation to you")
    for part in parts:
        kind = part[0]
        if kind == "dazed":
            out.append("is Dazed")
        elif kind == "falls":
            out.append("Falls")
        elif kind == "knock":
            n, mode = part[1], (part[2] if len(part) > 2 else None)
            if mode == "airborne":
                out.append(f"is hurled {plural(n, 'square')} straight back, flying over water "
                           "(overboard only if it comes down in the water)")
            elif mode == "from_table":
                out.append(f"is knocked {plural(n, 'square')} away from the table")
            elif mode == "side":
                out.append(f"is knocked {plural(n, 'square')} to the side you chose (left or right)")
            elif mode in ("left", "right"):
                out.append(f"is knocked {plural(n, 'square')} to your {mode}")
            else:
                out.append(f"is knocked back {plural(n, 'square')}")
        elif kind == "pull":
            out.append(f"is pulled up to {plural(part[1], 'square')} towards you")
        elif kind == "shift":
            spec = next((c for c in choices if c[0] == part[2]), None)
            span = _span(spec[1], spec[2]) if spec else "some squares"
            out.append(f"is moved {span} in the direction you choose (into the sea: overboard)")
        elif kind == "steal":
            out.append("has what it holds snatched away (you drop your own first)")
    if len(out) > 1:
        return ", ".join(out[:-1]) + " and " + out[-1]
    return out[0] if out else "is hit"


MOVES = ("walk", "walk_ahead", "jump", "leap", "teleport")


def _choice(choices: tuple, key: str):
    return next((c for c in choices if c[0] == key), None)


def effect_sentences(card, options: dict) -> list[str]:
    """The card's effect, in sentences to the player ("you" is the character playing it)."""
    out = []
    choices = card.choices
    effect = card.effect
    ops = [step[0] for step in effect]
    moved = False  # a hit after the character moved strikes from where it landed
    for index, step in enumerate(effect):
        op = step[0]
        moved = any(earlier[0] in MOVES for earlier in effect[:index])
        if op == "walk":
            out.append("You step to a neighbouring square (diagonals too) or stay where you are")
        elif op == "face":
            if "walk" in ops or "walk_ahead" in ops or "teleport" in ops:
                out[-1] += ", then face any way you like"
            else:
                out.append("You turn to face any way you like")
        elif op == "walk_ahead":
            spec = _choice(choices, step[1])
            out.append(f"You walk {_span(spec[1], spec[2])} straight ahead")
        elif op == "jump":
            out.append("You jump into the square ahead: up onto a table, down from one or along the floor")
        elif op == "charge":
            out.append(f"You run up to {plural(step[1], 'square')} straight ahead; the first character in your way "
                       f"loses 2 reputation to you and is knocked back {plural(step[2], 'square')}, and you stop")
        elif op == "rage":
            out.append(f"You storm up to {plural(step[1], 'square')} straight ahead: each character in your way loses 2 "
                       "reputation to you and is knocked 1 square to the side you chose (left or right); you go on "
                       "while the way is clear")
        elif op == "leap":
            spec = _choice(choices, step[1])
            out.append(f"You leap {_span(spec[1], spec[2])} straight ahead over anything, water included, and "
                       "land on a free square")
        elif op == "teleport":
            spec = _choice(choices, step[1])
            out.append(f"You vanish and reappear on any free square within {plural(spec[2], 'square')}")
        elif op == "hit":
            subject = _selector_words(step[1], choices)
            selector = step[1] if isinstance(step[1], str) else step[1][0]
            if [p[0] for p in step[2]] == ["steal"]:
                sentence = f"You snatch what {subject} holds (putting down your own first)"
            else:
                sentence = f"{subject} {_parts_words(step[2], choices)}"
            if moved and selector != "path":
                sentence = "then " + sentence
            out.append(sentence[0].upper() + sentence[1:])
        elif op == "throw_held":
            out.append("You throw what you hold straight ahead: the object flies over everything and hits the first "
                       "character in line (a mug or the Flagon: 1 reputation; a chair: 2 and Dazed); then it leaves "
                       "play, the Flagon going back to the centre. A chest is never thrown")
        elif op == "pick_up":
            out.append("You take a loose mug, chair, chest or the Flagon from your own square or the square ahead "
                       "(first putting down what you hold), or put down what you hold")
        elif op == "push_table_ahead":
            out.append(f"You push the table ahead {plural(step[1], 'square')} away from you: each character in "
                       "the way loses 1 reputation to you and is shoved along; barrels and chairs are shoved; whoever "
                       "stands on the table rides with it")
        elif op == "push_table":
            spec = _choice(choices, step[1])
            reach = plural(spec[1], "square") if spec else "reach"
            out.append(f"You move a table within {reach} {plural(step[3], 'square')} in the direction you choose, as a "
                       "push: characters in the way lose 1 reputation to you and are shoved; riders ride along")
        elif op == "roll_barrel":
            out.append("You kick the barrel ahead: the barrel rolls straight on until something stops it; a character "
                       "it reaches loses 2 reputation to you and Falls. A barrel never rolls into water, but it rolls "
                       "across a gangplank onto the other ship")
        elif op == "gain":
            out.append(f"You gain {step[1]} reputation")
        elif op == "gain_team":
            out.append(f"Each crewmate within {plural(step[2], 'square')} gains {step[1]}")
        elif op == "clear_status":
            out.append("Then you, or a crewmate next to you, lose every Dazed and Fallen token (a Fallen one stands up)")
        elif op == "familiar":
            spec = _choice(choices, step[1])
            out.append(f"You put your familiar on a square within {plural(spec[2], 'square')} (not open water, no "
                       "character there), moving it if it is already out; the familiar blocks nothing and cannot be hit")
        elif op == "telekinesis":
            spec = _choice(choices, "telekinesis")
            out.append(f"You move a loose object within {plural(spec[1], 'square')} by magic: slide it 1 or 2 "
                       "squares (a barrel or chair stops at characters and other barrels and chairs; into open water "
                       "the object is lost), or throw a mug, chair or the Flagon from where it lies, as Throw")
        elif op == "boast":
            out.append(f"When you are next drawn you gain {step[1]} reputation ({step[2]} if you played "
                       "it standing on a table), unless you lost reputation in between")
        elif op == "defend":
            kind = step[1]
            out.append({
                "dodge": "The next hit on you, of any kind, is cancelled",
                "deflect": "The next object thrown at you is caught instead of hitting you (you drop what you held)",
                "riposte": f"The next melee card played on you is cancelled and its player loses "
                           f"{step[2] if len(step) > 2 else 2} reputation to you",
                "guard": f"Each crewmate next to you loses {step[2] if len(step) > 2 else 1} less reputation per hit",
                "sanctuary": "You lose no reputation to hits (going overboard still costs you)",
            }.get(kind, "You defend yourself"))
        elif op == "boost":
            if step[2]:
                out.append(f"If your next card is {_card_name(step[2])}, each reputation loss that card inflicts is "
                           f"{step[1]} more")
            else:
                out.append(f"Each reputation loss your next card inflicts is {step[1]} more")
    return out


def _card_name(card_id: str) -> str:
    for row in CARDS_FILE["cards"]:
        if row["id"] == card_id:
            return row["name"]
    return card_id


def duration_words(card) -> str | None:
    if card.duration == "next_draw":
        return "It stays face up until you are next drawn."
    if card.duration == "next_action":
        return "It stays face up until the end of your next action."
    return None


def card_text(card, options: dict) -> str:
    """What a card does, in full sentences: requirement, effect, how long it lasts, Dragon card."""
    return _card_text(card, options.get("swing.requirement"), options.get("dragon.unlock"))


@lru_cache(maxsize=512)
def _card_text(card, swing_requirement, dragon_unlock) -> str:
    options = {"swing.requirement": swing_requirement, "dragon.unlock": dragon_unlock}
    sentences = []
    needs = [w for w in (requirement_words(r, options) for r in card.requires) if w]
    if needs:
        sentences.append("Only if " + " and ".join(needs) + "; otherwise it does nothing.")
    sentences += [s + "." for s in effect_sentences(card, options)]
    lasting = duration_words(card)
    if lasting:
        sentences.append(lasting)
    if card.kind == "dragon":
        if options.get("dragon.unlock") == "while_holding":
            sentences.append("Dragon card: planned only while you hold the Flagon; once a game.")
        else:
            sentences.append("Dragon card: unlocked once you have held the Flagon; once a game.")
    return " ".join(sentences)


def card_flags(card) -> str:
    """Short tags: time, melee, lasting."""
    tags = [f"time {card.time}"]
    if card.melee:
        tags.append("melee")
    if card.duration:
        tags.append("stays face up")
    if card.kind == "dragon":
        tags.append("Dragon card")
    return ", ".join(tags)


def card_anchor(card_id: str) -> str:
    """The id of a card's entry on the rules page."""
    return "card-" + card_id.replace("_", "-")


def character_anchor(cid: str) -> str:
    return "character-" + cid


# --- the rules page: every card of the default card table -----------------------------------------------


@lru_cache(maxsize=1)
def printed_data():
    """The card table and board as printed (the data files with every option at its default)."""
    return data_from_json(canonical(effective_data(dict(DEFAULTS, cards={}))))


def _entry(card, options) -> dict:
    return {"id": card.id, "anchor": card_anchor(card.id), "name": card.name, "time": card.time,
            "flags": card_flags(card), "tags": card_tags(card), "text": card_text(card, options), "kind": card.kind}


def rules_commons() -> list[dict]:
    """The 13 common cards, for the rules page."""
    data = printed_data()
    return [_entry(c, DEFAULTS) for c in data.cards.values() if c.kind == "common"]


def rules_characters() -> list[dict]:
    """Each character with its four specials and its Dragon card, for the rules page."""
    data = printed_data()
    out = []
    for cid in data.characters:
        cards = [_entry(c, DEFAULTS) for c in data.cards.values() if c.owner == cid]
        out.append({"id": cid, "anchor": character_anchor(cid), "name": character_name(cid),
                    "glyph": data.glyphs[cid], "blurb": CHARACTER_BLURB.get(cid, ""), "cards": cards})
    return out


def direction_words(direction: str, facing: str | None = None) -> str:
    """A chosen direction; with the character's facing, also said as left/right/ahead/back."""
    word = facing_word(direction)
    if facing is None:
        return word
    relative = {facing: "ahead", g.opposite(facing): "back", g.turn(facing, "left"): "left",
                g.turn(facing, "right"): "right"}.get(direction)
    return f"{word} ({relative})" if relative else word
