/* The conditional moves page's planner (issue 27 item 7): a line played out on a copy of the board. The
   page works without it: the rows below it build the same line from lists and typed moves.

   With it: the page's #planner shows the board as the seat sees it now. Whoever decides next (the seat,
   or the others where their moves may be listed) chooses on the copy as on the seat page: a piece
   ([data-piece]), then a square it can reach ([data-square], marked data-target), then a label when
   several moves remain; moves off the board are buttons, and any move can be typed. Each step asks the
   server (data.url: /play/<token>/plan.json, read-only: it folds the steps on a copy and never appends)
   for the rows in words and the board after them; a step the rules refuse is said with their reason and
   not kept. "Save this line" posts the page's own form with the steps, as the rows below do. Nothing is
   inserted as HTML but the server's own SVG of the board: the rest goes in as text. */
(function () {
  "use strict";

  var dataNode = document.getElementById("plan-data");
  var section = document.getElementById("planner");
  if (!dataNode || !section || !window.fetch) return;
  var data = JSON.parse(dataNode.textContent);
  // The board client's words in the reader's language (pbem/web/client_words.py): the English id, else as given.
  var words = data.words || {};
  function W(message, values) {
    return (words[message] || message).replace(/%\((\w+)\)s/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }
  function byId(id) { return document.getElementById(id); }
  var boardBox = byId("plan-board"), rowsBox = byId("plan-rows"), prompt = byId("plan-prompt");
  var problem = byId("plan-problem"), choices = byId("plan-choices"), buttons = byId("plan-buttons");
  var typed = byId("plan-typed"), typedMove = byId("plan-move"), roles = byId("plan-roles");
  var saveForm = byId("plan-save"), saveButton = byId("plan-save-button");
  var undoButton = byId("plan-undo"), restartButton = byId("plan-restart");
  var BUTTONS_AT_MOST = 40;  // more moves off the board than this: typed (as the seat page leaves them to its list)

  var steps = [];       // the line so far: "t:<their move>" or "m:<your move>", as the form sends them
  var plan = null;      // the server's last answer
  var chosenPiece = null;
  var asking = false;

  function text(el, value) { el.textContent = value; }
  // a row or a choice: its name in bold, then what it does in words (when the server says)
  function sayInto(parent, name, words, wordsClass) {
    var strong = document.createElement("strong");
    text(strong, name);
    parent.appendChild(strong);
    if (words) {
      var span = document.createElement("span");
      span.className = wordsClass;
      text(span, words);
      parent.appendChild(span);
    }
  }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function attrEscape(value) { return String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"'); }
  function pieceEls(name) { return all(boardBox, '[data-piece="' + attrEscape(name) + '"]'); }
  function squareEls(name) {
    return all(boardBox, '[data-square="' + attrEscape(name) + '"]').filter(function (el) {
      return !el.hasAttribute("data-piece"); });
  }

  // --- asking the server --------------------------------------------------------------------------------

  function ask(wanted) {
    if (asking) return;
    asking = true;
    var query = "?seq=" + encodeURIComponent(data.seq) + wanted.map(function (s) {
      return "&step=" + encodeURIComponent(s); }).join("");
    fetch(data.url + query, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) {
        return response.json().then(function (body) { return {status: response.status, body: body}; });
      })
      .then(function (answer) {
        asking = false;
        if (answer.status === 200) {
          var first = plan === null;
          steps = answer.body.steps;
          draw(answer.body);
          // the line in words and "Save this line" where the eye is, below the copy (issue 27: in view)
          if (!first) {
            saveForm.scrollIntoView({block: "nearest"});
            // the control that was used is gone with the old copy: the focus goes to what comes next
            var next = boardBox.querySelector(".can-pick") || buttons.querySelector("button") ||
              (!typed.hidden && typedMove) || saveButton;
            if (next && (!document.activeElement || document.activeElement === document.body)) next.focus({preventScroll: true});
          }
          return;
        }
        // a step the rules refuse (422) is not kept; the game moved on (409): the line starts again
        refused(answer.body.problem || answer.body.error || "");
        if (answer.status === 409) { saveButton.disabled = true; undoButton.disabled = restartButton.disabled = true; }
      })
      .catch(function () { asking = false; });
  }

  function refused(reason) {
    problem.hidden = !reason;
    text(problem, reason);
    unmarkChosen();
  }

  // --- drawing an answer ----------------------------------------------------------------------------------

  function draw(answer) {
    plan = answer;
    chosenPiece = null;
    boardBox.innerHTML = answer.svg;  // the server's own SVG of the board, as the seat page takes it
    byId("plan-note").hidden = answer.known;
    clear(rowsBox);
    answer.rows.forEach(function (row) {
      var item = document.createElement("li");
      item.className = row.role === "m" ? "then" : "if";
      sayInto(item, row.said, row.words, "plan-words");
      rowsBox.appendChild(item);
    });
    byId("plan-empty").hidden = answer.rows.length > 0;
    rowsBox.setAttribute("aria-label", answer.said);
    refused("");
    text(prompt, answer.next.prompt || "");
    clear(buttons);
    hideChoices();
    saveButton.disabled = !answer.can_save;
    undoButton.disabled = restartButton.disabled = steps.length === 0;
    var next = answer.next;
    typed.hidden = !(next.kind === "mine" || next.kind === "theirs" || next.kind === "typed");
    roles.hidden = next.role !== null;
    if (next.moves) offerOnBoard(next);
  }

  function roleOfNext() {
    if (plan.next.role) return plan.next.role;
    var checked = typed.querySelector("input[name=plan-role]:checked");
    return checked ? checked.value : "t";
  }

  function add(move) { ask(steps.concat([roleOfNext() + ":" + move])); }

  // --- choosing on the copy, as on the seat page ----------------------------------------------------------

  // A piece's name in words as the seat page gives it: an SVG piece's <title> takes it; elsewhere it
  // becomes the aria-label only where it contains what the piece shows (a name must include the visible
  // words); a square's name is its label, as on the seat page.
  function nameControl(el, name, isSquare) {
    if (!name) return;
    var title = el.querySelector(":scope > title");
    if (title && !isSquare) { text(title, name); return; }
    var shown = el.textContent.replace(/\s+/g, " ").trim();
    if (isSquare || name.indexOf(shown) !== -1) el.setAttribute("aria-label", name);
  }

  function control(el, label, action, isSquare) {
    el.classList.add("can-pick");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    // a board drawn as one picture is a group of controls while its pieces and squares take focus (as on
    // the seat page): a picture may not hold controls
    var picture = el.closest('svg[role="img"]');
    if (picture) picture.setAttribute("role", "group");
    nameControl(el, label, isSquare);
    el.addEventListener("click", function (event) { event.preventDefault(); event.stopPropagation(); action(); });
    el.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
    });
  }

  function offerOnBoard(next) {
    var names = next.names || {pieces: {}, squares: {}};
    var byPiece = Object.create(null), byTarget = Object.create(null), offBoard = [];
    next.moves.forEach(function (m) {
      if (m.piece && pieceEls(m.piece).length) (byPiece[m.piece] = byPiece[m.piece] || []).push(m);
      // a move whose piece is not on the copy (a card, a standee still to place: on the seat page it is
      // in the game's panel) is chosen by the square it ends on, then its label
      else if (m.target && squareEls(m.target).length) (byTarget[m.target] = byTarget[m.target] || []).push(m);
      else offBoard.push(m);
    });
    Object.keys(byPiece).forEach(function (piece) {
      pieceEls(piece).forEach(function (el) {
        control(el, names.pieces[piece], function () { choosePiece(piece, byPiece[piece], names); });
      });
    });
    Object.keys(byTarget).forEach(function (square) {
      squareEls(square).forEach(function (el) {
        markTarget(el, names.squares[square], function () { narrow(byTarget[square], el); });
      });
    });
    if (offBoard.length <= BUTTONS_AT_MOST) offBoard.forEach(function (m) { buttons.appendChild(moveButton(m)); });
    fitTargets();
  }

  function markTarget(el, label, action) {
    el.setAttribute("data-target", "");
    el.classList.add("is-target");
    control(el, label, action, true);
  }

  // A board whose places are drawn smaller than a finger on this screen (a Buccaneer square is 16 CSS px
  // on a phone) is drawn larger in a frame of its own that scrolls, so that every piece and square to
  // choose is at least 24x24 px (WCAG 2.2 target size; issue 27), as the seat page's zoom does.
  var FINGER = 24;
  function fitTargets() {
    var smallest = Infinity;
    all(boardBox, "[data-target], .can-pick").forEach(function (el) {
      var place = el.getBoundingClientRect();
      if (place.width && place.height) smallest = Math.min(smallest, place.width, place.height);
    });
    if (!(smallest < FINGER)) return;
    var svg = boardBox.querySelector("svg");
    var width = svg ? svg.getBoundingClientRect().width : 0;
    if (!width) return;
    boardBox.classList.add("zoomed");
    boardBox.setAttribute("tabindex", "0");  // a region that scrolls is reached by the keyboard
    boardBox.style.setProperty("--zoomed-width", Math.ceil(width * (FINGER + 4) / smallest) + "px");
  }

  function unmarkChosen() {
    all(boardBox, ".chosen").forEach(function (el) { el.classList.remove("chosen"); });
  }

  function choosePiece(piece, list, names) {
    if (chosenPiece === piece) { draw(plan); return; }  // chosen again: nothing chosen
    if (chosenPiece !== null) { var keep = plan; draw(keep); }
    chosenPiece = piece;
    pieceEls(piece).forEach(function (el) { el.classList.add("chosen"); });
    var targets = Object.create(null), without = [];
    list.forEach(function (m) {
      if (m.target && squareEls(m.target).length) (targets[m.target] = targets[m.target] || []).push(m);
      else without.push(m);
    });
    Object.keys(targets).forEach(function (square) {
      squareEls(square).forEach(function (el) {
        markTarget(el, names.squares[square], function () { narrow(targets[square], el); });
      });
    });
    // what is chosen and where it can go, in words, as the seat page says it
    var count = Object.keys(targets).length, name = names.pieces[piece] || piece;
    text(prompt, W("%(piece)s chosen.", {piece: name}) + " " + (count ? W(count === 1 ?
      "%(num)s place it can reach is marked: choose one." : "%(num)s places it can reach are marked: choose one.",
      {num: count}) + " " : "") + W("Choose it again or press Escape to cancel."));
    fitTargets();
    var first = boardBox.querySelector("[data-target]") || pieceEls(piece)[0];
    if (first && boardBox.classList.contains("zoomed")) first.scrollIntoView({block: "nearest", inline: "center"});
    if (without.length) offer(without);
  }

  // The moves that end on the square tapped: one is added at once, several are offered by their labels.
  function narrow(list) {
    if (list.length === 1) { add(list[0].move); return; }
    offer(list);
  }

  function offer(list) {
    clear(choices);
    list.forEach(function (m) { choices.appendChild(moveButton(m)); });
    choices.hidden = false;
    choices.scrollIntoView({block: "nearest"});
  }

  function hideChoices() { clear(choices); choices.hidden = true; }

  function moveButton(m) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.setAttribute("data-choice", m.move);
    sayInto(button, m.choice ? m.choice + " (" + m.move + ")" : m.move, m.words, "choice-words");
    button.addEventListener("click", function () { add(m.move); });
    return button;
  }

  // --- the buttons and the typed move ---------------------------------------------------------------------

  typed.addEventListener("submit", function (event) {
    event.preventDefault();
    var move = typedMove.value.replace(/\s+/g, " ").trim();
    if (!move) return;
    typedMove.value = "";
    add(move);
  });
  undoButton.addEventListener("click", function () { ask(steps.slice(0, -1)); });
  restartButton.addEventListener("click", function () { ask([]); });
  // saved through the page's own form, as the rows below save theirs (the conditional-move command)
  saveForm.addEventListener("submit", function () {
    all(saveForm, "input[name=step]").forEach(function (el) { el.parentNode.removeChild(el); });
    steps.forEach(function (s) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "step";
      input.value = s;
      saveForm.appendChild(input);
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && chosenPiece !== null && plan) draw(plan);
  });

  section.hidden = false;
  ask([]);
})();
