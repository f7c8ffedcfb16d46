"""A real browser for the page tests: Debian's headless Chromium driven through Debian's chromedriver by
Selenium (nothing is downloaded at test time), with helpers to lay a page out at phone and desktop
size, take screenshots, and measure the board's smallest text as a person sees it (CSS px).

The fixtures `chrome` and `shots` are offered to every test through conftest.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,900"]
PHONE = (390, 844)
DESKTOP = (1366, 900)


def require_browser():
    missing = [f"{path} (Debian package {package})" for path, package in
               ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")) if not os.path.isfile(path)]
    if missing:
        pytest.fail("the browser tests need " + " and ".join(missing) +
                    ": run `apt-get install -y chromium chromium-driver` (as .ci/run does)", pytrace=False)
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.fail("the browser tests need selenium: pip install -e '.[test]'", pytrace=False)


@pytest.fixture
def chrome(tmp_path, monkeypatch):
    """chrome(javascript=True) starts a fresh headless Chromium with its own profile; all are quit at the end."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    monkeypatch.setenv("SE_AVOID_STATS", "true")  # Selenium Manager is not used; if it were, no usage stats
    drivers = []

    def start(javascript: bool = True, language: str | None = None):
        """`language`: the browser's own language (--lang) and the one it asks pages for (Accept-Language)."""
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={tmp_path / f'profile{len(drivers)}'}")
        prefs = {}
        if not javascript:
            prefs["profile.managed_default_content_settings.javascript"] = 2
        if language:
            options.add_argument(f"--lang={language}")
            prefs["intl.accept_languages"] = language
        if prefs:
            options.add_experimental_option("prefs", prefs)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        driver.set_page_load_timeout(30)
        drivers.append(driver)
        return driver

    yield start
    for driver in drivers:
        driver.quit()


@pytest.fixture
def shots(tmp_path):
    path = Path(os.environ.get("PBEM_SCREENSHOTS") or tmp_path / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def settle(driver, width: int) -> None:
    """Wait until the page is laid out at this window width and has painted a frame since."""
    import time

    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.innerWidth") == width)
    driver.set_script_timeout(3)
    try:
        driver.execute_async_script("var done = arguments[0];"
                                    "requestAnimationFrame(function () { requestAnimationFrame(done); });")
    except TimeoutException:  # a page with scripts off paints without telling: give it a moment
        time.sleep(0.5)


def screenshot(driver, directory: Path, name: str) -> None:
    """Phone-sized and desktop-sized screenshots of the current page; at both sizes nothing may stick
    out sideways and the board must fit the window's width (a board zoomed on a phone: its frame, in
    which it scrolls). The window is as it was afterwards."""
    own_width = driver.execute_script("return window.innerWidth")
    for label, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": label == "phone"})
        try:
            settle(driver, width)
            fits = driver.execute_script(
                "var board = document.querySelector('.board.zoomed') || document.querySelector('.board svg');"
                "var box = board ? board.getBoundingClientRect() : {left: 0, right: 0};"
                "return [document.documentElement.scrollWidth, window.innerWidth, box.left, box.right];")
            driver.save_screenshot(str(directory / f"{name}-{label}.png"))
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            settle(driver, own_width)  # later clicks must not aim at a layout about to change
        scroll_width, inner_width, left, right = fits
        assert scroll_width <= inner_width, f"{name} scrolls sideways at {label} size: {fits}"
        assert 0 <= left and right <= inner_width, f"{name}'s board does not fit a {label} window: {fits}"


# The rendered size of every visible text of the board picture, in CSS px: its font size in the SVG's
# units times the scale at which the SVG is drawn (getScreenCTM), so a board shrunk to a phone's width
# counts as small as it looks.
BOARD_TEXT_SIZES = """
var out = [];
document.querySelectorAll('.board svg text').forEach(function (el) {
  if (!el.textContent.trim()) return;
  var box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  var style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || parseFloat(style.opacity) === 0) return;
  var ctm = el.getScreenCTM();
  var scale = ctm ? Math.sqrt(ctm.a * ctm.a + ctm.b * ctm.b) : 1;
  out.push([parseFloat(style.fontSize) * scale, el.textContent.trim().slice(0, 40)]);
});
return out;
"""


def board_text_sizes(driver) -> list[tuple[float, str]]:
    """(size in CSS px, text) of each visible text on the board, smallest first."""
    return sorted((float(size), text) for size, text in driver.execute_script(BOARD_TEXT_SIZES))


def at_size(driver, width: int, height: int, action):
    """Run action() with the page laid out at this size (as a phone when narrow), then restore it."""
    own_width = driver.execute_script("return window.innerWidth")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        settle(driver, width)
        return action()
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        settle(driver, own_width)


# --- playing through the board client -----------------------------------------------------------------


def hints_on_page(driver) -> dict:
    """The board client's data on the page open in the driver: {move: hint} and the seq."""
    import json

    data = json.loads(driver.find_element("id", "move-hints").get_attribute("textContent"))
    return {"seq": data.get("seq"), "moves": {m["move"]: m for m in data["moves"]}, "confirm": data.get("confirm")}


def wait_for(driver, condition, seconds: float = 15):
    """Wait until `condition(driver)` holds; an element that vanished as the page
    navigated (stale, or as Chromium also says "does not belong to the document") or is not
    there yet means 'not yet', not a failure."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    def holds(d):
        try:
            return condition(d)
        except (StaleElementReferenceException, NoSuchElementException):
            return False
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise

    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(holds)


def visible(driver, selector: str):
    return [el for el in driver.find_elements("css selector", selector) if el.is_displayed()]


def click_svg(driver, element) -> None:
    """Click the middle of an element as a person would (through ActionChains, so what lies on top of it
    gets the click, as it would under a finger)."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", element)
    ActionChains(driver).move_to_element(element).click().perform()


def click_piece(driver, piece: str) -> None:
    """Click a piece: its figure on the board where it has one, else its card in the game's panel (near
    the card's top, where its name is: a card may hold links elsewhere)."""
    from selenium.webdriver.common.action_chains import ActionChains

    on_board = visible(driver, f'.board [data-piece="{piece}"]')
    if on_board:
        click_svg(driver, on_board[0])
        return
    card = visible(driver, f'.play-area [data-piece="{piece}"]')[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", card)
    width = card.size["width"]
    ActionChains(driver).move_to_element_with_offset(card, -width // 2 + 8, -card.size["height"] // 2 + 6).click().perform()


def choose_on_board(driver, move: str) -> None:
    """Choose `move` with the board client, the way its hint says a person would: the piece, then the
    square, then the label among the moves left; moves off the board by their button. Leaves the move
    pending (or, with confirmation off, sent)."""
    hint = hints_on_page(driver)["moves"][move]
    piece, target = hint["piece"], hint["target"]
    if piece:
        click_piece(driver, piece)
        wait_for(driver, lambda d: d.find_elements("css selector", f'.play-area .chosen[data-piece="{piece}"]'))
    if target:
        if piece:
            wait_for(driver, lambda d: d.find_elements("css selector", f'.play-area [data-target][data-square="{target}"]'))
        square = next(el for el in driver.find_elements("css selector", f'.play-area [data-square="{target}"]')
                      if el.get_attribute("data-piece") is None and "mark" not in (el.get_attribute("class") or ""))
        click_svg(driver, square)
    elif not piece:
        button = next((el for el in driver.find_elements("css selector", "form.moves button[name=move]")
                       if el.get_attribute("value") == move), None)
        if button is None:  # more such moves than the page makes buttons of (a Buccaneer card return): the list
            from selenium.webdriver.support.ui import Select

            listing = driver.find_element("id", "move")
            driver.execute_script("arguments[0].closest('details').open = true;", listing)
            Select(listing).select_by_visible_text(move)
            button = listing.find_element("xpath", "./ancestor::form//button[@type='submit']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
        button.click()
        return
    # several moves left for this piece (and square): the label that tells them apart
    if not visible(driver, "#pending-move"):
        def offered(d):
            return [el for el in d.find_elements("css selector", "#choices [data-choice]")
                    if el.get_attribute("data-choice") == move]
        choice = wait_for(driver, offered)[0]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", choice)
        choice.click()


def confirm_pending(driver, move: str) -> None:
    """The pending move shows in words and notation; confirming it sends it, and the page is drawn anew."""
    pending = wait_for(driver, lambda d: visible(d, "#pending-move"))[0]
    assert pending.find_element("css selector", ".pending-notation").text == move
    # the page swaps the new one in place (or, without fetch, reloads): either way its data is new
    old = driver.find_element("id", "move-hints")
    button = driver.find_element("id", "confirm-move")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()

    def reloaded(_):
        from selenium.common.exceptions import WebDriverException

        try:
            old.is_enabled()
        except WebDriverException:
            return True
        return False

    wait_for(driver, reloaded, 30)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", 30)
