"""The board picture (svg.py), the HTML panel beside it (panel.py, templates/games/dragon_flagon.html), the
rules page and the option texts: the markup the board client drives, one name per character everywhere,
text large enough to read, and nothing a seat may not see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from flask import render_template

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.cardtext import card_anchor

from .helpers import ch, new_game, play, position

NS = "{http://www.w3.org/2000/svg}"
PRINTED_NAMES = ("Nari", "Tuuli", "Montero", "Two-Eyed Jack")


def panel_html(app, state, seat, names=("Ann", "Bob")):
    with app.test_request_context():
        return render_template("games/dragon_flagon.html", view=game.view(state, seat), names=list(names), seat=seat,
                               module=game, legal=game.legal_moves(state, seat))


def overboard_position():
    pos = position([ch("monk", 0, "c8", "s", plan=["leap"], holds="chest3", status=["fallen"], time=5),
                    ch("wizard", 0, "e5", "n", plan=["sweep", "move"], time=5),
                    ch("rogue", 1, None, plan=[], time=6),
                    ch("paladin", 1, "k8", "w", plan=["slash"], status=["dazed"], time=6)],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "chest1", "square": "f6"}, {"id": "mug2", "square": "f6"}],
                   tables=[("table1", "c7:d9"), ("table2", ["j7", "k7", "[6,11]", "j8", "k8", "[7,11]"])],
                   familiar="d3", space=5, draw_order=["monk", "wizard"])
    pos["characters"][1]["plan"] = ["blink", "move"]
    state, _ = new_game(pos, seats=2)
    return state


# --- the board picture ------------------------------------------------------------------------------------------


def test_every_square_is_marked_with_its_name_off_grid_table_squares_too():
    state = overboard_position()
    root = ET.fromstring(game.render_svg(state, 0))
    squares = [el.get("data-square") for el in root.iter() if el.get("data-square")]
    assert len(squares) == len(set(squares))
    printed = {f"{file}{rank}" for file in "abcdefghijk" for rank in range(1, 16)}
    assert set(squares) == printed | {"[6,11]", "[7,11]"}  # water and gangplanks are squares too


def test_standees_carry_their_character_id_and_say_their_one_name():
    state = overboard_position()
    svg = game.render_svg(state, None)
    root = ET.fromstring(svg)
    pieces = {el.get("data-piece"): el for el in root.iter() if el.get("data-piece")}
    assert set(pieces) == {"monk", "wizard", "rogue", "paladin"}  # the rogue swims beside its ship
    titles = {piece: el.find(f"{NS}title").text for piece, el in pieces.items()}
    assert titles == {"monk": "Monk, facing south, Fallen, holding the Treasure Chest", "wizard": "Wizard, facing north",
                      "rogue": "Rogue, overboard", "paladin": "Paladin, facing west, Dazed"}
    badges = {piece: el.find(f"{NS}text").text for piece, el in pieces.items()}
    assert badges == {"monk": "Mo", "wizard": "Wi", "rogue": "Ro", "paladin": "Pa"}
    for name in PRINTED_NAMES:
        assert name not in svg


def test_the_view_names_each_character_by_its_class_as_everywhere_else():
    state = overboard_position()
    assert [c["name"] for c in game.view(state, None)["characters"]] == ["Monk", "Paladin", "Rogue", "Wizard"]


def test_square_titles_say_what_lies_there():
    state = overboard_position()
    root = ET.fromstring(game.render_svg(state, 1))
    titles = {el.get("data-square"): el.find(f"{NS}title").text for el in root.iter() if el.get("data-square")}
    assert titles["f6"] == "f6, gangplank: chest, mug"
    assert titles["f8"] == "f8, gangplank: Flagon"
    assert titles["f7"] == "f7, water"
    assert titles["b5"] == "b5, start square"
    assert titles["d3"] == "d3: the Wizard's familiar"
    assert titles["[6,11]"] == "[6,11], table"


def test_decorations_let_clicks_through_to_the_squares():
    root = ET.fromstring(game.render_svg(overboard_position(), 0))
    for el in root.iter(f"{NS}g"):
        if el.get("data-piece") or el.get("clip-path"):
            continue
        assert el.get("pointer-events") == "none", ET.tostring(el)[:200]


def test_no_board_text_is_smaller_than_twelve_units_and_the_board_is_only_the_board():
    state = overboard_position()
    svg = game.render_svg(state, 0)
    root = ET.fromstring(svg)
    sizes = [float(el.get("font-size")) for el in root.iter(f"{NS}text")]
    assert sizes and min(sizes) >= 12  # 12 units: 9.8 CSS px on a 390 px phone (366 px for the board)
    assert root.get("width") == root.get("viewBox").split()[2]  # the page scales it through the viewBox
    plain, _ = new_game(position([ch("monk", 0, "c5", "e"), ch("rogue", 1, "i5")]))
    width = float(ET.fromstring(game.render_svg(plain, 0)).get("viewBox").split()[2])
    assert width <= 460  # the ships' 11 files and their labels: nothing else takes width from them
    assert "Blink" not in svg and "blink" not in svg  # plans live in the panel, not in the picture


def test_the_drawn_character_glows_and_your_own_wear_a_ring():
    state = overboard_position()
    assert state.phase == "setup" or state.drawn in ("monk", "wizard", None)
    svg0 = game.render_svg(state, 0)
    svg1 = game.render_svg(state, 1)
    assert svg0.count('r="15" fill="#ffffff"') == 2  # the monk and the wizard belong to seat 0
    assert svg1.count('r="15" fill="#ffffff"') == 2  # the paladin, and the rogue swimming
    assert game.render_svg(state, None).count('r="15" fill="#ffffff"') == 0


# --- the HTML panel ------------------------------------------------------------------------------------------------


def test_the_panel_shows_a_card_per_character_with_data_piece_and_hides_other_seats_plans(app):
    pos = position([ch("monk", 0, "c5", "e", plan=["boast", "sweep"]), ch("rogue", 1, "i5", "w", plan=["pickpocket", "charge"], time=3)],
                   draw_order=["monk"])
    state, _ = new_game(pos, **{"planning.timing": "end_of_space"})  # the monk played Boast and plans again
    mine, theirs, nobody = panel_html(app, state, 0), panel_html(app, state, 1), panel_html(app, state, None)
    for html in (mine, theirs, nobody):
        assert 'data-piece="monk"' in html and 'data-piece="rogue"' in html
        for name in PRINTED_NAMES:
            assert name not in html
    assert "I Sweep" in mine and "Face up: <strong>Boast</strong>" in mine  # its own plan, by printed card name
    assert "Sweep" not in theirs and "Sweep" not in nobody
    assert "Pickpocket" not in mine.replace("Pickpocket</a>", "")  # never the rogue's planned card
    assert mine.count("I face down") == 2 and "Cards in hand (16)" in mine  # the rogue's two cards; 18 less Sweep and Boast
    assert "Cards in hand" not in nobody
    assert "The Rogue's cards" not in mine and "its cards" in mine  # a link to the rules for the others


def test_the_panel_says_what_happens_now_and_shows_the_time_track(app):
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=7)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    html = panel_html(app, state, 1)
    assert "Time 0: the Monk plays Move; Ann chooses how." in html
    assert 'class="df-now"' in html and html.count('<span class="df-face">?</span>') == 4
    assert "acting now" in html
    assert "Time 0: the Monk plays Move; you choose how." in panel_html(app, state, 0)
    view = game.view(state, 1)
    panel = game.panel(view, 1, ["Ann", "Bob"])
    assert [s["space"] for s in panel["track"] if s["tokens"]] == [0, 7]
    assert [str(c["name"]) for c in panel["characters"]] == ["Rogue", "Monk"]  # the seat's own first
    assert str(panel["crews"][0]["label"]) == "Crew A, left ship (Ann)" and panel["crews"][1]["yours"]


def test_a_revealed_game_end_token_shows_its_face_and_the_scores_count_chests(app):
    pos = position([ch("monk", 0, "c5", "e", plan=["dodge", "boast"], holds="chest1", time=27),
                    ch("rogue", 1, "i5", "w", plan=["dodge", "boast"], time=27)],
                   space=27, game_end=[{"space": 27, "face": "blank"}, {"space": 28, "face": "watch"},
                                       {"space": 29, "face": "blank"}, {"space": 30, "face": "blank"}])
    state, _ = new_game(pos)
    panel = game.panel(game.view(state, 0), 0, ["Ann", "Bob"])
    faces = {s["space"]: str(s["face"]) for s in panel["track"] if s["end"]}
    assert faces == {27: "–", 28: "?", 29: "?", 30: "?"}
    assert panel["crews"][0]["total"] == 25 and str(panel["crews"][0]["detail"]) == "reputation 20 + 1 chest"


# --- the rules page and the options --------------------------------------------------------------------------------


def test_the_rules_page_explains_every_card_option_and_rule_a_hint_links_to(client):
    page = client.get("/rules/dragon_flagon").get_data(as_text=True)
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    data = game.rules_characters()
    for card in game.rules_commons() + [c for character in data for c in character["cards"]]:
        assert card_anchor(card["id"]) in ids
        assert card["name"] in page
    for anchor in ("setup", "overboard", "planning", "time-track", "order-of-play", "dazed-fallen", "chests",
                   "gangplanks", "water", "ships", "dragon-cards", "game-end", "scoring", "options", "notation"):
        assert anchor in ids, anchor
    for character in data:
        assert f"character-{character['id']}" in ids
    for key, option in game.OPTIONS.items():
        assert f"option-{key.replace('.', '-')}" in ids and str(option.label) in page
    for name in PRINTED_NAMES:
        assert page.count(name) == 1  # said once, where the one-name rule is explained
    assert "reconstruction" in page and "printed" in page


def test_every_option_speaks_to_players():
    for key, option in game.OPTIONS.items():
        assert option.label and option.help, key
        text = str(option.help) + str(option.label) + " ".join(map(str, option.choice_labels.values()))
        for internal in ("§", "[R", "[S", "[I", "PR-", "(A1", "spec", "." in key and key, "_" in key and key):
            if not internal:
                continue
            assert internal not in text, (key, internal)
        if option.kind == "choice":
            assert set(option.choice_labels) == set(option.choices), key


def test_card_texts_have_no_identifiers_and_read_the_option_that_changes_them():
    from pbem.games.dragon_flagon.cardtext import card_text
    from pbem.games.dragon_flagon.data import DEFAULTS

    swing = next(c for c in game.rules_commons() if c["id"] == "swing")
    assert str(swing["text"]).startswith("Only if you stand on a table; otherwise it does nothing.")
    state, _ = new_game(position([ch("monk", 0, "c5", "e"), ch("rogue", 1, "i5")]), **{"swing.requirement": "anywhere"})
    card = state.data.cards["swing"]
    assert not str(card_text(card, state.options)).startswith("Only if")
    assert str(card_text(card, DEFAULTS)).startswith("Only if")
    for card in game.rules_commons() + [c for ch_ in game.rules_characters() for c in ch_["cards"]]:
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", str(card["text"])), card


def test_playing_a_card_after_the_hint_changes_what_the_panel_shows(app):
    pos = position([ch("monk", 0, "e8", "e", plan=["pick_up", "move"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["monk"], objects=[{"id": "flagon", "square": "f8"}, {"id": "mug1", "square": "e8"}])
    state, _ = new_game(pos)
    assert "Dragon Kick</a>, locked" in panel_html(app, state, 0)
    after, _ = play(state, 0, "monk pick_up take flagon")
    html = panel_html(app, after, 0)
    assert "holds the Flagon" in html and "Dragon Kick</a>, unlocked" in html


def test_the_status_line_tells_a_seat_what_it_owes_and_whom_the_game_waits_for(app):
    options = game.resolve_options(3, {"characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin", "wizard"],
                                                      "2": ["cleric", "druid"]}, "setup.placement": "fixed"})
    state = game.initial_state(3, options)
    from pbem.play.chance import ScriptedChance

    from .helpers import fold
    state = fold(state, game.start(state, ScriptedChance([["watch", "blank", "blank", "blank"]])))
    assert state.phase == "planning"
    names = ["Ann", "Bob", "Cy"]
    assert str(game.panel(game.view(state, 0), 0, names)["status"]) == (
        "Time 0: planning, in secret. You plan 2 cards for the Monk, 2 cards for the Rogue. "
        "Also waiting for Bob and Cy.")
    assert str(game.panel(game.view(state, None), None, names)["status"]) == (
        "Time 0: planning, in secret. Waiting for Ann, Bob and Cy.")


@pytest.mark.sqlite_only("every page at every step is about the pages' markup; both engines serve the same pages "
                         "in tests/games/dragon_flagon/test_pages.py")
def test_every_page_of_a_game_shows_the_board_and_panel_for_every_seat_at_every_step(client, db, site):
    import random

    from pbem.play import service
    from tests.support import every_page_answers, play_randomly
    from tests.test_board_dragon_flagon import middle_of_a_brawl

    created = service.create_game(db, site, "dragon_flagon", [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")],
                                  middle_of_a_brawl())
    loaded = play_randomly(db, site, created, 25, random.Random(4))
    assert loaded.seq > 10
    assert every_page_answers(client, created.id, created.tokens) > 40
    page = client.get(f"/play/{created.tokens[0]}").get_data(as_text=True)
    assert 'class="df-panel"' in page and 'data-piece="monk"' in page and 'data-square="f8"' in page
