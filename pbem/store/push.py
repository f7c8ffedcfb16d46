"""Web Push's rows (architecture section 21): the server's one VAPID key pair, and the devices subscribed,
each for one seat or for a signed-in address (all of its seats). pbem/notify/push.py decides what they
mean; the outbox's push rows name a subscription by its id (`enqueue` in outbox.py)."""

from __future__ import annotations

from .accounts import address_sha256
from .connection import immediate, rows_of

# the words of a notice no try is to come for are dropped (outbox.py's DROP_BODIES)
DROP_BODIES = "body_text = null, body_html = null, payload = null, args = null"


def keys(db) -> dict | None:
    """The VAPID key pair ({"private_key", "public_key"}), or None before the first start made one."""
    found = rows_of(db, "select private_key, public_key from push_keys where id = 1", [])
    return found[0] if found else None


def keep_keys(db, private_key: str, public_key: str, now: str) -> dict:
    """Keep this key pair unless another process kept one first; returns the pair kept."""
    with immediate(db):
        db.conn.execute("insert into push_keys (id, private_key, public_key, created) values (1, ?, ?, ?) "
                        "on conflict do nothing", [private_key, public_key, now])
    return keys(db)


def subscribe(db, subscription_id: str, endpoint: str, p256dh: str, auth: str, now: str,
              game_id: str | None = None, seat: int | None = None, address: str | None = None,
              generation: int | None = None) -> None:
    """A device subscribed for a seat (with the generation of the link it came with) or an address; the
    same endpoint subscribed again by the same owner replaces its keys (a browser renews them) rather than
    making a second row."""
    owner = address_sha256(address) if address else None
    with immediate(db):
        db.conn.execute("delete from push_subscriptions where endpoint = ? and coalesce(game_id, '') = ? and "
                        "coalesce(seat, -1) = ? and coalesce(address_sha256, '') = ?",
                        [endpoint, game_id or "", -1 if seat is None else seat, owner or ""])
        db.conn.execute("insert into push_subscriptions (id, endpoint, p256dh, auth, game_id, seat, generation, "
                        "address_sha256, created) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [subscription_id, endpoint, p256dh, auth, game_id, seat, generation, owner, now])


def subscription(db, subscription_id: str) -> dict | None:
    found = rows_of(db, "select * from push_subscriptions where id = ?", [subscription_id])
    return found[0] if found else None


def owner_sha256(db, subscription_id: str) -> str | None:
    """The SHA-256 of the address a device serves: the address it was subscribed for, or the address the
    seat it was subscribed for sends its notices to (None: a seat without one)."""
    found = rows_of(db, "select p.address_sha256, s.email from push_subscriptions p left join seats s on "
                        "s.game_id = p.game_id and s.seat = p.seat where p.id = ?", [subscription_id])
    if not found:
        return None
    if found[0]["address_sha256"]:
        return found[0]["address_sha256"]
    return address_sha256(found[0]["email"]) if found[0]["email"] else None


def unsubscribe(db, subscription_id: str) -> None:
    with immediate(db):
        db.conn.execute("delete from push_subscriptions where id = ?", [subscription_id])


def of_seats(db, game_id: str, seats: dict[int, dict]) -> dict[int, list[dict]]:
    """The devices a notice to each of these seats of the game goes to, by seat: those subscribed for the
    seat with its present link (`seats[seat]["generation"]`: a device subscribed by a link since replaced,
    or by the holder before a handover, gets nothing more), and those of the address the seat's notices go
    to (`seats[seat]["address"]`). One indexed read whatever the number of seats: this runs in every
    append that writes notices."""
    seats_of_address: dict[str, list[int]] = {}
    for seat, owner in seats.items():
        if owner.get("address"):
            seats_of_address.setdefault(address_sha256(owner["address"]), []).append(seat)
    marks = ", ".join("?" * len(seats_of_address))
    found: dict[int, list[dict]] = {}
    for row in rows_of(db, "select * from push_subscriptions where game_id = ? "
                           + (f"or (game_id is null and address_sha256 in ({marks})) " if seats_of_address else "")
                           + "order by id", [game_id, *seats_of_address]):
        if row["game_id"] is None:
            for seat in seats_of_address[row["address_sha256"]]:
                found.setdefault(seat, []).append(row)
        elif row["seat"] in seats and row["generation"] == seats[row["seat"]].get("generation", 0):
            found.setdefault(row["seat"], []).append(row)
    return found


def gone(db, subscription_id: str, notice_id: int, error: str, now: str) -> None:
    """A device its push service dropped: removed, this notice failed for good with `error`, the device's
    other notices still to go not sent."""
    with immediate(db):
        db.conn.execute("delete from push_subscriptions where id = ?", [subscription_id])
        db.conn.execute("update outbox set status = 'failed', tries = tries + 1, last_error = ?, claimed_until = null, "
                        f"{DROP_BODIES} where id = ?", [error, notice_id])
        db.conn.execute(f"update outbox set status = 'unsubscribed', sent_at = ?, claimed_until = null, {DROP_BODIES} "
                        "where channel = ? and status in ('pending', 'held') and id != ?",
                        [now, f"push:{subscription_id}", notice_id])


def opened(db, notice_id: int, now: str) -> bool:
    """A push's notification was opened (the service worker says so); whether it was a push notice."""
    with immediate(db):
        return db.conn.execute("update outbox set opened = coalesce(opened, ?) where id = ? and channel like 'push:%'",
                               [now, notice_id]).rowcount > 0


def unopened_streak(db, game_id: str, seat: int, before_id: int, count: int) -> bool:
    """Whether the seat's last `count` push notices before this one were all accepted and none opened."""
    rows = rows_of(db, "select status, opened from outbox where game_id = ? and seat = ? and channel like 'push:%' "
                       "and id < ? and status in ('sent', 'failed') order by id desc limit ?",
                   [game_id, seat, before_id, count])
    return len(rows) == count and all(row["status"] == "sent" and row["opened"] is None for row in rows)


def notices_of_seat(db, game_id: str, seat: int, limit: int = 10) -> list[dict]:
    """The seat's latest push notices, newest first: what the seat page shows of their delivery."""
    return rows_of(db, "select id, kind, channel, status, last_error, created, opened from outbox where game_id = ? "
                       "and seat = ? and channel like 'push:%' order by id desc limit ?", [game_id, seat, limit])
