"""The installable app (issue 30) in a real headless Chromium against a real `pbem serve`: the pages link
the manifest, the service worker takes control, and Chromium's DevTools (`Page.getInstallabilityErrors`)
reports no reason it could not be installed; the seat settings page and /me show "Notify this device",
screenshotted at phone and desktop widths."""

from __future__ import annotations

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
