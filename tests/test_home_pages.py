"""The pages of issue 14 in a real browser against a real server, at phone (390 px) and desktop (1366 px)
size: signing in, /me with its countdowns and tab title, joining through an invitation, the page of a
game that waits for its players, a seat's settings with its address and link, and an address's
confirmation. Screenshots go to $PBEM_SCREENSHOTS when set; at both sizes nothing may scroll sideways."""

import email
import email.policy
import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser import screenshot, wait_for

ANN = "ann@example.org"
pytestmark = pytest.mark.slow


def api(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def mailed_link(var_dir: Path, kind: str, pattern: str, timeout: float = 20) -> str:
    """The link in the newest mail of this kind the server wrote to var/outbox (no SMTP configured)."""
    deadline = time.monotonic() + timeout
    while True:
        for path in sorted((var_dir / "outbox").glob("*.eml"), key=lambda p: p.stat().st_mtime, reverse=True):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if kind in message["Subject"]:
                return re.search(pattern, message.get_body(("plain",)).get_content()).group(0)
        assert time.monotonic() < deadline, f"no {kind!r} mail was written"
        time.sleep(0.2)


def whole_page(driver, directory: Path, name: str) -> None:
    """The whole length of the page at phone and desktop width, for a person to look over."""
    for label, width in (("phone", 390), ("desktop", 1366)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": label == "phone"})
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": min(height, 4000), "deviceScaleFactor": 1, "mobile": label == "phone"})
        driver.save_screenshot(str(directory / f"{name}-whole-{label}.png"))
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def submit(driver, selector_button):
    driver.find_element("css selector", selector_button).click()


def test_the_home_pages_at_phone_and_desktop_size(server, var_dir, chrome, shots):
    ann = {"name": "Ann", "email": ANN}
    made = [api(server, "/api/games", {"game": game, "players": players, "options": {"time_per_move": per_move}})
            for game, players, per_move in (
                ("mississippi", [ann, {"name": "Bob the Bold"}, {"name": "Cy"}], "2d"),
                ("rigadoon", [{"name": "Dee"}, ann], "6h"),
                ("buccaneer", [ann, {"name": "Eve"}], "3d"))]
    waiting = api(server, "/api/games", {"game": "mississippi", "players": [ann, {"open": True}, {"open": True}]})
    driver = chrome()
    # Ann opens a game from its invitation and wants its mail: a player, whose sign-in links are sent
    driver.get(mailed_link(var_dir, "invited", re.escape(server) + r"/play/\S+\?proof=[0-9a-f]+"))
    screenshot(driver, shots, "seat-mail-proof")
    submit(driver, "form[action$='/mail-proof'] button")
    wait_for(driver, lambda d: "keep coming to your address" in d.page_source)

    driver.get(f"{server}/signin")
    screenshot(driver, shots, "home-signin")
    driver.find_element("id", "address").send_keys(ANN)
    submit(driver, "form button[type=submit]")
    wait_for(driver, lambda d: "on its way" in d.page_source)
    screenshot(driver, shots, "home-signin-sent")

    link = mailed_link(var_dir, "sign-in", re.escape(server) + r"/signin/\S+")
    driver.get(link)
    screenshot(driver, shots, "home-signin-link")
    submit(driver, "form button[type=submit]")
    wait_for(driver, lambda d: d.current_url.endswith("/me"))
    owing = sum(1 for g in made if g["seats"][0]["name"] == "Ann")  # Rigadoon draws its first player
    wait_for(driver, lambda d: "left (due" in d.find_element("css selector", "time.countdown").text)
    assert re.fullmatch(r"\(\d\) Your games · pbem", driver.title) and owing >= 1
    screenshot(driver, shots, "home-me")
    whole_page(driver, shots, "home-me")

    invite = waiting["invite_url"]
    stranger = chrome()
    stranger.get(invite)
    screenshot(stranger, shots, "home-join")
    stranger.find_element("id", "name").send_keys("Finn")
    stranger.find_element("id", "email").send_keys("finn@example.org")
    submit(stranger, "form.join button[type=submit]")
    wait_for(stranger, lambda d: "/play/" in d.current_url)
    assert "You have joined and play seat 2" in stranger.page_source
    screenshot(stranger, shots, "home-waiting-seat")
    stranger.get(f"{server}/games/{waiting['id']}")
    screenshot(stranger, shots, "home-waiting-spectator")

    seat = made[2]["seats"][1]["url"]  # Eve's seat: no address yet
    driver.get(seat + "/settings")
    assert "Add to my games" in driver.page_source
    screenshot(driver, shots, "home-settings")
    whole_page(driver, shots, "home-settings")
    stranger.get(seat + "/settings")
    stranger.find_element("id", "address").send_keys("eve@example.org")
    submit(stranger, "form[action$='/address'] button[type=submit]")
    wait_for(stranger, lambda d: "on its way to eve@example.org" in d.page_source)
    confirm = mailed_link(var_dir, "confirm your address", re.escape(server) + r"/address/\S+")
    stranger.get(confirm)
    screenshot(stranger, shots, "home-address-confirm")
    submit(stranger, "form button[type=submit]")
    wait_for(stranger, lambda d: "Confirmed" in d.page_source)
    screenshot(stranger, shots, "home-address-confirmed")
    # the home page's form leaves seats open; the page after it shows the invitation instead of their links
    driver.get(f"{server}/")
    screenshot(driver, shots, "home-start-form")
    driver.find_element("name", "name0").send_keys("Ann")
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("name", "kind1")).select_by_value("open")
    driver.find_element("css selector", "form[action$='/new'] button[type=submit]").click()
    wait_for(driver, lambda d: "it begins when every seat is taken" in d.page_source)
    assert "/join/" in driver.page_source
    screenshot(driver, shots, "home-started-with-open-seats")
    driver.get(f"{server}/new/mississippi")
    whole_page(driver, shots, "home-options-form")  # its options table is wider than a phone (as before)
    driver.get(f"{server}/signout")
    screenshot(driver, shots, "home-signout")
