"""Boards you can tap on a phone, and every Buccaneer move by hand (issue 27 items 2 and 3), in a real
Chromium against a real `pbem serve`: at 390 px every target a player taps on the board (a piece, a square,
a button beside the board) is at least 24x24 CSS px in all four games, at the start and later, with a
piece chosen too; Buccaneer's facing choice appears in the window beside the chosen ship; a trade of three
items a side and a card return are chosen chip by chip in the item picker and confirmed, and a
combination no legal move completes cannot be taken on to confirmation. Screenshots of each step at 390
and 1366 px go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import random

import pytest

from tests.browser import PHONE, click_piece, hints_on_page, screenshot, settle, visible, wait_for
from tests.test_browser import api, new_game, until_board_move

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only("tap targets do not depend on the engine")]

SMALLEST = 24  # CSS px: WCAG 2.2's minimum target size (2.5.8)

# Every target a player taps on the board and beside it, as the board client makes them: the pieces that
# can be chosen, the places marked for the chosen piece, and the buttons the client offers; its size is its
# bounding box on the screen (an SVG group's box is that of what it draws, its hit area included).
TARGETS = """
var out = [];
var seen = new Set();
document.querySelectorAll('.play-area .can-pick, .play-area [data-target], #choices button, #piece-picker button, '
                          + 'form.moves button[name=move], .item-picker button').forEach(function (el) {
  if (seen.has(el) || el.closest('[hidden]')) return;
  seen.add(el);
  var box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  var style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') return;
  var name = el.getAttribute('data-piece') || el.getAttribute('data-square') || el.getAttribute('data-choice') ||
             el.getAttribute('value') || el.textContent.trim().slice(0, 30);
  out.push([Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10, el.tagName + ' ' + name]);
});
return out;
"""


def small_targets(driver) -> list:
    return [t for t in driver.execute_script(TARGETS) if t[0] < SMALLEST or t[1] < SMALLEST]


def open_on_phone(driver, url) -> None:
    driver.set_window_size(*PHONE)
    driver.get(url)
    settle(driver, PHONE[0])


def play_on(server, game_id, tokens, rng: random.Random, count: int) -> int:
    """`count` moves chosen at random, played through the API; returns a seat with a move to make then."""
    for _ in range(count):
        seat = until_board_move(server, game_id, tokens, rng)
        mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
        api(f"{server}/api/games/{game_id}/moves", {"move": rng.choice(mine["legal"]), "seq": mine["seq"]}, tokens[seat])
    return until_board_move(server, game_id, tokens, rng)


def chosen_first_piece(driver) -> str | None:
    """Choose the first piece that has moves (its places are then marked); None when no piece has any."""
    pieces = sorted({h["piece"] for h in hints_on_page(driver)["moves"].values() if h["piece"]})
    if not pieces:
        return None
    click_piece(driver, pieces[0])
    wait_for(driver, lambda d: d.find_elements("css selector", f'.play-area .chosen[data-piece="{pieces[0]}"]'))
    return pieces[0]


@pytest.mark.parametrize("name", ["buccaneer", "dragon_flagon", "mississippi", "rigadoon"])
def test_every_board_target_is_big_enough_for_a_finger(server, chrome, shots, name):
    driver = chrome()
    game_id, tokens = new_game(server, name)
    rng = random.Random(name)
    seat = until_board_move(server, game_id, tokens, rng)
    for when in ("start", "later"):
        if when == "later":
            seat = play_on(server, game_id, tokens, rng, 9)
        open_on_phone(driver, f"{server}/play/{tokens[seat]}")
        measured = driver.execute_script(TARGETS)
        assert measured, f"{name} ({when}): nothing to tap"
        assert not small_targets(driver), f"{name} ({when}): targets under {SMALLEST} px: {small_targets(driver)}"
        piece = chosen_first_piece(driver)
        if piece:
            assert not small_targets(driver), \
                f"{name} ({when}, {piece} chosen): targets under {SMALLEST} px: {small_targets(driver)}"
            screenshot(driver, shots, f"phone-targets-{name}-{when}")


def test_buccaneer_zooms_on_the_chosen_ship_and_asks_its_facing_beside_the_square(server, chrome, shots):
    driver = chrome()
    game_id, tokens = new_game(server, "buccaneer")
    seat = until_board_move(server, game_id, tokens, random.Random(5))
    open_on_phone(driver, f"{server}/play/{tokens[seat]}")
    moves = hints_on_page(driver)["moves"]
    piece = chosen_first_piece(driver)
    assert driver.find_elements("css selector", ".board.zoomed"), "the board is not zoomed on the chosen ship"
    ship = driver.find_element("css selector", f'.board [data-piece="{piece}"]').rect
    frame = driver.find_element("css selector", ".board").rect
    assert frame["x"] <= ship["x"] and ship["x"] + ship["width"] <= frame["x"] + frame["width"], (ship, frame)
    screenshot(driver, shots, "buccaneer-zoomed")
    # a square several moves end on (sailing there, then facing one way or another)
    ends: dict[str, int] = {}
    for hint in moves.values():
        if hint["piece"] == piece and hint["target"]:
            ends[hint["target"]] = ends.get(hint["target"], 0) + 1
    square = max(sorted(ends), key=lambda t: ends[t])
    assert ends[square] > 1
    from tests.browser import click_svg

    click_svg(driver, driver.find_element("css selector", f'.board rect[data-target][data-square="{square}"]'))
    box = wait_for(driver, lambda d: visible(d, "#choices [data-choice]"))[0].find_element("xpath", "..")
    place = driver.execute_script(
        "var b = arguments[0].getBoundingClientRect(), s = arguments[1].getBoundingClientRect();"
        "return {box: [b.top, b.bottom, b.left, b.right], square: [s.top, s.bottom], h: window.innerHeight,"
        "        w: window.innerWidth};",
        box, driver.find_element("css selector", f'.board rect[data-square="{square}"]'))
    top, bottom, left, right = place["box"]
    assert 0 <= top and bottom <= place["h"] and 0 <= left and right <= place["w"], f"facings out of the window: {place}"
    gap = max(top - place["square"][1], place["square"][0] - bottom)
    assert gap < 40, f"the facings are {gap} px away from the square tapped: {place}"
    assert len(small_targets(driver)) == 0, small_targets(driver)
    screenshot(driver, shots, "buccaneer-facing")
    choice = visible(driver, "#choices [data-choice]")[0]
    move = choice.get_attribute("data-choice")
    choice.click()
    pending = wait_for(driver, lambda d: visible(d, "#pending-move"))[0]
    assert pending.find_element("css selector", ".pending-notation").text == move


# --- every Buccaneer move by hand: the item picker -----------------------------------------------------------

# London lies in Venice with three crew cards worth 6 to trade for a crew card, a pearl and a barrel of rum
# (1 + 3 + 2): a trade of three items a side, which the buttons (two items a side at most) do not offer.
AT_VENICE = {
    "to_move": "london",
    "ships": {"london": {"at": "A7"}, "genoa": {"at": "J7", "face": "N"}},
    "hands": {"london": ["R2", "R2", "B2", "R3"], "genoa": ["R1", "B1"]},
    "docks": {"venice": {"crew": ["B1", "R3"], "treasure": ["pearl", "rum", "diamond"]}},
}
# London sails onto Treasure Island's coast and draws Yellow Fever with ten crew cards in hand and Docks:
# three go back, from the hand or the Docks, any of dozens of ways.
FEVER = {
    "to_move": "london",
    "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
    "hands": {"london": ["R1", "R2", "R3", "B1", "B2", "B3"], "genoa": ["R1"]},
    "docks": {"london": {"crew": ["R1", "B1", "B2", "R3"]}},
    "chance_deck": [22],
}


def buccaneer_at(server, position) -> tuple[str, str]:
    created = api(server + "/api/games", {"game": "buccaneer", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                          "options": {"home_ports": ["london", "genoa"], "position": position}})
    return created["id"], created["seats"][0]["token"]


def press(driver, picker, part: str, token: str) -> None:
    """Press the first chip of `token` in `part` of the picker that is not pressed yet."""
    chip = next(c for c in picker.find_elements("css selector", f'.chip[data-part="{part}"][data-token="{token}"]')
                if c.get_attribute("aria-pressed") == "false")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", chip)
    chip.click()


def picker_state(picker) -> tuple[bool, str, str]:
    go = picker.find_element("css selector", ".picker-go")
    return (go.is_enabled(), picker.find_element("css selector", ".picker-built").text,
            picker.find_element("css selector", ".picker-why").text)


def played(server, game_id, token) -> str:
    return api(f"{server}/api/games/{game_id}", token=token)


def test_a_trade_of_three_items_a_side_is_chosen_chip_by_chip(server, chrome, shots):
    driver = chrome()
    game_id, token = buccaneer_at(server, AT_VENICE)
    before = played(server, game_id, token)
    assert not [m for m in before["legal"] if m.startswith("trade give R2 R2 B2")], "a 3-item trade is listed after all"
    open_on_phone(driver, f"{server}/play/{token}")
    picker = wait_for(driver, lambda d: visible(d, ".item-picker"))[0]
    # an impossible combination: a card worth 2 for a pearl worth 3 cannot be taken on to confirmation
    press(driver, picker, "give", "R2")
    press(driver, picker, "take", "pearl")
    ready, built, why = picker_state(picker)
    assert not ready and "2" in why and "3" in why, (built, why)
    assert "red 2" in built and "pearl" in built, built
    screenshot(driver, shots, "picker-trade-refused")
    # the trade built up: red 2, red 2 and black 2 (6) for black 1, a pearl and a barrel of rum (6)
    press(driver, picker, "give", "R2")
    press(driver, picker, "give", "B2")
    press(driver, picker, "take", "B1")
    assert not picker_state(picker)[0], "a trade worth 6 for 4 can be chosen"
    press(driver, picker, "take", "rum")
    ready, built, why = picker_state(picker)
    assert ready, (built, why)
    assert all(word in built for word in ("red 2", "black 2", "black 1", "pearl", "rum")), built
    assert not small_targets(driver), small_targets(driver)
    screenshot(driver, shots, "picker-trade-built")
    picker.find_element("css selector", ".picker-go").click()
    pending = wait_for(driver, lambda d: visible(d, "#pending-move") and d.find_element("id", "confirm-move").is_enabled()
                       and visible(d, "#pending-move"))[0]
    move = pending.find_element("css selector", ".pending-notation").text
    assert move == "trade give R2 R2 B2 take B1 pearl rum"
    in_sight = driver.execute_script(
        "var r = document.getElementById('confirm-move').getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;")
    assert in_sight, "Play this move is out of the window"
    screenshot(driver, shots, "picker-trade-confirm")
    driver.find_element("id", "confirm-move").click()
    wait_for(driver, lambda d: played(server, game_id, token)["seq"] > before["seq"], 30)
    after = played(server, game_id, token)
    assert "'hand': ['R3', 'B1']" in str(after) and after["seq"] == before["seq"] + 1, after  # given up, taken in


def test_a_card_return_is_chosen_chip_by_chip_and_a_full_one_takes_no_more(server, chrome, shots):
    driver = chrome()
    game_id, token = buccaneer_at(server, FEVER)
    mine = played(server, game_id, token)
    sail = next(m for m in mine["legal"] if m.startswith("sail N 1"))
    api(f"{server}/api/games/{game_id}/moves", {"move": sail, "seq": mine["seq"]}, token)
    returns = [m for m in played(server, game_id, token)["legal"] if m.startswith("chance return")]
    assert len(returns) > 40, returns
    open_on_phone(driver, f"{server}/play/{token}")
    picker = wait_for(driver, lambda d: visible(d, ".item-picker"))[0]
    press(driver, picker, "", "R3")
    ready, built, why = picker_state(picker)
    assert not ready and "red 3" in built, (built, why)
    press(driver, picker, "", "B3")
    press(driver, picker, "docks", "R1")
    ready, built, why = picker_state(picker)
    assert ready, (built, why)
    # three are chosen: no fourth card can be
    free = [c for c in picker.find_elements("css selector", ".chip") if c.get_attribute("aria-pressed") == "false"]
    assert free and not any(c.is_enabled() for c in free), "a fourth card can still be chosen"
    screenshot(driver, shots, "picker-return")
    picker.find_element("css selector", ".picker-go").click()
    pending = wait_for(driver, lambda d: visible(d, "#pending-move"))[0]
    move = pending.find_element("css selector", ".pending-notation").text
    assert move == "chance return R3 B3 docks R1" and move in returns, move
    driver.find_element("id", "confirm-move").click()
    wait_for(driver, lambda d: "chance return R3 B3 docks R1" not in played(server, game_id, token)["legal"], 30)
