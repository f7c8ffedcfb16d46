"""Buccaneer's lines as Phrases (issue 26): each line is a message id with its values, read in German and
French with the same names and numbers as the English, ports and islands by their translated names; and
a seat's Phrase carries no value that seat may not know (a hidden hand is not in its JSON either)."""

from __future__ import annotations

import json
import re

from pbem import words
from pbem.games import buccaneer as game
from pbem.games.base import CAPITAL, Event, Phrase
from pbem.games.buccaneer.cards import CREW_PACK
from pbem.play.chance import ScriptedChance

from .helpers import stored
from .test_words import NAMES, line_of_ships, play


def dealt():
    """The start of a game with the cut, the shuffle and the crew pack as test_words scripts them."""
    state = game.initial_state(2, game.resolve_options(2, {}))
    return state, [stored(e) for e in game.start(state, ScriptedChance([(5, 20), tuple(range(1, 29)), CREW_PACK]))]


def phrases(before, events, viewer) -> list[Phrase]:
    return game.describe(before, [Event(e.type, game.redact(e, viewer), e.actor) for e in events], viewer, NAMES)


def unwrapped(line: Phrase) -> Phrase:
    """The sentence inside a line that begins with a value (which `say` wraps to get its capital)."""
    return line.args["of"] if line.id == CAPITAL else line


def facts(text: str) -> list[str]:
    return sorted(re.findall(r"\d+|\b(?:Ann|Bob|Cy)\b|\b[A-Z]\d+\b", text))


def test_the_start_reads_in_german_and_french_with_the_same_numbers_and_names():
    state, events = dealt()
    lines = phrases(state, events, 0)
    assert all(isinstance(line, Phrase) for line in lines)
    german = [words.read(line, "de") for line in lines]
    french = [words.read(line, "fr") for line in lines]
    assert german[0] == "Eine Partie Buccaneer beginnt: Ann aus London und Bob aus Marseille."
    assert french[0] == "Une partie de Buccaneer commence : Ann depuis Londres et Bob depuis Marseille."
    assert "Genua rot 1, rot 1, einen Goldbarren und ein Fass Rum" in german[3]
    assert "Gênes rouge 1, rouge 1, un lingot d'or et un tonneau de rhum" in french[3]
    assert german[4] == "Jeder Spieler erhielt verdeckt 6 Mannschaftskarten; Hand von Ann: rot 2, rot 2, rot 3, rot 3, " \
                        "rot 3 und schwarz 1."
    for line, de, fr in zip(lines, german, french):
        assert facts(de) == facts(fr) == facts(str(line)), (str(line), de, fr)


def test_a_seats_phrase_carries_no_other_seats_hand():
    state, events = dealt()
    hand = "%(dealt)s; %(who)s's hand: %(hand)s."
    assert hand not in json.dumps([line.to_json() for line in phrases(state, events, None)])
    told = [line for line in map(unwrapped, phrases(state, events, 1)) if line.id == hand]
    assert [line.args["who"] for line in told] == ["Bob"]  # the reader's own hand, and no other's
    assert not any("Hand von Ann" in words.read(line, "de") or "main de Ann" in words.read(line, "fr")
                   for line in phrases(state, events, 1))


def test_a_fight_reads_in_each_language_with_the_strengths_only_for_the_fighters():
    state = line_of_ships(orders={"genoa": "always attack"},
                          hands={"london": ["R2", "B1", "B2"], "genoa": ["R3", "R3", "B1"], "cadiz": ["B1"]})
    _, events = play(state, "london", "sail N 4 face W")
    fighter = [words.read(line, "de") for line in phrases(state, events, 1)]
    assert "Die Mannschaft von Bob (rot 3, rot 3, schwarz 1) kämpfte mit 5 gegen die von Ann (rot 2, schwarz 1, " \
           "schwarz 2) mit 1: Bob gewann." in fighter
    onlooker = phrases(state, events, 2)
    assert "Bob a gagné le combat (les équipages ne sont montrés qu'à Bob et Ann)." in [
        words.read(line, "fr") for line in onlooker]
    kept = json.dumps([line.to_json() for line in onlooker])
    assert "red" not in kept and "black" not in kept  # no card of either crew in the onlooker's values
