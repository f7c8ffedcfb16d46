"""Done-when of the correspondence issue: two players with different e-mail addresses play a whole game
by replying to notices alone, on a short clock where a reminder and a timeout happen, while a
Discord-style webhook shows each turn. Real SMTP server and webhook receiver on loopback; the clock is
advanced by passing `now`, as the scheduler would after real minutes."""

import json
import re
from datetime import timedelta
from email.message import EmailMessage

from pbem import store
from pbem.notify import inbound, sweep
from pbem.play import audit, clock, service

T0 = clock.parse_time("2026-11-21T09:00:00Z")


def moment(minutes: float) -> str:
    return clock.format_time(T0 + timedelta(minutes=minutes))


def latest_turn_mail(sink, address):
    mails = [m for m in sink.to(address) if "It is your turn" in m.get_body(("plain",)).get_content()]
    assert mails, f"no mail to {address} says it is their turn"
    return mails[-1]


def answer(mail, sender) -> tuple[bytes, str]:
    text = mail.get_body(("plain",)).get_content().replace("\r\n", "\n")  # as it came over SMTP
    found = re.search(r"Your legal moves[^\n]*:\n([^\n]+)", text)
    assert found, repr(text[-900:])
    legal = found.group(1).split(", ")
    move = legal[-1] if legal[-1].startswith("forward") else legal[0]
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = mail["Reply-To"]
    reply["Subject"] = "Re: " + mail["Subject"]
    reply["In-Reply-To"] = mail["Message-ID"]
    reply["Message-ID"] = f"<{abs(hash((text, move)))}@players.example.org>"
    quoted = "\n".join("> " + line for line in text.splitlines())
    reply.set_content(f"{move}\n\nOn {mail['Date']}, pbem wrote:\n{quoted}\n")
    return bytes(reply), move


def test_two_players_play_a_whole_game_by_mail_on_a_short_clock(mail_db, mail_site, smtp_sink, webhook_sink):
    db, site = mail_db, mail_site
    players = [{"name": "Ann", "email": "ann@example.org", "webhook": webhook_sink.url},
               {"name": "Bob", "email": "bob@example.net"}]
    options = {"time_per_move": "1h", "reminders": "30m", "on_timeout": "remind", "max_rounds": 3}
    created = service.create_game(db, site, "mississippi", players, options, now=moment(0))
    minutes = 0.0
    sweep.sweep(db, site, moment(minutes), owner="test")
    assert len(smtp_sink.wait_for(2)) == 2
    addresses = {0: "ann@example.org", 1: "bob@example.net"}
    turns = 0
    while not service.load(db, created.id).finished:
        (seat,) = service.load(db, created.id).to_move
        turns += 1
        if turns == 3:
            # Bob lets the clock run: a reminder after 30 minutes, the timeout after the hour.
            minutes += 31
            assert sweep.sweep(db, site, moment(minutes), owner="test")["reminders"] == 1
            assert "reminder" in smtp_sink.to(addresses[seat])[-1]["Subject"]
            minutes += 30
            assert sweep.sweep(db, site, moment(minutes), owner="test")["timeouts"] == 1
            last = smtp_sink.to(addresses[seat])[-1]
            assert "your time ran out" in last["Subject"]
        mail = latest_turn_mail(smtp_sink, addresses[seat])
        raw, move = answer(mail, addresses[seat])
        minutes += 5
        result = inbound.handle(db, site, raw, now=moment(minutes))
        assert result.status == "played", result.detail
        sweep.sweep(db, site, moment(minutes), owner="test")
        confirmation = smtp_sink.to(addresses[seat])[-1] if service.load(db, created.id).finished else \
            [m for m in smtp_sink.to(addresses[seat]) if "your e-mailed move" in m["Subject"]][-1]
        assert f"Your move {move} was played" in confirmation.get_body(("plain",)).get_content() or \
            "the game is over" in confirmation["Subject"]
        assert turns <= 6
    loaded = service.load(db, created.id)
    assert loaded.outcome.termination == "round_cap" and turns == 6
    assert [e.type for e in store.read_events(db, loaded.id)].count("turn_timed_out") == 1
    for address in addresses.values():
        assert any("the game is over" in m["Subject"] for m in smtp_sink.to(address)[-2:])
    assert audit.verify(db, created.id)["ok"]
    # The webhook showed each of Ann's turns, as a chat channel would display it.
    posts = webhook_sink.json_bodies()
    kinds = [p["event"] for p in posts]
    assert kinds[0] == "invitation" and kinds[-1] == "result"
    assert kinds.count("your_turn") == 2  # Ann's turns 3 and 5; turn 1 came with the invitation
    assert all(p["content"] and p["game"] == created.id and p["seat"] == 0 for p in posts)
    assert all(json.dumps(p).count("bob@example.net") == 0 for p in posts)
