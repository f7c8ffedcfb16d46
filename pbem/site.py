"""The server's own settings that the verbs need beyond the database: where seat links point, the key
that derives seat tokens and signs reply addresses, and how mail and webhooks leave.

Built from the Flask app's config, or from the environment for the CLI and the worker."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass
from pathlib import Path

from . import config as config_mod


@dataclass(frozen=True)
class Site:
    base_url: str
    secret_key: str
    var_dir: Path
    mail_from: str = "pbem@localhost"
    smtp_url: str | None = None
    allow_private_webhooks: bool = False
    inbound_secret: str | None = None
    computer_delay: float = config_mod.DEFAULT_COMPUTER_DELAY  # seconds before a computer seat moves
    vapid_subject: str = "mailto:pbem@localhost"  # whom push services may ask (pbem/notify/push.py)

    @classmethod
    def from_config(cls, config) -> "Site":
        return cls(
            base_url=config["BASE_URL"].rstrip("/"), secret_key=config["SECRET_KEY"],
            var_dir=Path(config["VAR_DIR"]), mail_from=config.get("MAIL_FROM") or "pbem@localhost",
            smtp_url=config.get("SMTP_URL"), allow_private_webhooks=bool(config.get("ALLOW_PRIVATE_WEBHOOKS")),
            inbound_secret=config.get("INBOUND_SECRET"),
            computer_delay=float(config.get("COMPUTER_DELAY", config_mod.DEFAULT_COMPUTER_DELAY)),
            vapid_subject=config.get("VAPID_SUBJECT") or
            f"mailto:{config.get('MAIL_FROM') or 'pbem@localhost'}",
        )

    @classmethod
    def from_environment(cls) -> "Site":
        settings = config_mod.from_environment()
        settings["SECRET_KEY"] = config_mod.secret_key(Path(settings["VAR_DIR"]))
        return cls.from_config(settings)

    def _mac(self, message: str) -> bytes:
        return hmac.new(self.secret_key.encode(), message.encode(), hashlib.sha256).digest()

    def seat_token(self, game_id: str, seat: int, generation: int = 0) -> str:
        """The secret in a seat's link: derived from the server key, so notices can carry the link while
        the database keeps only its SHA-256 (192 bits, url-safe). Replacing a seat's link (a leaked link,
        a seat handed on) moves it to the next generation; the old token then opens nothing."""
        message = f"seat:{game_id}:{seat}" if generation == 0 else f"seat:{game_id}:{seat}:{generation}"
        return base64.urlsafe_b64encode(self._mac(message)[:24]).decode()

    def seat_url(self, game_id: str, seat: int, generation: int = 0) -> str:
        return f"{self.base_url}/play/{self.seat_token(game_id, seat, generation)}"

    def invite_token(self, game_id: str) -> str:
        """The secret of a game's invitation link (open seats, issue 14): the game's id and a MAC of it
        (144 bits), so a link names its game and cannot be made up for another; nothing is stored."""
        return f"{game_id}-{base64.urlsafe_b64encode(self._mac(f'invite:{game_id}')[:18]).decode()}"

    def read_invite_token(self, token: str) -> str | None:
        """The game an invitation opens, or None for a link this server did not make."""
        game_id = token.partition("-")[0]
        if len(token) > 100 or not game_id or \
                not hmac.compare_digest(self.invite_token(game_id).encode(), token.encode("utf-8", "replace")):
            return None
        return game_id

    def invite_url(self, game_id: str) -> str:
        return f"{self.base_url}/join/{self.invite_token(game_id)}"

    def reopen_token(self, game_id: str, seat: int, generation: int) -> str:
        """The invitation to a reopened seat (issue 31): its game, seat and the seat's generation at the
        reopening, with a MAC of them; a later reopening of the same seat makes another."""
        named = f"{game_id}.{seat}.{generation}"
        return f"{named}-{base64.urlsafe_b64encode(self._mac(f'reopen:{named}')[:18]).decode()}"

    def read_reopen_token(self, token: str) -> tuple[str, int, int] | None:
        """(game, seat, generation) a reopened seat's invitation names, or None for a link this server did
        not make."""
        game_id, _, rest = token.partition("-")[0].partition(".")
        seat, _, generation = rest.partition(".")
        if len(token) > 120 or not game_id or not seat.isdigit() or not generation.isdigit() or \
                not hmac.compare_digest(self.reopen_token(game_id, int(seat), int(generation)).encode(),
                                        token.encode("utf-8", "replace")):
            return None
        return game_id, int(seat), int(generation)

    def reopen_url(self, game_id: str, seat: int, generation: int) -> str:
        return f"{self.base_url}/join/{self.reopen_token(game_id, seat, generation)}"

    def home_key(self, kind: str, address: str, generation: int) -> str:
        """A player's personal API token or calendar feed key (pbem/people/accounts.py): derived from the server
        key, the address and the generation (replacing one moves to the next), 192 bits, so /me can show
        it again while the database keeps only its SHA-256."""
        message = f"home:{kind}:{address.strip().lower()}:{generation}"
        return base64.urlsafe_b64encode(self._mac(message)[:24]).decode()

    def game_url(self, game_id: str) -> str:
        return f"{self.base_url}/games/{game_id}"

    def webhook_secret(self, game_id: str, seat: int) -> str:
        """The key a seat's webhook receiver checks X-Pbem-Signature with (shown on its seat page)."""
        return self._mac(f"webhook:{game_id}:{seat}").hex()[:40]

    def reply_tag(self, game_id: str, seat: int, seq: int) -> str:
        """The signed tag of a reply address: it names the seat and the seq the notice was about.
        Lower case only, as mail systems may fold the case of local parts."""
        signature = self._mac(f"reply:{game_id}:{seat}:{seq}").hex()[:24]
        return f"{game_id}.{seat}.{seq}.{signature}"

    def read_reply_tag(self, tag: str) -> tuple[str, int, int] | None:
        parts = tag.strip().lower().split(".")
        if len(parts) != 4 or not parts[1].isdigit() or not parts[2].isdigit():
            return None
        game_id, seat, seq = parts[0], int(parts[1]), int(parts[2])
        if not hmac.compare_digest(self.reply_tag(game_id, seat, seq), ".".join(parts)):
            return None
        return game_id, seat, seq

    def unsubscribe_token(self, address: str) -> str:
        """The key in an unsubscribe link: the address, signed, so following it needs no account and no
        one can make a link for an address they were not mailed at."""
        address = address.strip().lower()
        encoded = base64.urlsafe_b64encode(address.encode()).decode().rstrip("=")
        return f"{encoded}.{self._mac(f'unsubscribe:{address}').hex()[:32]}"

    def read_unsubscribe_token(self, token: str) -> str | None:
        encoded, _, signature = token.partition(".")
        try:
            address = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
        except (ValueError, UnicodeDecodeError):
            return None
        if not hmac.compare_digest(self.unsubscribe_token(address), f"{encoded}.{signature}"):
            return None
        return address

    def mail_proof(self, address: str, game_id: str) -> str:
        """The proof a mailed seat link carries (`?proof=`): the address and the game, signed. Only a mail
        of that game to that address holds it, so whoever brings it back reads that mailbox
        (pbem/web/proof.py)."""
        return self._mac(f"mail-proof:{game_id}:{address.strip().lower()}").hex()[:32]

    def unsubscribe_url(self, address: str) -> str:
        return f"{self.base_url}/unsubscribe/{self.unsubscribe_token(address)}"

    def reply_address(self, game_id: str, seat: int, seq: int) -> str:
        local, _, domain = self.mail_from.partition("@")
        return f"{local}+{self.reply_tag(game_id, seat, seq)}@{domain or 'localhost'}"


def env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")
