"""Private data where it does not belong (issue 10, item 7): seat links and bodies do not stay in the
outbox once a notice is delivered (or failed for good, or gathered into a digest); mail written to files
is readable by the server's user only; the failed-delivery box is covered in tests/test_notices.py."""

import stat

from pbem.notify import outbox, sender, sweep
from pbem.play import service
from tests.support import THREE

NOW = "2026-11-21T10:00:00Z"


def outbox_text(db) -> str:
    return "\n".join(str(row) for row in db.query("select * from outbox"))


def test_no_seat_link_stays_in_the_outbox_after_delivery(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    pending = outbox_text(db)
    assert created.tokens[0] in pending  # a notice waiting to go out keeps what it needs
    sender.deliver_due(db, site, NOW)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 1", service.load(db, created.id).seq,
                        now=NOW)
    sweep.sweep(db, site, NOW, owner="test")
    rows = list(db.query("select * from outbox"))
    assert rows and all(row["status"] == "sent" for row in rows)
    assert all(row["body_text"] is None and row["body_html"] is None and row["payload"] is None for row in rows)
    text = outbox_text(db)
    assert not any(token in text for token in created.tokens)


def test_digested_and_failed_notices_drop_their_bodies_too(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    service.change_settings(db, site, created.id, created.tokens[1], email_on=True, digest=True, webhook=None, now=NOW)
    sender.deliver_due(db, site, NOW)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", service.load(db, created.id).seq,
                        now=NOW)
    assert sender.build_digests(db, "2026-11-22T10:00:00Z", site) == 1
    digested = [r for r in outbox.for_game(db, created.id) if r["status"] == "digested"]
    assert digested and all(r["body_text"] is None for r in digested)
    # a notice that can never be delivered (its address refused at every try) keeps nothing either
    db.execute("update outbox set status = 'pending', tries = ?, next_try = ? where kind like 'digest%'",
               [outbox.MAX_TRIES - 1, NOW])
    failing = site.__class__(**{**site.__dict__, "smtp_url": "smtp://127.0.0.1:9"})  # nothing listens there
    assert sender.deliver_due(db, failing, "2026-11-22T10:00:00Z")["failed"] == 1
    failed = [r for r in outbox.for_game(db, created.id) if r["status"] == "failed"]
    assert failed and failed[0]["body_text"] is None and failed[0]["last_error"]


def test_mail_files_are_readable_by_the_server_s_user_only(db, site, var_dir):
    service.create_game(db, site, "mississippi", THREE, now=NOW)
    sender.deliver_due(db, site, NOW)
    files = list((var_dir / "outbox").glob("*.eml"))
    assert len(files) == 2
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((var_dir / "outbox").stat().st_mode) & 0o077 == 0
