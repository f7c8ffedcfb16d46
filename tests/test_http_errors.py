"""What the server's refusals say, against a real `pbem serve` (audit, HTTP items): a 405 names the methods
that are allowed (Allow), the API takes only JSON bodies (415 for a form or text/plain post, while the
pages' forms keep working), and an inbound e-mail over its limit is told the limit that applies to it."""

import json
import urllib.error
import urllib.request

import pytest

from tests.conftest import start_server, stop_server
from tests.support import Browser, start_from_the_form

INBOUND_SECRET = "inbound-secret-for-tests"
GAME = {"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.fixture
def inbound_server(var_dir, database):
    process, base = start_server(var_dir, database, "--no-scheduler", env={"PBEM_INBOUND_SECRET": INBOUND_SECRET})
    yield base
    stop_server(process)


def answer(url, data=None, headers=None, method=None):
    """(status, headers, body) of one request, errors included."""
    request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_a_405_says_which_methods_are_allowed_on_the_api_and_the_pages(inbound_server):
    status, headers, body = answer(inbound_server + "/api/games", method="DELETE")
    assert status == 405 and "POST" in headers["Allow"] and "DELETE" not in headers["Allow"]
    assert json.loads(body)["error"] == "that method is not allowed here"
    status, headers, _ = answer(inbound_server + "/api/games/types", data=b"{}",
                                headers={"Content-Type": "application/json"})
    assert status == 405 and "GET" in headers["Allow"]
    status, headers, _ = answer(inbound_server + "/links", method="PUT", data=b"")
    assert status == 405 and "GET" in headers["Allow"] and "POST" in headers["Allow"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_the_api_takes_a_body_only_as_json(inbound_server, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    request = urllib.request.Request(inbound_server + "/api/games", data=json.dumps(GAME).encode(), headers=headers)
    if content_type is None:  # urllib would add a form's type: send none at all
        request.remove_header("Content-type")
        request.unredirected_hdrs.pop("Content-type", None)
    try:
        urllib.request.urlopen(request, timeout=30)
        raise AssertionError(f"a {content_type} body created a game")
    except urllib.error.HTTPError as error:
        assert error.code == 415 and "application/json" in json.loads(error.read())["error"]
    # the same body as JSON is taken, and the pages' forms still start games
    status, _, body = answer(inbound_server + "/api/games", data=json.dumps(GAME).encode(),
                             headers={"Content-Type": "application/json; charset=utf-8"})
    assert status == 201 and len(json.loads(body)["seats"]) == 2
    game_id, links = start_from_the_form(Browser(), inbound_server, "mississippi",
                                         {"name0": "Ann", "name1": "Bob"})
    assert game_id and len(links) == 2


def test_an_inbound_mail_over_its_limit_is_told_its_own_limit(inbound_server):
    from pbem.notify.inbound import MAX_MESSAGE_BYTES

    status, _, body = answer(inbound_server + "/api/mail/inbound", data=b"x" * (MAX_MESSAGE_BYTES + 1),
                             headers={"Content-Type": "message/rfc822",
                                      "Authorization": f"Bearer {INBOUND_SECRET}"})
    assert status == 413
    assert json.loads(body)["error"] == f"the body is larger than {MAX_MESSAGE_BYTES} bytes"
