"""Configuration from environment variables with embedded defaults (architecture section 9), so that
`pbem serve` runs on a fresh machine with nothing else: SQLite under var/, mail as files under var/.

var/ is in the working folder by default (PBEM_VAR elsewhere). templates/ and schemas/ sit at the top
of the repository; a wheel maps them into the package (pyproject.toml: pbem.templates, pbem.schemas),
so they are found inside the package when installed, and beside it in a checkout."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from . import private

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent


def _shipped(name: str) -> Path:
    """A folder the server reads: inside the installed package (a wheel), else at the top of the checkout."""
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else PROJECT_ROOT / name


TEMPLATES_DIR = _shipped("templates")
SCHEMAS_DIR = _shipped("schemas")
TRANSLATIONS_DIR = PACKAGE_DIR / "translations"  # the pages' words in each language (pbem/i18n.py)

class ConfigurationError(ValueError):
    """A setting in the environment that cannot be used; the command line says which and exits."""


MAX_BODY_BYTES = 64 * 1024  # no move, form or game creation needs more; e-mails get their own limit


def secret_key(var_dir: Path) -> str:
    """PBEM_SECRET_KEY, or a key generated into var/secret_key on first start and kept there."""
    if os.environ.get("PBEM_SECRET_KEY"):
        return os.environ["PBEM_SECRET_KEY"]
    path = var_dir / "secret_key"
    if not path.exists():
        private.folder(var_dir)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip()


def from_environment() -> dict:
    var_dir = Path(os.environ.get("PBEM_VAR") or Path.cwd() / "var").absolute()
    return {
        "VAR_DIR": str(var_dir),
        "DATABASE": os.environ.get("PBEM_DB", str(var_dir / "pbem.sqlite")),
        "BASE_URL": os.environ.get("PBEM_BASE_URL", "http://localhost:5000").rstrip("/"),
        "SMTP_URL": os.environ.get("PBEM_SMTP_URL") or None,
        "MAIL_FROM": os.environ.get("PBEM_MAIL_FROM", "pbem@localhost"),
        "ALLOW_PRIVATE_WEBHOOKS": os.environ.get("PBEM_ALLOW_PRIVATE_WEBHOOKS", "") in ("1", "true", "yes"),
        "INBOUND_SECRET": os.environ.get("PBEM_INBOUND_SECRET") or None,
        "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
        # rate limits per client address (pbem/web/ratelimit.py): on unless "off"; the proxies whose
        # X-Forwarded-For names the client (pbem/web/limits.py)
        "RATE_LIMITS": os.environ.get("PBEM_RATE_LIMITS", "on"),
        "TRUSTED_PROXIES": os.environ.get("PBEM_TRUSTED_PROXIES", ""),
        # seconds a computer seat waits after the append that makes it owe a move (pbem/people/computer.py)
        "COMPUTER_DELAY": computer_delay(os.environ.get("PBEM_COMPUTER_DELAY")),
        # days of vacation for all of an address's games in any 365 (pbem/people/away.py; issue 28)
        "ADDRESS_VACATION_DAYS": address_vacation_days(os.environ.get("PBEM_ADDRESS_VACATION_DAYS")),
        # whom push services may ask about this server's pushes (RFC 8292's "sub"; pbem/notify/push.py)
        "VAPID_SUBJECT": vapid_subject(os.environ.get("PBEM_VAPID_SUBJECT"),
                                       os.environ.get("PBEM_MAIL_FROM", "pbem@localhost")),
    }


DEFAULT_ADDRESS_VACATION_DAYS = 30


def address_vacation_days(text: str | None) -> int:
    """PBEM_ADDRESS_VACATION_DAYS: whole days from 0 to 365 (default 30)."""
    if text is None or not text.strip():
        return DEFAULT_ADDRESS_VACATION_DAYS
    if not text.strip().isdigit() or int(text) > 365:
        raise ConfigurationError(f"PBEM_ADDRESS_VACATION_DAYS: {text[:40]!r} is not a number of days from 0 to 365")
    return int(text)


def vapid_subject(text: str | None, mail_from: str) -> str:
    """PBEM_VAPID_SUBJECT: a mailto: or https: URL; the sender's address as a mailto: when unset."""
    if not text:
        return f"mailto:{mail_from}"
    if not text.startswith(("mailto:", "https://")):
        raise ConfigurationError(f"PBEM_VAPID_SUBJECT: {text[:60]!r} is not a mailto: or https: URL")
    return text


DEFAULT_COMPUTER_DELAY = 3.0


def computer_delay(text: str | None) -> float:
    """PBEM_COMPUTER_DELAY: seconds from 0 to 3600 (default 3)."""
    if text is None or not text.strip():
        return DEFAULT_COMPUTER_DELAY
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise ConfigurationError(f"PBEM_COMPUTER_DELAY: {text[:40]!r} is not a number of seconds from 0 to 3600")
    return value
