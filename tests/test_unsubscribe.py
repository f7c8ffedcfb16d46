"""The global block list (issue 10, item 2): an address that follows a notice's unsubscribe link (the
List-Unsubscribe header, RFC 8058's one-click POST, or the link at the foot of each mail) is never mailed
again by this server, whoever names it; the link is signed, needs no account, and a GET changes nothing."""

import email
import email.policy
import re

from pbem.notify import asked, lost_links, outbox, sender, unsubscribe
from pbem.play import service

NOW = "2026-11-21T10:00:00Z"
ANN = {"name": "Ann", "email": "Ann@Example.org"}
BOB = {"name": "Bob", "email": "bob@example.org"}


def mails(var_dir):
    return [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted((var_dir / "outbox").glob("*.eml"))]


def to(messages, address):
    return [m for m in messages if m["To"].lower() == address.lower()]


def test_every_mail_carries_a_signed_one_click_unsubscribe_link(db, site, var_dir):
    service.create_game(db, site, "mississippi", [ANN, BOB], now=NOW)
    sender.deliver_due(db, site, NOW)
    for message in mails(var_dir):
        link = site.unsubscribe_url(message["To"])
        assert message["List-Unsubscribe"] == f"<{link}>"
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert link in message.get_body(("plain",)).get_content()
        assert link in message.get_body(("html",)).get_content()
    assert site.unsubscribe_url("ann@example.org") == site.unsubscribe_url(" ANN@example.org")


def test_a_one_click_post_blocks_the_address_for_every_later_mail_whoever_names_it(client, db, site, var_dir):
    service.create_game(db, site, "mississippi", [ANN, BOB], now=NOW)
    sender.deliver_due(db, site, NOW)
    link = to(mails(var_dir), "ann@example.org")[0]["List-Unsubscribe"].strip("<>")
    path = link.removeprefix("http://pbem.test")
    # what a mail program sends (RFC 8058): a POST with this body, no cookie, no CSRF token
    answer = client.post(path, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200 and "never send mail to" in answer.get_data(as_text=True)
    assert unsubscribe.is_blocked(db, "ann@EXAMPLE.org")
    before = len(mails(var_dir))
    # someone else starts a game naming Ann's address; Ann asks for her links: nothing reaches her
    later = service.create_game(db, site, "rigadoon", [BOB, {"name": "Ann", "email": "ann@example.org"}], now=NOW)
    lost_links.send_seat_links(db, site, "ann@example.org", now=NOW)
    counts = sender.deliver_due(db, site, NOW)
    assert counts["sent"] == 1 and counts["unsubscribed"] >= 2  # Bob's invitation only
    new = mails(var_dir)[before:]
    assert [m["To"] for m in new] == ["bob@example.org"]
    stopped = [r for r in outbox.for_game(db, later.id) if r["seat"] == 1]
    # (her fourth mail was not even queued: an address that never followed a link gets three, pbem/store/)
    assert stopped and all(r["status"] in ("unsubscribed", "unproven") and r["body_text"] is None for r in stopped)


def test_following_the_link_shows_a_button_and_changes_nothing(client, db, site):
    path = site.unsubscribe_url("ann@example.org").removeprefix("http://pbem.test")
    page = client.get(path).get_data(as_text=True)
    assert "Never mail this address again" in page and "a…@example.org" in page
    assert "ann@example.org" not in page  # the page does not spell the address out
    assert not unsubscribe.is_blocked(db, "ann@example.org")
    form_action = re.search(r'<form method="post" action="([^"]+)"', page).group(1)
    assert client.post(form_action).status_code == 200
    assert unsubscribe.is_blocked(db, "ann@example.org")
    assert "never send mail to" in client.get(path).get_data(as_text=True)  # says it is done


def test_a_forged_or_altered_link_blocks_nothing(client, db, site):
    token = site.unsubscribe_token("ann@example.org")
    encoded, _, signature = token.partition(".")
    other = site.unsubscribe_token("bob@example.org").partition(".")[0]
    for bad in (f"{other}.{signature}", f"{encoded}.{'0' * len(signature)}", "garbage", "%ff%fe.00", "x" * 5000):
        assert client.post(f"/unsubscribe/{bad}").status_code == 404
        assert client.get(f"/unsubscribe/{bad}").status_code == 404
    assert not unsubscribe.is_blocked(db, "ann@example.org") and not unsubscribe.is_blocked(db, "bob@example.org")


def test_the_block_list_keeps_only_hashes(db, site, client):
    client.post(site.unsubscribe_url("ann@example.org").removeprefix("http://pbem.test"))
    rows = list(db.query("select * from unsubscribed"))
    assert len(rows) == 1 and "example" not in str(rows)


def test_the_same_link_gives_the_address_its_mail_again_sign_in_links_included(client, db, site, var_dir):
    """A person who stopped all mail and later wants to sign in (sign-in links are mail) undoes it with
    the link of any mail they were sent: a button on the page it opens, a POST of its own."""
    service.create_game(db, site, "mississippi", [ANN, BOB], now=NOW)
    path = site.unsubscribe_url("ann@example.org").removeprefix("http://pbem.test")
    page = client.post(path).get_data(as_text=True)
    assert unsubscribe.is_blocked(db, "ann@example.org")
    assert f'action="{path}/again"' in page and "Mail this address again" in page
    assert client.get(path + "/again").status_code == 405  # a link followed by a scanner changes nothing
    assert unsubscribe.is_blocked(db, "ann@example.org")
    again = client.post(path + "/again")
    assert again.status_code == 200 and "gets this server's mail again" in again.get_data(as_text=True)
    assert not unsubscribe.is_blocked(db, "ANN@example.org")
    sender.deliver_due(db, site, NOW)
    before = len(mails(var_dir))
    answer = client.post("/signin", data={"address": "ann@example.org", "csrf": csrf(client, "/signin")})
    assert answer.status_code == 200 and "is on its way" in answer.get_data(as_text=True)
    asked.answer(db, site)  # as the server's scheduler does right after the request
    sender.deliver_due(db, site, service.utcnow())  # the sign-in link is queued at the real time
    assert [m["To"].lower() for m in mails(var_dir)[before:]] == ["ann@example.org"]
    assert "sign" in mails(var_dir)[-1]["Subject"].lower()


def test_an_altered_link_gives_no_mail_back(client, db, site):
    unsubscribe.block(db, "ann@example.org", NOW)
    path = site.unsubscribe_url("ann@example.org").removeprefix("http://pbem.test")
    assert client.post(path[:-2] + ("AA" if not path.endswith("AA") else "BB") + "/again").status_code == 404
    assert unsubscribe.is_blocked(db, "ann@example.org")


def csrf(client, path: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)
