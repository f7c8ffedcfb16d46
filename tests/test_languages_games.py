"""The games' own words in the reader's language (issue 26 item 1): a game's moves are told as message ids
with values (Phrases) and read in each reader's language on every channel that shows them -- the
history page, the seat page's "since your last move", the text record, the feed and /me -- with the same
facts (names, numbers, squares, moves) in each; the games projection keeps ids and values, never a
sentence. All four games: Rigadoon, Mississippi, Buccaneer and Dragon & Flagon."""

from __future__ import annotations

import json
import random
import re
from html import unescape

import pytest
from babel.messages import pofile

from pbem import i18n, store, words
from pbem.games.base import Phrase
from pbem.people.mygames import my_seats
from pbem.play import service
from tests.support import play_randomly
from tests.test_languages import visible_text

TOLD = {"rigadoon": 2, "mississippi": 3, "buccaneer": 2, "dragon_flagon": 2}  # the games whose words are message ids, and their seats
READERS = {0: "de", 1: "fr"}  # the seats' own languages; a third seat and a spectator read English
ANN, BOB = "ann@example.org", "bob@example.org"


def english_runs(name: str, under: str | None = None) -> set[str]:
    """Each run of more than three words of a game's own English ids (between their values), or of the ids
    extracted from the files `under` a folder."""
    out, under = set(), under or f"pbem/games/{name}/"
    with i18n.CATALOGS.joinpath("messages.pot").open("rb") as source:
        for message in pofile.read_po(source):
            if not any(path.startswith(under) for path, _ in message.locations):
                continue
            for text in [message.id] if isinstance(message.id, str) else message.id:
                for piece in re.split(r"%\(\w+\)s", text):
                    run = " ".join(piece.split()).strip(" .,:;()?!")
                    if len(run.split()) > 3:
                        out.add(run)
    return out


def move_list(html: str) -> str:
    found = re.findall(r'<ol class="(?:move-list|recent)">(.*?)</ol>', html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", part)) for part in found)


def same_facts(text: str) -> dict:
    """What no language may change in a line: numbers, squares (A1), ships (B2, G4) and names."""
    return {"numbers": sorted(re.findall(r"\d+", text)), "names": sorted(re.findall(r"\b(?:Ann|Bob|Cy)\b", text))}


@pytest.fixture(params=sorted(TOLD))
def game(request, db, site, client):
    players = [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}, {"name": "Cy"}][:TOLD[request.param]]
    created = service.create_game(db, site, request.param, players)
    for seat, language in READERS.items():
        answer = client.put(f"/api/games/{created.id}/settings", json={"language": language},
                            headers={"Authorization": f"Bearer {created.tokens[seat]}"})
        assert answer.status_code == 200, answer.data
    loaded = play_randomly(db, site, created, 24, random.Random(26))
    return created, loaded


def test_each_seat_reads_the_history_in_its_own_language_with_the_same_facts(client, db, game):
    created, loaded = game
    told = words.tell(db, loaded, None, 0)
    assert sum(len(item.lines) for item in told) > 10 and all(
        isinstance(line, Phrase) for item in told for line in item.lines)  # nothing is told as text
    runs = english_runs(loaded.module.NAME)
    english = client.get(f"/games/{created.id}/history?at={loaded.seq}").data.decode()
    assert any(run in move_list(english) for run in runs)  # the rule finds English where it is English
    for seat, language in READERS.items():
        page = client.get(f"/play/{created.tokens[seat]}/history?at={loaded.seq}").data.decode()
        assert f'<html lang="{language}">' in page
        listed = " ".join(move_list(page).split())
        for item in words.tell(db, loaded, seat, 0):
            if item.first < loaded.seq - 40:
                continue  # the page shows the appends around the position
            for line, line_en in zip(item.read(language), item.read("en")):
                assert line in listed, (language, line)
                assert same_facts(line) == same_facts(line_en), (line, line_en)
        left = sorted(run for run in runs if run in listed)
        assert not left, f"{language} history still says in English: {left[:5]}"


def test_since_your_last_move_the_record_and_the_feed_are_in_the_readers_language(client, db, game):
    created, loaded = game
    shown = 0
    for seat, language in READERS.items():
        page = client.get(f"/play/{created.tokens[seat]}").data.decode()
        recent = " ".join(move_list(page).split())
        since = [item for item in words.tell(db, loaded, seat, loaded.last_acted.get(seat, 0)) if item.seat != seat]
        expected = words.lines_of(since, language)[-10:]
        assert all(line in recent for line in expected), (language, expected[:2], recent[:300])
        shown += len(expected)
        record = client.get(f"/play/{created.tokens[seat]}/record.txt").data.decode()
        every = words.lines_of(words.tell(db, loaded, seat, 0), language)
        assert all(line in record for line in every)
        assert words.lines_of(words.tell(db, loaded, seat, 0)) != every  # not the English
        english_record = client.get(f"/games/{created.id}/record.txt").data.decode()
        assert not any(line in english_record for line in every if line not in words.lines_of(
            words.tell(db, loaded, seat, 0)))
    assert shown  # the seat that did not move last is told what the other did, in its language
    feed = client.get(f"/games/{created.id}/feed.atom", headers={"Accept-Language": "fr"})
    assert feed.headers["Content-Language"] == "fr"
    text = unescape(feed.data.decode())
    latest = [item for item in words.tell(db, loaded, None, 0) if item.lines][-1]
    assert all(line in text for line in latest.read("fr"))


def test_the_projection_keeps_ids_and_values_and_me_reads_them_in_each_language(db, site, game):
    created, loaded = game
    rows = store.projections.seats_of_address(db, ANN, "0000")
    kept = json.loads(rows[0][10])
    assert kept and all(isinstance(item, dict) and set(item) <= {"id", "args", "plural", "count"} for item in kept)
    phrases = [Phrase.from_json(item) for item in kept]
    assert all(words.read(phrase, "en") == str(phrase) for phrase in phrases)
    read = {language: my_seats(db, site, ANN, service.utcnow(), language)[0].summary for language in i18n.LANGUAGES}
    assert read["en"] == " ".join(str(phrase) for phrase in phrases)[:300] or read["en"].endswith("…")
    assert read["de"] != read["en"] and read["fr"] != read["en"] and read["de"] != read["fr"]
    assert same_facts(read["de"]) == same_facts(read["en"]) == same_facts(read["fr"]) or any(
        text.endswith("…") for text in read.values())  # a shortened summary may cut a number off
    for language in i18n.LANGUAGES:  # a summary written before they were ids reads as it is
        assert words.summary_read("Ann sailed B1 north 1 square from E5 to E6.", language).startswith("Ann sailed")


def test_a_phrase_reads_the_same_after_the_json_the_projection_keeps(db, game):
    created, loaded = game
    for item in words.tell(db, loaded, None, 0):
        for line in item.lines:
            again = Phrase.from_json(json.loads(json.dumps(line.to_json())))
            assert again == line
            assert all(words.read(again, language) == words.read(line, language) for language in i18n.LANGUAGES)


def test_every_line_of_the_game_is_translated(db, game):
    """No line of a played game falls back to its English id in German or French."""
    created, loaded = game
    for language in ("de", "fr"):
        with i18n.catalog_path(language).open("rb") as source:
            catalog = pofile.read_po(source)
        for item in words.tell(db, loaded, None, 0):
            for line in item.lines:
                for phrase in parts(line):
                    if phrase.id.startswith("\x00"):
                        continue
                    message = catalog.get(phrase.id)
                    assert message is not None and not message.fuzzy, (language, phrase.id)
                    assert all(message.string) if phrase.plural else message.string, (language, phrase.id)


def parts(phrase: Phrase):
    yield phrase
    for value in phrase.args.values():
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Phrase):
                yield from parts(item)


def test_the_platforms_own_lines_are_read_in_each_language_too(client, db, site):
    """A message and a proposal (the platform's events, in any game): the German seat reads them in
    German with the player's own text as written, the French seat in French, a spectator in English
    without the text; the projection holds them as ids too."""
    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    for seat, language in READERS.items():
        client.put(f"/api/games/{created.id}/settings", json={"language": language},
                   headers={"Authorization": f"Bearer {created.tokens[seat]}"})
    auth = {"Authorization": f"Bearer {created.tokens[0]}"}
    assert client.post(f"/api/games/{created.id}/messages", json={"text": "Viel Glück, Bob"},
                       headers=auth).status_code == 201
    history = {seat: " ".join(unescape(re.sub(r"<[^>]+>", " ", client.get(
        f"/play/{created.tokens[seat]}/history").data.decode())).split()) for seat in READERS}
    assert "Ann schrieb: Viel Glück, Bob" in history[0]
    assert "Ann a écrit : Viel Glück, Bob" in history[1]
    spectator = " ".join(unescape(re.sub(r"<[^>]+>", " ", client.get(f"/games/{created.id}/history").data.decode())).split())
    assert "Ann wrote a message to the other players." in spectator and "Viel Glück" not in spectator
    assert "Ann und Bob begannen eine Partie Mississippi." in history[0]
    rows = store.projections.seats_of_address(db, ANN, "0000")
    kept = json.loads(rows[0][10])
    assert [item["id"] for item in kept] == ["%(who)s wrote a message to the other players."]
    assert my_seats(db, site, ANN, service.utcnow(), "fr")[0].summary == "Ann a écrit un message aux autres joueurs."


def test_a_summary_written_in_english_before_is_replaced_by_ids_on_rebuild(db, site, game):
    """A projection written by an older pbem holds English text: it reads as it is until `pbem rebuild`
    (service.rebuild) writes the last move again as ids and values."""
    created, loaded = game
    from pbem.play.projection import projection_row
    store.projections.write_projection_now(db, {**projection_row(loaded, loaded.last_at), "summary": "Ann sailed."})
    assert my_seats(db, site, ANN, service.utcnow(), "de")[0].summary == "Ann sailed."
    service.rebuild(db)
    kept = json.loads(store.projections.seats_of_address(db, ANN, "0000")[0][10])
    assert kept and all("id" in item for item in kept)
    assert my_seats(db, site, ANN, service.utcnow(), "de")[0].summary != "Ann sailed."


# --- notices: a webhook's line in its seat's language (issue 26 item 2; mail: test_languages_mail.py) ------


def test_each_seats_webhook_says_the_moves_in_its_own_language(mail_db, mail_site, webhook_sink):
    from pbem.notify import sender

    players = [{"name": n, "webhook": webhook_sink.url} for n in ("Ann", "Bob", "Cy")]
    created = service.create_game(mail_db, mail_site, "mississippi", players)
    for seat, language in {**READERS, 2: "en"}.items():
        service.change_settings(mail_db, mail_site, created.id, created.tokens[seat], True, False,
                                webhook_sink.url, language=language)
    play_randomly(mail_db, mail_site, created, 6, random.Random(5))
    webhook_sink.requests.clear()
    sender.deliver_due(mail_db, mail_site, service.utcnow())
    sender.deliver_due(mail_db, mail_site, service.utcnow())
    said = {}
    for _path, _headers, body in webhook_sink.requests:
        payload = json.loads(body)
        said.setdefault(payload["seat"], []).append(payload["content"])
    assert set(said) == {0, 1, 2}, said.keys()
    turn = {0: "Du bist am Zug", 1: "À vous de jouer", 2: "Your turn"}
    moved = {0: ("fuhr", "zahlte"), 1: ("a avancé", "en payant"), 2: ("went", "paying")}
    for seat, lines in said.items():
        text = " ".join(lines)
        assert turn[seat] in text or any(word in text for word in moved[seat]), (seat, text[:400])
        other = [words for s, words in moved.items() if s != seat]
        assert not any(word in text for words in other for word in words if len(word) > 4), (seat, text[:400])


def test_a_webhook_tells_the_same_facts_in_every_language(mail_db, mail_site, webhook_sink):
    """Each webhook notice of a game, composed in English, German and French (wording.worded): the same
    numbers, names and links; the text differs."""
    from pbem.notify import wording

    db = mail_db
    players = [{"name": n, "webhook": webhook_sink.url} for n in ("Ann", "Bob", "Cy")]
    created = service.create_game(db, mail_site, "mississippi", players)
    play_randomly(db, mail_site, created, 8, random.Random(9))
    rows = [row for row in store.outbox.of_game(db, created.id) if row["channel"] == "webhook"]
    assert len(rows) > 5
    for row in rows:
        read = {language: json.loads(wording.worded(db, dict(row), language)["payload"])["content"]
                for language in i18n.LANGUAGES}
        assert read["de"] != read["en"] and read["fr"] != read["en"], read
        for language in READERS.values():
            assert same_facts(read[language]) == same_facts(read["en"]), (read["en"], read[language])
            assert re.findall(r"https?://\S+", read[language]) == re.findall(r"https?://\S+", read["en"])
