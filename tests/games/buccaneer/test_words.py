"""The game told in words (issue 13): `describe` for the important events, with the exact lines each
reader gets after that reader's redaction. Names, not ids; cards and ports by their names; a fight with
both strengths for the two fighters and none for anyone else; the automatic end of a turn folded away."""

from __future__ import annotations

from functools import reduce

from pbem.games import buccaneer as game
from pbem.games.base import Event
from pbem.games.buccaneer.cards import CREW_PACK
from pbem.play.chance import ScriptedChance

from .helpers import new, play, stored

NAMES = ["Ann", "Bob", "Cy"]
CREW = ["R3", "R3", "B1", "B2"]


def words(before, events, viewer):
    lines = game.describe(before, [Event(e.type, game.redact(e, viewer), e.actor) for e in events], viewer, NAMES)
    return [str(line) for line in lines]  # a Phrase reads as its English


def told(state, port, move, viewer, chance=()):
    after, events = play(state, port, move, chance)
    return after, words(state, events, viewer)


def line_of_ships(orders=None, hands=None, **ships):
    """London sails north from E5 past Genoa on E7 (and Cadiz on E9 when placed)."""
    placed = {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "E7", "face": "E", "cargo": ["rum", "gold"]},
              "cadiz": {"at": "N20"}}
    placed.update(ships)
    return new({"to_move": "london", "ships": placed, "standing_orders": orders or {},
                "hands": hands or {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1"], "cadiz": ["B3", "B3", "R1"]}},
               home_ports=("london", "genoa", "cadiz"))


def coast(card, hands=None, home_ports=("london", "genoa"), ships=None, **extra):
    """London on J5 facing north, three squares below the Treasure Island coast, `card` on top."""
    placed = {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "G1"}}
    placed.update(ships or {})
    return new({"to_move": "london", "ships": placed, "hands": hands or {"london": CREW, "genoa": ["R1", "B1"]},
                "chance_deck": [card], **extra}, home_ports=home_ports)


def test_the_start_tells_the_cut_the_shuffle_the_stock_and_only_the_readers_own_hand():
    state = game.initial_state(2, game.resolve_options(2, {}))
    events = [stored(e) for e in game.start(state, ScriptedChance([(5, 20), tuple(range(1, 29)), CREW_PACK]))]
    common = ["A game of Buccaneer begins: Ann from London and Bob from Marseilles.",
              "Cut for the deal: Ann 5 and Bob 20. Bob deals and moves first.",
              "The crew cards and the chance cards were shuffled face down.",
              "The ports were stocked: Amsterdam red 1, red 1, a gold bar and a barrel of rum; Venice red 1, red 1, "
              "a gold bar and a barrel of rum; Genoa red 1, red 1, a gold bar and a barrel of rum; Cadiz red 2, red 2 "
              "and a gold bar."]
    assert words(state, events, None) == common + ["Each player was dealt 6 crew cards face down."]
    hand = "red 2, red 2, red 3, red 3, red 3 and black 1"
    assert words(state, events, 0) == common + [f"Each player was dealt 6 crew cards face down; Ann's hand: {hand}."]
    assert words(state, events, 1) == common + [f"Each player was dealt 6 crew cards face down; Bob's hand: {hand}."]


def test_the_automatic_end_of_a_turn_is_folded_away():
    state = line_of_ships(genoa={"at": "G1"})
    _, lines = told(state, "london", "sail N 2 face E", None)
    assert lines == ["Ann sailed 2 squares north from E5 to E7, facing east."]


def test_a_ship_stopped_by_a_passing_ship_under_ask_and_let_pass():
    state = line_of_ships(cadiz={"at": "E9", "face": "W"})
    state, lines = told(state, "london", "sail N 6 face W", None)
    assert lines == ["Ann set out to sail 6 squares north from E5 towards E11, and had to stop at E7 beside Bob's ship.",
                     "Bob may attack Ann's ship or let it sail past."]
    _, lines = told(state, "genoa", "let pass", 2)
    assert lines == ["Bob let Ann sail past.", "Ann sailed on to E9, facing north.",
                     "Cy may attack Ann's ship or let it sail past."]


def test_a_standing_order_fires_and_the_fight_is_told_as_each_reader_knows_it():
    state = line_of_ships(orders={"genoa": "always attack"},
                          hands={"london": ["R2", "B1", "B2"], "genoa": ["R3", "R3", "B1"], "cadiz": ["B1"]})
    opening = ["Ann set out to sail 4 squares north from E5 towards E9, and had to stop at E7 beside Bob's ship.",
               "Bob attacks every ship that sails past (standing order), so Bob attacked Ann at E7."]
    spoils = ["Bob demanded crew from Ann.", "Ann must give Bob up to two crew cards."]
    for viewer in (0, 1):
        _, lines = told(state, "london", "sail N 4 face W", viewer)
        assert lines == opening + ["Bob's crew (red 3, red 3, black 1) fought at 5 against Ann's (red 2, black 1, "
                                   "black 2) at 1: Bob won."] + spoils
    for viewer in (None, 2):
        after, lines = told(state, "london", "sail N 4 face W", viewer)
        assert lines == opening + ["Bob won the fight (the crews are shown only to Bob and Ann)."] + spoils
    _, lines = told(after, "london", "give B1 B2", 1)
    assert lines == ["Ann gave Bob 2 crew cards (black 1, black 2).", "Ann now makes a free move."]
    _, lines = told(after, "london", "give B1 B2", 2)
    assert lines == ["Ann gave Bob 2 crew cards.", "Ann now makes a free move."]


def test_an_attack_at_the_end_of_a_sail_spoils_kept_and_the_rest_returned():
    state = line_of_ships(orders={"genoa": "never attack"}, hands={"london": ["R3", "R3", "R1"], "genoa": ["R2"], "cadiz": ["B1"]},
                          london={"at": "E5", "face": "N", "cargo": ["diamond"]}, genoa={"at": "E7", "face": "E"},
                          cadiz={"at": "E9", "face": "W", "cargo": ["rum", "gold"]})
    state, lines = told(state, "london", "sail N 4 attack face E", None)
    assert lines == ["Ann set out to sail 4 squares north from E5 towards E9, and had to stop at E7 beside Bob's ship.",
                     "Bob lets every ship sail past (standing order), so Ann passed E7.",
                     "Ann sailed on to E9, facing east.", "Ann attacked Cy at E9.",
                     "Ann won the fight (the crews are shown only to Ann and Cy).",
                     "Ann may demand Cy's treasure or crew."]
    state, lines = told(state, "london", "demand treasure", None)
    assert lines == ["Ann demanded Cy's treasure.",
                     "Ann took a gold bar and a barrel of rum from Cy's ship, more than the hold can carry.",
                     "Ann must choose two pieces to keep from a diamond, a gold bar and a barrel of rum."]
    state, lines = told(state, "london", "keep diamond gold", None)
    assert lines == ["Ann kept a diamond and a gold bar.", "The rest, a barrel of rum, went back to Treasure Island.",
                     "Cy now makes a free move."]
    _, lines = told(state, "cadiz", "sail S 1 face N", None)
    assert lines == ["With the free move, Cy sailed 1 square south from E9 to E8, facing north."]


def test_a_draw_gives_nothing_and_a_free_move():
    state = line_of_ships(cadiz={"at": "E9", "face": "W"})
    state, _ = play(state, "london", "sail N 6 face W")
    state, _ = play(state, "genoa", "let pass")
    _, lines = told(state, "cadiz", "attack", 1)
    assert lines == ["Cy attacked Ann at E9.", "The fight was a draw (the crews are shown only to Cy and Ann): "
                     "nothing changes hands.", "Ann now makes a free move."]


def test_standing_orders_are_explained_to_their_seat_only():
    state = line_of_ships()
    for order, meaning in (("always attack", "will now attack every ship that sails past"),
                           ("never attack", "will now let every ship sail past")):
        _, lines = told(state, "genoa", order, 1)
        assert lines == [f"Bob {meaning} (standing order: {order})."]
        for viewer in (None, 0, 2):
            assert told(state, "genoa", order, viewer)[1] == ["Bob gave a new standing order (only Bob knows it)."]
    state, _ = play(state, "london", "sail N 4 face W")
    assert told(state, "genoa", "always attack", 1)[1][0] == (
        "Bob attacked Ann at E7, and will now attack every ship that sails past (standing order: always attack).")
    assert told(state, "genoa", "always attack", 0)[1][0] == "Bob attacked Ann at E7."


def test_chance_cards_by_name_and_what_they_did():
    state, lines = told(coast(15, pirate_island=["B3", "R1"]), "london", "sail N 3 face W", 0)
    assert lines == ["Ann sailed 3 squares north from J5 to J8, facing west.",
                     'Ann drew chance card 15, "Recruits: take 2 crew".',
                     "Ann took 2 crew cards (black 3, red 1) from Pirate Island."]
    assert told(coast(15), "london", "sail N 3 face W", 1)[1][2] == "Ann took 2 crew cards from Pirate Island."
    _, lines = told(coast(1, hands={"london": ["R1", "R2"], "genoa": ["B1"]}), "london", "sail N 3 face W", None)
    assert lines[1:] == ['Ann drew chance card 1, "Blown out to sea".', "Ann's ship was blown to J4.",
                         "Ann took 4 crew cards from Pirate Island.", "Ann must choose a heading."]
    _, lines = told(coast(10), "london", "sail N 3 face W", 0)
    assert lines[2] == "Ann's highest crew card, red 3, deserted to the bottom of Pirate Island."
    _, lines = told(coast(23), "london", "sail N 3 face W", None)
    assert lines[1] == 'Ann drew chance card 23, "Doubloons", and keeps it (worth 4 in trade).'
    _, lines = told(coast(20, ships={"genoa": {"at": "L8", "face": "E"}}, hands={"london": CREW, "genoa": ["R1", "B1"]}),
                    "london", "sail N 3 face W", None, chance=[("R3", "B2"), ("R1", "B1")])
    assert lines[2] == "Blind swap: Ann and Bob swapped 2 crew cards each way, picked at random."
    _, lines = told(coast(20, ships={"genoa": {"at": "L8", "face": "E"}}, hands={"london": CREW, "genoa": ["R1", "B1"]}),
                    "london", "sail N 3 face W", 1, chance=[("R3", "B2"), ("R1", "B1")])
    assert lines[2] == ("Blind swap: Ann gave Bob 2 crew cards (red 3, black 2) and got 2 crew cards (red 1, black 1), "
                        "picked at random.")


def test_a_crew_levy_from_hand_and_docks():
    state = coast(2, hands={"london": CREW, "genoa": ["R1", "B1"], "cadiz": ["R2"]}, home_ports=("london", "genoa", "cadiz"),
                  ships={"cadiz": {"at": "N20"}}, docks={"genoa": {"crew": ["B3", "B3"]}})
    state, lines = told(state, "london", "sail N 3 face W", None)
    assert lines[1:] == ['Ann drew chance card 2, "Crew levy".', "Ann must choose a player."]
    state, lines = told(state, "london", "chance name genoa", None)
    assert lines == ["Ann named Bob, who must hand over 3 crew cards.",
                     "Bob must hand Ann 3 crew cards, from the hand or Bob's Docks."]
    docks = "Bob gave Ann 2 crew cards (black 3, black 3) from Genoa's Docks."
    assert told(state, "genoa", "chance give R1 docks B3 B3", 0)[1] == ["Bob gave Ann 1 crew card (red 1).", docks]
    assert told(state, "genoa", "chance give R1 docks B3 B3", 2)[1] == ["Bob gave Ann 1 crew card.", docks]


def test_trading_depositing_and_securing_in_port():
    state = new({"to_move": "london", "ships": {"london": {"at": "T14", "cargo": ["pearl"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R3", "B2"], "genoa": ["R1"]},
                 "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"]}}})
    assert told(state, "london", "trade give R3 B2 take diamond", None)[1] == [
        "Ann traded 2 crew cards (red 3, black 2) for a diamond at Amsterdam."]
    state = new({"to_move": "london", "ships": {"london": {"at": "A14", "cargo": ["pearl"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R3"], "genoa": ["R1"]}, "docks": {"london": {"treasure": ["pearl", "pearl"]}}})
    assert told(state, "london", "deposit R3", None)[1] == ["Ann left 1 crew card (red 3) in London's Docks."]
    assert told(state, "london", "secure pearl pearl pearl", None)[1] == [
        "Ann put 3 pearls into London's Safety Zone, where it stays for good."]


def test_the_end_of_the_game_in_words():
    state = new({"to_move": "london", "ships": {"london": {"at": "A14", "cargo": ["diamond"]}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["R2"]},
                 "docks": {"london": {"treasure": ["diamond", "diamond", "ruby"]}}})
    assert told(state, "london", "deposit diamond", 1)[1] == [
        "Ann left a diamond in London's Docks.",
        "Ann wins, home in London with treasure worth 20 in the Docks and Safety Zone."]
    state = new({"to_move": "genoa", "round": 2, "dealer": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1"], "genoa": ["R2"]}, "docks": {"genoa": {"treasure": ["rum"]}}}, turn_limit=2)
    assert told(state, "genoa", "end", None)[1] == [
        "Bob stayed in port.", "The round limit is reached. Treasure at home: Ann 0 and Bob 2. Bob wins."]
    state = new({"to_move": "genoa", "round": 2, "dealer": "london",
                 "ships": {"london": {"at": "A14"}, "genoa": {"at": "G2", "face": "N", "cargo": ["pearl"]}},
                 "hands": {"london": ["R1"], "genoa": ["R2"]}}, turn_limit=2)
    assert told(state, "genoa", "sail N 1 face N", None)[1][-1] == (
        "The round limit is reached. Treasure at home: Ann 0 and Bob 0; aboard: Ann 0 and Bob 3. Bob wins.")


def test_resigning_in_words():
    state = new({"to_move": "london", "ships": {"london": {"at": "E5", "face": "N", "cargo": ["gold"]}, "genoa": {"at": "G1"},
                                                "cadiz": {"at": "N20"}},
                 "hands": {"london": ["R3"], "genoa": ["R1"], "cadiz": ["B1"]},
                 "held": {"london": ["long-john-silver", "doubloons"]}}, home_ports=("london", "genoa", "cadiz"))
    events = [stored(e) for e in game.resign(state, 0, None)]
    assert words(state, events, None) == [
        "Ann left the game; the crew, cargo and cards aboard go back.",
        "Ann returned 1 crew card to the bottom of Pirate Island.",
        "Ann's cargo, a gold bar, went back to Treasure Island.",
        "Ann left Long John Silver in London's Docks.",
        "Doubloons went back under the chance deck."]
    after = reduce(game.evolve, events, state)
    events = [stored(e) for e in game.resign(after, 1, None)]
    assert words(after, events, 2)[-1] == "Cy wins: everyone else has left the game."


def test_no_line_carries_an_internal_identifier_or_a_hidden_card_of_another_seat():
    state = line_of_ships(orders={"genoa": "always attack"},
                          hands={"london": ["R2", "B1", "B2"], "genoa": ["R3", "R3", "B1"], "cadiz": ["B3"]})
    after, events = play(state, "london", "sail N 4 face W")
    text = " ".join(words(state, events, 2))
    assert "red" not in text and "black" not in text and "_" not in text


def test_resigning_at_any_moment_plays_shows_and_is_told():
    """Every seat resigns, in turn, at every step of games from the playouts' positions: the events
    fold, every channel shows, and every reader is told without an internal identifier."""
    import random
    import re

    from pbem.play.chance import SeededChance
    from tests.playouts.buccaneer import SETUPS

    identifier = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
    for seats, options in SETUPS[4:]:
        key = bytes([seats]) * 32
        state = game.initial_state(seats, game.resolve_options(seats, options))
        state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, 1))), state)
        rng = random.Random(seats)
        for step in range(60):
            if game.outcome(state):
                break
            for seat in range(seats):
                events = [stored(e) for e in game.resign(state, seat, SeededChance(key, 999))]
                after = reduce(game.evolve, events, state)
                for viewer in [None, *range(seats)]:
                    lines = words(state, events, viewer)
                    assert lines and not any(identifier.search(line) for line in lines)
                    game.render_text(after, viewer), game.render_svg(after, viewer), game.view(after, viewer)
            seat = rng.choice(sorted(game.to_move(state)))
            move = rng.choice(game.legal_moves(state, seat))
            state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, step + 2))), state)


def test_ruling_51_a_resigning_seat_with_nothing_to_choose_drops_the_decision():
    """A crewless ship draws card 16: its treasure choice is played for it, and the cut that follows has
    nothing to cut, so it is dropped as in play (resigning here used to fail)."""
    state = new({"to_move": "london", "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": [], "genoa": ["R1"]}, "chance_deck": [16]})
    state, _ = play(state, "london", "drift N face W")
    assert state.pending[0].kind == "ctreasure"
    events = [stored(e) for e in game.resign(state, 0, None)]
    assert [e.type for e in events] == ["move_played", "rules_step", "resigned"]
    after = reduce(game.evolve, events, state)
    assert game.outcome(after).winners == (1,)
    assert words(state, events, None) == [
        "For Ann, who is leaving the game:", "Ann took a diamond and a barrel of rum from Treasure Island.",
        "Ann's crew was already within the limit.", "Ann left the game; the crew, cargo and cards aboard go back.",
        "Ann's cargo, a diamond and a barrel of rum, went back to Treasure Island.", "Bob wins: everyone else has left the game."]
