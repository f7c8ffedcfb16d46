"""Headers every answer carries, pages and API alike (issue 10, item 9).

A seat page's URL is the seat's key, so no answer may leak it onward or leave it in a shared cache:
`Referrer-Policy: no-referrer` (a link followed from a seat page does not tell the next site where it
came from), `Cache-Control: no-store` (no proxy or browser cache keeps a seat's page or a token-bearing
API answer), and `X-Content-Type-Options: nosniff` (an answer is only ever read as the type it says).
The session cookie (CSRF tokens, the one-time view of new seat links) is `SameSite=Lax`, `HttpOnly`,
and `Secure` when the server's base URL is https. Every HTML answer carries the pages' Content-Security-Policy
(pbem/web/pages.py), not only those of the pages' own blueprint."""

from __future__ import annotations

from flask import Flask
from flask.sessions import SecureCookieSessionInterface

ALWAYS = {
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
}


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, except that a request without the cookie (every API call, every
    first visit) gets its empty session at once: Flask's own builds a signing serializer first, at every
    request, which cost the API about a twentieth of a move's time (bench_flat)."""

    def open_session(self, app, request):
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def install(app: Flask) -> None:
    app.session_interface = CookieSessions()
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SECURE"] = str(app.config.get("BASE_URL", "")).lower().startswith("https://")

    from .pages import CONTENT_SECURITY_POLICY

    @app.after_request
    def safe_headers(response):
        for name, value in ALWAYS.items():
            response.headers[name] = value
        if response.mimetype == "text/html":  # every page, error pages and other blueprints' included
            response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
