"""Dragon & Flagon's words as Phrases (issue 26): each line is a message id with its values, read in German
and French with the same names, numbers and squares as the English, characters and cards by their
translated names; a seat's Phrase carries no card that seat may not see (not in its JSON either); and the
panel beside the board speaks the page's language."""

from __future__ import annotations

import json
import re

from flask import render_template

from pbem import words
from pbem.games import dragon_flagon as game
from pbem.games.base import Event, Phrase

from .helpers import ch, play, position
from .test_board import new_game
from .test_words import NAMES, started


def phrases(before, events, viewer) -> list[Phrase]:
    return game.describe(before, [Event(e.type, game.redact(e, viewer), e.actor) for e in events], viewer, NAMES)


def facts(text: str) -> list[str]:
    """What no language may change: numbers, squares (g8) and the players' names."""
    return sorted(re.findall(r"\b[a-p]\d+\b|\d+|\b(?:Ann|Bob)\b", text))


def test_a_reveal_reads_in_german_and_french_with_the_same_facts():
    pos = position([ch("monk", 0, "e8", "e", plan=["slash", "move"], time=12), ch("rogue", 1, "f8", "w", time=13)],
                   space=12, draw_order=["monk"])
    before, events, _ = started(pos)
    lines = phrases(before, events, 1)
    assert all(isinstance(line, Phrase) for line in lines)
    german = [words.read(line, "de") for line in lines]
    french = [words.read(line, "fr") for line in lines]
    assert german[-3] == ("Mönch (Ann) wird gezogen und deckt Hieb auf: Schurke verliert 2 an Mönch und wird nach "
                          "Osten auf g8 gestoßen. Der Marker von Mönch rückt auf Feld 14.")
    assert french[-3] == ("Moine (Ann) est tiré et révèle Taillade: Roublard perd 2 au profit de Moine et est repoussé "
                          "plein est jusqu'en g8. Le jeton de Moine passe sur la case 14.")
    assert german[-2] == "Der Zeitmarker rückt auf Feld 13: Schurke ist aktiv."
    assert french[-1] == "Roublard (Bob) est tiré et révèle Déplacement; Bob choisit comment la jouer."
    for line, de, fr in zip(lines, german, french):
        assert facts(de) == facts(fr) == facts(str(line)), (str(line), de, fr)


def test_the_start_and_a_placement_read_in_each_language():
    options = game.resolve_options(2, {"characters": {"0": ["monk", "rogue"], "1": ["buccaneer", "paladin"]}})
    before = game.initial_state(2, options)
    from pbem.play.chance import ScriptedChance
    events = game.start(before, ScriptedChance([["rogue", "monk", "buccaneer", "paladin"], ["watch", "blank", "blank", "blank"]]))
    first = phrases(before, events, None)[0]
    assert words.read(first, "de") == ("Die Keilerei beginnt auf den zwei Piratenschiffen. Crew A (Westschiff): Ann mit "
                                       "Mönch und Schurke; Crew B (Ostschiff): Bob mit Bukanier und Paladin.")
    assert words.read(first, "fr").startswith("La bagarre commence sur les deux navires pirates. Équipage A")


def test_a_planned_card_stays_out_of_the_phrases_of_those_who_may_not_see_it():
    pos = position([ch("monk", 0, "c5", "e", plan=()), ch("rogue", 1, "i5", "w", time=5)])
    _, _, state = started(pos)
    _, events = play(state, 0, "plan monk slash")
    for viewer in (None, 1):
        kept = json.dumps([line.to_json() for line in phrases(state, events, viewer)])
        assert "Slash" not in kept and "slash" not in kept
        assert words.read(phrases(state, events, viewer)[0], "de") == "Ann plante eine Karte für Mönch."
    assert words.read(phrases(state, events, 0)[0], "fr") == "Ann a prévu Taillade pour Moine."


def test_the_panel_speaks_the_pages_language(app):
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=7)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    pages = {}
    for language in ("en", "de", "fr"):
        with app.test_request_context(f"/?lang={language}", headers={"Accept-Language": language}):
            pages[language] = render_template("games/dragon_flagon.html", view=game.view(state, 1), names=["Ann", "Bob"],
                                              seat=1, module=game, legal=game.legal_moves(state, 1))
    assert "Time 0: the Monk plays Move; Ann chooses how." in pages["en"]
    assert "Zeit 0: Mönch spielt Bewegen; Ann wählt, wie." in pages["de"]
    assert "Temps 0 : Moine joue Déplacement ; Ann choisit comment." in pages["fr"]
    for language in ("de", "fr"):
        page = pages[language]
        for english in ("Crew A, left ship", "facing east", "face down", "Game End token", "Dragon Kick"):
            assert english not in page, (language, english)


def test_a_refusal_and_the_hints_of_a_revealed_card_read_in_each_language_with_the_same_rule_and_facts():
    from pbem.games.base import GameError
    from pbem.play.chance import SeededChance

    pos = position([ch("monk", 0, "e7", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", "w", time=5)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    try:
        game.decide(state, 0, "monk move square f7 facing e", SeededChance(bytes(32), 9))
    except GameError as error:
        refused = error.args[0]
    assert isinstance(refused, Phrase) and str(refused) == "PR-8: f7 is water; characters never walk into it"
    assert words.read(refused, "de") == "PR-8: f7 ist Wasser; Figuren gehen nie hinein"
    assert words.read(refused, "fr") == "PR-8 : f7 est de l'eau ; les personnages n'y marchent jamais"
    hints = game.move_hints(state, 0)
    hint = hints["monk move square e8 facing s"]
    assert str(hint.words) == "Move: walk 1 square to e8, facing south."
    assert words.read(hint.words, "de") == "Bewegen: 1 Feld nach e8 gehen, Blick nach Süden."
    assert words.read(hint.choice, "fr") == "Orienté sud"
    for move, said in hints.items():  # every hint and choice: the same squares and numbers in each language
        for language in ("de", "fr"):
            assert facts(words.read(said.words, language)) == facts(str(said.words)), (move, language)
            assert words.read(said.words, language) != str(said.words), (move, language)
