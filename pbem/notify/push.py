"""Web Push out (architecture section 21, issue 30): one more channel of the outbox. A device subscribes
for a seat (its bearer token) or for a signed-in address (all its seats); every notice its seat gets
goes to it as a push, composed when delivered like mail and webhooks (pbem/notify/wording.py, redacted
for that seat), encrypted to the device (RFC 8291 `aes128gcm`) and signed with the server's VAPID key
(RFC 8292), both by pywebpush and py_vapid, kept libraries, not crypto of our own.

The VAPID key pair is made at the first start and kept in the database, so every node and every restart
signs with the same key (a browser's subscription is bound to it). `PBEM_VAPID_SUBJECT` (a mailto: or
https: URL) tells push services whom to ask about this server.

An endpoint must be https; it goes through the webhooks' address checks (no loopback or private
addresses, the delivery connects to the address checked: no rebinding), and `PBEM_ALLOW_PRIVATE_WEBHOOKS=1`
also lets it be plain http on loopback (tests, a push service on the same machine). A push service that
answers 404 or 410 has dropped the subscription: it is removed, and the seat's page says so
(`GONE`); other failures are retried as webhooks are.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import secrets
import time
from datetime import timedelta
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPusher

from .. import store
from ..play import clock, loading
from ..site import Site
from .webhook import WebhookRefused, pinned_post, resolve

DEADLINE = 15  # seconds for a whole POST to a push service
TTL = 24 * 60 * 60  # a push service keeps a notice this long for a device that is off
GONE = "PushGone"  # the error of a notice whose subscription the push service dropped (404, 410)


class PushRefused(ValueError):
    """An endpoint a push may not go to, or a subscription that is not one."""


class Gone(RuntimeError):
    """The push service answered 404 or 410: the subscription has expired or was dropped."""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def keys(db, now: str) -> dict:
    """The server's VAPID key pair, made and kept on the first call (the first start)."""
    found = store.push.keys(db)
    if found is not None:
        return found
    vapid = Vapid()
    vapid.generate_keys()
    private = b64url(vapid.private_key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption()))
    public = b64url(vapid.public_key.public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint))
    return store.push.keep_keys(db, private, public, now)


def public_key(db, now: str) -> str:
    """The uncompressed P-256 public key, base64url: what a browser's PushManager.subscribe takes."""
    pair = keys(db, now)
    return pair["public_key"]


def check_endpoint(endpoint: str, allow_private: bool = False) -> None:
    """Raises PushRefused unless pushes may go to this endpoint."""
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        raise PushRefused("endpoint: not a URL") from None
    loopback = False
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if parts.scheme != "https" and not (parts.scheme == "http" and allow_private and loopback):
        raise PushRefused("endpoint: a push service's address must be https")
    try:
        resolve(endpoint, allow_private)
    except WebhookRefused as error:
        raise PushRefused(f"endpoint: {error}") from None


def check_keys(p256dh: str, auth: str) -> None:
    """The subscription's keys are what RFC 8291 needs: a P-256 point and 16 bytes of secret."""
    try:
        point = base64.urlsafe_b64decode(p256dh + "=" * (-len(p256dh) % 4))
        secret = base64.urlsafe_b64decode(auth + "=" * (-len(auth) % 4))
    except ValueError:
        raise PushRefused("keys: not base64url") from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise PushRefused("keys: p256dh must be an uncompressed P-256 key and auth 16 bytes")


def subscribe(db, site: Site, subscription: dict, now: str, game_id: str | None = None, seat: int | None = None,
              address: str | None = None, generation: int | None = None) -> str:
    """Keep a browser's PushSubscription for a seat (the generation of the link it came with) or an
    address; returns its id."""
    endpoint, p256dh, auth = subscription["endpoint"], subscription["keys"]["p256dh"], subscription["keys"]["auth"]
    check_endpoint(endpoint, site.allow_private_webhooks)
    check_keys(p256dh, auth)
    subscription_id = secrets.token_urlsafe(12)
    store.push.subscribe(db, subscription_id, endpoint, p256dh, auth, now, game_id, seat, address, generation)
    return subscription_id


def payload(title: str, body: str, url: str, notice: str) -> str:
    """What the service worker gets (templates/app/sw.js): the notification's words, the seat link it opens,
    and the notice's id, which it reports when opened."""
    return json.dumps({"title": title, "body": body, "url": url, "notice": notice}, sort_keys=True)


def opened_key(site: Site, notice_id: int) -> str:
    """What the service worker reports when a push is opened: the notice and a MAC of it, so no one can
    mark another's notices opened."""
    mac = hmac.new(site.secret_key.encode(), f"push-opened:{notice_id}".encode(), hashlib.sha256).digest()[:12]
    return f"{notice_id}.{b64url(mac)}"


def opened_notice(site: Site, key: str) -> int | None:
    """The notice an opened key names, or None for a key this server did not make."""
    notice, _, _ = key.partition(".")
    if not (notice.isascii() and notice.isdigit()) or len(notice) > 18 or \
            not hmac.compare_digest(opened_key(site, int(notice)).encode(), key.encode("utf-8", "replace")):
        return None
    return int(notice)


def with_device(db, site: Site, row: dict, now: str) -> dict | None:
    """The row with what its delivery needs (the device's keys and the server's VAPID key), read in the
    pass's own thread; None, and the notice marked, if the device was unsubscribed since it was queued.
    A seat whose pushes seem not to reach it is mailed the notice too (`mail_too`)."""
    device = store.push.subscription(db, row["channel"].partition(":")[2])
    if device is None:
        store.outbox.mark_unsubscribed(db, row["id"], now)
        return None
    mail_too(db, site, row, now)
    pair = keys(db, now)
    return {**row, "device": device, "vapid_key": pair["private_key"]}


UNOPENED = 3  # a seat's last pushes accepted and none opened: push seems not to reach its player
DUE_WITHIN = timedelta(days=1)


def mail_too(db, site: Site, row: dict, now: str) -> bool:
    """When a seat's last UNOPENED pushes were accepted by their push services and none was opened, and the
    seat's move is due within a day, the notice also goes by mail (unless it goes by mail already), saying
    that push seems not to reach them (issue 30 item 3). Returns whether a mail was queued."""
    if row.get("args") is None or not store.push.unopened_streak(db, row["game_id"], row["seat"], row["id"], UNOPENED):
        return False
    loaded = loading.load(db, row["game_id"])
    address = loaded.settings[row["seat"]].get("email")
    moment = clock.parse_time(now)
    deadline = loaded.deadline(row["seat"], moment)
    if not address or deadline is None or deadline - moment > DUE_WITHIN:
        return False
    args = json.loads(row["args"])
    args["extra"] = {**(args.get("extra") or {}), "push_unreached": True}
    args.update(unsubscribe_url=site.unsubscribe_url(address), proof=site.mail_proof(address, loaded.id))
    return store.enqueue_now(db, [{
        "game_id": row["game_id"], "seq": row["seq"], "seat": row["seat"], "channel": "email", "kind": row["kind"],
        "recipient": address, "subject": None, "body_text": None, "body_html": None, "payload": None,
        "args": json.dumps(args, sort_keys=True), "status": "pending", "next_try": now, "created": row["created"]}]) > 0


def forget_device(db, row: dict, now: str) -> None:
    """The push service dropped the device: it is removed, the notice marked failed for good (the seat's
    page says so), and the device's other notices not sent."""
    store.push.gone(db, row["channel"].partition(":")[2], row["id"], GONE, now)


def deliver(site: Site, row: dict) -> None:
    """Send one push notice (`with_device` gave the row its device); raises Gone for 404 and 410, and any
    other failure to be retried."""
    words = json.loads(row["payload"])
    body = payload(words["title"], words["body"], words["url"], opened_key(site, row["id"]))
    status = send(site, {**row, "payload": body}, row["device"], row["vapid_key"])
    if status in (404, 410):
        raise Gone(f"the push service answered {status}")
    if status not in (200, 201, 202):
        raise RuntimeError(f"the push service answered {status}")


def send(site: Site, row: dict, subscription: dict, private_key: str) -> int:
    """Encrypt the row's payload to the device and POST it, VAPID-signed; returns the push service's
    status. Raises on refusal, network failure or a time-out (retried as webhooks are)."""
    endpoint = subscription["endpoint"]
    check_endpoint(endpoint, site.allow_private_webhooks)  # again at delivery: a name may resolve elsewhere now
    info = {"endpoint": endpoint, "keys": {"p256dh": subscription["p256dh"], "auth": subscription["auth"]}}
    body = WebPusher(info).encode(row["payload"].encode(), "aes128gcm")["body"]
    parts = urlsplit(endpoint)
    claims = {"sub": site.vapid_subject, "aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + 12 * 3600}
    headers = {**Vapid.from_string(private_key=private_key).sign(claims), "Content-Encoding": "aes128gcm",
               "Content-Type": "application/octet-stream", "TTL": str(TTL), "Urgency": "normal"}
    return pinned_post(endpoint, body, headers, site.allow_private_webhooks, DEADLINE, "the push service")
