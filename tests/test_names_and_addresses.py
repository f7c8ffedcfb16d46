"""Players' names and addresses in mail (audit N10), through a real `pbem serve` mailing a real SMTP server
on loopback: a name holding a line or paragraph separator (U+2028, U+2029, U+0085: not control
characters, so a name may hold them) reaches its player intact in the subject, where every mail to such a
seat used to fail; an address holding a NUL or another control character is refused with the reason."""

import pytest

from tests.support import json_call, serving, wait_for

NAMES = ["Ann\u2028Lee", "Bob\u2029Day", "Cy\u0085Ng"]


@pytest.fixture
def mail_server(var_dir, database, smtp_sink):
    with serving(var_dir, database, env={"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}) as base:
        yield base


def api(base, method, path, body=None):
    return json_call(base + path, body, method=method)


def test_a_name_with_a_line_separator_reaches_its_seat_intact(mail_server, smtp_sink):
    players = [{"name": name, "email": f"p{seat}@example.org"} for seat, name in enumerate(NAMES)]
    status, made = api(mail_server, "POST", "/api/games", {"game": "mississippi", "players": players})
    assert status == 201 and [seat["name"] for seat in made["seats"]] == NAMES
    wait_for(lambda: all(smtp_sink.to(f"p{seat}@example.org") for seat in range(3)), 20, "a mail to each seat")
    for seat, name in enumerate(NAMES):
        mails = smtp_sink.to(f"p{seat}@example.org")
        assert mails, f"no mail reached {name!r}"
        # parsed back with the separator in place (Python's e-mail package folds a line before a word it has
        # to encode, and a reader sees two spaces before it: so for any name with a letter beyond ASCII)
        assert mails[0]["Subject"].endswith(f",  {name}")
        assert name in mails[0].get_body(("plain",)).get_content()


@pytest.mark.parametrize("address", ["ann\x00@example.org", "ann@exam\x00ple.org", "ann\x7f@example.org",
                                     "ann@example.org\x00"])
def test_an_address_with_a_control_character_is_refused(server, address):
    status, answer = api(server, "POST", "/api/games", {"game": "mississippi", "players": [
        {"name": "Ann", "email": address}, {"name": "Bob"}]})
    assert status == 422 and "e-mail address" in answer["error"]
    status, answer = api(server, "POST", "/api/signin", {"email": address})
    assert status == 400 and "e-mail address" in answer["error"]
