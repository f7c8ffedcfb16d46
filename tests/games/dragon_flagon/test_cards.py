"""One test per card of data/cards.json (spec 14, 21.4): main effect, whiff when the requirement
fails, the exact choice list where the card has choices, water behaviour where it moves anyone.
`test_every_card_has_a_test` fails when a card id has no test here."""

import json
from importlib.resources import files

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.queries import plannable

from .helpers import ch, logs, new_game, obj, play, position, where

CARD_IDS = [c["id"] for c in json.loads(files("pbem.games.dragon_flagon").joinpath("data/cards.json").read_text())["cards"]]
TESTS = {}


def card_test(*ids):
    def register(fn):
        for i in ids:
            TESTS[i] = fn
        return fn
    return register


def act(actor, card, *others, things=(), tables=(), rugs=(), second="dodge", familiar=None, order=None, **kw):
    """The actor (seat 0) plays `card` first at space 0; others (seat 1 unless given) wait at time 20."""
    cid, square, facing = actor
    plan = [card, second if second != card else "move"]
    chars = [ch(cid, 0, square, facing, plan=plan, **kw)]
    for o in others:
        o = dict(o)
        o.setdefault("time", 20)
        chars.append(ch(**o))
    objects = [{"id": "flagon", "square": "f8"}] + [{"id": i, "square": s} for i, s in things]
    if any(i == "flagon" for i, _ in things) or any(c.get("holds") == "flagon" for c in [*others, kw]):
        objects = objects[1:]
    pos = position(chars, objects=objects, tables=tables, rugs=rugs, draw_order=order or [cid], familiar=familiar)
    return new_game(pos)


def victim(cid, square, facing="w", seat=1, **kw):
    return dict(cid=cid, seat=seat, square=square, facing=facing, **kw)


def whiffed(events):
    return [e.data.get("whiff") for e in events if e.type == "card_resolved"][:1] == [True]


def test_every_card_has_a_test():
    assert sorted(set(CARD_IDS) - set(TESTS)) == []


@pytest.mark.parametrize("card_id", CARD_IDS)
def test_card(card_id):
    TESTS[card_id]()


# --- common cards ---------------------------------------------------------------------------------------


@card_test("move")
def _move():
    state, _ = act(("monk", "c5", "n"), "move", victim("rogue", "i4"))
    moves = game.legal_moves(state, 0)
    assert moves[0] == "monk move square c5 facing n" and len(moves) == 9 * 4
    state, _ = play(state, 0, "monk move square d4 facing e")
    assert where(state, "monk") == "d4" and state.char("monk").facing == "e"


@card_test("dash")
def _dash():
    state, _ = act(("monk", "c8", "n"), "dash", victim("rogue", "c4"))
    assert [m for m in game.legal_moves(state, 0) if m.endswith("facing n")] == [
        "monk dash distance 0 facing n", "monk dash distance 1 facing n", "monk dash distance 2 facing n",
        "monk dash distance 3 facing n"]
    state, _ = play(state, 0, "monk dash distance 3 facing s")
    assert where(state, "monk") == "c5" and state.char("monk").facing == "s"
    state, _ = act(("monk", "c6", "n"), "dash", victim("rogue", "c4"))
    assert {m.split()[3] for m in game.legal_moves(state, 0)} == {"0", "1"}  # blocked by the rogue


@card_test("jump")
def _jump():
    state, _ = act(("monk", "c6", "s"), "jump", victim("rogue", "i4"), tables=[("table1", "c7:d8")])
    assert where(state, "monk") == "c7" and state.char("monk").time == 2
    state, events = act(("monk", "c6", "s"), "jump", victim("rogue", "c7"))
    assert whiffed(events) and where(state, "monk") == "c6"


@card_test("charge")
def _charge():
    state, _ = act(("monk", "c8", "n"), "charge", victim("rogue", "c5", "s"))
    assert where(state, "monk") == "c6" and where(state, "rogue") == "c4" and state.char("rogue").rep == 18
    state, events = act(("monk", "c6", "n"), "charge", victim("rogue", "c5", "s"))
    assert whiffed(events)


@card_test("slash")
def _slash():
    state, _ = act(("monk", "c6", "n"), "slash", victim("rogue", "c5", "s"))
    assert where(state, "rogue") == "c4" and state.char("rogue").rep == 18 and state.char("monk").rep == 22
    state, events = act(("monk", "c6", "n"), "slash", victim("rogue", "c4", "s"))
    assert whiffed(events) and state.char("monk").time == 2


@card_test("throw")
def _throw():
    state, _ = act(("monk", "a5", "e"), "throw", victim("rogue", "d5"), holds="chair3")
    rogue = state.char("rogue")
    assert rogue.rep == 18 and rogue.dazed and state.char("monk").holds is None and obj(state, "chair3") is None
    state, _ = act(("monk", "a5", "e"), "throw", victim("rogue", "d5"), holds="flagon")
    assert state.char("rogue").rep == 19 and obj(state, "flagon") == "f8"
    state, events = act(("monk", "a5", "e"), "throw", victim("rogue", "d5"))
    assert whiffed(events)


@card_test("pick_up")
def _pick_up():
    state, _ = act(("monk", "c5", "n"), "pick_up", victim("rogue", "i4"), things=[("mug1", "c5"), ("mug2", "c4"), ("chair1", "c4")],
                   holds="mug3")
    assert game.legal_moves(state, 0) == ["monk pick_up take mug1", "monk pick_up take chair1",
                                          "monk pick_up take mug2", "monk pick_up drop"]
    state, _ = play(state, 0, "monk pick_up take chair1")
    assert state.char("monk").holds == "chair1" and obj(state, "mug3") == "c5"
    # a chair may not be dropped onto a table square: no drop, no take that needs one
    state, events = act(("monk", "c7", "n"), "pick_up", victim("rogue", "i4"), things=[("mug1", "c6")],
                        holds="chair1", tables=[("table1", "c7:d8")])
    assert whiffed(events) and state.char("monk").holds == "chair1"


@card_test("push_table")
def _push_table():
    state, _ = act(("monk", "b7", "e"), "push_table", victim("rogue", "e7", "w"), tables=[("table1", "c7:d8")])
    assert dict(state.tables)["table1"][0] == (6, 3)
    assert state.char("rogue").square is None and state.char("monk").rep == 20 + 1 + 2  # shoved into the gap
    state, events = act(("monk", "b6", "e"), "push_table", victim("rogue", "i4"), tables=[("table1", "c7:d8")])
    assert whiffed(events)


@card_test("pull_rug")
def _pull_rug():
    state, _ = act(("monk", "c14", "e"), "pull_rug", victim("rogue", "e14"), victim("paladin", "d15"), rugs=[("rug1", "d14:e15")])
    assert state.char("rogue").fallen and state.char("paladin").fallen and state.char("rogue").rep == 19
    state, events = act(("monk", "d15", "n"), "pull_rug", victim("rogue", "e14"), rugs=[("rug1", "d14:e15")])
    assert whiffed(events)


@card_test("kick_barrel")
def _kick_barrel():
    state, _ = act(("monk", "a6", "e"), "kick_barrel", victim("rogue", "d6"), things=[("barrel1", "b6")])
    assert obj(state, "barrel1") == "c6" and state.char("rogue").rep == 18 and state.char("rogue").fallen
    state, events = act(("monk", "a6", "e"), "kick_barrel", victim("rogue", "d6"))
    assert whiffed(events)


@card_test("swing")
def _swing():
    state, _ = act(("monk", "c7", "s"), "swing", victim("rogue", "c8"), tables=[("table1", "c7:c7")])
    assert game.legal_moves(state, 0) == ["monk swing distance 2", "monk swing distance 3"]
    state, _ = play(state, 0, "monk swing distance 3")
    assert where(state, "monk") == "c10" and state.char("rogue").fallen and state.char("rogue").rep == 19
    state, events = act(("monk", "c7", "e"), "swing", victim("rogue", "d7"), tables=[("table1", "c7:c8")])
    assert where(state, "monk") == "e7"  # distance 3 would end on the orange f7: one choice, automatic
    state, events = act(("monk", "b7", "e"), "swing", victim("rogue", "i4"))
    assert whiffed(events)


def _run_to_next_draw(state, seat, card):
    state, events = play(state, seat, f"plan {state.chars[0].id} {card}")
    return state, events


@card_test("boast")
def _boast():
    state, _ = act(("monk", "c5", "e"), "boast", victim("rogue", "i4"))
    assert [d.card for d in state.char("monk").durations] == ["boast"]
    state, _ = play(state, 0, "plan monk move")  # space 3: the monk is drawn, Boast pays 2
    assert state.char("monk").rep == 22 and "boast" not in [d.card for d in state.char("monk").durations]
    state, _ = act(("monk", "c7", "e"), "boast", victim("rogue", "i4"), tables=[("table1", "c7:d8")])
    state, _ = play(state, 0, "plan monk move")
    assert state.char("monk").rep == 23  # played on a table
    # a loss in between: the rogue's Slash after the Boast; the Boast then pays nothing
    state, _ = act(("monk", "c5", "e"), "boast", victim("rogue", "d5", plan=["slash", "move"], time=0), order=["monk", "rogue"])
    assert state.char("monk").rep == 18 and state.char("monk").durations[0].lost
    state, _ = play(state, 1, "plan rogue dash")
    state, _ = play(state, 1, "rogue move square d5 facing w")
    state, _ = play(state, 0, "plan monk move")
    state, _ = play(state, 1, "plan rogue jump")
    assert state.char("monk").rep == 18 and state.char("monk").durations[0].card == "dodge"


@card_test("dodge")
def _dodge():
    state, _ = act(("monk", "c5", "e"), "dodge", victim("rogue", "d5", plan=["slash", "move"], time=0), order=["monk", "rogue"])
    assert where(state, "monk") == "c5" and state.char("monk").rep == 20 and state.char("rogue").rep == 20
    assert state.char("monk").durations == ()  # used up at once: back in hand


# --- barbarian ------------------------------------------------------------------------------------------------


@card_test("cleave")
def _cleave():
    state, _ = act(("barbarian", "c6", "n"), "cleave", victim("rogue", "c5"), victim("paladin", "b5"), victim("monk", "d5"))
    assert [state.char(c).rep for c in ("rogue", "paladin", "monk")] == [18, 18, 18]
    assert [where(state, c) for c in ("rogue", "paladin", "monk")] == ["c4", "b4", "d4"]


@card_test("bull_rush")
def _bull_rush():
    state, _ = act(("barbarian", "c9", "n"), "bull_rush", victim("rogue", "c6"))
    assert where(state, "barbarian") == "c7" and where(state, "rogue") == "c4"


@card_test("overturn")
def _overturn():
    state, _ = act(("barbarian", "b7", "e"), "overturn", victim("rogue", "i4"), tables=[("table1", "c7:d8")])
    assert dict(state.tables)["table1"][0] == (6, 4)


@card_test("berserk")
def _berserk():
    state, _ = act(("barbarian", "c6", "n"), "berserk", victim("rogue", "c5"), second="slash")
    assert [d.card for d in state.char("barbarian").durations] == ["berserk"]
    state, _ = play(state, 0, "plan barbarian move")
    assert state.char("rogue").rep == 17 and state.char("barbarian").durations == ()


@card_test("dragon_rage")
def _dragon_rage():
    state, _ = act(("barbarian", "c9", "n"), "dragon_rage", victim("rogue", "c7"), victim("monk", "c5"), dragon="unlocked")
    assert game.legal_moves(state, 0) == ["barbarian dragon_rage side left", "barbarian dragon_rage side right"]
    state, _ = play(state, 0, "barbarian dragon_rage side right")
    assert where(state, "rogue") == "d7" and where(state, "monk") == "d5" and where(state, "barbarian") == "c4"
    assert state.char("barbarian").dragon == "spent"


# --- buccaneer -------------------------------------------------------------------------------------------------


@card_test("pistol_shot")
def _pistol_shot():
    state, _ = act(("buccaneer", "a5", "e"), "pistol_shot", victim("rogue", "e5"), victim("monk", "d5"))
    assert state.char("monk").rep == 18 and state.char("rogue").rep == 20
    state, events = act(("buccaneer", "a4", "e"), "pistol_shot", victim("rogue", "k4"))
    assert whiffed(events)


@card_test("lure_of_the_sea")
def _lure():
    state, _ = act(("buccaneer", "a5", "e"), "lure_of_the_sea", victim("rogue", "c5"))
    assert len(game.legal_moves(state, 0)) == 8
    state, _ = play(state, 0, "buccaneer lure_of_the_sea direction s distance 2")
    assert where(state, "rogue") == "c7" and state.char("rogue").rep == 20


@card_test("arr")
def _arr():
    state, _ = act(("buccaneer", "b8", "e"), "arr", victim("rogue", "d8"))
    state, _ = play(state, 0, "buccaneer arr distance 3")
    assert where(state, "buccaneer") == "e8" and state.char("rogue").fallen and state.char("rogue").rep == 19


@card_test("cutlass_flurry")
def _cutlass():
    state, _ = act(("buccaneer", "c6", "n"), "cutlass_flurry", victim("rogue", "c5"))
    assert state.char("rogue").rep == 18 and where(state, "rogue") == "c4"


@card_test("broadside")
def _broadside():
    state, _ = act(("buccaneer", "a5", "e"), "broadside", victim("rogue", "c5"), victim("monk", "i5"), dragon="unlocked")
    assert state.char("rogue").rep == 18 and state.char("monk").rep == 18 and state.char("monk").dazed


# --- cleric ----------------------------------------------------------------------------------------------------


@card_test("smite")
def _smite():
    state, _ = act(("cleric", "c6", "n"), "smite", victim("rogue", "c5"))
    assert state.char("rogue").rep == 17 and where(state, "rogue") == "c5"


@card_test("sanctuary")
def _sanctuary():
    state, _ = act(("cleric", "c5", "e"), "sanctuary", victim("rogue", "d5", plan=["throw_dagger", "move"], time=0), order=["cleric", "rogue"])
    assert state.char("cleric").rep == 20


@card_test("bless")
def _bless():
    state, _ = act(("cleric", "c5", "e"), "bless", victim("monk", "c7", seat=0), victim("rogue", "d5"), victim("paladin", "c9", seat=0))
    assert [state.char(c).rep for c in ("cleric", "monk", "rogue", "paladin")] == [22, 21, 20, 20]


@card_test("holy_light")
def _holy_light():
    state, _ = act(("cleric", "c5", "e"), "holy_light", victim("rogue", "d6"), victim("monk", "c7"))
    assert state.char("rogue").dazed and not state.char("monk").dazed


@card_test("divine_wrath")
def _divine_wrath():
    state, _ = act(("cleric", "c5", "e"), "divine_wrath", victim("rogue", "e7"), victim("monk", "c8"), dragon="unlocked")
    assert state.char("rogue").rep == 18 and state.char("monk").rep == 20


# --- druid ------------------------------------------------------------------------------------------------------


@card_test("animate_table")
def _animate_table():
    state, _ = act(("druid", "a5", "e"), "animate_table", victim("rogue", "i4"), tables=[("table1", "c7:d8"), ("table2", "h7:i8")])
    assert game.legal_moves(state, 0) == [f"druid animate_table table 1 direction {d}" for d in "nesw"]
    state, _ = play(state, 0, "druid animate_table table 1 direction s")
    assert dict(state.tables)["table1"][0] == (8, 2)


@card_test("entangle")
def _entangle():
    state, _ = act(("druid", "a5", "e"), "entangle", victim("rogue", "d5"))
    assert state.char("rogue").dazed and state.char("rogue").plan[0] == "!dazed"


@card_test("thorn_whip")
def _thorn_whip():
    state, _ = act(("druid", "a5", "e"), "thorn_whip", victim("rogue", "d5"))
    assert where(state, "rogue") == "b5" and state.char("rogue").rep == 19


@card_test("bear_form")
def _bear_form():
    state, _ = act(("druid", "c6", "n"), "bear_form", victim("rogue", "c5"), second="slash")
    state, _ = play(state, 0, "plan druid move")
    assert state.char("rogue").rep == 16


@card_test("awaken_the_grove")
def _grove():
    state, _ = act(("druid", "a5", "e"), "awaken_the_grove", victim("rogue", "b7"), victim("monk", "e8"),
                   tables=[("table1", "c7:d8")], dragon="unlocked")
    assert where(state, "rogue") == "a7" and state.char("rogue").rep == 19
    assert where(state, "monk") == "f8" and state.char("monk").rep == 19


# --- monk ---------------------------------------------------------------------------------------------------------


@card_test("leap")
def _leap():
    state, _ = act(("monk", "a5", "e"), "leap", victim("rogue", "b5"))
    assert game.legal_moves(state, 0) == ["monk leap distance 2", "monk leap distance 3"]
    state, _ = play(state, 0, "monk leap distance 3")
    assert where(state, "monk") == "d5" and state.char("rogue").rep == 20


@card_test("flurry")
def _flurry():
    state, _ = act(("monk", "c6", "n"), "flurry", victim("rogue", "c5"))
    assert state.char("rogue").rep == 17 and where(state, "rogue") == "c4"


@card_test("deflect")
def _deflect():
    state, _ = act(("monk", "c5", "e"), "deflect", victim("rogue", "e5", holds="flagon", plan=["throw", "move"], time=0), order=["monk", "rogue"])
    assert state.char("monk").holds == "flagon" and state.char("monk").rep == 20 and state.char("monk").dragon == "unlocked"


@card_test("sweep")
def _sweep():
    state, _ = act(("monk", "c5", "e"), "sweep", victim("rogue", "d6"), victim("paladin", "b4"))
    assert state.char("rogue").fallen and state.char("paladin").fallen and state.char("rogue").rep == 20


@card_test("dragon_kick")
def _dragon_kick():
    state, _ = act(("monk", "a5", "e"), "dragon_kick", victim("rogue", "b5"), dragon="unlocked")
    assert game.legal_moves(state, 0) == [f"monk dragon_kick distance {d} side {s}" for d in (2, 3, 4) for s in ("left", "right")]


# --- paladin --------------------------------------------------------------------------------------------------------


@card_test("shield_bash")
def _shield_bash():
    state, _ = act(("paladin", "c8", "n"), "shield_bash", victim("rogue", "c7"))
    assert where(state, "rogue") == "c5" and state.char("rogue").rep == 19


@card_test("lay_on_hands")
def _lay_on_hands():
    state, _ = act(("paladin", "c5", "e"), "lay_on_hands", victim("monk", "c6", seat=0, status=["dazed"], plan=["move"]),
                   victim("rogue", "d5"))
    assert game.legal_moves(state, 0) == ["paladin lay_on_hands target paladin", "paladin lay_on_hands target monk"]
    state, _ = play(state, 0, "paladin lay_on_hands target monk")
    assert state.char("paladin").rep == 22 and not state.char("monk").dazed


@card_test("righteous_charge")
def _righteous_charge():
    state, _ = act(("paladin", "c9", "n"), "righteous_charge", victim("rogue", "c5"))
    assert where(state, "paladin") == "c6" and where(state, "rogue") == "c4"


@card_test("guard")
def _guard():
    state, _ = act(("paladin", "b5", "e"), "guard", victim("monk", "c6", seat=0, time=20),
                   victim("rogue", "c7", "n", plan=["slash", "move"], time=0), order=["paladin", "rogue"])
    assert state.char("monk").rep == 19 and state.char("rogue").rep == 21


@card_test("god_smack")
def _god_smack():
    state, events = act(("paladin", "c6", "n"), "god_smack", victim("rogue", "c4"), dragon="unlocked")
    assert whiffed(events) and state.char("paladin").dragon == "spent"  # spent even on a whiff


# --- rogue ------------------------------------------------------------------------------------------------------------


@card_test("shadow_step")
def _shadow_step():
    state, _ = act(("rogue", "c5", "e"), "shadow_step", victim("monk", "i4"))
    squares = {m.split()[3] for m in game.legal_moves(state, 0)}
    assert len(squares) == 24 and "c5" not in squares


@card_test("shadow_dash")
def _shadow_dash():
    state, _ = act(("rogue", "a5", "e"), "shadow_dash", victim("monk", "b5"))
    assert game.legal_moves(state, 0) == [f"rogue shadow_dash distance {d}" for d in (2, 3, 4)]


@card_test("throw_dagger")
def _throw_dagger():
    state, _ = act(("rogue", "a5", "e"), "throw_dagger", victim("monk", "d5", durations=[{"card": "deflect"}]))
    assert state.char("monk").rep == 19  # not an object: Deflect does not apply


@card_test("pickpocket")
def _pickpocket():
    state, _ = act(("rogue", "c6", "n"), "pickpocket", victim("monk", "c5", holds="flagon"), holds="mug1")
    assert state.char("rogue").holds == "flagon" and obj(state, "mug1") == "c6" and state.char("rogue").dragon == "unlocked"
    state, events = act(("rogue", "c6", "n"), "pickpocket", victim("monk", "c5"))
    assert whiffed(events)


@card_test("death_from_the_shadows")
def _death():
    state, _ = act(("rogue", "a5", "e"), "death_from_the_shadows", victim("monk", "d5"), dragon="unlocked")
    state, _ = play(state, 0, "rogue death_from_the_shadows distance 2")
    assert where(state, "rogue") == "c5" and state.char("monk").rep == 16


# --- swashbuckler ---------------------------------------------------------------------------------------------------------


@card_test("lunge")
def _lunge():
    state, _ = act(("swashbuckler", "c7", "n"), "lunge", victim("monk", "c5"))
    assert state.char("monk").rep == 18
    state, events = act(("swashbuckler", "c7", "n"), "lunge", victim("monk", "c6"))
    assert whiffed(events)


@card_test("riposte")
def _riposte():
    state, _ = act(("swashbuckler", "c5", "e"), "riposte", victim("monk", "d5", plan=["slash", "move"], time=0), order=["swashbuckler", "monk"])
    assert state.char("swashbuckler").rep == 22 and state.char("monk").rep == 18 and where(state, "swashbuckler") == "c5"


@card_test("daring_swing")
def _daring_swing():
    state, _ = act(("swashbuckler", "a5", "e"), "daring_swing", victim("monk", "c5"))
    state, _ = play(state, 0, "swashbuckler daring_swing distance 4")
    assert where(state, "swashbuckler") == "e5" and state.char("monk").fallen


@card_test("flourish")
def _flourish():
    state, _ = act(("swashbuckler", "c5", "e"), "flourish", victim("monk", "i4"))
    state, _ = play(state, 0, "swashbuckler flourish facing s")
    assert state.char("swashbuckler").facing == "s"
    state, _ = play(state, 0, "plan swashbuckler move")
    assert state.char("swashbuckler").rep == 22


@card_test("chandelier_cut")
def _chandelier_cut():
    state, _ = act(("swashbuckler", "a5", "e"), "chandelier_cut", victim("monk", "b5"), dragon="unlocked")
    assert game.legal_moves(state, 0) == [f"swashbuckler chandelier_cut distance {d}" for d in (2, 3, 4)]
    state, _ = play(state, 0, "swashbuckler chandelier_cut distance 2")
    assert state.char("monk").rep == 18 and state.char("monk").fallen


# --- wizard --------------------------------------------------------------------------------------------------------------------


@card_test("summon_familiar")
def _summon():
    state, _ = act(("wizard", "c5", "e"), "summon_familiar", victim("monk", "d5"))
    squares = {m.split()[3] for m in game.legal_moves(state, 0)}
    assert "d5" not in squares and "f5" not in squares and "f6" in squares
    state, _ = play(state, 0, "wizard summon_familiar square f6")
    assert game.view(state, 1)["familiar"] == "f6"


@card_test("lightning")
def _lightning():
    state, _ = act(("wizard", "a5", "e"), "lightning", victim("monk", "d9"), familiar="d5")
    state, _ = play(state, 0, "wizard lightning direction s")
    assert state.char("monk").rep == 19 and state.char("monk").dazed
    state, events = act(("wizard", "a5", "e"), "lightning", victim("monk", "d9"))
    assert whiffed(events)


@card_test("blink")
def _blink():
    state, _ = act(("wizard", "e5", "e"), "blink", victim("monk", "i4"))
    squares = {m.split()[3] for m in game.legal_moves(state, 0)}
    assert "h5" in squares and "f5" not in squares and "f6" in squares


@card_test("telekinesis")
def _telekinesis():
    state, _ = act(("wizard", "a5", "e"), "telekinesis", victim("monk", "d8"), things=[("chair1", "d5")])
    state, _ = play(state, 0, "wizard telekinesis object chair1 mode throw direction s")
    assert state.char("monk").rep == 18 and state.char("monk").dazed and obj(state, "chair1") is None
    state, events = act(("wizard", "a5", "e"), "telekinesis", victim("monk", "d8"))
    assert whiffed(events)


@card_test("fireball")
def _fireball():
    state, _ = act(("wizard", "a5", "e"), "fireball", victim("monk", "c5"), victim("rogue", "d7"), dragon="unlocked")
    state, _ = play(state, 0, "wizard fireball square b6")
    # the monk's 2 go to the Wizard; the Wizard's own 2 go to the box
    assert state.char("monk").rep == 18 and state.char("wizard").rep == 20 and state.box == 2
    assert state.char("wizard").fallen and state.char("rogue").rep == 20


# --- Dragon cards -------------------------------------------------------------------------------------------------------------------


def test_dragon_card_not_plannable_while_locked_then_unlocked_by_pick_up():
    state, _ = act(("monk", "c5", "e"), "pick_up", victim("rogue", "i4"), things=[("flagon", "c5")])
    monk = state.char("monk")
    assert monk.dragon == "unlocked" and "dragon_kick" in plannable(state, monk)
    state, _ = act(("monk", "c5", "e"), "move", victim("rogue", "i4"))
    assert "dragon_kick" not in plannable(state, state.char("monk"))
    state, _ = play(state, 0, "monk move square c5 facing e")
    with pytest.raises(Exception) as error:
        play(state, 0, "plan monk dragon_kick")
    assert "rule 10" in str(error.value)


def test_dragon_card_while_holding_option():
    state, _ = act(("monk", "c5", "e"), "move", victim("rogue", "i4"), holds="flagon")
    assert state.char("monk").dragon == "locked"
    from .helpers import new_game as ng
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"], holds="flagon"), ch("rogue", 1, "i4", time=20)],
                   objects=[], draw_order=["monk"])
    state, _ = ng(pos, **{"dragon.unlock": "while_holding"})
    state, _ = play(state, 0, "monk move square c5 facing e")
    assert "plan monk dragon_kick" in game.legal_moves(state, 0)
