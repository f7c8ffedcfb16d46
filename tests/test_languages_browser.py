"""The pages in German and French in a real browser (issue 26): headless Chromium started with
`--lang=de` / `--lang=fr` asks for its language, and the home page, a game's options page, a seat page of
each game and its settings come in it; at 390 and 1366 px nothing scrolls sideways (long German words
included) and the board fits. Screenshots go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import pytest

from tests.browser import screenshot, wait_for
from tests.test_browser import GAMES, api, new_game

pytestmark = pytest.mark.slow

SAYS = {"de": ("Partie starten", "Diese Seite ist dein Platz", "Sprache der Seiten dieses Platzes"),
        "fr": ("Lancer une partie", "Cette page est votre place", "Langue des pages de cette place")}
COUNTDOWN = {"de": ("Tage", "Stunden", "fällig"), "fr": ("jours", "heures", "échéance")}


@pytest.mark.parametrize("language", sorted(SAYS))
def test_pages_in_the_browsers_language_fit_a_phone_and_a_desktop(server, chrome, shots, language):
    driver = chrome(language=language)
    home_words, seat_words, settings_words = SAYS[language]
    driver.get(server + "/")
    assert driver.find_element("tag name", "html").get_attribute("lang") == language
    assert home_words in driver.page_source
    screenshot(driver, shots, f"home-{language}")
    for name in sorted(GAMES):
        driver.get(f"{server}/new/{name}")
        assert driver.find_element("tag name", "html").get_attribute("lang") == language
        screenshot(driver, shots, f"options-{name}-{language}")
        _game_id, tokens = new_game(server, name)
        driver.get(f"{server}/play/{tokens[0]}")
        assert seat_words in driver.page_source
        screenshot(driver, shots, f"seat-{name}-{language}")
    driver.get(f"{server}/play/{tokens[0]}/settings")
    assert settings_words in driver.page_source
    screenshot(driver, shots, f"settings-{language}")
    # the board script's own words: the countdown it keeps up to date says the time left in the language
    created = api(server + "/api/games", {"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                          "options": {"time_per_move": "3d"}})
    driver.get(created["seats"][0]["url"])
    wait_for(driver, lambda d: all(word in d.find_element("css selector", "time.countdown").text
                                   for word in COUNTDOWN[language]))
    countdown = driver.find_element("css selector", "time.countdown").text
    assert " left" not in countdown and "due " not in countdown, countdown


HISTORY_SAYS = {"de": ("segelte", "Feld"), "fr": ("a fait naviguer", "case")}  # Rigadoon's moves told in words


@pytest.mark.parametrize("language", sorted(HISTORY_SAYS))
def test_a_history_page_tells_the_moves_in_the_browsers_language(server, chrome, shots, language):
    """A Rigadoon game played a few moves: its history page says the moves in German or French (the
    games' own words, issue 26 item 1), and fits a phone and a desktop."""
    game_id, tokens = new_game(server, "rigadoon")
    for _ in range(12):
        game = api(f"{server}/api/games/{game_id}")
        if game["outcome"] or not game["to_move"]:
            break
        seat = game["to_move"][0]
        mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
        sails = [move for move in mine["legal"] if move.startswith("sail")] or mine["legal"]
        api(f"{server}/api/games/{game_id}/moves", {"move": sails[len(sails) // 2], "seq": mine["seq"]}, tokens[seat])
    driver = chrome(language=language)
    driver.get(f"{server}/games/{game_id}/history")
    assert driver.find_element("tag name", "html").get_attribute("lang") == language
    moves = driver.find_element("css selector", "ol.move-list").text
    assert all(word in moves for word in HISTORY_SAYS[language]), moves[:500]
    screenshot(driver, shots, f"history-rigadoon-{language}")
