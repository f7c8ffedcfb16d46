"""Mail in its recipient's language (issue 26): every notice mail (subject, text and HTML bodies) is
written, when it is delivered, in its seat's language (the seat's setting, else its address's on /me, else
English), with the same facts as the English mail (numbers, names, moves, links), and its
Content-Language header names that language; the digest and the sign-in and confirmation mails are in
their address's language. Mail goes through a real SMTP server on loopback."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from html import unescape

import pytest

from pbem import i18n, store
from pbem.notify import compose, sender, sweep, wording
from pbem.people import accounts
from pbem.play import clock, service
from tests.support import play_randomly, proven
from tests.test_languages_games import english_runs

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
           {"name": "Cy", "email": "cy@example.org"}]
LANGUAGE_OF = {"ann@example.org": "de", "bob@example.org": "fr", "cy@example.org": "en"}
SUBJECT_WORDS = {"your_turn": {"de": "du bist am Zug", "fr": "à vous de jouer", "en": "your turn"},
                 "reminder": {"de": "Erinnerung", "fr": "rappel", "en": "reminder"},
                 "result": {"de": "die Partie ist beendet", "fr": "la partie est terminée", "en": "the game is over"}}


def facts(text: str) -> dict:
    """What no language may change in a mail: its numbers, the players' names, its links and the moves."""
    links = re.findall(r"https?://[^\s\"<>]+", text)
    bare = re.sub(r"https?://[^\s\"<>]+", " ", text)
    return {"numbers": sorted(re.findall(r"\d+", bare)), "names": sorted(re.findall(r"\b(?:Ann|Bob|Cy)\b", bare)),
            "links": sorted(links)}


def kind_of(message, rows_by_id: dict) -> str:
    notice = int(re.match(r"<notice-(\d+)\.", message["Message-ID"]).group(1))
    return rows_by_id[notice]["kind"].split(":")[0]


def test_each_seat_reads_its_turn_reminder_and_result_mails_in_its_language(mail_db, mail_site, smtp_sink):
    db = mail_db
    created = service.create_game(db, mail_site, "mississippi", PLAYERS, {"time_per_move": "1d"})
    proven(db, created.id, *LANGUAGE_OF)
    service.change_settings(db, mail_site, created.id, created.tokens[0], True, False, None, language="de")
    accounts.set_language(db, "bob@example.org", "fr", service.utcnow())  # Bob's address chose French on /me
    play_randomly(db, mail_site, created, 6, random.Random(5))
    later = clock.format_time(clock.parse_time(service.utcnow()) + timedelta(hours=23, minutes=30))
    assert sweep.clock_pass(db, mail_site, later)["reminders"] >= 1  # to the seat that owes a move
    loaded = service.load(db, created.id)
    for seat in set(range(3)) - set(loaded.to_move):  # and, written as the clock pass writes them, to the others
        store.enqueue_now(db, compose.reminder(mail_site, loaded, seat, "before3600:test", later))
    for seat in (0, 1, 2):
        if not service.load(db, created.id).finished:
            service.resign(db, mail_site, created.id, created.tokens[seat])
    assert service.load(db, created.id).finished

    rows = [dict(row) for row in store.outbox.of_game(db, created.id)
            if row["channel"] == "email" and row["status"] == "pending"]
    english = {row["id"]: wording.worded(db, row, "en") for row in rows}  # before delivery drops the arguments
    rows_by_id = {row["id"]: row for row in rows}
    sender.deliver_due(db, mail_site, later)
    messages = smtp_sink.wait_for(len(rows))
    assert len(messages) == len(rows)

    runs = english_runs("mail", under="templates/mail/")
    seen = set()
    for message in messages:
        language, kind = LANGUAGE_OF[message["To"]], kind_of(message, rows_by_id)
        seen.add((language, kind))
        notice = int(re.match(r"<notice-(\d+)\.", message["Message-ID"]).group(1))
        text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
        html = message.get_body(("html",)).get_content().replace("\r\n", "\n")
        assert message["Content-Language"] == language
        assert f'<html lang="{language}">' in html
        if kind in SUBJECT_WORDS:
            assert SUBJECT_WORDS[kind][language] in message["Subject"], message["Subject"]
        told_english = english[notice]
        assert facts(text) == facts(told_english["body_text"]), (text, told_english["body_text"])
        assert facts(unescape(html)) == facts(unescape(told_english["body_html"]))
        assert facts(message["Subject"]) == facts(told_english["subject"])
        if language != "en":
            assert text != told_english["body_text"]
            left = [run for run in runs if run in text or run in html]
            assert not left, (language, kind, left)
        else:
            assert text == told_english["body_text"] and message["Subject"] == told_english["subject"]
    for kind in SUBJECT_WORDS:
        assert {(language, kind) for language in ("de", "fr", "en")} <= seen, (kind, seen)


def test_a_digest_and_a_sign_in_link_are_in_the_addresses_language(mail_db, mail_site, smtp_sink):
    db = mail_db
    created = service.create_game(db, mail_site, "mississippi", PLAYERS)
    service.change_settings(db, mail_site, created.id, created.tokens[0], True, True, None)  # Ann: a daily digest
    accounts.set_language(db, "ann@example.org", "de", service.utcnow())
    play_randomly(db, mail_site, created, 4, random.Random(2))
    assert sender.build_digests(db, clock.format_time(clock.parse_time(service.utcnow()) + timedelta(days=2)),
                                mail_site) == 1
    assert accounts.request_signin(db, mail_site, "ann@example.org", service.utcnow())
    sender.deliver_due(db, mail_site, clock.format_time(clock.parse_time(service.utcnow()) + timedelta(days=2)))
    messages = [m for m in smtp_sink.wait_for(1) if m["To"] == "ann@example.org"]
    smtp_sink.wait_for(2)
    messages = [m for m in smtp_sink.messages if m["To"] == "ann@example.org"]
    digest = next(m for m in messages if "Sammelmail" in m["Subject"])
    signin = next(m for m in messages if "Anmelde-Link" in m["Subject"])
    for message in (digest, signin):
        assert message["Content-Language"] == "de"
    assert "Deine pbem-Sammelmail" in digest.get_body(("plain",)).get_content()
    assert "Angemeldet siehst du jede Partie" in signin.get_body(("plain",)).get_content()
    # Bob chose nothing: his mail stays English
    bob = [m for m in smtp_sink.messages if m["To"] == "bob@example.org"]
    assert bob and all(m["Content-Language"] == "en" for m in bob)


def test_a_seats_new_holder_reads_the_game_so_far_in_french(mail_db, mail_site, mail_app, smtp_sink):
    """The summary a seat's new holder gets (who began the game, how far it is, the latest moves) is told
    in the new holder's language, as the rest of the mail is."""
    db, site = mail_db, mail_site
    created = service.create_game(db, site, "mississippi", PLAYERS)
    proven(db, created.id, *LANGUAGE_OF)
    play_randomly(db, site, created, 6, random.Random(7))
    accounts.set_language(db, "dora@example.org", "fr", service.utcnow())  # Dora reads French on /me
    answer = mail_app.test_client().post(f"/api/games/{created.id}/handover",
                                         headers={"Authorization": f"Bearer {created.tokens[2]}"},
                                         json={"name": "Dora", "email": "dora@example.org"})
    assert answer.status_code == 201, answer.data
    sweep.sweep(db, site, owner="t")
    smtp_sink.wait_for(1)
    (to_dora,) = smtp_sink.to("dora@example.org")
    text = " ".join(to_dora.get_body(("plain",)).get_content().split())
    assert to_dora["Content-Language"] == "fr" and "une place vous a été transmise" in to_dora["Subject"]
    assert "Cy vous a transmis sa place" in text
    assert "Ann, Bob et Cy ont commencé cette partie de Mississippi" in text, text
    assert re.search(r"\d+ coups? jusqu’ici, dont \d+ pour cette place\.", text), text
    assert "Les derniers coups, tels que cette place les a vus :" in text
    assert "began this game" not in text and "so far" not in text


def test_an_e_mailed_move_is_answered_in_the_seats_language_and_kept_as_ids(db, site):
    """The answer to a move sent by mail, played or refused with the rule, is written in the seat's
    language when it is delivered; its row keeps the answer's id and values, no sentence."""
    from pbem.notify import inbound
    from tests.test_inbound import answers, reply

    created = service.create_game(db, site, "mississippi", PLAYERS[:2])
    service.change_settings(db, site, created.id, created.tokens[0], True, False, None, language="de")
    refused = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), "forward 99"))
    assert refused.status == "refused" and "rule 1" in refused.detail  # the caller's report stays English
    (row,) = [r for r in store.outbox.of_game(db, created.id) if r["kind"].startswith("reply")]
    assert "Your move %(move)s was not played: %(reason)s" in row["args"] and "Your move forward" not in row["args"]
    (answer,) = answers(db, created.id)
    assert "Dein Zug forward 99 wurde nicht gespielt: rule 1" in answer["body_text"], answer["body_text"]
    assert answer["subject"].endswith("dein per E-Mail gesandter Zug, Ann (nicht gespielt)")
    played = inbound.handle(db, site, reply(site.reply_address(created.id, 0, 2), "Forward 4"))
    assert played.status == "played"
    answer = answers(db, created.id)[-1]
    assert "Dein Zug Forward 4 wurde gespielt." in answer["body_text"] and "(gespielt)" in answer["subject"]


def test_an_api_refusal_is_worded_in_the_readers_language_with_the_same_code(client, db, site):
    """The JSON API's `error` reads in the request's Accept-Language where pbem has the reason translated,
    and its `code` (the reason as the server words it) is the same in every language."""
    created = service.create_game(db, site, "mississippi", PLAYERS[:2])
    loaded = service.load(db, created.id)
    waiting = 1 - sorted(loaded.to_move)[0]  # the seat that does not owe a move
    said_in = {}
    for language in ("en", "de", "fr"):
        answer = client.post(f"/api/games/{created.id}/moves", json={"move": "forward 2", "seq": loaded.seq},
                             headers={"Authorization": f"Bearer {created.tokens[waiting]}", "Accept-Language": language})
        said_in[language] = (answer.status_code, answer.get_json())
    code = "you have no move to make now: it is not your turn"
    assert said_in["en"] == (403, {"error": code, "code": code})
    for language in ("de", "fr"):
        status, body = said_in[language]
        assert status == 403 and body["code"] == code
        assert body["error"] == i18n.translate(language, code) != code
    assert said_in["de"][1]["error"].startswith("du hast gerade keinen Zug")
    unknown = client.get("/api/games/no-such-game", headers={"Accept-Language": "de"}).get_json()
    assert set(unknown) <= {"error", "code"}
