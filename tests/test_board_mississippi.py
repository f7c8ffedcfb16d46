"""Mississippi's board in a real browser (headless Chromium against a real `pbem serve`): on the seat
pages of every seat and on the spectator page, early, in the middle and late in a game (the late one on
the widest river the options allow), the smallest board text is at least 10 CSS px at 1366x900 and at
least 8 px on a 390x844 phone, the panel beside the board stays readable, nothing scrolls sideways, and
the picture keeps its pieces and squares. Screenshots go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser import DESKTOP, PHONE, at_size, board_text_sizes, screenshot

pytestmark = pytest.mark.slow

MIDDLE = {"boats": {"0": {"field": 30, "east": 6, "logs": 8}, "1": {"field": 35, "east": 2, "logs": 10},
                    "2": {"field": 13, "east": 4, "logs": 12}, "3": {"field": 44, "east": 3, "logs": 6}},
          "supply": 24, "to_move": 0}
# Six boats in the last legs of a 9 x 14 river (the widest board, so the smallest text)
LATE = {"boats": {"0": {"field": 100, "east": 2, "logs": 3}, "1": {"field": 105, "east": 5, "logs": 4},
                  "2": {"field": 110, "east": 1, "logs": 5}, "3": {"field": 112, "east": 6, "logs": 6},
                  "4": {"field": 118, "east": 3, "logs": 7}, "5": {"field": 120, "east": 4, "logs": 8}},
        "supply": 27, "to_move": 0}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

# The smallest computed font size of the panel's visible text, in CSS px.
PANEL_TEXT = """
var smallest = 1000;
document.querySelectorAll('.mississippi-panel *').forEach(function (el) {
  if (!el.offsetParent || !Array.prototype.some.call(el.childNodes, function (n) {
    return n.nodeType === 3 && n.textContent.trim(); })) return;
  smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
});
return smallest;
"""


def api(server: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def started(server: str, seats: int, options: dict, moves: list[str] = ()) -> dict:
    """A game made through the API, with `moves` played by whoever is to move."""
    game = api(server, "/api/games", {"game": "mississippi", "players": [{"name": n} for n in NAMES[:seats]],
                                      "options": options})
    for move in moves:
        state = json.loads(urllib.request.urlopen(f"{server}/api/games/{game['id']}", timeout=30).read())
        seat = state["to_move"][0]
        api(server, f"/api/games/{game['id']}/moves", {"move": move, "seq": state["seq"]}, game["seats"][seat]["token"])
    return game


def measure(driver, size):
    def read():
        texts = board_text_sizes(driver)
        return texts[0][0], driver.execute_script(PANEL_TEXT)
    return at_size(driver, *size, read)


@pytest.mark.parametrize("stage", ["early", "middle", "late", "over"])
def test_the_board_is_readable_at_both_sizes_on_every_page(server, chrome, shots, stage):
    games = {
        "early": lambda: started(server, 3, {}),
        "middle": lambda: started(server, 4, {"position": MIDDLE}, ["forward 2", "rotate +1 back 3"]),
        "late": lambda: started(server, 6, {"rows": 9, "width": 14, "position": LATE}, ["forward 2"]),
        "over": lambda: started(server, 3, {"position": {**MIDDLE, "boats": {
            "0": {"field": 80, "east": 1, "logs": 20}, "1": {"field": 10, "east": 1, "logs": 20},
            "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 0}}, ["forward 3"]),
    }
    game = games[stage]()
    pages = [(f"seat{seat['seat']}", seat["url"]) for seat in game["seats"]] + [("spectator", game["url"])]
    driver = chrome()
    smallest = {}
    for name, url in pages:
        driver.get(url)
        board = driver.find_element("css selector", ".play-area .board svg")
        squares = board.find_elements("css selector", "[data-square]")
        assert len(squares) == (126 if stage == "late" else 84)
        assert board.find_elements("css selector", "[data-piece]")
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            board_px, panel_px = measure(driver, size)
            smallest[(name, label)] = (round(board_px, 1), panel_px)
            assert board_px >= (8 if label == "phone" else 10), f"{stage} {name} {label}: board text {board_px:.1f} px"
            assert panel_px >= 12, f"{stage} {name} {label}: panel text {panel_px} px"
        screenshot(driver, shots, f"mississippi-{stage}-{name}")  # asserts that nothing scrolls sideways
    print(stage, smallest)


# The rendered size of the rules page's picture texts, in CSS px (as BOARD_TEXT_SIZES in tests/browser.py).
FIGURE_TEXT = """
var out = [];
document.querySelectorAll('.rules figure svg text').forEach(function (el) {
  var ctm = el.getScreenCTM();
  out.push(parseFloat(getComputedStyle(el).fontSize) * Math.sqrt(ctm.a * ctm.a + ctm.b * ctm.b));
});
return out;
"""


def test_the_rules_page_reads_on_a_phone_and_on_a_desktop(server, chrome, shots):
    driver = chrome()
    driver.get(server + "/rules/mississippi")
    for size, least in ((PHONE, 8), (DESKTOP, 10)):
        def check():
            width, inner = driver.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth];")
            assert width <= inner, f"the rules page scrolls sideways at {size}"
            sizes = driver.execute_script(FIGURE_TEXT)
            assert len(sizes) > 20 and min(sizes) >= least, (size, min(sizes))
        at_size(driver, *size, check)
    driver.save_screenshot(str(shots / "mississippi-rules.png"))
