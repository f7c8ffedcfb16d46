"""The seat page's game words in the reader's language (issue 26): each game's hints (the words of every
legal move, their choices and headings), its panel beside the board, the labels on its board, its options
on the new-game page and its refusals, read in German and French as in English, with the same facts (numbers, squares, ships,
names) and no run of the game's English ids left on a German or French page."""

from __future__ import annotations

import json
import random
import re
from html import unescape

import pytest

from pbem import i18n
from pbem.games.base import GameError, Phrase
from pbem.play import service
from tests.support import play_randomly
from tests.test_languages import TRANSLATED, visible_text
from tests.test_languages_games import english_runs
from tests.test_pages import csrf

SEATS = {"rigadoon": 2, "mississippi": 3, "buccaneer": 2, "dragon_flagon": 2}  # the games whose seat-page words are Phrases so far, and their seats
NAMES = ["Ann", "Bob", "Cy"]
# an illegal move each game parses at its start, and the rule its refusal names
REFUSED = {"rigadoon": ("end", "R20"), "mississippi": ("back 2", "A12"), "buccaneer": ("turn face N", "Rule 8"),
           "dragon_flagon": ("plan monk slash", "rule 10 (the time loop)")}


def hints_on(page: str) -> list[dict]:
    """The moves and their hints as the board script reads them (#move-hints)."""
    found = re.search(r'<script type="application/json" id="move-hints">(.*?)</script>', page, flags=re.S)
    return json.loads(found.group(1))["moves"] if found else []


def facts(text: str) -> dict:
    """What no language may change in words: numbers, squares and ships (B2, G4, E5), corners, names."""
    return {"numbers": sorted(re.findall(r"\d+", text)),
            "names": sorted(re.findall(r"\b(?:Ann|Bob|Cy)\b", text)),
            "corners": sorted(re.findall(r"\b(?:NE|NW|SE|SW)\b", text))}


def board_words(page: str) -> str:
    """The words of the board picture's labels (its <text> and <title>), as a reader or screen reader meets them."""
    board = re.search(r"<svg\b.*?</svg>", page, flags=re.S).group(0)
    return " ".join(unescape(words) for words in re.findall(r"<(?:text|title)\b[^>]*>([^<]*)<", board))


def english_left(text: str, runs: set[str]) -> list[str]:
    return sorted(run for run in runs if run in text)


def positions(db, site, name: str, steps: int, seed: int):
    """A game of `name` after 0, steps, 2*steps, ... random moves: (created, its seat links)."""
    created = service.create_game(db, site, name, [{"name": n} for n in NAMES[:SEATS[name]]])
    rng = random.Random(seed)
    for _ in range(4):
        yield created
        loaded = play_randomly(db, site, created, steps, rng)
        if loaded.finished:
            yield created
            return


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_seat_page_tells_hints_and_panel_in_each_language_with_the_same_facts(client, db, site, name):
    runs = english_runs(name)
    assert len(runs) > 40  # the checker has the game's words to look for
    seen_hints = 0
    for created in positions(db, site, name, 9, 26):
        for seat, token in enumerate(created.tokens):
            pages = {language: client.get(f"/play/{token}", headers={"Accept-Language": language}).data.decode()
                     for language in i18n.LANGUAGES}
            english_text = visible_text(pages["en"])
            english_hints = hints_on(pages["en"])
            seen_hints += len(english_hints)
            for language in TRANSLATED:
                text = visible_text(pages[language])
                assert f'<html lang="{language}">' in pages[language]
                assert facts(text) == facts(english_text), (name, seat, language)
                assert not english_left(text, runs), (name, seat, language, english_left(text, runs)[:3])
                labels = board_words(pages[language])
                assert labels != board_words(pages["en"]) and not english_left(labels, runs), (language, labels[:200])
                assert facts(labels) == facts(board_words(pages["en"])), (name, seat, language)
                hints = hints_on(pages[language])
                assert [h["move"] for h in hints] == [h["move"] for h in english_hints]
                for hint, english in zip(hints, english_hints):
                    for part in ("words", "choice", "group"):
                        said, meant = hint[part] or "", english[part] or ""
                        assert facts(said) == facts(meant), (hint["move"], part, language, said, meant)
                        assert not english_left(said, runs), (hint["move"], language, said)
                    assert hint["words"] != english["words"], (hint["move"], language)  # translated, not passed on
                    assert (hint["piece"], hint["target"], hint["path"], hint["rule"]) == \
                        (english["piece"], english["target"], english["path"], english["rule"])
    assert seen_hints > 20  # the positions offered moves to tell


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_options_page_says_the_games_options_in_each_language(client, name):
    runs = english_runs(name)
    english = client.get(f"/new/{name}").data.decode()
    assert english_left(visible_text(english), runs)  # the checker finds the options' English on the English page
    for language in TRANSLATED:
        page = client.get(f"/new/{name}", headers={"Accept-Language": language}).data.decode()
        text = visible_text(page)
        assert not english_left(text, runs), (language, english_left(text, runs)[:3])
        assert facts(text)["numbers"] == facts(visible_text(english))["numbers"]
        # the values sent stay the game's own
        assert re.findall(r'<option value="([^"]*)"', page) == re.findall(r'<option value="([^"]*)"', english)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refusal_in_german_names_the_same_rule(client, db, site, name):
    move, rule = REFUSED[name]
    created = service.create_game(db, site, name, [{"name": n} for n in NAMES[:SEATS[name]]])
    loaded = service.load(db, created.id)
    seat = min(loaded.to_move)
    token = created.tokens[seat]
    with pytest.raises(GameError) as refused:
        loaded.module.decide(loaded.state, seat, move, None)
    assert isinstance(refused.value.args[0], Phrase)  # the words are an id with values
    english = str(refused.value)
    assert english.startswith(f"{rule}: ")
    for language in TRANSLATED:
        checked = client.get(f"/play/{token}/check.json", query_string={"move": move},
                             headers={"Accept-Language": language}).get_json()
        said = checked["refused"]
        assert said.startswith(f"{rule}") and said != english, (language, said)
        page = client.get(f"/play/{token}", headers={"Accept-Language": language})
        answer = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "typed": move, "confirmed": "1",
                                                               "seq": str(loaded.seq)},
                             headers={"Accept-Language": language}).data.decode()
        shown = unescape(re.search(r'<p class="error" role="alert">(.*?)</p>', answer, flags=re.S).group(1))
        assert said in shown and english not in shown, (language, shown)
