"""Pages that everyone can use, beyond the seat pages (architecture section 25, issue 29 item 1): axe-core,
run inside a real Chromium against a real `pbem serve` that mails a real SMTP server on loopback, finds no
serious or critical violation, at phone and desktop widths, on the pages of a person signed in through the
link mailed to them (the sign-in form and its answer, the link's page, /me and what each of its forms
answers), the lobby, a player's page, a public game's join page, a seat's settings page with a form error,
and the error pages a person can reach (400, 404, 405, 409, a replaced link, 422).

PAGES is the list of pages opened as they are: a new page is one line there (its path may name what
`made` holds: a game, a seat's token, an invitation, a public name)."""

from __future__ import annotations

import re

import pytest

from pbem.people import accounts
from pbem.play import service
from tests.support import json_call, serving, wait_for

pytestmark = [pytest.mark.slow,
              pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")]

ANN, BOB = "ann@example.org", "bob@example.org"

# (path, what it is): opened signed in as Ann, at both widths; {names} come from `made` below
PAGES = (
    ("/me", "my home, signed in"),
    ("/lobby", "lobby, signed in"),
    ("/players/Ann", "a player's page"),
    ("/join/{public_invite}", "a public game's join page, signed in"),
    ("/play/{token}/settings", "a seat's settings"),
    ("/signout", "sign-out"),
    ("/players/Nobody", "404: no such player"),
    ("/signin/no-such-link", "404: a sign-in link not made here"),
    ("/play/{old_token}", "404: a replaced seat link"),
    ("/games/{game}/history?at=x", "400: a bad request"),
    ("/play/{token}/resign", "405: a page asked for the wrong way"),
    ("/join/{full_invite}", "409: a join page with no seat left"),
)


def submit(form_selector: str, fields: dict):
    """An action for Checked.page: fill the form's fields (by name) and send it, then wait for the answer."""
    def action(driver):
        old = driver.find_element("css selector", "html")
        driver.execute_script("""
            const form = document.querySelector(arguments[0]);
            for (const [name, value] of Object.entries(arguments[1])) form.elements[name].value = value;
            form.noValidate = true;  // the server's answer to a wrong value is what is checked
            form.requestSubmit(form.querySelector('button[type=submit]'));
        """, form_selector, fields)
        wait_for(lambda: not _alive(old), 30, "the form's answer")
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete", 30, "the answer loaded")
    return action


def sign_in(driver, base: str, sink, address: str, checked=None) -> None:
    """Sign `address` in on `driver` as a person does: the sign-in form, the link mailed to `sink`, the
    link's page and its button, until /me. With `checked` (a test_accessibility.Checked), axe-core checks
    the form's answer and the link's page on the way."""
    def visit(path, what, action=None):
        if checked is not None:
            checked.page(path, what, action)
        else:
            driver.get(base + path)
            if action is not None:
                action(driver)

    visit("/signin", "sign-in, its answer", submit("form[action$='/signin']", {"address": address}))

    def mailed():
        return [m for m in sink.to(address) if "/signin/" in m.get_body(("plain",)).get_content()]
    link = re.search(r"https?://\S+/signin/[\w-]+", wait_for(mailed, 30, "the sign-in mail")[-1]
                     .get_body(("plain",)).get_content()).group(0)
    visit(link[len(base):], "the sign-in link's page")
    driver.find_element("css selector", "form[action*='/signin/'] button[type=submit]").click()
    wait_for(lambda: driver.current_url.endswith("/me"), 30, "/me after signing in")


def _alive(element) -> bool:
    from selenium.common.exceptions import WebDriverException

    try:
        element.is_enabled()
        return True
    except WebDriverException:
        return False


def test_the_signed_in_and_error_pages_have_no_serious_violation(db, site, var_dir, database, smtp_sink, chrome,
                                                                 shots):
    from tests.browser import screenshot
    from tests.test_accessibility import Checked

    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    with serving(var_dir, database, env=env) as base:
        ann_token = accounts.key_of(db, site, ANN, "token", service.utcnow())
        assert json_call(f"{base}/api/me/settings", {"public_name": "Ann"}, token=ann_token, method="PUT")[0] == 200
        status, game = json_call(f"{base}/api/games", {"game": "rigadoon", "players": [
            {"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}]})
        assert status == 201, game
        status, public = json_call(f"{base}/api/games", {"game": "mississippi", "options": {"public": True}, "players": [
            {"name": "Ann", "email": ANN}, {"open": True}]}, token=ann_token)
        assert status == 201, public
        status, full = json_call(f"{base}/api/games", {"game": "rigadoon", "players": [{"name": "Cy"}, {"open": True}]})
        assert status == 201, full
        full_invite = full["invite_url"].rsplit("/", 1)[1]
        assert json_call(f"{base}/api/join/{full_invite}", {"name": "Dee"})[0] == 201
        old_token = game["seats"][1]["token"]
        status, rotated = json_call(f"{base}/api/games/{game['id']}/rotate", {}, token=old_token)
        assert status in (200, 201), rotated
        made = {"game": game["id"], "token": game["seats"][0]["token"], "old_token": old_token,
                "public_invite": public["invite_url"].rsplit("/", 1)[1], "full_invite": full_invite}

        driver = chrome()
        checked = Checked(driver, base)
        # signing in as a person does: the form, its answer, the link from the mail, its page, then /me
        sign_in(driver, base, smtp_sink, ANN, checked)

        for path, what in PAGES:
            checked.page(path.format(**made), what)
        # each of /me's settings forms, answered with a wrong value and with a right one
        for form, fields, what in (
                ("form[action$='/me/quiet']", {"quiet_from": "22:00", "quiet_until": ""}, "quiet hours refused"),
                ("form[action$='/me/quiet']", {"quiet_from": "22:00", "quiet_until": "07:00"}, "quiet hours saved"),
                ("form[action$='/me/vacation']", {"start": "2020-01-01", "end": "2019-01-01"}, "vacation refused"),
                ("form[action$='/me/public-name']", {"public_name": "no"}, "public name refused"),
                ("form[action$='/me/settings']", {"language": ""}, "language saved"),
                ("form[action$='/me/rest']", {"time_zone": "Nowhere/Atlantis"}, "rest days refused")):
            checked.page("/me", f"/me: {what}", submit(form, fields))
        checked.page(f"/play/{made['token']}/settings", "422: seat settings refused",
                     submit("form:not([action])", {"webhook": "not an address"}))
        assert checked.pages == 2 * (2 + len(PAGES) + 7)
        assert not checked.found, checked.told()
        for path, name in (("/me", "me-signed-in"), ("/players/Nobody", "error-404")):
            driver.get(base + path)
            screenshot(driver, shots, name)
