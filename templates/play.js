/* The seat page's board client (architecture section 12). The page works without it: every move can be
   chosen from the buttons, the list or the typed field, and the server asks to confirm.

   With it: the game's hints (JSON in #move-hints) say, for each legal move, the piece it moves
   ([data-piece] in the board or the game's panel), the square it ends on ([data-square]), the squares it
   passes, a label that tells it from the other moves of that piece to that square, and its effect in
   words. Choosing a piece marks its targets (data-target); choosing a target narrows to the moves ending
   there, and buttons (data-choice) offer the few left; the chosen move shows in #pending-move, in words
   and notation, with #confirm-move and #cancel-move; nothing is sent until confirmed (unless the seat
   turned confirmation off). Where the result is certain the server draws the board after the move. A
   typed move that is not among the legal moves is judged by the server first (#pending-refused says
   why it would be refused, in the rules' words, and the move cannot be confirmed).

   It also keeps the page in step with the game as it happens (server-sent events; the new page is swapped
   in place, what the player is writing or has chosen kept: see "keeping up with the game"), posts the
   page's forms without a reload, and shows time left as a countdown in the viewer's own time zone. Nothing is ever inserted as HTML: text goes in
   as text, and the only markup taken in is the server's own SVG of the board. */
(function () {
  "use strict";

  // The page is swapped in place when the game moves on, and this script runs again on the new page:
  // listeners on the document and timers of an earlier run see that they are stale and do nothing.
  var generation = window.pbemPageGeneration = (window.pbemPageGeneration || 0) + 1;
  function stale() { return window.pbemPageGeneration !== generation; }

  var dataNode = document.getElementById("move-hints");
  var data = dataNode ? JSON.parse(dataNode.textContent) : {moves: []};
  // The page's words in its reader's language (pbem/web/client_words.py): the English id, else as given.
  var words = data.words || {};
  function W(message, values) {
    return (words[message] || message).replace(/%\((\w+)\)s/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }
  var area = document.querySelector(".play-area");
  var boardBox = document.querySelector(".board");
  var playForm = document.getElementById("play-form");
  var pending = document.getElementById("pending-move");
  // Where the panel stands when a move is chosen on the board; a move chosen in a form below is confirmed
  // beside that form instead, where the eye is (issue 27: the panel was 1,759 px above the list).
  var pendingHome = pending && document.createComment("pending-move");
  if (pending) pending.parentNode.insertBefore(pendingHome, pending);
  var choiceBox = document.getElementById("choices");
  var say = document.getElementById("board-status");
  var SVGNS = "http://www.w3.org/2000/svg";
  // The board's pieces and squares in words, in the reader's language (the game's board_names): the
  // accessible names of the board's controls (architecture section 25).
  var boardNames = data.names || {};
  boardNames.pieces = boardNames.pieces || {};
  boardNames.squares = boardNames.squares || {};
  function squareName(name) { return boardNames.squares[name] || W("square %(square)s", {square: name}); }

  var moves = data.moves || [];
  var byPiece = Object.create(null);
  var byTarget = Object.create(null);   // moves without a piece, by target square
  var byMove = Object.create(null);
  moves.forEach(function (m) {
    byMove[m.move] = m;
    if (m.piece) (byPiece[m.piece] = byPiece[m.piece] || []).push(m);
    else if (m.target) (byTarget[m.target] = byTarget[m.target] || []).push(m);
  });

  var state = {piece: null, pieceEl: null, target: null, move: null};
  var originalBoard = null;

  function text(el, value) { if (el) el.textContent = value; }
  function all(root, selector) { return root ? Array.prototype.slice.call(root.querySelectorAll(selector)) : []; }
  function attrEscape(value) { return String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"'); }
  function squares(name) { return all(area, '[data-square="' + attrEscape(name) + '"]').filter(function (el) {
    return !el.hasAttribute("data-piece"); }); }
  function pieceEls(name) { return all(area, '[data-piece="' + attrEscape(name) + '"]'); }

  // --- marking the board ---------------------------------------------------------------------------

  // A marked square is drawn in the marking colour in its own shape (the board's shapes take the class;
  // a group marks the shapes in it), so numbers and names on it stay readable.
  function markSquare(name, kind) {
    squares(name).forEach(function (el) {
      el.setAttribute(kind === "target" ? "data-target" : "data-path", "");
      el.classList.add(kind === "target" ? "is-target" : "is-path");
      if (kind === "target") {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", squareName(name));
      }
    });
  }

  function unmark() {
    all(area, "[data-target],[data-path]").forEach(function (el) {
      el.removeAttribute("data-target");
      el.removeAttribute("data-path");
      el.classList.remove("is-target", "is-path");
      if (!el.classList.contains("can-pick")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
    });
    all(area, ".chosen").forEach(function (el) { el.classList.remove("chosen"); pressed(el, false); });
  }

  // Only a control says whether it is pressed: a card chosen through a button of its own is not one.
  function pressed(el, on) {
    if (el.getAttribute("role") === "button") el.setAttribute("aria-pressed", on ? "true" : "false");
  }

  // --- choosing ---------------------------------------------------------------------------------------

  function clearChoices() {
    while (choiceBox && choiceBox.firstChild) choiceBox.removeChild(choiceBox.firstChild);
    if (choiceBox) { choiceBox.hidden = true; choiceBox.classList.remove("floating"); notBeside(choiceBox); }
  }

  // `anchor`: the place on the board that was tapped, for the choices to show beside it (issue 27: a
  // facing asked for 557 px above the view on a phone).
  function offer(list, heading, anchor) {
    clearChoices();
    if (!choiceBox || !list.length) return;
    var title = document.createElement("p");
    title.className = "choices-heading";
    text(title, heading);
    choiceBox.appendChild(title);
    list.forEach(function (m) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.setAttribute("data-choice", m.move);
      var label = document.createElement("strong");
      text(label, m.choice || m.move);
      button.appendChild(label);
      if (m.words) {
        var words = document.createElement("span");
        words.className = "choice-words";
        text(words, m.words);
        button.appendChild(words);
      }
      button.addEventListener("click", function () { choose(m); });
      choiceBox.appendChild(button);
    });
    choiceAnchor = anchor || null;
    if (anchor) {  // laid over the page beside the place tapped: nothing moves
      choiceBox.hidden = false;
      if (besideOnBoard(choiceBox, anchor)) return;
      choiceBox.hidden = true;
    }
    // the few moves left (a facing, a trade) in sight, whatever was tapped to offer them
    keepingBoardInPlace(function () { choiceBox.hidden = false; bringInSight(choiceBox); });
  }

  // A phone turned, or a window resized: the zoom and the choices beside a place are laid out again.
  // Only a change of width counts: a phone's address bar hiding as the page scrolls changes the height.
  var choiceAnchor = null, laidOutWidth = window.innerWidth;
  window.addEventListener("resize", function () {
    if (stale() || window.innerWidth === laidOutWidth) return;
    laidOutWidth = window.innerWidth;
    if (state.piece && !state.move) zoomTo(state.target ? squares(state.target)[0] : state.pieceEl || pieceEls(state.piece)[0]);
    if (choiceBox && !choiceBox.hidden && choiceBox.classList.contains("beside")) {
      notBeside(choiceBox);
      if (!(choiceAnchor && besideOnBoard(choiceBox, choiceAnchor))) bringInSight(choiceBox);
    }
  });

  // What `change` adds above the board (a box in the controls, which stand above it on a phone) does not
  // push the board down the window: the page scrolls by as much (issue 27).
  function keepingBoardInPlace(change) {
    var before = area ? area.getBoundingClientRect().top : null;
    change();
    if (before === null) return;
    var moved = area.getBoundingClientRect().top - before;
    if (moved && before < window.innerHeight) window.scrollBy(0, moved);
  }

  function notBeside(box) {
    box.classList.remove("beside");
    box.style.top = box.style.left = "";
  }

  // A box laid over the page just below the tapped place on the board (above it when there is no room
  // below), so the choice is made where the finger is; false when it fits neither way (it then floats).
  function besideOnBoard(box, anchor) {
    box.classList.add("beside");
    var place = anchor.getBoundingClientRect();
    if (!place.width || place.bottom < 0 || place.top > window.innerHeight) { notBeside(box); return false; }
    var width = box.offsetWidth, height = box.offsetHeight, gap = 6;
    if (place.bottom + gap + height > window.innerHeight && place.top - gap - height < 0) {
      window.scrollBy(0, place.top - gap);  // room below the place: it goes to the top of the window
      place = anchor.getBoundingClientRect();
    }
    var top = place.bottom + gap;
    if (top + height > window.innerHeight) top = place.top - gap - height;
    if (top < 0) { notBeside(box); return false; }
    var left = Math.max(4, Math.min(place.left + place.width / 2 - width / 2, window.innerWidth - width - 4));
    box.style.top = (top + window.scrollY) + "px";
    box.style.left = (left + window.scrollX) + "px";
    return true;
  }

  // --- a closer view on a phone (issue 27) -------------------------------------------------------------
  // Where the places a chosen piece can reach are drawn smaller than a finger (a Buccaneer square is 16
  // CSS px on a 390 px phone), the board is drawn larger inside its own frame, which keeps its size and
  // scrolls, centred on the chosen piece, until the choice is made or cancelled.

  var FINGER = 36;  // CSS px a place is drawn at when the board is zoomed (WCAG 2.2 asks 24 at least)

  function zoomTo(pieceEl) {
    unzoom();
    if (!boardBox || !state.piece) return;
    var svg = boardBox.querySelector("svg");
    var marked = all(boardBox, "[data-target]").map(function (el) { return el.getBoundingClientRect(); })
      .filter(function (r) { return r.width > 0; });
    if (!svg || !marked.length) return;
    var smallest = Math.min.apply(null, marked.map(function (r) { return Math.min(r.width, r.height); }));
    if (smallest >= 24) return;
    var frame = boardBox.getBoundingClientRect(), drawn = svg.getBoundingClientRect();
    var factor = FINGER / smallest;
    var centre = (pieceEl && boardBox.contains(pieceEl) ? pieceEl : svg).getBoundingClientRect();
    var x = (centre.left + centre.width / 2 - drawn.left) * factor, y = (centre.top + centre.height / 2 - drawn.top) * factor;
    boardBox.style.height = frame.height + "px";
    boardBox.style.setProperty("--zoomed-width", (drawn.width * factor) + "px");
    boardBox.classList.add("zoomed");
    boardBox.tabIndex = 0;  // a region that scrolls is reached by the keyboard too (its arrows scroll it)
    boardBox.scrollLeft = x - boardBox.clientWidth / 2;
    boardBox.scrollTop = y - boardBox.clientHeight / 2;
  }

  function unzoom() {
    if (!boardBox || !boardBox.classList.contains("zoomed")) return;
    boardBox.classList.remove("zoomed");
    boardBox.removeAttribute("tabindex");
    boardBox.style.height = "";
    boardBox.style.removeProperty("--zoomed-width");
  }

  // A box shown in answer to a tap on the board stays where it is when it is in sight; otherwise (a tall
  // board, the controls above it on a phone) it floats at the foot of the window until it is answered.
  function bringInSight(box) {
    box.classList.remove("floating");
    var rect = box.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) box.classList.add("floating");
  }

  function reset(message) {
    restoreBoard();
    unzoom();
    unmark();
    clearChoices();
    state = {piece: null, pieceEl: null, target: null, move: null};
    if (pending) { pending.hidden = true; pending.classList.remove("floating"); }
    tell(message || "");
  }

  // The status line above the board says what to do next; a longer or shorter line does not move the board.
  function tell(message) {
    keepingBoardInPlace(function () { text(say, message); });
  }

  function pickPiece(name, el) {
    if (state.piece === name) { reset(); return; }
    reset();
    state.piece = name;
    state.pieceEl = el;
    pieceEls(name).forEach(function (p) { p.classList.add("chosen"); pressed(p, true); });
    all(document, "[data-piece-button]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-piece-button") === name ? "true" : "false");
    });
    var mine = byPiece[name] || [];
    var targets = [], seen = Object.create(null), off = [];
    mine.forEach(function (m) {
      if (m.target) { if (!seen[m.target]) { seen[m.target] = true; targets.push(m.target); } }
      else off.push(m);
    });
    targets.forEach(function (t) { markSquare(t, "target"); });
    zoomTo(el || pieceEls(name)[0]);
    if (off.length) offer(off, W("Or, with %(piece)s:", {piece: label(name)}));
    var count = targets.length;
    tell(W("%(piece)s chosen.", {piece: label(name)}) + " " +
      (count ? W(count === 1 ? "%(num)s place it can reach is marked: choose one." :
                               "%(num)s places it can reach are marked: choose one.", {num: count}) + " " : "") +
      W("Choose it again or press Escape to cancel."));
    if (!count && off.length === 1) choose(off[0]);
  }

  function pickButton(card, name) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "piece-button pick-in-card";
    button.setAttribute("data-piece-button", name);
    button.setAttribute("aria-pressed", "false");
    text(button, W("Choose %(piece)s", {piece: label(name)}));
    button.addEventListener("click", function (event) {
      event.stopPropagation();  // the card's own click would choose it a second time, undoing it
      pickPiece(name, card);
      if (state.piece === name) focusNext();
    });
    (card.querySelector("header") || card).appendChild(button);
  }

  function label(piece) {
    if (boardNames.pieces[piece]) return boardNames.pieces[piece];
    var el = pieceEls(piece)[0];
    if (!el) return piece;
    var title = el.querySelector("title");
    return el.getAttribute("aria-label") || el.getAttribute("data-label") ||
      (title && title.textContent.trim()) || piece;
  }

  function pickTarget(square) {
    var list = state.piece ? (byPiece[state.piece] || []).filter(function (m) { return m.target === square; })
                           : (byTarget[square] || []);
    if (!list.length) return false;
    state.target = square;
    unmark();
    if (state.piece) pieceEls(state.piece).forEach(function (p) { p.classList.add("chosen"); });
    markSquare(square, "target");
    (list[0].path || []).forEach(function (sq) { markSquare(sq, "path"); });
    if (list.length === 1) choose(list[0]);
    else {
      tell(W("%(num)s moves end on %(square)s: choose one below.", {num: list.length, square: square}));
      offer(list, W("Which move to %(square)s?", {square: square}), squares(square)[0]);
    }
    return true;
  }

  function choose(m, beside) {
    state.move = m.move;
    if (!data.confirm) { send(m.move); return; }
    unmark();
    if (m.piece) pieceEls(m.piece).forEach(function (p) { p.classList.add("chosen"); });
    if (m.target) markSquare(m.target, "target");
    (m.path || []).forEach(function (sq) { markSquare(sq, "path"); });
    var confirmButton = pending.querySelector("#confirm-move");
    keepingBoardInPlace(function () {
      if (beside) beside.parentNode.insertBefore(pending, beside.nextSibling);
      else pendingHome.parentNode.insertBefore(pending, pendingHome.nextSibling);
      clearChoices();
      text(pending.querySelector(".pending-words"), m.words || "");
      text(pending.querySelector(".pending-notation"), m.move);
      var rule = pending.querySelector("#pending-rule");
      if (rule) {
        rule.hidden = !m.rule;
        if (m.rule) rule.setAttribute("href", rule.getAttribute("href").split("#")[0] + "#" + encodeURIComponent(m.rule));
      }
      refusedAs(null);
      pending.hidden = false;
      text(say, "");
    });
    if (beside) {  // chosen in a form: confirmed under it, scrolled into sight if need be
      pending.classList.remove("floating");
      if (pending.scrollIntoView) pending.scrollIntoView({block: "nearest"});
    } else {
      bringInSight(pending);
    }
    if (byMove[m.move]) {
      confirmButton.focus({preventScroll: true});
      preview(m.move);
    } else {
      check(m.move);
    }
  }

  // A move typed by hand: the server says whether the rules would refuse it; until it has answered it
  // cannot be confirmed.
  function check(move) {
    var confirmButton = pending.querySelector("#confirm-move");
    if (!data.check || !window.fetch) { confirmButton.focus({preventScroll: true}); return; }
    confirmButton.disabled = true;
    fetch(data.check + "?move=" + encodeURIComponent(move), {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (state.move !== move) return;
        if (answer && answer.refused) { refusedAs(answer.refused); return; }
        confirmButton.disabled = false;
        confirmButton.focus({preventScroll: true});
        preview(move);
      })
      .catch(function () { if (state.move === move) confirmButton.disabled = false; });  // sending still says
  }

  function refusedAs(reason) {
    var confirmButton = pending.querySelector("#confirm-move");
    var note = pending.querySelector("#pending-refused");
    pending.classList.toggle("refused", !!reason);
    text(pending.querySelector(".pending-title"), W(reason ? "This move would be refused:" : "Your move, not sent yet:"));
    if (note) { note.hidden = !reason; text(note, reason ? W("%(reason)s. Nothing was sent.", {reason: reason}) : ""); }
    confirmButton.hidden = !!reason;
    confirmButton.disabled = false;
    if (reason) pending.querySelector("#cancel-move").focus({preventScroll: true});
  }

  function send(move) {
    playForm.querySelector("input[name=move]").value = move;
    if (!postInPlace(playForm, null, "form.moves")) playForm.submit();
  }

  // --- items chosen one by one (issue 27 item 2) -------------------------------------------------------------
  // A Buccaneer trade of any size, or a card return among dozens of combinations, is built chip by chip
  // (data.pickers, from the game's item_pickers): each chip is one item, pressed or not; the move builds up
  // in words as chips are pressed; it can be taken on to the usual confirmation only when it is legal, and
  // until then the button says why not. A trade follows its rule (value for value, at most two treasure
  // pieces aboard: trades of three or more items a side are legal but not listed); a return or gift must be
  // one of the listed moves, and a chip that no listed move could still include cannot be pressed.

  function pickerMoves(def) {  // the listed moves of a picker, as counts of each token per part
    return moves.filter(function (m) { return m.move === def.verb || m.move.indexOf(def.verb + " ") === 0; })
      .map(function (m) {
        var counts = {}, part = "";
        def.parts.forEach(function (p) { counts[p.key] = {}; });
        m.move.slice(def.verb.length).split(/\s+/).filter(Boolean).forEach(function (word) {
          if (counts[word] && word !== part) { part = word; return; }
          if (!counts[part]) counts[part] = {};
          counts[part][word] = (counts[part][word] || 0) + 1;
        });
        return counts;
      });
  }

  function buildPicker(def) {
    var box = document.createElement("fieldset");
    box.className = "item-picker";
    var legend = document.createElement("legend");
    text(legend, def.heading);
    box.appendChild(legend);
    var chosen = def.parts.map(function () { return []; });  // per part, the indices of the items pressed
    var chips = [];
    var listed = def.kind === "listed" ? pickerMoves(def) : [];

    def.parts.forEach(function (part, p) {
      var row = document.createElement("div");
      row.className = "picker-part";
      var heading = document.createElement("p");
      heading.className = "choices-heading";
      text(heading, part.label);
      row.appendChild(heading);
      part.items.forEach(function (item, i) {
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip";
        chip.setAttribute("aria-pressed", "false");
        chip.setAttribute("data-token", item.token);
        chip.setAttribute("data-part", part.key);
        var worth = def.kind === "trade" && item.says_worth && item.worth !== null;
        text(chip, item.word + (worth ? " (" + item.worth + ")" : ""));
        chip.addEventListener("click", function () {
          var at = chosen[p].indexOf(i);
          if (at === -1) chosen[p].push(i); else chosen[p].splice(at, 1);
          chip.setAttribute("aria-pressed", at === -1 ? "true" : "false");
          update();
        });
        chips.push({el: chip, part: p, index: i});
        row.appendChild(chip);
      });
      box.appendChild(row);
    });

    var built = document.createElement("p");
    built.className = "picker-built";
    built.setAttribute("aria-live", "polite");
    var why = document.createElement("p");
    why.className = "picker-why muted";
    var go = document.createElement("button");
    go.type = "button";
    go.className = "picker-go";
    text(go, W("Choose this move"));
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "picker-clear";
    text(clear, W("Clear"));
    [built, why, go, clear].forEach(function (el) { box.appendChild(el); });

    function tokens(p) {
      return chosen[p].slice().sort(function (a, b) { return a - b; })
        .map(function (i) { return def.parts[p].items[i].token; });
    }
    function itemWords(p) {
      return chosen[p].slice().sort(function (a, b) { return a - b; })
        .map(function (i) { return def.parts[p].items[i].word; }).join(", ");
    }
    function total(p) {
      return chosen[p].reduce(function (sum, i) { return sum + (def.parts[p].items[i].worth || 0); }, 0);
    }
    function moveText() {
      return def.verb + def.parts.map(function (part, p) {
        var t = tokens(p);
        if (!t.length && def.kind !== "trade") return "";
        return (part.key ? " " + part.key : "") + (t.length ? " " + t.join(" ") : "");
      }).join("");
    }
    function counts(extra) {  // the tokens pressed per part (with one more chip, `extra`)
      var out = def.parts.map(function (part, p) {
        var c = {};
        tokens(p).forEach(function (t) { c[t] = (c[t] || 0) + 1; });
        return c;
      });
      if (extra) { var t = def.parts[extra.part].items[extra.index].token; out[extra.part][t] = (out[extra.part][t] || 0) + 1; }
      return out;
    }
    function completable(have) {  // some listed move holds at least what is pressed
      return listed.some(function (m) {
        return def.parts.every(function (part, p) {
          return Object.keys(have[p]).every(function (t) { return ((m[part.key] || {})[t] || 0) >= have[p][t]; });
        });
      });
    }
    function verdict() {
      var none = chosen.every(function (c) { return !c.length; });
      if (none) return W("Choose the items one by one: the move builds up here.");
      if (def.kind === "trade") {
        if (!chosen[0].length || !chosen[1].length) return W("Choose at least one item on each side.");
        if (total(0) !== total(1)) return W("Value for value: you give %(give)s and take %(take)s.", {give: total(0), take: total(1)});
        var aboard = def.cargo;
        chosen.forEach(function (c, p) { c.forEach(function (i) { if (def.parts[p].items[i].treasure) aboard += p === 0 ? -1 : 1; }); });
        if (aboard > def.room) return W("A ship carries at most two pieces of treasure.");
        return null;
      }
      if (byMove[moveText()]) return null;
      return completable(counts()) ? W("Not finished: choose more.") : W("No allowed move has these together: take one away.");
    }
    function builtWords() {
      return def.parts.map(function (part, p) {
        return W("%(label)s: %(items)s", {label: part.label, items: itemWords(p) || W("nothing yet")});
      }).join(". ") + ".";
    }
    function update() {
      text(built, builtWords());
      var wrong = verdict();
      go.disabled = !!wrong;
      text(why, wrong || W("It can be played: choose it to see it before it is sent."));
      if (def.kind === "listed") chips.forEach(function (c) {
        var pressedNow = chosen[c.part].indexOf(c.index) !== -1;
        c.el.disabled = !pressedNow && !completable(counts(c));
      });
    }
    go.addEventListener("click", function () {
      var move = moveText();
      if (verdict()) return;
      reset();
      choose(byMove[move] || {move: move, words: builtWords()}, box);
    });
    clear.addEventListener("click", function () {
      chosen.forEach(function (c) { c.length = 0; });
      chips.forEach(function (c) { c.el.setAttribute("aria-pressed", "false"); });
      update();
    });
    update();
    return box;
  }

  var pickerBox = document.getElementById("item-picker");
  if (pickerBox && (data.pickers || []).length) {
    data.pickers.forEach(function (def) { pickerBox.appendChild(buildPicker(def)); });
    pickerBox.hidden = false;
  }

  // --- the board after the move, where it is certain -----------------------------------------------------

  function preview(move) {
    if (!data.preview || !window.fetch || !boardBox) return;
    var url = data.preview + "?seq=" + encodeURIComponent(data.seq) + "&move=" + encodeURIComponent(move);
    fetch(url, {credentials: "same-origin"}).then(function (response) {
      if (response.status !== 200 || state.move !== move) return null;
      return response.text();
    }).then(function (body) {
      if (!body || state.move !== move) return;
      var parsed = new DOMParser().parseFromString(body, "image/svg+xml").documentElement;
      if (!parsed || parsed.nodeName !== "svg") return;
      var current = boardBox.querySelector("svg");
      if (!originalBoard) originalBoard = current;
      current.replaceWith(document.importNode(parsed, true));
      boardBox.classList.add("previewing");
      text(document.getElementById("preview-note"), W("The board after this move, not sent yet."));
    }).catch(function () { /* no preview: the move still plays */ });
  }

  function restoreBoard() {
    if (originalBoard) {
      boardBox.querySelector("svg").replaceWith(originalBoard);
      originalBoard = null;
    }
    if (boardBox) boardBox.classList.remove("previewing");
    text(document.getElementById("preview-note"), "");
  }

  // --- the keyboard ---------------------------------------------------------------------------------------
  // Tab reaches the board's controls in the page's order; the arrow keys step among them too (the pieces
  // that can be chosen, then, once one is chosen, the places it can reach); Enter or Space chooses;
  // choosing a piece takes focus to its first place, choosing a place to the confirmation (choose());
  // Escape cancels and gives focus back to the piece.

  function boardControls() {
    return all(area, '[data-target][tabindex], .can-pick[tabindex]').filter(function (el) {
      return !el.closest("[hidden]") && el.getAttribute("tabindex") !== "-1";
    });
  }

  // After a choice, the focus goes to what comes next: the places the piece can reach (shown in sight),
  // else the moves offered for the place chosen; once a move is chosen choose() gave it to the confirmation.
  function focusNext() {
    if (state.move) return;
    var next = (!state.target && area.querySelector("[data-target][tabindex]")) ||
      (choiceBox && !choiceBox.hidden && choiceBox.querySelector("button"));
    if (!next) return;
    // smooth only when the system does not ask for less motion (issue 29)
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (next.scrollIntoView) next.scrollIntoView({block: "center", behavior: still ? "auto" : "smooth"});
    if (next.focus) next.focus({preventScroll: true});
  }

  // A piece's name in words: an SVG piece's <title> (its tooltip too) takes it; elsewhere it becomes the
  // aria-label only where it contains what the piece shows (a name must include the visible words).
  function nameControl(el, name) {
    if (!name) return;
    var title = el.querySelector(":scope > title");
    if (title) { text(title, name); return; }
    var shown = el.textContent.replace(/\s+/g, " ").trim();
    if (name.indexOf(shown) !== -1) el.setAttribute("aria-label", name);
  }

  function onBoardKey(event, activate) {
    var control = event.target.closest("[data-piece],[data-target]");
    if (!control) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(event);
      focusNext();
      return;
    }
    var step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    var controls = state.piece ? all(area, "[data-target][tabindex]") : boardControls();
    if (!controls.length) return;
    event.preventDefault();
    var at = controls.indexOf(control);
    controls[(at + step + controls.length) % controls.length].focus();
  }

  // --- wiring -------------------------------------------------------------------------------------------

  var pieceOnSquare = Object.create(null);
  if (area && moves.length) {
    Object.keys(byPiece).forEach(function (name) {
      pieceEls(name).forEach(function (el) {
        el.classList.add("can-pick");
        if (el.querySelector("a[href], button, input, select, textarea, summary, [tabindex]")) {
          // A card with links and details of its own cannot be a button too (controls may not nest, and
          // a screen reader would read its whole text as the button's name): a button in it chooses it.
          pickButton(el, name);
        } else {
          el.setAttribute("tabindex", "0");
          el.setAttribute("role", "button");
          el.setAttribute("aria-pressed", "false");
          nameControl(el, boardNames.pieces[name]);
        }
        if (el.hasAttribute("data-square")) pieceOnSquare[el.getAttribute("data-square")] = name;
      });
    });
    Object.keys(byTarget).forEach(function (sq) { markSquare(sq, "target"); });
    // A board drawn as one picture is a group of controls while its pieces and squares take focus.
    all(area, 'svg[role="img"]').forEach(function (svg) { svg.setAttribute("role", "group"); });

    // Pieces not on the board (a character still to place, a card) are also offered at the top of the
    // controls, so a phone need not scroll past the board to find them.
    var offBoard = Object.keys(byPiece).filter(function (name) {
      return !boardBox || !boardBox.querySelector('[data-piece="' + attrEscape(name) + '"]');
    });
    var picker = document.getElementById("piece-picker");
    if (picker && offBoard.length) {
      var heading = document.createElement("p");
      heading.className = "choices-heading";
      text(heading, W("Choose one:"));
      picker.appendChild(heading);
      offBoard.forEach(function (name) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "piece-button";
        button.setAttribute("data-piece-button", name);
        text(button, label(name));
        button.addEventListener("click", function () {
          pickPiece(name, null);
          if (state.piece === name) focusNext();
        });
        picker.appendChild(button);
      });
      picker.hidden = false;
    }

    // The square under the pointer, even beneath a piece standing on it (a chosen ship's own square is
    // the target of turning on the spot; an enemy ship's square, of an attack).
    var squareUnder = function (event) {
      if (event.clientX || event.clientY) {
        var stack = document.elementsFromPoint(event.clientX, event.clientY);
        for (var i = 0; i < stack.length; i++) {
          var el = stack[i];
          if (el.hasAttribute && el.hasAttribute("data-square") && !el.hasAttribute("data-piece") &&
              area.contains(el)) return el.getAttribute("data-square");
        }
      }
      var near = event.target.closest("[data-square]");
      return near ? near.getAttribute("data-square") : null;
    };

    var onActivate = function (event) {
      if (boardBox && boardBox.classList.contains("previewing") && event.target.closest(".board")) return;
      var pieceEl = event.target.closest("[data-piece]");
      var square = squareUnder(event);
      if (state.piece && square && (byPiece[state.piece] || []).some(function (m) { return m.target === square; })) {
        pickTarget(square);
        return;
      }
      if (pieceEl && byPiece[pieceEl.getAttribute("data-piece")]) {
        pickPiece(pieceEl.getAttribute("data-piece"), pieceEl);
        return;
      }
      if (square && pieceOnSquare[square]) { pickPiece(pieceOnSquare[square], null); return; }
      if (!state.piece && square && byTarget[square]) { pickTarget(square); return; }
      if (state.piece && !event.target.closest(".choice")) reset();
    };
    area.addEventListener("click", onActivate);
    area.addEventListener("keydown", function (event) { onBoardKey(event, onActivate); });
  }

  // Buttons and the list: the move goes to #pending-move first, as from the board.
  all(document, "form.moves").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      var move = submitter && submitter.name === "move" ? submitter.value : null;
      if (!move) {
        var field = form.querySelector("[name=move],[name=typed]");
        move = field ? field.value.trim() : "";
      }
      if (!move) { event.preventDefault(); return; }
      if (!data.confirm) return;  // sent at once, as the seat chose
      event.preventDefault();
      reset();
      choose(byMove[move] || {move: move, words: ""}, form);
    });
  });
  all(document, "input[name=typed]").forEach(function (field) {
    field.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !field.value.trim()) event.preventDefault();  // Enter in an empty field plays nothing
    });
  });

  takeUpCarriedChoice();

  if (pending) {
    pending.querySelector("#confirm-move").addEventListener("click", function () { if (state.move) send(state.move); });
    pending.querySelector("#cancel-move").addEventListener("click", function () { reset(W("Cancelled: nothing was sent.")); });
  }
  document.addEventListener("keydown", function (event) {
    if (stale()) return;
    if (event.key === "Escape" && (state.piece || state.move || state.target)) {
      var back = state.piece && pieceEls(state.piece).filter(function (el) { return el.hasAttribute("tabindex"); })[0];
      reset(W("Cancelled: nothing was sent."));
      if (back) back.focus();
    }
  });

  // --- what happened, told to a screen reader ----------------------------------------------------------------
  // The page's notice (your move, played) and its "since your last move" lines (the others' moves, the
  // computer's) go into the polite live region #announce once the page has settled, so a screen reader
  // says them after it has read the page's title; nothing is said when nothing happened.

  function announceNews() {
    var box = document.getElementById("announce");
    if (!box) return;
    var lines = all(document, "p.notice").concat(all(document, "ol.recent li")).map(function (el) {
      return el.textContent.trim();
    }).filter(Boolean);
    if (!lines.length) return;
    setTimeout(function () { text(box, lines.join(" ")); }, 700);
  }
  announceNews();

  // --- time left, in the viewer's own time zone -----------------------------------------------------------

  function span(ms) {
    var minutes = Math.floor(Math.abs(ms) / 60000), days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60), mins = minutes % 60;
    function units(count, one, many) { return W(count === 1 ? one : many, {num: count}); }
    var inDays = units(days, "%(num)s day", "%(num)s days"), inHours = units(hours, "%(num)s hour", "%(num)s hours");
    if (days) return hours ? inDays + " " + inHours : inDays;  // "3 days", not "3 days 0 hours"
    var inMinutes = units(mins, "%(num)s minute", "%(num)s minutes");
    if (hours) return mins ? inHours + " " + inMinutes : inHours;
    return inMinutes;
  }

  function countdowns() {
    all(document, "time.countdown").forEach(function (el) {
      var due = new Date(el.getAttribute("datetime"));
      if (isNaN(due)) return;
      var left = due - Date.now();
      var paused = el.getAttribute("data-paused-left");
      if (paused !== null) {  // the seat's clock stands still now (vacation, rest day): its time left does not run
        text(el, W("%(time)s left, paused", {time: span(Number(paused) * 1000)}));
        return;
      }
      var local = due.toLocaleString(undefined, {weekday: "short", day: "numeric", month: "short",
                                                  hour: "2-digit", minute: "2-digit"});
      text(el, W(left >= 0 ? "%(time)s left" : "overdue by %(time)s", {time: span(left)}) + " " +
               W("(due %(when)s)", {when: local}));
      el.classList.toggle("overdue", left < 0);
      el.classList.toggle("soon", left >= 0 && left < 6 * 3600 * 1000);
    });
  }
  countdowns();
  var countdownTimer = setInterval(function () {
    if (stale()) { clearInterval(countdownTimer); return; }
    countdowns();
  }, 30000);

  // --- the history: the arrow keys step from move to move -------------------------------------------------

  if (data.history) {
    document.addEventListener("keydown", function (event) {
      if (stale()) return;
      if (event.altKey || event.ctrlKey || event.metaKey || /INPUT|TEXTAREA|SELECT/.test(event.target.tagName)) return;
      var go = {ArrowLeft: data.history.previous, ArrowRight: data.history.next,
                Home: data.history.first, End: data.history.last}[event.key];
      if (go) { event.preventDefault(); window.location.assign(go); }
    });
  }

  // --- moves the server has lost ---------------------------------------------------------------------------
  // This browser keeps, per game, the hash at each seq it was shown (the page's head and the latest
  // hashes before it, data.recent; the latest KEPT_SEQS seqs). A page that shows the game at a lower seq
  // than the highest one seen, or whose log has another hash at a seq seen (asked of the server in one
  // small request), means the server has lost moves since the player last looked (architecture section
  // 19): #lost-moves says which, in words, until the player notes it. The log only grows (a takeback is
  // an event too), so nothing else makes either happen. Nothing is kept where the browser keeps nothing
  // (storage off). The page's root element says when the check is done (data-heads: kept or lost).

  var KEPT_SEQS = 64;

  function keptHeads(storage, key) {
    try {
      var kept = JSON.parse(storage.getItem(key) || "null");
      if (kept && typeof kept.seen === "object" && kept.seen) return kept;
    } catch (e) { /* unreadable: start again */ }
    return {seen: {}};
  }

  function seenSeqs(kept) {
    return Object.keys(kept.seen).map(Number).filter(function (n) { return n > 0; })
      .sort(function (a, b) { return a - b; });
  }

  function remember(storage, key, kept, head) {
    Object.keys(data.recent || {}).forEach(function (n) { if (data.recent[n]) kept.seen[n] = data.recent[n]; });
    kept.seen[head.seq] = head.hash;
    var seqs = seenSeqs(kept);
    seqs.slice(0, Math.max(0, seqs.length - KEPT_SEQS)).forEach(function (n) { delete kept.seen[n]; });
    try { storage.setItem(key, JSON.stringify({seen: kept.seen})); } catch (e) { /* full or off: nothing kept */ }
  }

  // The first seq this browser saw that the server no longer has as it was (a seq past the server's
  // head: the one after its head), given the server's hashes at the seqs seen, and the last seq seen
  // before it that is still as it was; null when nothing seen is lost.
  function parting(kept, head, hashes) {
    var seqs = seenSeqs(kept), same = 0;
    for (var i = 0; i < seqs.length; i++) {
      var n = seqs[i];
      if (n > head.seq) return {same: same, lost: head.seq + 1, top: seqs[seqs.length - 1]};
      var now = n === head.seq ? head.hash : hashes[n];
      if (now === undefined) continue;  // not asked, or not answered: neither lost nor kept
      if (now !== kept.seen[n]) return {same: same, lost: n, top: seqs[seqs.length - 1]};
      same = n;
    }
    return null;
  }

  function warnLost(storage, key, kept, head, found) {
    var box = document.getElementById("lost-moves");
    if (!box) return;
    var from = found.lost;
    var lost = W("You saw it at move %(top)s; it now stands at move %(seq)s.", {top: found.top, seq: head.seq}) + " " +
      W(from === found.top ? "Move %(from)s as you saw it is no longer on the server"
                           : "Moves %(from)s to %(top)s as you saw them are no longer on the server",
        {from: from, top: found.top}) +
      (found.same ? " " + W("(up to move %(same)s it is as you saw it)", {same: found.same}) : "") + ".";
    text(box.querySelector(".lost-words"), lost);
    box.hidden = false;
    var seen = document.getElementById("lost-moves-seen");
    if (seen) seen.addEventListener("click", function () {
      remember(storage, key, {seen: {}}, head);  // from now on, the game as the server has it
      box.hidden = true;
    });
  }

  function watchHeads() {
    var head = data.head, storage = null;
    if (!head || !data.game || typeof head.seq !== "number") return;
    try { storage = window.localStorage; } catch (e) { return; }
    if (!storage) return;
    var key = "pbem-heads:" + data.game;
    var kept = keptHeads(storage, key);
    var seqs = seenSeqs(kept);
    var done = function (verdict) { document.documentElement.setAttribute("data-heads", verdict); };
    if (!seqs.length) { remember(storage, key, kept, head); done("kept"); return; }
    var top = seqs[seqs.length - 1];
    if (top === head.seq && kept.seen[top] === head.hash) { done("kept"); return; }  // as last seen: nothing to ask
    var shown = data.recent || {};  // the latest hashes, as this page shows the game: no need to ask them
    var asked = seqs.filter(function (n) { return n < head.seq && !shown[n]; });
    var decide = function (hashes) {
      hashes = hashes || {};
      Object.keys(shown).forEach(function (n) { hashes[n] = shown[n]; });
      var found = parting(kept, head, hashes);
      if (found) warnLost(storage, key, kept, head, found);
      else remember(storage, key, kept, head);
      done(found ? "lost" : "kept");
    };
    if (!asked.length || !data.status || !window.fetch) { decide({}); return; }
    fetch(data.status + "?hashes_at=" + asked.join(","), {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { decide(answer && answer.hashes); })
      .catch(function () { decide({}); });
  }
  watchHeads();

  // --- keeping up with the game (issue 27 items 4 and 5) -------------------------------------------------
  // The page holds a stream of the game's head (data.stream, server-sent events, pbem/web/live.py): when
  // the head moves, the page as it is now is fetched and swapped in place of this one. The page's forms
  // are posted the same way (fetch, then the answer swapped in), so nothing reloads to the top. A swap
  // keeps what the player was doing: the text in every field they changed (a message being written, a
  // typed move), the field that had focus, the open <details>, the board where it was in the window, and
  // a chosen move not yet confirmed (chosen again on the new page while it is still legal). One stream
  // serves every run of this script on the page (window.pbemLive); where there is none (no
  // EventSource, too many open pages on the server), a small poll every 10 seconds does the same.
  // Without the script the forms post as forms, and their answers return to the board (#board).

  var live = window.pbemLive = window.pbemLive || {fetching: false, again: false};

  function title(yourTurn) {
    document.title = (yourTurn ? W("Your turn") + " · " : "") + data.title;
  }

  // A field's name for finding it again on the new page: its id, else its form's action and its name.
  function fieldKey(el) {
    if (el.id) return "#" + el.id;
    var form = el.form ? el.form.getAttribute("action") || "" : "";
    return form + " " + (el.name || "") + " " + (el.type === "radio" || el.type === "checkbox" ? el.value : "");
  }

  function editable(el) {
    return !/^(hidden|submit|button|reset|image|file|password)$/.test(el.type || "");
  }

  // What the player has done to the page that the server does not know: changed fields (never those of
  // the forms just sent, whose answer says what they hold now), focus, open details.
  function keptFromPage(sent) {
    var fields = [];
    all(document, "input, textarea, select").forEach(function (el) {
      if (!editable(el) || (sent && sent.indexOf(el.form) !== -1)) return;
      var changed = el.type === "checkbox" || el.type === "radio" ? el.checked !== el.defaultChecked
        : el.tagName === "SELECT" ? !(el.options[el.selectedIndex] || {}).defaultSelected : el.value !== el.defaultValue;
      if (changed) fields.push({key: fieldKey(el), value: el.value, checked: el.checked});
    });
    var active = document.activeElement, focus = null;
    if (active && active !== document.body && /INPUT|TEXTAREA|SELECT|BUTTON/.test(active.tagName)) {
      focus = {key: fieldKey(active), start: active.selectionStart, end: active.selectionEnd};
    }
    var open = all(document, "details").map(function (d) { return d.open; });
    var boardEl = document.querySelector(".play-area");
    return {fields: fields, focus: focus, open: open,
            boardTop: boardEl ? boardEl.getBoundingClientRect().top : null, scrollY: window.scrollY};
  }

  function findField(key) {
    return all(document, "input, textarea, select").filter(function (el) { return fieldKey(el) === key; })[0];
  }

  function giveBack(kept) {
    kept.fields.forEach(function (field) {
      var el = findField(field.key);
      if (!el) return;
      if (el.type === "checkbox" || el.type === "radio") el.checked = field.checked;
      else el.value = field.value;
    });
    var details = all(document, "details");
    if (details.length === kept.open.length) details.forEach(function (d, i) { d.open = kept.open[i]; });
    // the board stays where it was in the window (the page above it may have grown or shrunk)
    var boardEl = document.querySelector(".play-area");
    if (boardEl && kept.boardTop !== null) window.scrollBy(0, boardEl.getBoundingClientRect().top - kept.boardTop);
    else window.scrollTo(0, kept.scrollY);
    if (kept.focus) {
      var el = findField(kept.focus.key);
      if (el) {
        el.focus({preventScroll: true});
        try { if (kept.focus.start !== null) el.setSelectionRange(kept.focus.start, kept.focus.end); } catch (e) { /* not a text field */ }
      }
    }
  }

  // The page in `html` in place of this one, and this script run again on it. False when the answer is
  // not a page of this kind (an error page, a page of its own): the caller shows it as a page.
  function swapIn(html, sent) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var hints = doc.getElementById("move-hints");
    if (!hints || !hints.nextElementSibling || hints.nextElementSibling.tagName !== "SCRIPT") return false;
    var kept = keptFromPage(sent);
    window.pbemCarry = sent ? null : state.move ? {move: state.move} : state.piece ? {piece: state.piece} : null;
    window.pbemPageGeneration += 1;  // this run is stale from here on
    document.title = doc.title;
    var body = document.body;
    while (body.firstChild) body.removeChild(body.firstChild);
    Array.prototype.slice.call(doc.body.childNodes).forEach(function (node) { body.appendChild(document.importNode(node, true)); });
    giveBack(kept);
    // a script taken from another document does not run: the board client is started again by hand
    var old = document.getElementById("move-hints").nextElementSibling, script = document.createElement("script");
    script.textContent = old.textContent;
    old.parentNode.replaceChild(script, old);
    return true;
  }

  function showWhole(html) {
    document.open();
    document.write(html);
    document.close();
  }

  // The page as it is now, in place of this one (once at a time; asked again meanwhile, once more after).
  function refresh() {
    if (!window.fetch) { window.location.reload(); return; }
    if (live.fetching) { live.again = true; return; }
    live.fetching = true;
    fetch(window.location.pathname + window.location.search, {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        live.fetching = false;
        if (html && !stale()) swapIn(html, null);
        if (live.again) { live.again = false; refresh(); }
      })
      .catch(function () { live.fetching = false; });
  }

  // A form of this page posted by fetch and its answer swapped in; true when it was sent that way.
  // `alsoSent`: the forms whose fields the answer empties too (a move typed in one, sent by another).
  function postInPlace(form, submitter, alsoSent) {
    if (!window.fetch || !window.DOMParser || !window.FormData) return false;
    var body;
    try { body = submitter ? new FormData(form, submitter) : new FormData(form); } catch (e) { body = new FormData(form); }
    if (submitter && submitter.name && !body.has(submitter.name)) body.append(submitter.name, submitter.value);
    var sent = [form].concat(alsoSent ? all(document, alsoSent) : []);
    var here = window.location.pathname;
    live.fetching = true;
    fetch(form.action, {method: "POST", body: body, credentials: "same-origin"})
      .then(function (response) {
        return response.text().then(function (html) { return {url: response.url, html: html}; });
      })
      .then(function (answer) {
        live.fetching = false;
        var path = new URL(answer.url, window.location.href).pathname;
        if (path === here && swapIn(answer.html, sent)) return;
        // another page (or this one as an error page): shown as it came, so a notice on it is not lost
        if (path !== here && answer.url && window.history.pushState) window.history.pushState(null, "", answer.url);
        showWhole(answer.html);
      })
      .catch(function () { live.fetching = false; form.submit(); });  // no answer: as a form, once more
    return true;
  }

  // The page's own forms (a message, an offer, resigning, a move the seat sends unconfirmed) are posted in
  // place; a form already taken care of (a move to confirm first) has its default prevented before this.
  document.addEventListener("submit", function (event) {
    if (stale() || event.defaultPrevented) return;
    var form = event.target;
    if ((form.getAttribute("method") || "").toLowerCase() !== "post" || !data.here) return;
    var path = new URL(form.action, window.location.href).pathname;
    if (path !== data.here && path.indexOf(data.here + "/") !== 0) return;
    if (postInPlace(form, event.submitter, form.classList.contains("moves") ? "form.moves" : null)) event.preventDefault();
  });

  // A choice carried over from the page before the swap: the same move, chosen again while it is legal.
  function takeUpCarriedChoice() {
    var carried = window.pbemCarry;
    window.pbemCarry = null;
    if (!carried) return;
    if (carried.move && byMove[carried.move]) choose(byMove[carried.move]);
    else if (carried.piece && byPiece[carried.piece]) pickPiece(carried.piece, null);
    else if (carried.move || carried.piece) text(say, W("The game moved on: the move you had chosen is no longer possible."));
  }

  function onHead(head) {
    if (stale() || !head || head.seq === data.seq) return;
    refresh();
  }
  live.onHead = onHead;

  function follow() {
    if (!data.stream || !window.EventSource || live.source) return;
    var source = live.source = new EventSource(data.stream);
    source.addEventListener("head", function (event) {
      var head;
      try { head = JSON.parse(event.data); } catch (e) { return; }
      if (live.onHead) live.onHead(head);
    });
  }

  function poll() {
    if (!data.status || !window.fetch) return;
    if (live.source && live.source.readyState === 1) return;  // the stream tells already
    fetch(data.status, {credentials: "same-origin", cache: "no-store"}).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (now) {
      if (!now || stale()) return;
      if (now.seq !== data.seq) refresh();
      else title(now.your_turn);
    }).catch(function () { /* the next poll tries again */ });
  }
  follow();
  if (data.status) {
    var pollTimer = setInterval(function () {
      if (stale()) { clearInterval(pollTimer); return; }
      poll();
    }, 10000);
    document.addEventListener("visibilitychange", function () { if (!stale() && !document.hidden) poll(); });
  }
})();
