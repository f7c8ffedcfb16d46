"""Hidden planning never leaks (spec 17.3, 21.5): for two games that differ only in another seat's
face-down cards (or in which card a Fall or an Overboard sent back to hand), every channel of the
observing seat is byte-identical."""

import copy
import json

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import GameError

from .helpers import ch, new_game, play, position


def channels(state, events, seat, bad_move="plan rogue slash"):
    try:
        game.decide(state, seat, bad_move, None)
        error = None
    except GameError as exc:
        error = f"{type(exc).__name__}: {exc}"
    return {
        "view": json.dumps(game.view(state, seat), sort_keys=True),
        "events": json.dumps([[e.type, e.actor, game.redact(e, seat)] for e in events], sort_keys=True),
        "text": game.render_text(state, seat),
        "svg": game.render_svg(state, seat, names=("Ann", "Bob")),
        "legal": game.legal_moves(state, seat),
        "error": error,
    }


def twin_games(rogue_plans, monk_plan=("move", "dash"), monk_card=None, **rogue):
    results = []
    for plan in rogue_plans:
        chars = [ch("monk", 0, "c5", "e", plan=list(monk_plan)), ch("rogue", 1, rogue.get("square", "d5"), "w", plan=list(plan), time=rogue.get("time", 0))]
        pos = position(chars, draw_order=rogue.get("order", ["monk"]))
        results.append(new_game(pos))
    return results


@pytest.mark.parametrize("seat", [0, None])
def test_another_seats_face_down_card_changes_nothing_the_seat_sees(seat):
    (a, ea), (b, eb) = twin_games([("slash", "jump"), ("pick_up", "boast")], time=5)
    assert channels(a, ea, seat) == channels(b, eb, seat)
    assert channels(a, ea, 1) != channels(b, eb, 1)  # the owner does see its own cards


def test_a_fall_returning_different_cards_changes_nothing_for_the_other_seat():
    (a, ea), (b, eb) = twin_games([("jump", "move"), ("dash", "move")], monk_plan=("sweep", "move"), time=5)
    assert a.char("rogue").fallen and b.char("rogue").fallen
    assert channels(a, ea, 0) == channels(b, eb, 0)


def test_an_overboard_returning_different_cards_changes_nothing_for_the_other_seat():
    (a, ea), (b, eb) = twin_games([("jump", "move"), ("dash", "boast")], monk_plan=("slash", "move"), square="d5",
                                  time=5)
    # the rogue at d5 is knocked to e5 (deck); push it once more from d5 to see the water
    assert channels(a, ea, 0) == channels(b, eb, 0)
    pos = lambda plan: position([ch("monk", 0, "d5", "e", plan=["slash", "move"]), ch("rogue", 1, "e5", "w", plan=plan, time=5)],  # noqa: E731
                                draw_order=["monk"])
    a, ea = new_game(pos(["jump", "move"]))
    b, eb = new_game(pos(["dash", "boast"]))
    assert a.phase == "replan" and a.char("rogue").square is None
    assert channels(a, ea, 0) == channels(b, eb, 0)
    a2, ea2 = play(a, 1, "plan rogue slash")
    b2, eb2 = play(b, 1, "plan rogue pick_up")
    assert channels(a2, ea + ea2, 0) == channels(b2, eb + eb2, 0)


def test_simultaneous_planning_other_seats_plan_leaves_legal_moves_unchanged():
    pos = position([ch("monk", 0, "c5", plan=[]), ch("rogue", 1, "i5", plan=[])])
    state, _ = new_game(pos)
    assert game.to_move(state) == frozenset({0, 1})
    before = game.legal_moves(state, 0)
    after, events = play(state, 1, "plan rogue slash")
    assert game.legal_moves(after, 0) == before
    assert game.redact(events[0], 0)["card"] is None and game.redact(events[0], None)["card"] is None
    assert game.redact(events[0], 1)["card"] == "slash"


def test_game_end_faces_hidden_until_revealed_then_everything_public():
    ends = [{"space": 2, "face": "blank"}, {"space": 3, "face": "watch"}, {"space": 4, "face": "blank"}, {"space": 5, "face": "blank"}]
    pos = position([ch("monk", 0, "c5", plan=["slash", "move"], time=1), ch("rogue", 1, "i5", plan=[], time=1)], game_end=ends)
    state, events = new_game(pos)
    started = events[0]
    for seat in (None, 0, 1):
        assert all(t["face"] is None for t in game.redact(started, seat)["game_end"])
        assert all(t["face"] is None for t in game.redact(started, seat)["options"]["position"]["game_end"])
        assert all(t["face"] is None for t in game.view(state, seat)["game_end"])
        assert "watch" not in game.render_text(state, seat) and "watch" not in game.render_svg(state, seat)
    assert game.redact(started, 1)["options"]["position"]["characters"][0]["plan"] == [None, None]
    assert game.redact(started, 0)["options"]["position"]["characters"][0]["plan"] == ["slash", "move"]
    state, more = play(state, 1, "plan rogue slash jump")
    state, more2 = play(state, 0, "monk move square c5 facing e") if game.to_move(state) == {0} else (state, [])
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        state, _ = play(state, seat, game.legal_moves(state, seat)[0])
    v = game.view(state, None)
    assert [t["face"] for t in v["game_end"]] == ["blank", "watch", "blank", "blank"]
    rogue = next(c for c in v["characters"] if c["id"] == "rogue")
    assert all(slot.get("card") for slot in rogue["plan"] if "token" not in slot)
