"""Headers and cookies (issue 10, item 9): a seat page's URL is its key, so every page and API answer,
errors included, sends Referrer-Policy: no-referrer, Cache-Control: no-store and
X-Content-Type-Options: nosniff; the session cookie is SameSite=Lax, HttpOnly, and Secure over https."""

from pbem import create_app
from pbem.play import service
from tests.support import THREE

EXPECTED = {"Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def test_every_page_and_api_answer_sends_the_safe_headers(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    answers = [
        client.get("/"), client.get("/new/mississippi"), client.get("/links"), client.get("/rules/mississippi"),
        client.get(f"/play/{token}"), client.get(f"/play/{token}/history?at=1"), client.get(f"/play/{token}/settings"),
        client.get(f"/play/{token}/export.json"), client.get(f"/games/{created.id}"),
        client.get(f"/games/{created.id}/history"), client.get(f"/games/{created.id}/export.json"),
        client.get("/api/games/types"), client.get("/api/openapi.json"), client.get(f"/api/games/{created.id}"),
        client.get(f"/api/games/{created.id}/events", headers={"Authorization": f"Bearer {token}"}),
        client.post("/api/games", data="{", content_type="application/json"),  # 400
        client.get("/play/no-such-seat"), client.get("/api/no/such/thing"),  # 404s
        client.post(f"/play/{token}", data={"move": "forward 1"}),  # 400: no CSRF token
        client.get(site.unsubscribe_url("ann@example.org").removeprefix("http://pbem.test")),
        client.get("/started"), client.get("/no/such/page"),
    ]
    for answer in answers:
        for name, value in EXPECTED.items():
            assert answer.headers.get(name) == value, (answer.request.path, answer.status_code, name)
        if answer.mimetype == "text/html":
            assert "default-src 'none'" in answer.headers["Content-Security-Policy"], answer.request.path


def session_cookie(app):
    client = app.test_client()
    client.get("/new/mississippi")  # puts a CSRF token in the session
    return client.get_cookie("session")


def test_the_session_cookie_is_lax_httponly_and_secure_over_https(var_dir, database):
    config = {"VAR_DIR": str(var_dir), "DATABASE": database, "RATE_LIMITS": "off"}
    plain = session_cookie(create_app({**config, "BASE_URL": "http://pbem.test"}))
    assert plain.same_site == "Lax" and plain.http_only and not plain.secure
    secure = session_cookie(create_app({**config, "BASE_URL": "https://pbem.example.org"}))
    assert secure.same_site == "Lax" and secure.http_only and secure.secure
