"""Phrases for the game told in words (words.py): characters, cards, objects, directions and the reasons a
card whiffs, as a person reads them, never by their internal ids. Each is a Phrase (pbem/games/base.py),
an English message id with its values, read in the reader's language; squares stay as the rules write
them. The card names are the printed names of the English edition (the rule texts give no other)."""

from __future__ import annotations

from ..base import N_, Phrase, joined, said

CHARACTER_WORDS = {
    "barbarian": N_("the Barbarian"), "buccaneer": N_("the Buccaneer"), "cleric": N_("the Cleric"),
    "druid": N_("the Druid"), "monk": N_("the Monk"), "paladin": N_("the Paladin"), "rogue": N_("the Rogue"),
    "swashbuckler": N_("the Swashbuckler"), "wizard": N_("the Wizard"),
}
NAME_WORDS = {  # a character's one name, as a heading or a label says it (issue 12)
    "barbarian": N_("Barbarian"), "buccaneer": N_("Buccaneer"), "cleric": N_("Cleric"), "druid": N_("Druid"),
    "monk": N_("Monk"), "paladin": N_("Paladin"), "rogue": N_("Rogue"), "swashbuckler": N_("Swashbuckler"),
    "wizard": N_("Wizard"),
}
DIRECTION_WORDS = {"n": N_("north"), "e": N_("east"), "s": N_("south"), "w": N_("west"), "ne": N_("north-east"),
                   "se": N_("south-east"), "sw": N_("south-west"), "nw": N_("north-west")}
OBJECTS = {"mug": N_("the mug"), "chair": N_("the chair"), "barrel": N_("the barrel"),
           "chest": N_("the Treasure Chest"), "flagon": N_("the Flagon")}
KIND_WORDS = {"mug": N_("mug"), "chair": N_("chair"), "barrel": N_("barrel"), "chest": N_("chest"),
              "flagon": N_("Flagon"), "familiar": N_("familiar")}  # an object's kind, without an article
CARD_WORDS = {
    "move": N_("Move"), "dash": N_("Dash"), "jump": N_("Jump"), "charge": N_("Charge"), "slash": N_("Slash"),
    "throw": N_("Throw"), "pick_up": N_("Pick Up"), "push_table": N_("Push Table"), "pull_rug": N_("Pull Rug"),
    "kick_barrel": N_("Kick Barrel"), "swing": N_("Swing"), "boast": N_("Boast"), "dodge": N_("Dodge"),
    "cleave": N_("Cleave"), "bull_rush": N_("Bull Rush"), "overturn": N_("Overturn"), "berserk": N_("Berserk"),
    "dragon_rage": N_("Dragon Rage"), "pistol_shot": N_("Pistol Shot"), "lure_of_the_sea": N_("Lure of the Sea"),
    "arr": N_("Arr!"), "cutlass_flurry": N_("Cutlass Flurry"), "broadside": N_("Broadside"), "smite": N_("Smite"),
    "sanctuary": N_("Sanctuary"), "bless": N_("Bless"), "holy_light": N_("Holy Light"),
    "divine_wrath": N_("Divine Wrath"), "animate_table": N_("Animate Table"), "entangle": N_("Entangle"),
    "thorn_whip": N_("Thorn Whip"), "bear_form": N_("Bear Form"), "awaken_the_grove": N_("Awaken the Grove"),
    "leap": N_("Leap"), "flurry": N_("Flurry"), "deflect": N_("Deflect"), "sweep": N_("Sweep"),
    "dragon_kick": N_("Dragon Kick"), "shield_bash": N_("Shield Bash"), "lay_on_hands": N_("Lay on Hands"),
    "righteous_charge": N_("Righteous Charge"), "guard": N_("Guard"), "god_smack": N_("God Smack"),
    "shadow_step": N_("Shadow Step"), "shadow_dash": N_("Shadow Dash"), "throw_dagger": N_("Throw Dagger"),
    "pickpocket": N_("Pickpocket"), "death_from_the_shadows": N_("Death from the Shadows"), "lunge": N_("Lunge"),
    "riposte": N_("Riposte"), "daring_swing": N_("Daring Swing"), "flourish": N_("Flourish"),
    "chandelier_cut": N_("Chandelier Cut"), "summon_familiar": N_("Summon Familiar"), "lightning": N_("Lightning"),
    "blink": N_("Blink"), "telekinesis": N_("Telekinesis"), "fireball": N_("Fireball"),
}
FORCED = {"knock": said("is knocked %(direction)s to %(square)s"), "airborne": said("is hurled %(direction)s to %(square)s"),
          "pull": said("is pulled %(direction)s to %(square)s"), "shift": said("is dragged %(direction)s to %(square)s")}
MOVED = said("is moved %(direction)s to %(square)s")
STATUS_WORDS = {"!fallen": N_("stands up"), "!dazed": N_("shakes off the daze")}
WHIFFS = {
    "character_ahead": N_("nobody is ahead"), "no_character_ahead": N_("someone stands right ahead"),
    "landing_ahead": N_("the square ahead is blocked"), "holds_throwable": N_("it holds nothing it may throw"),
    "floor_table_ahead": N_("no table ahead of it on the floor"), "floor_rug_ahead": N_("no rug ahead of it on the floor"),
    "floor_barrel_ahead": N_("no barrel ahead of it on the floor"), "swing": N_("it is not on a table"),
    "line": N_("nobody in line"), "table_within": N_("no table in reach"), "familiar_out": N_("its familiar is not out"),
    "object_within": N_("no loose object in reach"), "lunge": N_("nobody exactly two squares ahead with the way clear"),
    "front_holds": N_("the character ahead holds nothing"),
}
CANNOT = N_("it cannot be used here")
NO_FLAGON = N_("it does not hold the Flagon")
NOTHING_TO_PICK = N_("nothing to pick up or put down")
NO_SQUARE = N_("no square it may end on")
IT = N_("it")  # the acting character, once named
THE_BOX = N_("the box")  # where lost reputation goes when no character takes it
THE_FAMILIAR = N_("the familiar")
SOME_CARDS = {1: N_("a card"), 2: N_("two cards"), 3: N_("three cards")}


def character(cid: str) -> Phrase:
    """'the Monk'."""
    return CHARACTER_WORDS.get(cid) or said("the %(name)s", name=cid.capitalize())


def character_name(cid: str) -> Phrase | str:
    """'Monk'."""
    return NAME_WORDS.get(cid, cid.capitalize())


def object_phrase(object_id: str) -> Phrase | str:
    """'the mug', 'the Flagon', by the object's kind."""
    kind = object_id.rstrip("0123456789")
    return THE_FAMILIAR if kind == "familiar" else OBJECTS.get(kind, kind)


def object_kind(object_id: str) -> Phrase | str:
    """'mug', 'chest', 'Flagon': the object's kind, as a square's title lists it."""
    kind = object_id.rstrip("0123456789")
    return KIND_WORDS.get(kind, kind)


def card_phrase(card_id: str, printed: str) -> Phrase | str:
    """A card by its printed name (a card the data adds reads as the data names it)."""
    return CARD_WORDS.get(card_id, printed)


def direction(facing: str) -> Phrase | str:
    return DIRECTION_WORDS.get(facing, facing)


def some_cards(n: int) -> Phrase:
    return SOME_CARDS.get(n) or said("%(n)s cards", n=n)


def between(parts, separator: str) -> Phrase | str:
    """The parts told one after another with `separator` (plain punctuation) between each two."""
    out: list = []
    for part in parts:
        out += [separator, part] if out else [part]
    return joined(*out) if len(out) != 1 else out[0]


def card_tags(card) -> Phrase | str:
    """A card's short tags in words, as cardtext.card_flags writes them: time, melee, lasting (the panel
    and the rules page)."""
    tags = [said("time %(n)s", n=card.time)]
    if card.melee:
        tags.append(N_("melee"))
    if card.duration:
        tags.append(N_("stays face up"))
    if card.kind == "dragon":
        tags.append(N_("Dragon card"))
    return between(tags, ", ")
