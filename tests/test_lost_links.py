"""Lost seat links (pbem/notify/lost_links.py, the /links page): a player asks by e-mail address and each
of that address's seats in games still going on is mailed its link again, to that address only, at most
once an hour; the page answers alike whether or not the address plays here."""

import re

from pbem import store
from pbem.notify import asked, outbox, sender
from pbem.play import service
from pbem.site import Site

ANN = {"name": "Ann", "email": "Ann@Example.org"}


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def ask(client, address):
    """Ask on the page, then answer as the server's scheduler does right after the request."""
    form = client.get("/links").data.decode()
    answer = client.post("/links", data={"csrf": csrf(form), "address": address})
    asked.answer(store.connect(client.application.config["DATABASE"]), Site.from_config(client.application.config))
    return answer


def links_sent(db, game_id):
    return [r for r in outbox.for_game(db, game_id) if r["kind"].startswith("links:")]


def test_an_address_gets_the_link_of_each_of_its_seats_in_live_games_over_smtp(mail_app, mail_db, mail_site,
                                                                                smtp_sink):
    client = mail_app.test_client()
    one = service.create_game(mail_db, mail_site, "mississippi", [ANN, {"name": "Bob", "email": "bob@x.org"},
                                                                  {"name": "Cy"}])
    two = service.create_game(mail_db, mail_site, "rigadoon", [{"name": "Bob", "email": "bob@x.org"}, ANN])
    over = service.create_game(mail_db, mail_site, "rigadoon", [ANN, {"name": "Bob"}])
    service.resign(mail_db, mail_site, over.id, over.tokens[1])  # finished: its link is not sent
    with store.immediate(mail_db):  # Ann opened her two games from their mail: they may mail her past three
        for game in (one, two):
            store.prove_address(mail_db, "ann@example.org", game.id, service.utcnow())
    sender.deliver_due(mail_db, mail_site, service.utcnow())
    smtp_sink.wait_for(5)  # the invitations: Ann 3, Bob 2
    before = len(smtp_sink.messages)

    answer = ask(client, "ann@example.org")  # the address as stored differs in case
    assert answer.status_code == 200 and "is on its way" in answer.data.decode()
    sender.deliver_due(mail_db, mail_site, service.utcnow())
    new = smtp_sink.wait_for(before + 2)[before:]
    assert len(new) == 2 and {m["To"] for m in new} == {"Ann@Example.org"}
    links = sorted(re.search(r"http://pbem.test(/play/[^?\s]+)", m.get_body(("plain",)).get_content()).group(1)
                   for m in new)
    assert links == sorted([f"/play/{one.tokens[0]}", f"/play/{two.tokens[1]}"])
    for link in links:  # each opens Ann's seat
        assert "Ann" in client.get(link).data.decode().split("<h1>")[1].split("</h1>")[0]
    assert all(m["Subject"].endswith("your seat link, as asked, Ann") for m in new)


def test_asking_again_within_the_hour_sends_nothing_more(client, db, site):
    game = service.create_game(db, site, "mississippi", [ANN, {"name": "Bob"}, {"name": "Cy"}])
    ask(client, "ann@example.org")
    ask(client, "ann@example.org")
    assert len(links_sent(db, game.id)) == 1
    from pbem.notify.lost_links import send_seat_links
    assert send_seat_links(db, site, "ann@example.org", now="2099-01-01T10:00:00Z") == 1  # a later hour


def test_an_unknown_address_gets_the_same_answer_and_nothing_is_sent(client, db, site):
    game = service.create_game(db, site, "mississippi", [ANN, {"name": "Bob"}, {"name": "Cy"}])
    known = ask(client, "ann@example.org").data.decode().replace("ann@example.org", "X")
    unknown = ask(client, "nobody@example.org").data.decode().replace("nobody@example.org", "X")
    strip = lambda page: re.sub(r'name="csrf" value="[^"]+"', "", page)
    assert strip(known) == strip(unknown)
    assert len(links_sent(db, game.id)) == 1
    assert store.game_ids(db) == [game.id]


def test_a_non_address_is_refused_and_the_form_needs_its_token(client, db, site):
    assert ask(client, "not an address").status_code == 400
    assert client.post("/links", data={"address": "ann@example.org"}).status_code == 400


def test_the_home_page_and_an_unknown_seat_point_to_the_page(client):
    assert 'href="/links"' in client.get("/").data.decode()
    assert 'href="/links"' in client.get("/play/no-such-token").data.decode()
