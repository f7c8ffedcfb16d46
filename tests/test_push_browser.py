"""The installable app (issue 30) in a real headless Chromium against a real `pbem serve`: the pages link
the manifest, the service worker takes control, and Chromium's DevTools (`Page.getInstallabilityErrors`)
reports no reason it could not be installed; the seat settings page and /me show "Notify this device",
screenshotted at phone and desktop widths."""

from __future__ import annotations

import base64
import json

import pytest

from tests.browser import screenshot, wait_for
from tests.support import json_call as call
from tests.support import serving


@pytest.mark.sqlite_only
def test_the_site_is_an_installable_app_with_a_notify_button(var_dir, database, chrome, shots):
    with serving(var_dir, database, "--no-scheduler") as base:
        status, created = call(base + "/api/games", {"game": "mississippi", "players": [{"name": "Ann"},
                                                                                      {"name": "Bob"}]})
        assert status == 201
        token = created["seats"][0]["token"]
        driver = chrome()
        driver.get(f"{base}/play/{token}/settings")
        wait_for(driver, lambda d: d.execute_script(
            "return navigator.serviceWorker && navigator.serviceWorker.controller !== null"
            " || (window.__reloaded = false)") or d.refresh() or False, 30)
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        assert errors.get("installabilityErrors") == [], errors
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest.get("errors") == [], manifest
        button = driver.find_element("css selector", "[data-push-subscribe]")
        assert button.text == "Notify this device" and button.get_attribute("data-token") == token
        screenshot(driver, shots, "push-seat-settings")
        # and the button itself on a phone (the page's top is in the screenshot above)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844,
                                                                      "deviceScaleFactor": 1, "mobile": True})
        try:
            wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == 390)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
            driver.save_screenshot(str(shots / "push-button-phone.png"))
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        # the offline page the worker keeps is what a page that cannot be fetched shows
        assert "You are offline" in driver.execute_async_script(
            "var done = arguments[0]; caches.match('/offline').then(function (r) { return r.text(); })"
            ".then(done, function (e) { done(String(e)); });")


@pytest.mark.sqlite_only
def test_the_seat_page_s_button_subscribes_this_browser_and_its_pushes_decrypt(var_dir, database, chrome):
    """"Notify this device" on the seat's settings page, clicked in Chromium: the page's own script asks for
    permission (granted through DevTools), fetches the server's key and posts the browser's subscription;
    then each "your turn" of that seat reaches the device encrypted to its keys and decrypts to its link.
    Headless Chromium's push service is Google's, out of reach here, so the browser's `pushManager.subscribe`
    answers with a subscription to the loopback receiver of tests/test_push.py, whose keys the test holds
    (the browser's part the receiver stands in for; the page's script and the server run as they are)."""
    from tests.test_push import ENV, PushReceiver, play

    receiver = PushReceiver()
    try:
        with serving(var_dir, database, env=ENV) as base:
            receiver.server_key = call(base + "/api/push/key")[1]["key"]
            status, created = call(base + "/api/games", {"game": "mississippi", "players": [{"name": "Ann"},
                                                                                          {"name": "Bob"}]})
            assert status == 201
            tokens = [seat["token"] for seat in created["seats"]]
            device = receiver.device("ann")
            driver = chrome()
            driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
                "if (window.PushManager) { PushManager.prototype.subscribe = function (options) {"
                " window.__askedKey = Array.from(new Uint8Array(options.applicationServerKey));"
                f" var json = {json.dumps(device.subscription())};"
                " return Promise.resolve({toJSON: function () { return json; }}); }; }")})
            driver.get(f"{base}/play/{tokens[0]}/settings")
            button = driver.find_element("css selector", "[data-push-subscribe]")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            wait_for(driver, lambda d: d.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
                     or d.refresh() or False, 30)
            button = driver.find_element("css selector", "[data-push-subscribe]")
            button.click()
            said = driver.find_element("id", button.get_attribute("aria-describedby"))
            wait_for(driver, lambda d: said.text == button.get_attribute("data-done"), 30)
            asked = bytes(driver.execute_script("return window.__askedKey"))
            assert base64.urlsafe_b64encode(asked).rstrip(b"=").decode() == receiver.server_key
            for _ in range(8):  # until Ann's turn came (Mississippi's order is the game's chance)
                play(base, created["id"], tokens)
                if 0 in call(f"{base}/api/games/{created['id']}")[1]["to_move"]:
                    break
            wait_for(driver, lambda d: receiver.pushes("ann"), 60)
        pushed = receiver.pushes("ann")
        assert pushed and all(push["url"] == f"{base}/play/{tokens[0]}" for push in pushed)
        assert all("Your turn, Ann." in push["body"] for push in pushed)
    finally:
        receiver.close()
    assert receiver.problems == []
