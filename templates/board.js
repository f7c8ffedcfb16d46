/* Choosing a ship on the board highlights the squares it may sail to (the page works without this).
   Any game's SVG opts in: a piece `data-ship="B1"` with `data-reach-orange` / `data-reach-yellow`
   (space-separated square names) and `data-square`, and squares `id="sq-E5" data-square="E5"`; a
   click on the ship or anywhere on its square chooses it. Orange squares get a filled overlay,
   yellow ones a circle (shape as well as colour); the legal moves naming the ship are marked, and a
   list of moves is narrowed to them. A second click, or Escape, clears the choice. Only attributes of
   the board and the page's own moves are read; nothing is inserted as HTML. */
(function () {
  "use strict";
  var svg = document.querySelector(".board svg");
  if (!svg) return;
  var NS = "http://www.w3.org/2000/svg";
  var chosen = null, status = null;

  function words(el, name) {
    return (el.getAttribute(name) || "").split(/\s+/).filter(Boolean);
  }

  function mark(name, colour) {
    var square = document.getElementById("sq-" + name);
    if (!square || !square.getBBox) return false;
    var box = square.getBBox(), shape;
    if (colour === "orange") {
      shape = document.createElementNS(NS, "rect");
      shape.setAttribute("x", box.x + 2);
      shape.setAttribute("y", box.y + 2);
      shape.setAttribute("width", Math.max(box.width - 4, 1));
      shape.setAttribute("height", Math.max(box.height - 4, 1));
    } else {
      shape = document.createElementNS(NS, "circle");
      shape.setAttribute("cx", box.x + box.width / 2);
      shape.setAttribute("cy", box.y + box.height / 2);
      shape.setAttribute("r", Math.max(Math.min(box.width, box.height) / 2 - 4, 1));
    }
    shape.setAttribute("class", "pick-reach pick-" + colour);
    shape.setAttribute("data-reach", colour);
    shape.setAttribute("data-square", name);
    if (square.hasAttribute("transform")) shape.setAttribute("transform", square.getAttribute("transform"));
    square.parentNode.insertBefore(shape, square.nextSibling);
    return true;
  }

  function moves() {
    return document.querySelectorAll("form.moves button[name=move], form.moves select[name=move] option");
  }

  function clear() {
    Array.prototype.forEach.call(svg.querySelectorAll(".pick-reach"), function (el) { el.remove(); });
    Array.prototype.forEach.call(moves(), function (el) {
      el.classList.remove("pick-move", "pick-other");
      el.hidden = false;
    });
    if (chosen) chosen.setAttribute("aria-pressed", "false");
    if (chosen) chosen.classList.remove("chosen");
    chosen = null;
    status.textContent = "";
  }

  function choose(ship) {
    clear();
    chosen = ship;
    ship.classList.add("chosen");
    ship.setAttribute("aria-pressed", "true");
    var name = ship.getAttribute("data-ship"), orange = 0, yellow = 0, first = null;
    words(ship, "data-reach-orange").forEach(function (sq) { if (mark(sq, "orange")) orange++; });
    words(ship, "data-reach-yellow").forEach(function (sq) { if (mark(sq, "yellow")) yellow++; });
    Array.prototype.forEach.call(moves(), function (el) {
      var mine = el.textContent.trim().split(/\s+/).indexOf(name) >= 0;
      el.classList.add(mine ? "pick-move" : "pick-other");
      if (el.tagName === "OPTION") {
        el.hidden = !mine;
        if (mine && !first) { first = el; el.selected = true; }
      }
    });
    status.textContent = name + " chosen: it may reach " + orange + " square" + (orange === 1 ? "" : "s") +
      " in orange (filled) and " + yellow + " in yellow (circles). Choose it again or press Escape to clear.";
  }

  function toggle(ship) {
    if (chosen === ship) clear(); else choose(ship);
  }

  var onSquare = Object.create(null);  // a square's name -> the ship on it that may be chosen
  Array.prototype.forEach.call(svg.querySelectorAll("[data-ship]"), function (ship) {
    if (!words(ship, "data-reach-orange").length && !words(ship, "data-reach-yellow").length) return;
    ship.classList.add("can-pick");
    ship.setAttribute("tabindex", "0");
    ship.setAttribute("role", "button");
    ship.setAttribute("aria-pressed", "false");
    if (ship.hasAttribute("data-square")) onSquare[ship.getAttribute("data-square")] = ship;
    ship.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        toggle(ship);
      }
    });
  });
  if (!svg.querySelector(".can-pick")) return;
  status = document.createElement("p");  // says what is highlighted, also to screen readers
  status.className = "muted board-status";
  status.setAttribute("aria-live", "polite");
  svg.parentNode.insertBefore(status, svg.nextSibling);
  svg.addEventListener("click", function (event) {  // a ship, or anywhere on its square
    var ship = event.target.closest("[data-ship]"), square = event.target.closest("[data-square]");
    if (!ship && square) ship = onSquare[square.getAttribute("data-square")];
    if (ship && ship.classList.contains("can-pick")) toggle(ship);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && chosen) clear();
  });
})();
