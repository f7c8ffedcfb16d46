"""The game told in words (issue 13), which events reveal something (issue 15), and one name per
character (issue 12): exact lines for the important events, from positions, as each reader may read them."""

from __future__ import annotations

import random
import re
from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import Event, Phrase
from pbem.play.chance import ScriptedChance, SeededChance

from .helpers import ZEROS, ch, fold, play, position

NAMES = ["Ann", "Bob"]


def told(before, events, seat):
    lines = game.describe(before, [Event(e.type, game.redact(e, seat), e.actor) for e in events], seat, NAMES)
    assert all(isinstance(line, Phrase) for line in lines)  # message ids with values, read in English here
    return [str(line) for line in lines]


def started(pos, **options):
    seats = max(c["seat"] for c in pos["characters"]) + 1
    before = game.initial_state(seats, game.resolve_options(seats, {"position": pos, **options}))
    events = game.start(before, ScriptedChance(list(ZEROS)))
    return before, events, reduce(game.evolve, events, before)


def test_the_start_tells_crews_placement_order_and_game_end_tokens():
    options = game.resolve_options(2, {"characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin"]}})
    before = game.initial_state(2, options)
    events = game.start(before, ScriptedChance([["rogue", "monk", "buccaneer", "paladin"], ["watch", "blank", "blank", "blank"]]))
    assert told(before, events, None) == [
        "The brawl begins on the two pirate ships. Crew A (west ship): Ann with the Monk and the Rogue; "
        "Crew B (east ship): Bob with the Buccaneer and the Paladin.",
        "Standees go on in this order: the Rogue, the Monk, the Buccaneer and the Paladin.",
        "Four Game End tokens lie face down on spaces 27 to 30; one shows the City Watch.",
    ]
    state = fold(before, events)
    after, placed = play(state, 0, "place rogue b5 e")
    assert told(state, placed, 1) == ["Ann placed the Rogue on b5, facing east."]


def test_planning_is_hidden_from_everyone_but_the_planner():
    pos = position([ch("monk", 0, "c5", "e", plan=()), ch("rogue", 1, "i5", "w", time=5)])
    _, _, state = started(pos)
    after, events = play(state, 0, "plan monk slash")
    assert told(state, events, 0) == ["Ann planned Slash for the Monk."]
    assert told(state, events, 1) == ["Ann planned a card for the Monk."]
    assert told(state, events, None) == ["Ann planned a card for the Monk."]
    _, both = play(state, 0, "plan monk slash move")
    assert told(state, both, 0)[0] == "Ann planned Slash and Move for the Monk."
    assert told(state, both, 1)[0] == "Ann planned two cards for the Monk."


def test_a_reveal_with_its_hit_knockback_time_token_and_the_time_marker():
    pos = position([ch("monk", 0, "e8", "e", plan=["slash", "move"], time=12), ch("rogue", 1, "f8", "w", time=13)],
                   space=12, draw_order=["monk"])
    before, events, _ = started(pos)
    assert told(before, events, 1)[-3:] == [
        "The Monk (Ann) is drawn and reveals Slash: the Rogue loses 2 to the Monk and is knocked east to g8. "
        "The Monk's token moves to space 14.",
        "The time marker moves to space 13: the Rogue is Active.",
        "The Rogue (Bob) is drawn and reveals Move; Bob chooses how to play it.",
    ]


def test_a_chosen_card_is_told_by_its_player():
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["monk"])
    _, _, state = started(pos)
    _, events = play(state, 0, "monk move square c6 facing s")
    assert told(state, events, 1)[0] == "Ann plays the Monk's Move: it moves to c6 and faces south. " \
                                        "The Monk's token moves to space 1."
    _, events = play(state, 0, "monk move square c5 facing n")
    assert told(state, events, 1)[0] == "Ann plays the Monk's Move: it stays where it is and faces north. " \
                                        "The Monk's token moves to space 1."


def test_overboard_with_a_chest_is_told_with_the_payment():
    pos = position([ch("buccaneer", 0, "c5", "e", plan=["lure_of_the_sea", "move"]),
                    ch("rogue", 1, "e5", "w", time=5, holds="chest3")], draw_order=["buccaneer"])
    _, _, state = started(pos)
    _, events = play(state, 0, "buccaneer lure_of_the_sea direction e distance 1")
    assert told(state, events, None)[0] == (
        "Ann plays the Buccaneer's Lure of the Sea: the Rogue goes overboard with the Treasure Chest, which is lost, "
        "pays 2 to the Buccaneer and takes its planned cards back. The Buccaneer's token moves to space 3.")


def test_a_throw_hits_and_the_carrier_drops_its_chest():
    pos = position([ch("monk", 0, "c6", "e", plan=["throw", "move"], holds="mug1"),
                    ch("rogue", 1, "f6", "w", time=5, holds="chest2")], draw_order=["monk"])
    before, events, _ = started(pos)
    assert told(before, events, None)[-2] == (
        "The Monk (Ann) is drawn and reveals Throw: it throws the mug east; the mug flies at the Rogue; the Rogue "
        "loses 1 to the Monk and drops its Treasure Chest on f6; the mug leaves the game. "
        "The Monk's token moves to space 2.")


def test_boast_pays_at_the_draw_and_a_fall_sends_a_card_back():
    pos = position([ch("monk", 0, "c6", "e", plan=["sweep", "move"], durations=[{"card": "boast", "on_table": True}]),
                    ch("rogue", 1, "c7", "w", time=5, plan=["slash", "dash"])], draw_order=["monk"])
    before, events, _ = started(pos)
    assert told(before, events, 1)[-2] == (
        "The Monk (Ann) is drawn (its Boast pays 3 reputation) and reveals Sweep: the Rogue falls "
        "(a planned card goes back to hand). The Monk's token moves to space 3.")


def test_a_recovery_and_a_whiff_say_why():
    pos = position([ch("monk", 0, "c5", "e", plan=["move"], status=["fallen", "dazed"]), ch("rogue", 1, "i5", "w", time=5)])
    before, events, _ = started(pos)
    assert told(before, events, 1)[-2:] == [
        "The Monk (Ann) is drawn, stands up and shakes off the daze; its token moves to space 3.",
        "The time marker moves to space 3: the Monk is Active.",
    ]
    pos = position([ch("monk", 0, "c6", "e", plan=["slash", "move"]), ch("rogue", 1, "i6", "w", time=5)], draw_order=["monk"])
    before, events, _ = started(pos)
    assert told(before, events, 1)[-2] == "The Monk (Ann) is drawn and reveals Slash: it whiffs (nobody is ahead). " \
                                          "The Monk's token moves to space 2."


def test_game_end_tokens_and_the_final_score():
    end = [{"space": 0, "face": "blank"}, {"space": 1, "face": "watch"}, {"space": 2, "face": "blank"},
           {"space": 3, "face": "blank"}]
    pos = position([ch("monk", 0, "c6", "e", plan=["slash", "move"]), ch("rogue", 1, "d6", "w", time=1, plan=["dodge", "move"])],
                   draw_order=["monk"], game_end=end, objects=[{"id": "flagon", "square": "f8"}, {"id": "chest1", "square": "c3"}])
    before, events, _ = started(pos)
    lines = told(before, events, None)
    assert "The Game End token on space 0 is blank: the brawl goes on." in lines
    assert lines[-3:] == [
        "The Game End token on space 1 shows the City Watch: the brawl is over.",
        "Final score: crew A (Ann) 27 (22 reputation + 1 chest × 5); crew B (Bob) 18 (18 reputation + 0 chests × 5).",
        "Ann wins.",
    ]


def test_a_resignation():
    pos = position([ch("monk", 0, "c6", "e", plan=["slash", "move"]), ch("rogue", 1, "i6", "w", time=5)], draw_order=["monk"])
    _, _, state = started(pos)
    assert told(state, game.resign(state, 1, ScriptedChance([])), 0)[0] == "Bob resigned: the Rogue leaves the brawl."


def test_a_return_from_the_water_is_told():
    pos = position([ch("monk", 0, None, plan=()), ch("rogue", 1, "i6", "w", time=5)])
    before, events, state = started(pos)
    assert state.phase == "returns"
    _, placed = play(state, 0, "place monk b5 e")
    assert told(state, placed, 1)[0] == "Ann put the Monk back aboard on b5, facing east."


def test_words_never_show_an_identifier_or_another_seats_card_in_a_whole_game():
    options = game.resolve_options(2, {"endgame.range": 4})
    state = game.initial_state(2, options)
    rng = random.Random(3)
    events = game.start(state, SeededChance(bytes(32), 1))
    appends = [(state, events)]
    state = fold(state, events)
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_move(state)))
        events = game.decide(state, seat, rng.choice(game.legal_moves(state, seat)), SeededChance(bytes(32), len(appends) + 1))
        appends.append((state, events))
        state = fold(state, events)
    identifier = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b(mug|chair|barrel|chest|table|rug)\d+\b")
    for before, events in appends:
        for seat in (None, 0, 1):
            for line in told(before, events, seat):
                assert not identifier.search(line), line
                for e in events:
                    if e.type == "card_planned" and str(seat) != e.actor:
                        assert f"planned {before.data.cards[e.data['card']].name}" not in line, line


# --- reveals (issue 15) -----------------------------------------------------------------------------------


@pytest.mark.parametrize("event_type,expected", [
    ("game_started", True),        # the deal, the placement order and the Game End tokens are chance
    ("character_drawn", True),     # every draw is chance (a forced one shows a hidden draw order)
    ("card_revealed", True),       # a planned card turns face up
    ("game_end_revealed", True),   # a Game End face shows
    ("game_ended", True),          # every remaining secret becomes public
    ("card_planned", False),       # the planner knew it; nobody else learns it
    ("standee_placed", False),
    ("card_resolved", False),      # fixed by the revealed card and the public board
    ("seat_resigned", False),
])
def test_reveals_for_every_event_type(event_type, expected):
    assert game.reveals(Event(event_type, {})) is expected


def test_every_event_type_the_game_writes_is_classified():
    from pbem.games.dragon_flagon.events import EVENT_SCHEMAS
    for event_type in EVENT_SCHEMAS:
        assert isinstance(game.reveals(Event(event_type, {})), bool)


# --- one name per character (issue 12) ----------------------------------------------------------------------


def test_a_character_is_named_by_its_class_in_views_and_words():
    pos = position([ch("rogue", 0, "c5", "e", plan=["slash", "move"]), ch("cleric", 1, "d5", "w", time=5),
                    ch("swashbuckler", 1, "i5", "w", time=5), ch("buccaneer", 0, "b9", "e", time=5)],
                   draw_order=["rogue"])
    before, events, state = started(pos)
    names = {c["id"]: c["name"] for c in game.view(state, None)["characters"]}
    assert names == {"buccaneer": "Buccaneer", "cleric": "Cleric", "rogue": "Rogue", "swashbuckler": "Swashbuckler"}
    text = " ".join(told(before, events, None))
    assert "the Cleric loses 2 to the Rogue" in text
    for printed in ("Nari", "Tuuli", "Montero", "Two-Eyed Jack"):
        assert printed not in text
    # What `start` recorded is untouched: stored games keep the printed names in their data.
    started_event = next(e for e in events if e.type == "game_started")
    assert {c["id"]: c["name"] for c in started_event.data["data"]["characters"]}["rogue"] == "Nari"
