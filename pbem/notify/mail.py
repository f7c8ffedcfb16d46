"""E-mail out: build the MIME message of an outbox row and hand it to SMTP, or write it as an `.eml`
file under var/outbox/ when no SMTP server is configured (`PBEM_SMTP_URL` unset).

`PBEM_SMTP_URL` is `smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or
`smtps://...` (TLS from the start). A message has DEADLINE seconds in all to go, from the connection to
the server's last answer, however slowly the server drips its answers (pbem/notify/deadline.py).
"""

from __future__ import annotations

import json
import os
import smtplib
import socket
import ssl
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .. import i18n
from ..play import clock
from ..site import Site
from .deadline import Deadline

SMTP_TIMEOUT = 30  # seconds for each answer of the server
DEADLINE = 30  # seconds for a whole message: greeting, STARTTLS, login, envelope and data


class _SMTP(smtplib.SMTP):
    """SMTP whose connection the deadline watches from the greeting on, STARTTLS's handshake included."""

    def __init__(self, deadline: Deadline, *args, **kwargs):
        self.deadline = deadline  # before the constructor connects
        super().__init__(*args, **kwargs)

    def _get_socket(self, host, port, timeout):
        return self.deadline.watch(socket.create_connection((host, port), self.deadline.connect_timeout(timeout),
                                                            self.source_address))


class _SMTPS(smtplib.SMTP_SSL):
    """SMTP over TLS from the start, its handshake and answers within the deadline."""

    def __init__(self, deadline: Deadline, *args, **kwargs):
        self.deadline = deadline
        super().__init__(*args, **kwargs)

    def _get_socket(self, host, port, timeout):
        sock = self.deadline.watch(socket.create_connection((host, port), self.deadline.connect_timeout(timeout),
                                                            self.source_address))
        return self.context.wrap_socket(sock, server_hostname=self._host)


def build(site: Site, row: dict) -> EmailMessage:
    message = EmailMessage()
    message["From"] = site.mail_from
    message["To"] = row["recipient"]
    message["Subject"] = unbroken(message, "Subject", row["subject"])
    message["Date"] = format_datetime(clock.parse_time(row["created"]))
    domain = site.mail_from.partition("@")[2] or "localhost"
    # A fixed id per notice: a receiver can drop a copy re-sent after a crash mid-delivery.
    message["Message-ID"] = f"<notice-{row['id']}.{row['game_id'] or 'home'}@{domain}>" if row.get("id") else make_msgid()
    # RFC 2369 and RFC 8058: a mail program's "unsubscribe" button POSTs to this signed link, which puts
    # the address on the block list (pbem/notify/unsubscribe.py); no account, no cookie needed.
    message["List-Unsubscribe"] = f"<{site.unsubscribe_url(row['recipient'])}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    # Sign-in and address confirmation mails (pbem/people/accounts.py) go to addresses not yet proven: a reply
    # to them must play nothing, so they carry no signed reply address.
    if not row["kind"].startswith(("digest", "signin:", "confirm:")):
        message["Reply-To"] = site.reply_address(row["game_id"], row["seat"], row["seq"])
        message["X-Pbem-Game"] = row["game_id"]
    head = head_of(row)
    if head is not None:  # the game as this notice tells it: a later look at an earlier move shows a loss
        message["X-Pbem-Head"] = f"{head['seq']}:{head['hash']}"  # as the API's header spells it
    message.set_content(row["body_text"])
    if row.get("body_html"):
        message.add_alternative(row["body_html"], subtype="html")
    # after the body (setting it clears the Content- headers): the language the mail was written in, its
    # recipient's (pbem/notify/wording.py, pbem/accounts.py), as the row's payload names it
    message["Content-Language"] = language_of(row)
    return message


def language_of(row: dict) -> str:
    """The language a mail's row was written in (its payload says; a row written before says nothing, and
    was written in English)."""
    try:
        found = json.loads(row.get("payload") or "null")
    except ValueError:
        found = None
    language = found.get("language") if isinstance(found, dict) else None
    return i18n.known(language) or i18n.DEFAULT


def head_of(row: dict) -> dict | None:
    """The head a notice's row names (pbem/notify/compose.py writes it into a mail's payload); None for
    mail of no one game (a digest, a sign-in link)."""
    try:
        found = json.loads(row.get("payload") or "null")
    except ValueError:
        return None
    head = found.get("head") if isinstance(found, dict) else None
    return head if isinstance(head, dict) and {"seq", "hash"} <= head.keys() else None


def unbroken(message: EmailMessage, name: str, value: str):
    """A header holding players' words (a seat's name in the subject), as one header. Python's e-mail
    package refuses a value that str.splitlines() would split, and that includes U+2028, U+2029 and U+0085,
    which a name may hold: every mail to such a seat failed. Built as a header object, such characters go
    out as an RFC 2047 encoded word and come back intact. A real CR or LF is still refused: it would start
    a header of its own."""
    if "\r" in value or "\n" in value:
        raise ValueError(f"the {name} header may not hold a line break")
    return message.policy.header_factory(name, value)


def send(site: Site, message: EmailMessage, outbox_dir: Path | None = None, deadline: float | None = None) -> str:
    """Deliver one message; returns where it went. Raises on failure (the sender retries), TimeoutError when
    the server has not taken it within `deadline` seconds (DEADLINE unless given)."""
    if not site.smtp_url:
        directory = outbox_dir or site.var_dir / "outbox"
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        name = message["Message-ID"].strip("<>").replace("/", "_") + ".eml"
        path = directory / name
        temporary = path.with_suffix(".tmp")
        # 0600: a message carries its seat's link, the key to the seat, so only the server's user reads it
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(descriptor, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(bytes(message))
        temporary.replace(path)  # atomic: a reader never sees half a message
        return str(path)
    url = urlsplit(site.smtp_url)
    if url.scheme not in ("smtp", "smtps"):
        raise ValueError(f"PBEM_SMTP_URL must start with smtp:// or smtps://, not {url.scheme}://")
    host = url.hostname or "localhost"
    with Deadline(DEADLINE if deadline is None else deadline) as limit:
        if url.scheme == "smtps":
            server = _SMTPS(limit, host, url.port or 465, timeout=SMTP_TIMEOUT, context=ssl.create_default_context())
        else:
            server = _SMTP(limit, host, url.port or 25, timeout=SMTP_TIMEOUT)
        with server:
            server.ehlo()
            if url.scheme == "smtp" and server.has_extn("starttls"):
                server.starttls(context=ssl.create_default_context())
                server.ehlo()
            if url.username:
                server.login(unquote(url.username), unquote(url.password or ""))
            server.send_message(message)
    return f"{url.scheme}://{host}"
