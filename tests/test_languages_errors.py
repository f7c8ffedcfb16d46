"""The last English a German or French reader met (issue 26; issue 27 item 6): a move that cannot be read,
"not your turn", a stale move, a rate limit's 429 and Mississippi's last turn beside the board, each in the
reader's language on the page, in the API's `error` and in the answer to a move sent by mail, with the
same facts (the move as typed, the notation's forms, the numbers) in every language; and no internal
word (a seat counted from 0, a bare "position N" or "event N") where a player reads it."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from pbem.games.base import GameError, Phrase, reason_of
from pbem.play import service
from pbem.words import read
from tests.support import play_randomly
from tests.test_languages import TRANSLATED
from tests.test_pages import csrf

SEATS = {"rigadoon": 2, "mississippi": 2, "buccaneer": 2}
NAMES = ["Ann", "Bob", "Cy"]
TYPED = "zzz 9"  # read by no game
# a form of each game's notation its refusal names, the same in every language
FORM = {"rigadoon": "sail <ship> <dir> <n>", "mississippi": "rotate <±1..3> forward|back <k>",
        "buccaneer": "chance name PORT"}
# a move each game parses, played by a seat whose turn it is not
PARSED = {"rigadoon": "end", "mississippi": "forward 1", "buccaneer": "end"}


def created_game(db, site, name):
    return service.create_game(db, site, name, [{"name": n} for n in NAMES[:SEATS[name]]])


def error_on(page: str) -> str:
    return unescape(re.search(r'<p class="error" role="alert">(.*?)</p>', page, flags=re.S).group(1))


@pytest.mark.parametrize("name", sorted(FORM))
def test_a_move_that_cannot_be_read_is_refused_in_the_readers_language(client, db, site, name):
    """The API's error and the seat page say it in the reader's language, quoting the move and the forms
    as typed; the API's code is the English in every language."""
    created = created_game(db, site, name)
    loaded = service.load(db, created.id)
    token = created.tokens[min(loaded.to_move)]
    said, shown = {}, {}
    for language in ("en", *TRANSLATED):
        headers = {"Accept-Language": language}
        answer = client.post(f"/api/games/{created.id}/moves", json={"move": TYPED, "seq": loaded.seq},
                             headers={"Authorization": f"Bearer {token}", **headers})
        assert answer.status_code == 422, answer.get_json()
        said[language] = answer.get_json()
        page = client.get(f"/play/{token}", headers=headers)
        shown[language] = error_on(client.post(f"/play/{token}", headers=headers, data={
            "csrf": csrf(page.data), "typed": TYPED, "confirmed": "1", "seq": str(loaded.seq)}).data.decode())
    english = said["en"]["error"]
    assert english.startswith(f"cannot read '{TYPED}'") and FORM[name] in english and said["en"]["code"] == english
    assert english in shown["en"]
    for language in TRANSLATED:
        error = said[language]["error"]
        assert said[language]["code"] == english and error != english, (language, error)
        assert f"'{TYPED}'" in error and FORM[name] in error, (language, error)
        assert "cannot read" not in error and "expected" not in error, (language, error)
        assert error in shown[language] and english not in shown[language], (language, shown[language])


@pytest.mark.parametrize("name", sorted(PARSED))
def test_a_game_says_not_your_turn_with_an_id_read_in_each_language(db, site, name):
    created = created_game(db, site, name)
    loaded = service.load(db, created.id)
    (waiting,) = set(range(SEATS[name])) - set(loaded.to_move)
    with pytest.raises(GameError) as refused:
        loaded.module.decide(loaded.state, waiting, PARSED[name], None)
    words = reason_of(refused.value)
    assert isinstance(words, Phrase) and str(refused.value) == read(words, "en")
    for language in TRANSLATED:
        assert read(words, language) != str(refused.value), language
    if name == "mississippi":  # the colour to move is named in the reader's words
        assert read(words, "en").endswith("Blue is to move") and "Blau" in read(words, "de")


def test_a_stale_move_names_moves_not_seqs_in_the_readers_language(client, db, site):
    created = created_game(db, site, "mississippi")
    seen = service.load(db, created.id).seq
    said = {}
    for language in ("en", *TRANSLATED):
        if language == "en":
            service.submit_move(db, site, created.id, created.tokens[0], "forward 2", seen)
        answer = client.post(f"/api/games/{created.id}/moves", json={"move": "forward 1", "seq": seen},
                             headers={"Authorization": f"Bearer {created.tokens[1]}", "Accept-Language": language})
        assert answer.status_code == 409
        said[language] = answer.get_json()["error"]
    now = service.load(db, created.id).seq
    assert said["en"].startswith(f"the game moved on since the position you saw (move {seen}; it is now at move {now})")
    assert said["de"].startswith("die Partie ist weitergegangen") and said["fr"].startswith("la partie a avancé")
    for language, error in said.items():
        assert "seq" not in error and re.findall(r"\d+", error) == [str(seen), str(now)], (language, error)


def test_an_e_mailed_move_that_cannot_be_read_is_answered_in_the_seats_language(db, site):
    from pbem.notify import inbound
    from tests.test_inbound import answers, reply

    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                            {"name": "Bob", "email": "bob@example.org"}])
    service.change_settings(db, site, created.id, created.tokens[0], True, False, None, language="fr")
    refused = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), TYPED))
    assert refused.status == "refused" and f"cannot read '{TYPED}'" in refused.detail  # the caller's report: English
    (answer,) = answers(db, created.id)
    assert f"impossible de lire '{TYPED}'" in answer["body_text"] and FORM["mississippi"] in answer["body_text"]
    assert "cannot read" not in answer["body_text"], answer["body_text"]


def last_turn(page: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", re.search(r'<p class="muted last-turn">(.*?)</p>', page, flags=re.S).group(1)))


def test_mississippis_last_turn_is_told_in_the_readers_words_with_the_same_numbers(client, db, site):
    created = service.create_game(db, site, "mississippi", [{"name": n} for n in NAMES])
    play_randomly(db, site, created, 9, random.Random(26))
    told = {language: last_turn(client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": language})
                                .data.decode()) for language in ("en", *TRANSLATED)}
    assert "→" in told["en"] and re.search(r"\b(?:Blue|Red|Green)\b", told["en"]), told["en"]
    for language in TRANSLATED:
        assert re.findall(r"[+-]?\d+", told[language]) == re.findall(r"[+-]?\d+", told["en"]), told
        assert not re.search(r"\b(?:Blue|Red|Green|vs|logs?|east|skipped)\b", told[language]), (language, told[language])


def test_notes_and_the_history_name_moves_not_positions_or_events(client, db, site):
    """Issue 27 item 6: a note is about "move 2" (the history's number) and says that move's words, its
    receipt has no event number; the history steps through "move 2 of 4" (the note is an append of its own); in every language."""
    from pbem.between import talk

    created = service.create_game(db, site, "mississippi", [{"name": n} for n in NAMES])
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    talk.seal_note(db, site, created.id, created.tokens[0], "watch Bob", None)
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", service.load(db, created.id).seq)
    for language, move in (("en", "move"), ("de", "Zug"), ("fr", "coup")):
        page = client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": language}).data.decode()
        notes = unescape(re.search(r'<details class="notes".*?</details>', page, flags=re.S).group(0))
        assert re.search(rf">{move} 2</a> <span class=\"muted\">\([^)]*Ann[^)]*\b3\b", notes)  # as the history tells it, (language, notes)
        assert "watch Bob" in notes and not re.search(r"\b(?:position|Stellung|event|Ereignis|événement) \d", notes)
        history = client.get(f"/play/{created.tokens[0]}/history?at=4", headers={"Accept-Language": language})
        assert f"{move} 2 " in history.data.decode() and re.search(rf"{move} 2 \w+ 4", history.data.decode())  # the note is an append too
        steps = re.search(r'<nav class="steps".*?</nav>', history.data.decode(), flags=re.S).group(0)
        assert not re.search(r"\b(?:position|Stellung) \d", steps), steps


@pytest.mark.parametrize("name", ["mississippi", "rigadoon"])
def test_the_board_as_text_counts_seats_from_one(client, db, site, name):
    """Issue 27 item 6: the board as text (on the seat page and in text mode) said "seat 0" for the first
    player; seats are counted from 1 there, as everywhere a player reads them."""
    created = created_game(db, site, name)
    loaded = service.load(db, created.id)
    mover = min(loaded.to_move)
    for path in (f"/play/{created.tokens[mover]}", f"/play/{created.tokens[mover]}/text"):
        page = unescape(client.get(path).data.decode())
        text = re.search(r"<pre[^>]*>(.*?)</pre>", page, flags=re.S).group(1)
        assert not re.search(r"\bseat 0\b", text), text
        assert re.search(rf"\bseat {mover + 1}\b", text), text


def test_a_dragon_and_flagon_move_that_cannot_be_read_names_what_it_expected_in_the_readers_language(client, db, site):
    """The Dragon & Flagon reads a move token by token: its refusal names the token it could not read and
    what it expected there (notation as typed) in the reader's language, on the API and the seat page."""
    created = service.create_game(db, site, "dragon_flagon", [{"name": n} for n in NAMES[:2]])
    loaded = service.load(db, created.id)
    token, typed = created.tokens[min(loaded.to_move)], "zzz slash"
    said, shown = {}, {}
    for language in ("en", *TRANSLATED):
        headers = {"Accept-Language": language}
        answer = client.post(f"/api/games/{created.id}/moves", json={"move": typed, "seq": loaded.seq},
                             headers={"Authorization": f"Bearer {token}", **headers})
        assert answer.status_code == 422, answer.get_json()
        said[language] = answer.get_json()["error"]
        page = client.get(f"/play/{token}", headers=headers)
        shown[language] = error_on(client.post(f"/play/{token}", headers=headers, data={
            "csrf": csrf(page.data), "typed": typed, "confirmed": "1", "seq": str(loaded.seq)}).data.decode())
    assert said["en"] == "expected a character (e.g. monk or mo), not 'zzz'" and said["en"] in shown["en"]
    for language in TRANSLATED:
        error = said[language]
        assert error != said["en"] and "'zzz'" in error and "monk" in error and " mo)" in error, (language, error)
        assert "expected" not in error and error in shown[language], (language, shown[language])
