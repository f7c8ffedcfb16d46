"""Every bad input gets a 4xx with a reason, never a 500 (issue 10, item 4, the platform's part).

Schemathesis generates requests from the OpenAPI document the server serves (through the WSGI app),
valid and invalid, for every operation, against a real game with a real seat token half of the time;
no answer may be a server error, every status and content type must be documented for its operation,
and every error answer must be our JSON error with a reason. Beside it,
the hand-made cases the audit found: 4,300-digit numbers, lone surrogates, overflowing clock values,
deep nesting, huge query parameters."""

import json
import re
import tempfile
from pathlib import Path
from urllib.parse import quote

import hypothesis
import pytest
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from pbem import create_app
from pbem.play import service
from pbem.site import Site

EXAMPLES_PER_OPERATION = 300


def make_app():
    var = Path(tempfile.mkdtemp(prefix="pbem-fuzz-"))
    return create_app({"VAR_DIR": str(var), "DATABASE": str(var / "pbem.sqlite"), "BASE_URL": "http://pbem.test",
                       "RATE_LIMITS": "off", "INBOUND_SECRET": "inbound-secret", "PROPAGATE_EXCEPTIONS": False})


@schemathesis.serializer("message/rfc822")
def raw_mail(ctx, value):
    """The inbound endpoint takes a raw message: whatever was generated, as bytes."""
    if isinstance(value, bytes):
        return value
    return (value if isinstance(value, str) else json.dumps(value)).encode("utf-8", "surrogatepass")


FUZZ_APP = make_app()
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", FUZZ_APP)  # the document as served


@pytest.fixture(scope="module")
def real_game():
    from pbem import store

    db = store.connect(FUZZ_APP.config["DATABASE"])
    site = Site.from_config(FUZZ_APP.config)
    return service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}], {"time_per_move": "1d"})


_counter = iter(range(10 ** 9))


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, database=None,
                     suppress_health_check=list(hypothesis.HealthCheck))
def test_no_generated_request_gets_a_server_error(case, real_game):
    turn = next(_counter)
    if case.path_parameters and "id" in case.path_parameters and turn % 4:
        case.path_parameters["id"] = real_game.id  # mostly the real game: a 404 tests little
    headers = {}
    if case.operation.path == "/api/mail/inbound":
        if turn % 3:
            headers["Authorization"] = "Bearer inbound-secret"
    elif turn % 2:
        headers["Authorization"] = f"Bearer {real_game.tokens[turn % 4 // 2]}"
    response = case.call(headers=headers)
    # no server error, and every status and content type one the document promises for that operation
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                                             response_schema_conformance])
    if response.status_code >= 400:
        body = json.loads(response.content)
        assert isinstance(body.get("error"), str) and body["error"], (response.status_code, body)


BIG = "9" * 4400
PLAYERS = '[{"name": "Ann"}, {"name": "Bob"}]'
BAD_BODIES = [
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"vacation_days": {BIG}, "time_per_move": "1d"}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"rows": {BIG}}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"rows": 1e400}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"rows": NaN}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"reminders": "3000000d", "time_per_move": "1d"}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"time_per_move": "99999999999d"}}}}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"time_per_move": "{"9" * 5000}d"}}}}',
    '{"game": "mississippi", "players": [{"name": "\\ud800"}, {"name": "Bob"}]}',
    '{"game": "mississippi\\udfff", "players": [{"name": "Ann"}, {"name": "Bob"}]}',
    f'{{"game": "mississippi", "players": {PLAYERS}, "options": {{"\\ud800": 1}}}}',
    '{"game": "mississippi", "players": [{"name": "Ann", "webhook": "http://\\ud800/"}, {"name": "Bob"}]}',
    '{"game": "mississippi", "players": [{"name": "Ann", "webhook": "http://[::1/"}, {"name": "Bob"}]}',
    '{"game": "mississippi", "players": [{"name": "Ann", "webhook": "http://a:99999/"}, {"name": "Bob"}]}',
    '{"game": "mississippi", "players": [{"name": "Ann", "webhook": "http://%s.com/"}, {"name": "Bob"}]}' % ("a" * 300),
    "[" * 30000 + "]" * 30000,
    '{"game": "mississippi", "players": [[[[[[[[]]]]]]]]}',
    "\xff\xfe", "",
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_hand_made_bad_game_bodies_get_a_4xx_with_a_reason(client, body):
    response = client.post("/api/games", data=body.encode("utf-8", "surrogatepass"), content_type="application/json")
    assert 400 <= response.status_code < 500 and response.json["error"], response.json


def test_hand_made_bad_moves_and_queries_get_a_4xx_with_a_reason(client, db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    seat = {"Authorization": f"Bearer {created.tokens[0]}"}
    for body in (f'{{"move": "forward 1", "seq": {BIG}}}', '{"move": "forward 1", "seq": 1e400}',
                 '{"move": "\\ud800", "seq": 2}', '{"move": "forward 1", "seq": 99999999999999999999999}',
                 '{"move": ["forward 1"], "seq": 2}', '{"move": "forward 1", "seq": "2"}'):
        response = client.post(f"/api/games/{created.id}/moves", data=body, content_type="application/json",
                               headers=seat)
        assert 400 <= response.status_code < 500 and response.json["error"], (body[:40], response.json)
    for query in (f"at={BIG}", "at=10e5000", "at=-1", "at=%ff", "at=%ed%a0%80", f"since={BIG}",
                  "since=99999999999999999999", "since=-5"):
        path = "state" if query.startswith("at") else "events"
        response = client.get(f"/api/games/{created.id}/{path}?{query}")
        assert response.status_code == 400 and response.json["error"], (query[:20], response.json)
    for path in (f"/games/{created.id}/history?at={BIG}", f"/play/{created.tokens[0]}/history?at=-{BIG}",
                 "/games/%ed%a0%80", f"/play/{'x' * 5000}", "/rules/%ff", "/new/%00"):
        assert client.get(path).status_code < 500, path


FORM_CASES = {
    "a 4,300-digit number": {"opt_rows": BIG},
    "a time per move over a year": {"opt_time_per_move": "99999999999d"},
    "reminders over a year": {"opt_time_per_move": "1d", "opt_reminders": "3000000d"},
    "a vacation allowance of 4,300 digits": {"opt_vacation_days": BIG},
    "a position nested too deeply": {"opt_position": "[" * 5000},
    "a position holding a huge number": {"opt_position": '{"boats": ' + BIG + "}"},
    "a lone surrogate in a position": {"opt_position": "\udcff"},
}


@pytest.mark.parametrize("fields", FORM_CASES.values(), ids=FORM_CASES.keys())
def test_hand_made_bad_forms_get_a_4xx_with_a_reason(client, db, fields):
    page = client.get("/new/mississippi").get_data(as_text=True)
    form = {"csrf": re.search(r'name="csrf" value="([^"]+)"', page).group(1), "name0": "Ann", "name1": "Bob", **fields}
    body = "&".join(f"{key}={quote(value, encoding='utf-8', errors='surrogatepass')}" for key, value in form.items())
    response = client.post("/new/mississippi", data=body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 422, response.status_code
    assert re.search(r'class="error" role="alert">[^<]{10,}', response.get_data(as_text=True))
    assert list(db.query("select * from events")) == []


def test_a_json_option_nested_too_deeply_is_refused_on_the_api(client):
    body = {"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}], "options": {"position": "[" * 30000}}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and "nesting too deep" in response.json["error"]


MAIL_HEADERS = ["From", "To", "Cc", "Auto-Submitted", "Precedence", "Return-Path", "Content-Type", "Message-ID",
                "Delivered-To", "Content-Transfer-Encoding"]
TRICKY = ["<", '"\\', "=?utf-8?q?=ZZ?=", "a@", "@", ",,,", "undisclosed-recipients:;", "multipart/report; boundary=",
          'multipart/mixed; boundary="x"', "base64", "text/plain; charset=no-such-charset"]


def test_no_inbound_mail_however_malformed_makes_a_server_error(client, db, site):
    """Mail comes from anyone: a header the standard library's parser chokes on (`From: <`), an unknown
    charset, a broken multipart are ignored or refused, never an error of ours."""
    from hypothesis import given
    from hypothesis import strategies as st

    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                            {"name": "Bob"}])
    tag = site.reply_address(created.id, 1, 2)
    app = client.application
    app.config["INBOUND_SECRET"] = "inbound-secret"
    value = st.one_of(st.text(max_size=40), st.sampled_from(TRICKY + [tag, f"<{tag}>"]))

    @hypothesis.settings(max_examples=300, deadline=None, database=None,
                         suppress_health_check=list(hypothesis.HealthCheck))
    @given(st.lists(st.tuples(st.sampled_from(MAIL_HEADERS), value), max_size=6), st.binary(max_size=120),
           st.booleans())
    def mail_is_never_a_server_error(headers, body, tagged):
        lines = [f"{name}: {text}".encode("utf-8", "surrogateescape") for name, text in headers]
        if tagged:
            lines.append(f"To: {tag}".encode())
        raw = b"\r\n".join(lines) + b"\r\n\r\n" + body
        response = client.post("/api/mail/inbound", data=raw, content_type="message/rfc822",
                               headers={"Authorization": "Bearer inbound-secret"})
        assert response.status_code < 500, raw

    mail_is_never_a_server_error()
    # a seat without an address: the tag alone is the key, so such a mail is read (and answered)
    answer = client.post("/api/mail/inbound", data=b"From: <\r\nTo: " + tag.encode() + b"\r\n\r\nforward 1",
                         headers={"Authorization": "Bearer inbound-secret"})
    assert answer.status_code == 200 and answer.json["status"] in ("played", "refused", "stale")
