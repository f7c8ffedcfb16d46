"""Every notice names the game's head at the event it is about (architecture section 19, issue 25): a
mail's X-Pbem-Head header and its footer in words, a webhook's "head", and a digest each game's; through
a real SMTP server and a real webhook receiver on loopback."""

from pbem import store
from pbem.notify import sender
from pbem.play import service
from tests.support import THREE

NOW = "2026-11-21T10:00:00Z"


def head_at(db, game_id, seq):
    return {"seq": seq, "hash": store.hash_at(db, game_id, seq)}


def test_a_mail_names_the_head_of_its_event_in_a_header_and_in_words(mail_db, mail_site, smtp_sink):
    created = service.create_game(mail_db, mail_site, "mississippi", THREE, now=NOW)
    invited = store.head(mail_db, created.id)
    played = service.submit_move(mail_db, mail_site, created.id, created.tokens[0], "forward 3", invited[0], now=NOW)
    bob_told = head_at(mail_db, created.id, played.seq)
    # the game moves on before anything is delivered: each mail still names the head it was written at
    service.submit_move(mail_db, mail_site, created.id, created.tokens[1], "forward 2", played.seq, now=NOW)
    assert store.head(mail_db, created.id)[0] > bob_told["seq"]
    sender.deliver_due(mail_db, mail_site, NOW)
    messages = smtp_sink.wait_for(3)
    # a long header is folded onto a second line (RFC 5322); the value is the API header's <seq>:<hash>
    heads = sorted((m["To"], m["Subject"].split(": ")[1].split(",")[0], m["X-Pbem-Head"].strip())
                   for m in messages)
    assert heads == [("ann@example.org", "you are invited to play", f"{invited[0]}:{invited[1]}"),
                     ("bob@example.org", "you are invited to play", f"{invited[0]}:{invited[1]}"),
                     ("bob@example.org", "your turn", f"{bob_told['seq']}:{bob_told['hash']}")]
    turn = next(m for m in messages if "your turn" in m["Subject"])
    text = " ".join(turn.get_body(("plain",)).get_content().split())
    assert (f"This notice was sent when the game stood at move {bob_told['seq']} "
            f"(head {bob_told['hash'][:16]})") in text
    assert "has lost moves since" in text
    assert bob_told["hash"][:16] in turn.get_body(("html",)).get_content()


def test_a_webhook_carries_the_head_of_its_event(mail_db, mail_site, webhook_sink):
    players = [{"name": "Ann", "webhook": webhook_sink.url}, {"name": "Bob", "webhook": webhook_sink.url}]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    seq = store.head(mail_db, created.id)[0]
    played = service.submit_move(mail_db, mail_site, created.id, created.tokens[0], "forward 3", seq, now=NOW)
    service.submit_move(mail_db, mail_site, created.id, created.tokens[1], "forward 2", played.seq, now=NOW)
    sender.deliver_due(mail_db, mail_site, NOW)
    payloads = webhook_sink.json_bodies()
    assert [p["event"] for p in payloads] == ["invitation", "invitation", "your_turn", "your_turn"]
    assert payloads[0]["head"] == payloads[1]["head"] == head_at(mail_db, created.id, seq)
    assert payloads[2]["seat"] == 1 and payloads[2]["head"] == head_at(mail_db, created.id, played.seq)
    assert payloads[3]["seat"] == 0 and payloads[3]["head"] == {"seq": store.head(mail_db, created.id)[0],
                                                               "hash": store.head(mail_db, created.id)[1]}


def test_a_digest_names_each_games_head(mail_db, mail_site, smtp_sink):
    games = []
    for _ in range(2):
        created = service.create_game(mail_db, mail_site, "mississippi", THREE, now=NOW)
        service.change_settings(mail_db, mail_site, created.id, created.tokens[1], email_on=True, digest=True,
                                webhook=None, now=NOW)
        games.append(created)
    sender.deliver_due(mail_db, mail_site, NOW)
    heads = []
    for created in games:
        seq = store.head(mail_db, created.id)[0]
        played = service.submit_move(mail_db, mail_site, created.id, created.tokens[0], "forward 3", seq, now=NOW)
        heads.append(head_at(mail_db, created.id, played.seq))
    assert sender.build_digests(mail_db, "2026-11-22T10:00:00Z") == 1
    before = len(smtp_sink.messages)
    sender.deliver_due(mail_db, mail_site, "2026-11-22T10:00:00Z")
    digest = next(m for m in smtp_sink.wait_for(before + 1)[before:] if "digest" in m["Subject"])
    text = " ".join(digest.get_body(("plain",)).get_content().split())
    for created, head in zip(games, heads):
        assert f"game {created.id} stood at move {head['seq']} (head {head['hash'][:16]})" in text
    assert digest["X-Pbem-Head"] is None  # several games: the body names each
