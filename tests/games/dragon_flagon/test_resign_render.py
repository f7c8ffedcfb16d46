"""Resignation, the clock's default move, and the renderers (spec 17.1, 20; 21.12)."""

import xml.etree.ElementTree as ET
from functools import reduce

from pbem.chance import SeededChance
from pbem.games import dragon_flagon as game

from .helpers import ch, new_game, play, position


def started(seats, **options):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    return reduce(game.evolve, game.start(state, SeededChance(b"\x07" * 32, 1)), state)


def test_two_seats_resignation_the_other_wins():
    state = started(2)
    seat = min(game.to_move(state))
    after = reduce(game.evolve, game.resign(state, seat), state)
    result = game.outcome(after)
    assert result.termination == "resigned" and result.winners == (1 - seat,)
    assert result.ranking[-1] == (seat,)


def test_three_seats_the_game_goes_on_without_the_resigned_seat():
    state = started(3, **{"setup.placement": "fixed"})
    events = game.resign(state, 2)
    after = reduce(game.evolve, events, state)
    assert game.outcome(after) is None
    assert 2 not in game.to_move(after) and game.legal_moves(after, 2) == []
    assert all(c.out and c.square is None for c in after.seat_chars(2))
    # play on to the end: the resigned seat ranks last
    while game.outcome(after) is None:
        seat = min(game.to_move(after))
        after, _ = play(after, seat, game.legal_moves(after, seat)[0], chance=[0] * 500)
    assert game.outcome(after).ranking[-1] == (2,)


def test_crew_without_seats_left_loses():
    state = started(3, **{"setup.placement": "fixed"})
    after = reduce(game.evolve, game.resign(state, 1), state)
    assert game.outcome(after).winners == (0, 2)


def test_timeout_move_is_the_first_legal_move_and_mild():
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", plan=[])], draw_order=["monk"])
    state, _ = new_game(pos)
    assert game.timeout_move(state, 1) == "plan rogue move" == game.legal_moves(state, 1)[0]
    state, _ = play(state, 1, "plan rogue move dash")
    assert game.timeout_move(state, 0) == "monk move square c5 facing n"
    assert game.timeout_move(state, 1) is None


def test_ascii_board_of_the_tavern(golden):
    state = started(5, board="tavern", **{"setup.placement": "fixed"})
    text = game.render_text(state, 0)
    assert text.splitlines()[0] == "     a  b  c  d  e  f  g  h  i  j  k"
    assert text.splitlines()[6][4 + 5 * 3: 4 + 6 * 3] == ".f."  # the Flagon on f6
    golden("golden/tavern_start.txt", text)


def test_svg_parses_shows_standees_objects_and_hides_other_plans():
    pos = position([ch("monk", 0, "c5", "e", plan=["sweep", "boast"], holds="chest1"), ch("rogue", 1, "i5", "w", plan=["pick_up", "charge"], time=3)],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "mug1", "square": "b4"}],
                   tables=[("table1", "c7:d9")], draw_order=["monk"])
    pos["characters"][0]["plan"] = ["boast", "sweep"]
    state, _ = new_game(pos, **{"planning.timing": "end_of_space"})
    svg = game.render_svg(state, 0, names=("Ann <&>", "Bob"))
    root = ET.fromstring(svg)
    assert root.get("viewBox")
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "monk facing e" in titles and "rogue facing w" in titles and "mug1" in titles and "flagon" in titles
    assert "Ann &lt;&amp;&gt;" in svg
    for hidden in ("pick_up", "Pick Up", "charge", "Charge"):  # the rogue's face-down cards, by id or name
        assert hidden not in svg
    assert "I: sweep" in titles and "Sweep" in svg  # its own card for seat 0, at the front of its plan
    for other in (game.render_svg(state, 1), game.render_svg(state, None)):
        assert "sweep" not in other.lower()
    assert "sweep" not in game.render_text(state, None)
    assert game.render_svg(state, 0) == game.render_svg(state, 0)


def test_svg_shows_overboard_held_objects_statuses_and_the_track():
    pos = position([ch("monk", 0, "c8", "s", plan=["leap"], holds="chest3", status=["fallen"], time=5),
                    ch("wizard", 0, "e5", "n", plan=["blink", "move"], time=5),
                    ch("rogue", 1, None, plan=[], time=6),
                    ch("paladin", 1, "k8", "w", plan=["slash"], status=["dazed"], time=6)],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "chest1", "square": "f6"}, {"id": "mug2", "square": "f6"}],
                   tables=[("table1", "c7:d9"), ("table2", ["j7", "k7", "[6,11]", "j8", "k8", "[7,11]"])],
                   familiar="d3", space=5, draw_order=["monk", "wizard"])
    state, _ = new_game(pos, seats=2)
    svg = game.render_svg(state, None)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    titles = [t.text for t in root.iter(f"{ns}title")]
    descs = [d.text for d in root.iter(f"{ns}desc")]
    assert "rogue overboard" in titles  # swimming beside its ship, not on the deck
    assert "holds chest3" in titles
    assert "chest1" in titles and "mug2" in titles and "familiar" in titles and "table2" in titles
    assert "monk facing s" in titles and "paladin facing w" in titles
    assert any(d.endswith(", fallen") for d in descs) and any(d.endswith(", dazed") for d in descs)
    assert [t for t in titles if t.startswith("space ")] == (
        [f"space {s}" for s in range(5)] + ["space 5 (time marker)"] + [f"space {s}" for s in range(6, 27)]
        + [f"space {s} (Game End token)" for s in range(27, 31)])
    assert "rogue time 6" in titles and "monk time 5" in titles
    width = root.get("viewBox").split()[2]
    assert root.get("width") == width  # the page scales it through the viewBox
