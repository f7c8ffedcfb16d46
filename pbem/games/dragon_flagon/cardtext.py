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

from ..base import N_, Phrase, capitalised, counted, joined, listed, said
from . import geometry as g
from .data import CARDS_FILE, DEFAULTS, TABLES, data_from_json
from .phrases import between, card_phrase, card_tags
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


def squares(n: int) -> Phrase:
    """'1 square', '3 squares', in the reader's language."""
    return counted("%(n)s square", "%(n)s squares", n)


def _span(low: int, high: int) -> Phrase:
    if low == high:
        return squares(high)
    if high == low + 1:
        return said("%(low)s or %(high)s squares", low=low, high=high)
    return said("%(low)s to %(high)s squares", low=low, high=high)


# --- requirements -------------------------------------------------------------------------------------

REQUIREMENT_WORDS = {
    "character_ahead": N_("a character stands in the square ahead"),
    "no_character_ahead": N_("nobody stands in the square ahead"),
    "landing_ahead": N_("the square ahead is free (not open water, no character, barrel or chair)"),
    "holds_throwable": N_("you hold a mug, a chair or the Flagon"),
    "floor_table_ahead": N_("you stand on the floor with a table in the square ahead"),
    "floor_rug_ahead": N_("you stand on the floor, off the rug, with a rug in the square ahead"),
    "floor_barrel_ahead": N_("you stand on the floor with a barrel in the square ahead"),
    "familiar_out": N_("your familiar is on the board"),
    "lunge": N_("a character stands exactly 2 squares ahead with nobody between"),
    "front_holds": N_("the character ahead holds something"),
}


def requirement_words(requirement: str, options: dict) -> Phrase | None:
    """The condition a card needs at its reveal, as a clause ("you hold a mug, ...")."""
    name, _, arg = requirement.partition(":")
    if name == "swing":
        return None if options.get("swing.requirement") == "anywhere" else N_("you stand on a table")
    if name == "line":
        return said("a character stands within %(squares)s straight ahead", squares=squares(int(arg)))
    if name == "table_within":
        return said("a table lies within %(squares)s", squares=squares(int(arg)))
    if name == "object_within":
        return said("a loose object lies within %(squares)s", squares=squares(int(arg)))
    return REQUIREMENT_WORDS.get(name)


# --- effects ------------------------------------------------------------------------------------------


def _selector_words(selector, choices: tuple) -> Phrase | str:
    name = selector if isinstance(selector, str) else selector[0]
    arg = None if isinstance(selector, str) else selector[1]
    if name == "front":
        return N_("the character ahead")
    if name == "front3":
        return N_("each character ahead or diagonally ahead (three squares)")
    if name == "ahead":
        return said("the character exactly %(squares)s ahead", squares=squares(arg))
    if name == "line":
        return said("the first character within %(squares)s straight ahead", squares=squares(arg))
    if name == "all_line":
        return N_("every character in line straight ahead (to the end of the board)")
    if name == "adjacent":
        return N_("each character next to you")
    if name == "within":
        return said("each other character within %(squares)s", squares=squares(arg))
    if name == "area":
        spec = _choice(choices, arg)
        if spec and len(spec) > 2:
            return said("you choose any square within %(squares)s: each character on it or next to it (you too)",
                        squares=squares(spec[2]))
        return N_("you choose any square: each character on it or next to it (you too)")
    if name == "beam":
        return said("each character 1 to %(n)s squares from your familiar in the direction you choose",
                    n=TABLES["beam_length"])
    if name == "path":
        return N_("each character you pass over")
    if name == "grove":
        return N_("each other character standing on the floor next to a table")
    if name == "rug_ahead":
        return N_("each character on that rug (on the floor)")
    return name


def _parts_words(parts: tuple, choices: tuple) -> Phrase:
    out: list = []
    losses = [p[1] for p in parts if p[0] == "lose"]
    if losses:
        if len(losses) > 1 and len(set(losses)) == 1:
            out.append(said("loses %(n)s reputation to you twice (separate losses)", n=losses[0]) if len(losses) == 2
                       else said("loses %(n)s reputation to you %(times)s times (separate losses)", n=losses[0],
                                 times=len(losses)))
        else:
            out.append(said("loses %(n)s reputation to you", n=" + ".join(str(n) for n in losses)))
    for part in parts:
        kind = part[0]
        if kind == "dazed":
            out.append(N_("is Dazed"))
        elif kind == "falls":
            out.append(N_("Falls"))
        elif kind == "knock":
            n, mode = squares(part[1]), (part[2] if len(part) > 2 else None)
            if mode == "airborne":
                out.append(said("is hurled %(squares)s straight back, flying over water "
                                "(overboard only if it comes down in the water)", squares=n))
            elif mode == "from_table":
                out.append(said("is knocked %(squares)s away from the table", squares=n))
            elif mode == "side":
                out.append(said("is knocked %(squares)s to the side you chose (left or right)", squares=n))
            elif mode == "left":
                out.append(said("is knocked %(squares)s to your left", squares=n))
            elif mode == "right":
                out.append(said("is knocked %(squares)s to your right", squares=n))
            else:
                out.append(said("is knocked back %(squares)s", squares=n))
        elif kind == "pull":
            out.append(said("is pulled up to %(squares)s towards you", squares=squares(part[1])))
        elif kind == "shift":
            spec = next((c for c in choices if c[0] == part[2]), None)
            span = _span(spec[1], spec[2]) if spec else N_("some squares")
            out.append(said("is moved %(squares)s in the direction you choose (into the sea: overboard)", squares=span))
        elif kind == "steal":
            out.append(N_("has what it holds snatched away (you drop your own first)"))
    return listed(out) if out else N_("is hit")


MOVES = ("walk", "walk_ahead", "jump", "leap", "teleport")
DEFENCES = {
    "dodge": N_("The next hit on you, of any kind, is cancelled"),
    "deflect": N_("The next object thrown at you is caught instead of hitting you (you drop what you held)"),
    "sanctuary": N_("You lose no reputation to hits (going overboard still costs you)"),
}


def _choice(choices: tuple, key: str):
    return next((c for c in choices if c[0] == key), None)


def effect_sentences(card, options: dict) -> list:
    """The card's effect, in sentences to the player ("you" is the character playing it), as Phrases."""
    out: list = []
    choices = card.choices
    effect = card.effect
    ops = [step[0] for step in effect]
    moved = False  # a hit after the character moved strikes from where it landed
    for index, step in enumerate(effect):
        op = step[0]
        moved = any(earlier[0] in MOVES for earlier in effect[:index])
        if op == "walk":
            out.append(N_("You step to a neighbouring square (diagonals too) or stay where you are"))
        elif op == "face":
            if "walk" in ops or "walk_ahead" in ops or "teleport" in ops:
                out[-1] = joined(out[-1], N_(", then face any way you like"))
            else:
                out.append(N_("You turn to face any way you like"))
        elif op == "walk_ahead":
            spec = _choice(choices, step[1])
            out.append(said("You walk %(squares)s straight ahead", squares=_span(spec[1], spec[2])))
        elif op == "jump":
            out.append(N_("You jump into the square ahead: up onto a table, down from one or along the floor"))
        elif op == "charge":
            out.append(said("You run up to %(squares)s straight ahead; the first character in your way "
                            "loses 2 reputation to you and is knocked back %(back)s, and you stop",
                            squares=squares(step[1]), back=squares(step[2])))
        elif op == "rage":
            out.append(said("You storm up to %(squares)s straight ahead: each character in your way loses 2 "
                            "reputation to you and is knocked 1 square to the side you chose (left or right); you go "
                            "on while the way is clear", squares=squares(step[1])))
        elif op == "leap":
            spec = _choice(choices, step[1])
            out.append(said("You leap %(squares)s straight ahead over anything, water included, and land on a free "
                            "square", squares=_span(spec[1], spec[2])))
        elif op == "teleport":
            spec = _choice(choices, step[1])
            out.append(said("You vanish and reappear on any free square within %(squares)s", squares=squares(spec[2])))
        elif op == "hit":
            subject = _selector_words(step[1], choices)
            selector = step[1] if isinstance(step[1], str) else step[1][0]
            if [p[0] for p in step[2]] == ["steal"]:
                sentence = said("You snatch what %(who)s holds (putting down your own first)", who=subject)
            else:
                sentence = said("%(who)s %(what)s", who=subject, what=_parts_words(step[2], choices))
            if moved and selector != "path":
                sentence = said("then %(sentence)s", sentence=sentence)
            out.append(capitalised(sentence))
        elif op == "throw_held":
            out.append(N_("You throw what you hold straight ahead: the object flies over everything and hits the first "
                          "character in line (a mug or the Flagon: 1 reputation; a chair: 2 and Dazed); then it leaves "
                          "play, the Flagon going back to the centre. A chest is never thrown"))
        elif op == "pick_up":
            out.append(N_("You take a loose mug, chair, chest or the Flagon from your own square or the square ahead "
                          "(first putting down what you hold), or put down what you hold"))
        elif op == "push_table_ahead":
            out.append(said("You push the table ahead %(squares)s away from you: each character in the way loses 1 "
                            "reputation to you and is shoved along; barrels and chairs are shoved; whoever stands on "
                            "the table rides with it", squares=squares(step[1])))
        elif op == "push_table":
            spec = _choice(choices, step[1])
            reach = squares(spec[1]) if spec else N_("reach")
            out.append(said("You move a table within %(reach)s %(squares)s in the direction you choose, as a push: "
                            "characters in the way lose 1 reputation to you and are shoved; riders ride along",
                            reach=reach, squares=squares(step[3])))
        elif op == "roll_barrel":
            out.append(N_("You kick the barrel ahead: the barrel rolls straight on until something stops it; a "
                          "character it reaches loses 2 reputation to you and Falls. A barrel never rolls into water, "
                          "but it rolls across a gangplank onto the other ship"))
        elif op == "gain":
            out.append(said("You gain %(n)s reputation", n=step[1]))
        elif op == "gain_team":
            out.append(said("Each crewmate within %(squares)s gains %(n)s", squares=squares(step[2]), n=step[1]))
        elif op == "clear_status":
            out.append(N_("Then you, or a crewmate next to you, lose every Dazed and Fallen token (a Fallen one "
                          "stands up)"))
        elif op == "familiar":
            spec = _choice(choices, step[1])
            out.append(said("You put your familiar on a square within %(squares)s (not open water, no character "
                            "there), moving it if it is already out; the familiar blocks nothing and cannot be hit",
                            squares=squares(spec[2])))
        elif op == "telekinesis":
            spec = _choice(choices, "telekinesis")
            out.append(said("You move a loose object within %(squares)s by magic: slide it 1 or 2 squares (a barrel "
                            "or chair stops at characters and other barrels and chairs; into open water the object is "
                            "lost), or throw a mug, chair or the Flagon from where it lies, as Throw",
                            squares=squares(spec[1])))
        elif op == "boast":
            out.append(said("When you are next drawn you gain %(n)s reputation (%(more)s if you played it standing "
                            "on a table), unless you lost reputation in between", n=step[1], more=step[2]))
        elif op == "defend":
            kind = step[1]
            n = step[2] if len(step) > 2 else None
            if kind == "riposte":
                out.append(said("The next melee card played on you is cancelled and its player loses %(n)s "
                                "reputation to you", n=n or 2))
            elif kind == "guard":
                out.append(said("Each crewmate next to you loses %(n)s less reputation per hit", n=n or 1))
            else:
                out.append(DEFENCES.get(kind, N_("You defend yourself")))
        elif op == "boost":
            if step[2]:
                out.append(said("If your next card is %(card)s, each reputation loss that card inflicts is %(n)s more",
                                card=_card_name(step[2]), n=step[1]))
            else:
                out.append(said("Each reputation loss your next card inflicts is %(n)s more", n=step[1]))
    return out


def _card_name(card_id: str) -> Phrase | str:
    for row in CARDS_FILE["cards"]:
        if row["id"] == card_id:
            return card_phrase(card_id, row["name"])
    return card_id


def duration_words(card) -> Phrase | None:
    if card.duration == "next_draw":
        return N_("It stays face up until you are next drawn.")
    if card.duration == "next_action":
        return N_("It stays face up until the end of your next action.")
    return None


def card_text(card, options: dict) -> Phrase:
    """What a card does, in full sentences: requirement, effect, how long it lasts, Dragon card. A Phrase:
    str() gives the English (the rules page), the seat page reads it in the reader's language."""
    return _card_text(card, options.get("swing.requirement"), options.get("dragon.unlock"))


@lru_cache(maxsize=512)
def _card_text(card, swing_requirement, dragon_unlock) -> Phrase:
    options = {"swing.requirement": swing_requirement, "dragon.unlock": dragon_unlock}
    sentences: list = []
    needs = [w for w in (requirement_words(r, options) for r in card.requires) if w]
    if needs:
        sentences.append(said("Only if %(needs)s; otherwise it does nothing.", needs=listed(needs)))
    sentences += [joined(s, ".") for s in effect_sentences(card, options)]
    lasting = duration_words(card)
    if lasting:
        sentences.append(lasting)
    if card.kind == "dragon":
        if options.get("dragon.unlock") == "while_holding":
            sentences.append(N_("Dragon card: planned only while you hold the Flagon; once a game."))
        else:
            sentences.append(N_("Dragon card: unlocked once you have held the Flagon; once a game."))
    return between(sentences, " ") if sentences else ""


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
