"""Pages that everyone can see (architecture section 25, issue 29 item 5), in a real Chromium against a real
`pbem serve`:

- every text on each game's board has a contrast of at least 4.5:1 (3:1 when large, as WCAG says) with what
  lies behind it: its colour as Chromium computes it against the board drawn without its texts (a
  screenshot, sampled under each text), or against its own halo where it has one;
- the seats' pieces differ by more than colour: each seat's pieces carry a text or a shape (a `.seat-mark`)
  that no other seat's pieces carry;
- the focus is always visible: tabbing through the home page, a seat page of each game (its board's pieces
  included) and /me, each focused element draws an outline or shadow it did not draw unfocused, of non-zero
  width and a colour of at least 3:1 against the page;
- motion is reduced when the system asks (`prefers-reduced-motion: reduce`, emulated through the DevTools
  protocol): transitions and animations last 0 s, scrolling is not smooth, and the board client scrolls to
  what comes next without smoothness.

The games are set a few moves in by each game's purposeful player (tests/playouts/<game>.py) through the API."""

from __future__ import annotations

import base64
import importlib
import random
import re
import struct
import zlib
from collections import Counter

import pytest

from tests.browser import DESKTOP, settle, wait_for
from tests.test_browser import api

pytestmark = [pytest.mark.slow,
              pytest.mark.sqlite_only("the pages and their look do not depend on the database engine")]

SEATS = {"mississippi": (3, {}), "rigadoon": (2, {"first": "seat0"}), "buccaneer": (2, {}), "dragon_flagon": (2, {})}
MOVES = 8  # played before the board is looked at: pieces have moved, some have met


def game_on_the_way(server: str, name: str) -> tuple[list[str], int]:
    """A game of `name` MOVES moves in: its seats' tokens and a seat to move (one with a legal move)."""
    seats, options = SEATS[name]
    playout = importlib.import_module(f"tests.playouts.{name}")
    created = api(server + "/api/games", {"game": name, "options": options,
                                          "players": [{"name": n} for n in ("Ann", "Bob", "Cy")[:seats]]})
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    rng = random.Random(f"{name}-looks")
    for moved in range(MOVES + 1):
        game = api(f"{server}/api/games/{game_id}")
        mover = next(seat for seat in game["to_move"]
                     if api(f"{server}/api/games/{game_id}", token=tokens[seat])["legal"])
        if moved == MOVES:
            return tokens, mover
        mine = api(f"{server}/api/games/{game_id}", token=tokens[mover])
        move = playout.choose(mine["view"], mine["legal"], mover, rng)
        api(f"{server}/api/games/{game_id}/moves", {"move": move, "seq": mine["seq"]}, token=tokens[mover])


# --- colours ------------------------------------------------------------------------------------------


def luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other) -> float:
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def parse_colour(text: str):
    """(r, g, b, alpha) of a computed CSS colour, rgb(...) or rgba(...)."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    return (*numbers[:3], numbers[3] if len(numbers) > 3 else 1.0)


def over(colour, behind):
    """`colour` with its alpha laid over an opaque `behind`."""
    alpha = colour[3]
    return tuple(alpha * c + (1 - alpha) * b for c, b in zip(colour[:3], behind[:3]))


def png_pixels(data: bytes):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG, as Chromium writes them."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width = 8, b"", 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in (2, 6) and not interlace, (depth, colour_type, interlace)
            step = 4 if colour_type == 6 else 3
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * step, [], bytearray(width * step)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * step:x * step + 3]) for x in range(width)])
        previous = line
    return width, height, rows


# --- the board's texts and pieces ---------------------------------------------------------------------

BOARD_TEXTS = """
var out = [];
var board = document.querySelector('.board svg').getBoundingClientRect();
document.querySelectorAll('.board svg text').forEach(function (el) {
  if (!el.textContent.trim()) return;
  var box = el.getBoundingClientRect();
  var style = getComputedStyle(el);
  if (box.width === 0 || style.display === 'none' || style.visibility === 'hidden') return;
  var opacity = 1;
  for (var node = el; node && node.nodeType === 1; node = node.parentNode)
    opacity *= parseFloat(getComputedStyle(node).opacity);
  if (opacity === 0) return;
  // a text under another shape (a field's number under a boat) is not seen: the point at its middle
  // belongs to what covers it, when the text takes the pointer for the moment
  var events = el.style.pointerEvents;
  el.style.pointerEvents = 'auto';
  var atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  el.style.pointerEvents = events;
  if (atMiddle !== el) return;
  var ctm = el.getScreenCTM();
  var scale = ctm ? Math.sqrt(ctm.a * ctm.a + ctm.b * ctm.b) : 1;
  out.push({text: el.textContent.trim().slice(0, 30), fill: style.fill, fillOpacity: parseFloat(style.fillOpacity),
            opacity: opacity, stroke: style.stroke, strokeWidth: parseFloat(style.strokeWidth) * scale,
            paintOrder: style.paintOrder, size: parseFloat(style.fontSize) * scale,
            bold: parseInt(style.fontWeight, 10) >= 700,
            box: [box.left - board.left, box.top - board.top, box.width, box.height]});
  el.style.visibility = 'hidden';
});
return {texts: out, board: [board.left + window.scrollX, board.top + window.scrollY, board.width, board.height]};
"""

# Each piece of the board as {owner, marks}: its owner as the game tells it in its markup, and what tells
# it apart without colour: its texts (digits off: numbers count, they do not tell whose) and the shapes of
# its `.seat-mark`s (their kind and outline, relative to their own box).
PIECE_MARKS = """
var owner = arguments[0];
var out = [];
document.querySelectorAll('.board svg [data-piece]').forEach(function (piece) {
  var who = owner === 'fleet' ? (piece.getAttribute('class') || '').replace(/.*fleet-(\\w+).*/, '$1')
          : owner === 'piece' ? piece.getAttribute('data-piece') : piece.getAttribute('data-piece').replace(/^\\w+-/, '');
  var marks = [];
  piece.querySelectorAll('text').forEach(function (t) {
    var letters = t.textContent.replace(/[\\d\\s]/g, '');
    if (letters) marks.push('text:' + letters);
  });
  piece.querySelectorAll('.seat-mark').forEach(function (m) {
    var box = m.getBBox(), shape = m.getAttribute('d') || m.getAttribute('points') || '';
    var numbers = (shape.match(/-?[\\d.]+/g) || []).map(Number), rel = [];
    for (var i = 0; i + 1 < numbers.length; i += 2)
      rel.push(Math.round((numbers[i] - box.x - box.width / 2)) + ',' + Math.round((numbers[i + 1] - box.y - box.height / 2)));
    marks.push('shape:' + m.tagName + ':' + rel.join(' '));
  });
  out.push({owner: who, marks: marks});
});
return out;
"""
OWNERS = {"mississippi": "seat", "buccaneer": "seat", "rigadoon": "fleet", "dragon_flagon": "piece"}


def low_contrast_texts(driver) -> list[str]:
    """The board's texts below WCAG's contrast (4.5:1, or 3:1 when large), told with what they are on."""
    found = driver.execute_script(BOARD_TEXTS)
    x, y, width, height = found["board"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": x, "y": y, "width": width, "height": height, "scale": 1}})
    shot_width, shot_height, pixels = png_pixels(base64.b64decode(shot["data"]))
    driver.execute_script("document.querySelectorAll('.board svg text').forEach(function (el) {"
                          " el.style.visibility = ''; });")
    low = []
    for text in found["texts"]:
        left, top, w, h = text["box"]
        samples = Counter(pixels[min(shot_height - 1, max(0, int(top + h * j / 6)))]
                                [min(shot_width - 1, max(0, int(left + w * i / 6)))]
                          for i in range(1, 6) for j in range(1, 6))
        behind = samples.most_common(1)[0][0]
        stroke = parse_colour(text["stroke"]) if text["stroke"] not in ("none", "") else None
        if stroke and stroke[3] > 0 and text["strokeWidth"] >= 1.5 and text["paintOrder"].startswith("stroke"):
            behind = over(stroke, behind)  # a halo: the text's own edge is what its letters stand on
        fill = parse_colour(text["fill"])
        colour = over((*fill[:3], fill[3] * text["fillOpacity"] * text["opacity"]), behind)
        large = text["size"] >= 24 or (text["bold"] and text["size"] >= 18.66)
        ratio, needed = contrast(colour, behind), 3.0 if large else 4.5
        if ratio < needed:
            low.append(f"{text['text']!r}: {ratio:.2f} < {needed} ({text['fill']} on rgb{behind})")
    return low


def test_board_texts_have_contrast_and_the_seats_differ_by_more_than_colour(server, chrome, shots):
    driver = chrome()
    driver.set_window_size(*DESKTOP)
    failures = {}
    for name in sorted(SEATS):
        tokens, mover = game_on_the_way(server, name)
        for seat, token in enumerate(tokens):
            driver.get(f"{server}/play/{token}")
            settle(driver, DESKTOP[0])
            low = low_contrast_texts(driver)
            if low:
                failures[f"{name} seat {seat}"] = low
        pieces = driver.execute_script(PIECE_MARKS, OWNERS[name])
        marks: dict[str, set] = {}
        for piece in pieces:
            marks.setdefault(piece["owner"], set()).update(piece["marks"])
        assert len(marks) >= 2, f"{name}: the board shows the pieces of fewer than two owners: {pieces}"
        for owner, own in marks.items():
            others = set().union(*(m for o, m in marks.items() if o != owner))
            assert own - others, f"{name}: {owner}'s pieces carry no text or shape that others lack: {marks}"
        driver.save_screenshot(str(shots / f"looks-{name}.png"))
    assert not failures, "\n".join(f"{where}:\n  " + "\n  ".join(low) for where, low in failures.items())


# --- the focus ----------------------------------------------------------------------------------------

# Remembers each focusable element's outline and shadow as drawn unfocused, once the page is loaded.
REMEMBER_UNFOCUSED = """
window.unfocusedLook = new Map();
document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]').forEach(function (el) {
  var style = getComputedStyle(el);
  window.unfocusedLook.set(el, style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.boxShadow);
});
"""
# What the focused element draws: its outline, shadow, and how it looked unfocused.
FOCUSED_LOOK = """
var el = document.activeElement;
if (!el || el === document.body) return null;
var style = getComputedStyle(el), again = !!el.focusLooked;
el.focusLooked = true;
return {again: again, tag: el.tagName, name: (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 40),
        board: !!el.closest('.board svg'), outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
        outlineColour: style.outlineColor, shadow: style.boxShadow,
        now: style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.boxShadow,
        before: window.unfocusedLook.has(el) ? window.unfocusedLook.get(el) : null};
"""
WHITE = (255, 255, 255)


def unseen_focus(driver, what: str, tabs: int = 120) -> tuple[list[str], int, bool]:
    """Tab through the page open in `driver` (up to `tabs` times, until the focus comes round again): the
    focused elements that draw no visible indicator, how many were focused, and whether one was on the board."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.execute_script(REMEMBER_UNFOCUSED)
    seen, unseen, on_board = 0, [], False
    for _ in range(tabs):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        look = driver.execute_script(FOCUSED_LOOK)
        if look is None:
            continue
        if look["again"]:  # round the page once
            break
        seen += 1
        on_board = on_board or look["board"]
        outline = (look["outlineStyle"] not in ("none", "hidden") and look["outlineWidth"] >= 1 and
                   (look["outlineStyle"] == "auto" or contrast(parse_colour(look["outlineColour"]), WHITE) >= 3))
        shadow = look["shadow"] not in ("none", "")
        if not (outline or shadow) or look["now"] == look["before"]:
            unseen.append(f"{what}: {look['tag']} {look['name']!r} draws {look['now']} (unfocused: {look['before']})")
    return unseen, seen, on_board


def test_the_focus_is_always_visible(var_dir, database, smtp_sink, chrome):
    from tests.support import serving
    from tests.test_accessibility_pages import sign_in

    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    with serving(var_dir, database, env=env) as base:
        api(base + "/api/games", {"game": "rigadoon", "players": [{"name": "Ann", "email": "ann@example.org"},
                                                                  {"name": "Bob"}]})
        driver = chrome()
        driver.set_window_size(*DESKTOP)
        unseen, counted, boards = [], {}, 0
        pages = [("/", "home", False)]
        for name in sorted(SEATS):
            tokens, mover = game_on_the_way(base, name)
            pages.append((f"/play/{tokens[mover]}", f"{name}'s seat page", True))
        for path, what, board in pages:
            driver.get(base + path)
            settle(driver, DESKTOP[0])
            board = board and driver.execute_script("return !!document.querySelector('.board svg [tabindex]')")
            found, counted[what], on_board = unseen_focus(driver, what)
            unseen += found
            assert on_board or not board, f"{what}: Tab never reached a piece on the board"
            boards += board
        sign_in(driver, base, smtp_sink, "ann@example.org")
        found, counted["/me"], _ = unseen_focus(driver, "/me")
        unseen += found
    assert all(count >= 3 for count in counted.values()), counted
    assert boards >= 2, "fewer than two seat pages had pieces to choose on the board"
    assert not unseen, "\n".join(unseen)


# --- motion -------------------------------------------------------------------------------------------

# An element that moves in every way CSS allows, put on the page under test: the page's own rules must still
# it when the system asks for less motion.
MOVING = """
var style = document.createElement('style');
style.textContent = '@keyframes turning { to { transform: rotate(1turn); } }' +
  ' #moving { transition: opacity 1s ease 0.5s; animation: turning 2s infinite; scroll-behavior: smooth; }';
document.head.appendChild(style);
var moving = document.createElement('div');
moving.id = 'moving';
document.body.appendChild(moving);
var look = getComputedStyle(moving);
return {transition: look.transitionDuration, delay: look.transitionDelay, animation: look.animationDuration,
        scroll: look.scrollBehavior, page: getComputedStyle(document.documentElement).scrollBehavior};
"""
# Records how the board client scrolls: scrollIntoView's options, each time it is called.
RECORD_SCROLLS = """
window.scrolls = [];
var own = Element.prototype.scrollIntoView;
Element.prototype.scrollIntoView = function (how) { window.scrolls.push(how || null); return own.apply(this, arguments); };
"""


def scrolls_after_choosing_a_piece(driver) -> list:
    """Enter on the first piece of the board that can be chosen: how the client then scrolled to where it goes."""
    from selenium.webdriver.common.keys import Keys

    driver.execute_script(RECORD_SCROLLS)
    piece = driver.find_element("css selector", ".play-area svg .can-pick[tabindex]")
    driver.execute_script("arguments[0].focus();", piece)
    piece.send_keys(Keys.ENTER)
    return wait_for(driver, lambda d: d.execute_script("return window.scrolls.length ? window.scrolls : null;"))


def test_motion_is_reduced_when_the_system_asks(server, chrome):
    driver = chrome()
    driver.set_window_size(*DESKTOP)
    tokens, mover = game_on_the_way(server, "mississippi")
    driver.get(f"{server}/play/{tokens[mover]}")
    settle(driver, DESKTOP[0])
    assert driver.execute_script(MOVING) == {"transition": "1s", "delay": "0.5s", "animation": "2s",
                                             "scroll": "smooth", "page": "auto"}
    assert [how and how.get("behavior") for how in scrolls_after_choosing_a_piece(driver)] == ["smooth"]

    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(f"{server}/play/{tokens[mover]}")
    settle(driver, DESKTOP[0])
    assert driver.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert driver.execute_script(MOVING) == {"transition": "0s", "delay": "0s", "animation": "0s",
                                             "scroll": "auto", "page": "auto"}
    assert [how and how.get("behavior") for how in scrolls_after_choosing_a_piece(driver)] == ["auto"]


# --- the text mode's buttons --------------------------------------------------------------------------


def test_the_text_modes_buttons_say_each_thing_once():
    """Hints as the four games give them: the button keeps its notation first and says nothing twice."""
    from pbem.web.text_mode import said_once

    def button(move, choice="", target="", where="", words=""):
        return said_once({"move": move, "choice": choice, "target": target, "words": words}, where)

    # Mississippi: the place is in the words; the choice (the turn) is not
    assert button("forward 1", "no turn", "33", "field 33", "Forward 1 to field 33. Costs 1 log; you keep 8.") == {
        "choice_once": "no turn", "place_once": "", "rest": "Forward 1 to field 33. Costs 1 log; you keep 8."}
    # Buccaneer: the words begin with the choice, and then repeat the notation
    assert button("always attack", "Always attack", words="Always attack: your ship attacks every ship.") == {
        "choice_once": "", "place_once": "", "rest": "your ship attacks every ship."}
    # ... and a heading the words end with, on a square the words name
    assert button("sail SE 1 face N", "Face north", "N11", "square N11, your ship",
                  "Sail 1 square south-east to N11, then face north.")["choice_once"] == ""
    # Rigadoon: a choice the notation begins with; a place the words do not name stays
    assert button("repair B1", "repair", words="B1 repairs one mast.")["choice_once"] == ""
    assert button("sail B1 E 1", target="D1", where="square D1", words="B1 sails 1 square east.")["place_once"] == \
        "square D1"
    # Dragon & Flagon: a one-word choice stays, even where the words use the word
    assert button("plan druid jump", "Jump", words="Time 2. You jump into the square ahead.")["choice_once"] == "Jump"
