/* Bezique replay viewer: renders the replay data embedded in the page.
 * Every text from the record is put in the page with textContent, never as markup.
 * Keys: Right/Left a step, Down/Up a trick, Home/End; #d1s42 in the address opens deal 1 at step 42,
 * #d1t5 at trick 5. Nothing is fetched. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"];
  var SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var RANK_NAME = { A: "ace", T: "ten", K: "king", Q: "queen", J: "jack", 9: "nine", 8: "eight", 7: "seven" };
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var seats = data.seats;
  var state = { deal: 0, pos: 0, showHands: true };
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function svg(tag, attrs) {
    var node = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    return node;
  }
  function playerName(seat) {
    var name = data.players[seat];
    return name ? name + " (" + seat + ")" : seat;
  }
  function cardName(c) {
    if (!c) return "unknown card";
    return (RANK_NAME[c.charAt(0)] || c.charAt(0)) + " of " + (SUIT_NAME[c.charAt(1)] || c.charAt(1));
  }
  function cardLabel(c) {
    if (!c) return "?";
    var rank = c.charAt(0) === "T" ? "10" : c.charAt(0);
    return rank + ({ S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" }[c.charAt(1)] || c.charAt(1));
  }
  /* One card: a <use> of its symbol; hidden cards show the back. */
  function cardNode(c, hidden) {
    var id = hidden ? "back" : (c && /^[ATKQJ987][SHDC]$/.test(c) ? c : "unknown");
    var node = svg("svg", { "class": "card", viewBox: "0 0 60 84", role: "img" });
    node.setAttribute("data-card", hidden ? "hidden" : (c || "?"));
    node.setAttribute("aria-label", hidden ? "hidden card" : cardName(c));
    var title = svg("title");
    title.textContent = hidden ? "hidden card" : cardLabel(c);
    node.appendChild(title);
    node.appendChild(svg("use", { href: "#c-" + id }));
    return node;
  }
  function cardRow(cards, hidden, cls) {
    var row = el("div", "cards " + (cls || ""));
    if (!cards.length) row.appendChild(el("span", "none", "none"));
    cards.forEach(function (c) { row.appendChild(cardNode(c, hidden)); });
    return row;
  }
  function deal() { return data.deals[state.deal]; }
  function step() { return deal().steps[state.pos]; }

  /* ---- static parts built once per deal ---- */
  var seatNodes = {};
  function buildSeats() {
    clear($("top-seats")); clear($("bottom-seats"));
    seatNodes = {};
    seats.forEach(function (seat, i) {
      var box = el("section", "seat");
      box.setAttribute("data-seat", seat);
      var head = el("div", "seat-head");
      var name = el("span", "name", playerName(seat));
      if (deal().dealer === seat) name.appendChild(el("span", "small", " \u00b7 dealer"));
      /* the figures: what the big number is (points in play, or the deal's score at its end),
       * the brisques won, and the big number itself */
      var figures = el("span", "figures");
      var scoreLabel = el("span", "small", "points");
      scoreLabel.setAttribute("data-role", "score-label");
      var brisques = el("span", "small");
      brisques.setAttribute("data-role", "brisques");
      var score = el("span", "score");
      score.setAttribute("data-role", "score");
      figures.appendChild(brisques); figures.appendChild(scoreLabel); figures.appendChild(score);
      head.appendChild(name); head.appendChild(figures);
      var hand = el("div");
      hand.setAttribute("data-role", "hand");
      var tableLabel = el("div", "label", "On the table");
      var table = el("div", "table-cards");
      table.setAttribute("data-role", "table");
      box.appendChild(head); box.appendChild(hand); box.appendChild(tableLabel); box.appendChild(table);
      seatNodes[seat] = { box: box, score: score, scoreLabel: scoreLabel, brisques: brisques, hand: hand, table: table };
      (i === 0 ? $("bottom-seats") : $("top-seats")).appendChild(box);
    });
  }

  function buildTabs() {
    var tabs = clear($("deal-tabs"));
    if (data.deals.length < 2) { tabs.hidden = true; return; }
    data.deals.forEach(function (d, i) {
      var b = el("button", "", "Deal " + d.number);
      b.setAttribute("aria-pressed", String(i === state.deal));
      b.addEventListener("click", function () { go(i, 0); });
      tabs.appendChild(b);
    });
  }

  function findingNode(f, number) {
    var box = el("div", "finding " + f.severity);
    box.setAttribute("data-code", f.code);
    var head = el("div");
    if (number) head.appendChild(document.createTextNode(number + " \u00b7 "));
    head.appendChild(el("span", "code", f.code));
    var where = [f.severity];
    if (f.seat) where.push(f.seat + " at fault");
    if (f.location.trick !== null) where.push("trick " + f.location.trick);
    if (f.location.line !== null) where.push("line " + f.location.line + (f.location.column !== null ? ":" + f.location.column : ""));
    head.appendChild(document.createTextNode(" " + where.join(", ") + ": "));
    head.appendChild(el("span", "message", f.message));
    box.appendChild(head);
    var items = el("ul");
    items.appendChild(el("li", "", "Rule " + f.rule_id + ": " + f.rule_text));
    var r = f.remedy;
    if (!r) {
      items.appendChild(el("li", "", "No remedy under the laws."));
    } else {
      items.appendChild(el("li", "ruling", "Ruling (" + r.laws + " laws, " + r.law_ref + "): " + r.summary));
      if (r.elections.length) items.appendChild(el("li", "", "Options: " + r.elections.join("; ")));
      if (r.elected) items.appendChild(el("li", "", "Elected: " + r.elected));
      var changes = Object.keys(r.score_changes).map(function (s) {
        var n = r.score_changes[s]; return s + " " + (n > 0 ? "+" : "") + n;
      });
      if (changes.length) items.appendChild(el("li", "", "Scores: " + changes.join(", ")));
      if (r.void_deal) items.appendChild(el("li", "", "The deal is void."));
      if (r.abandon_game) items.appendChild(el("li", "", "The game is abandoned."));
      if (r.replay_from_trick !== null) items.appendChild(el("li", "", "Play is replayed from trick " + r.replay_from_trick + "."));
      if (r.uncounted.length) items.appendChild(el("li", "", "No longer counted: " + r.uncounted.join(", ")));
    }
    box.appendChild(items);
    return box;
  }

  function buildDealFindings() {
    var box = clear($("deal-findings"));
    var d = deal();
    if (!d.findings.length) return;
    box.appendChild(el("h2", "", "Findings in deal " + d.number));
    var where = {};
    d.steps.forEach(function (s, pos) {
      s.findings.forEach(function (i) { if (!(i in where)) where[i] = pos; });
    });
    d.findings.forEach(function (f, i) {
      var node = findingNode(f, "F" + (i + 1));
      if (i in where) {
        var b = el("button", "", "Show step " + d.steps[where[i]].index);
        b.addEventListener("click", function () { go(state.deal, where[i]); });
        node.firstChild.appendChild(b);
      }
      box.appendChild(node);
    });
    box.className = "list-findings";
  }

  function buildSettlement() {
    var box = clear($("settlement"));
    var s = deal().settlement;
    if (!s) return;
    box.appendChild(el("h2", "", "Settlement of deal " + deal().number));
    var line = seats.map(function (seat) {
      return seat + " " + (seat in s.scores ? s.scores[seat] : "") + " (brisques " + (seat in s.brisques ? s.brisques[seat] : 0) + ")";
    }).join(", ");
    box.appendChild(el("p", "", "Scores " + line + "."));
    var verdict = s.void ? "The deal is void."
      : data.deal_is_game === false ? "The deal's scores go to the game's totals; only the game has a result."
      : s.winner ? s.winner + " wins " + s.value + (s.rubicon ? " (a rubicon)." : ".") : "No winner of the deal.";
    box.appendChild(el("p", "verdict", verdict));
    var list = el("ol", "working");
    s.working.forEach(function (w) { list.appendChild(el("li", "", w)); });
    if (s.working.length) box.appendChild(list);
  }

  function buildRecordParts() {
    var box = clear($("record-findings"));
    if (data.findings.length) {
      box.appendChild(el("h2", "", "Findings on the record"));
      data.findings.forEach(function (f, i) { box.appendChild(findingNode(f, "R" + (i + 1))); });
    }
    var game = clear($("game"));
    var g = data.game;
    if (!g) return;
    game.appendChild(el("h2", "", "Result"));
    var totals = Object.keys(g.totals).map(function (s) { return s + " " + g.totals[s]; }).join(", ");
    game.appendChild(el("p", "", (g.winner ? g.winner + " wins" + (g.value !== null ? " " + g.value : "") : "No winner") +
      " (result " + g.result + "); totals " + totals + "."));
    var list = el("ol", "working");
    g.working.forEach(function (w) { list.appendChild(el("li", "", w)); });
    if (g.working.length) game.appendChild(list);
  }

  /* ---- the chart of the scores over the deal ---- */
  var chart = { cursor: null, x: null };
  function buildChart() {
    var box = clear($("chart"));
    var steps = deal().steps;
    var W = 800, H = 170, L = 44, R = 10, T = 10, B = 24;
    var max = 10;
    steps.forEach(function (s) { seats.forEach(function (seat) { max = Math.max(max, s.scores[seat] || 0); }); });
    var n = Math.max(steps.length - 1, 1);
    var x = function (i) { return L + (W - L - R) * i / n; };
    var y = function (v) { return T + (H - T - B) * (1 - v / max); };
    chart.x = x;
    var g = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img" });
    g.setAttribute("aria-label", "Scores over deal " + deal().number);
    [0, 0.5, 1].forEach(function (f) {
      var v = Math.round(max * f);
      g.appendChild(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#e0e0e0" }));
      var t = svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#555" });
      t.textContent = String(v);
      g.appendChild(t);
    });
    var lastTrick = null;
    steps.forEach(function (s, i) {
      if (s.trick !== null && s.trick !== lastTrick && s.trick % 8 === 1) {
        var t = svg("text", { x: x(i), y: H - 8, "text-anchor": "middle", "font-size": 10, fill: "#777" });
        t.textContent = "t" + s.trick;
        g.appendChild(t);
      }
      lastTrick = s.trick;
    });
    seats.forEach(function (seat, k) {
      var pts = steps.map(function (s, i) { return x(i).toFixed(1) + "," + y(s.scores[seat] || 0).toFixed(1); });
      g.appendChild(svg("polyline", { points: pts.join(" "), fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": 2.2 }));
    });
    steps.forEach(function (s, i) {
      if (s.findings.length) g.appendChild(svg("circle", { cx: x(i), cy: T + 4, r: 4, fill: "#b71c1c" }));
    });
    chart.cursor = svg("line", { y1: T, y2: H - B, stroke: "#333", "stroke-dasharray": "4 3" });
    g.appendChild(chart.cursor);
    g.addEventListener("click", function (ev) {
      var rect = g.getBoundingClientRect();
      var px = (ev.clientX - rect.left) * W / rect.width;
      go(state.deal, Math.max(0, Math.min(steps.length - 1, Math.round((px - L) * n / (W - L - R)))));
    });
    box.appendChild(g);
    var legend = el("div", "legend");
    seats.forEach(function (seat, k) {
      var item = el("span");
      var sv = svg("svg", { width: 12, height: 12, "class": "swatch" });
      sv.appendChild(svg("rect", { width: 12, height: 12, fill: COLOURS[k % COLOURS.length] }));
      item.appendChild(sv);
      item.appendChild(document.createTextNode(playerName(seat)));
      legend.appendChild(item);
    });
    box.appendChild(legend);
  }

  /* ---- one step ---- */
  function render() {
    var d = deal(), s = step();
    if (!s) { $("step-label").textContent = "Deal " + d.number + " has no steps"; return; }
    var last = d.steps.length - 1;
    $("slider").max = String(last);
    $("slider").value = String(state.pos);
    $("step-label").textContent = "Step " + s.index + " of " + d.steps[last].index +
      (s.trick !== null ? " \u00b7 trick " + s.trick : "");
    seats.forEach(function (seat) {
      var n = seatNodes[seat];
      n.box.classList.toggle("acting", s.seat === seat);
      var points = s.scores[seat] || 0, won = s.brisques[seat] || 0;
      var settled = s.kind === "end" && d.settlement && seat in d.settlement.scores ? d.settlement.scores[seat] : null;
      if (settled !== null && settled !== points) {
        /* the end of a deal whose brisques count: the deal's score, as "End of deal" gives it */
        n.scoreLabel.textContent = "deal score";
        n.score.textContent = String(settled);
        n.brisques.textContent = points + " in play + " + won + (won === 1 ? " brisque" : " brisques");
      } else {
        n.scoreLabel.textContent = "points";
        n.score.textContent = String(points);
        n.brisques.textContent = won + (won === 1 ? " brisque" : " brisques");
      }
      var hand = s.hands[seat] || [];
      clear(n.hand).appendChild(cardRow(hand, !state.showHands));
      clear(n.table).appendChild(cardRow(s.table[seat] || [], false));
    });
    var trick = clear($("trick"));
    s.trick_cards.forEach(function (pair) {
      var fig = el("figure");
      if (s.kind === "trick" && s.seat === pair[0]) fig.className = "winner";
      fig.appendChild(cardNode(pair[1], false));
      fig.appendChild(el("figcaption", "", pair[0]));
      trick.appendChild(fig);
    });
    if (!s.trick_cards.length) trick.appendChild(el("span", "small", "No card on the trick"));
    var trump = clear($("trump"));
    trump.appendChild(el("div", "label", "Trumps"));
    if (s.trump) {
      var t = svg("svg", { viewBox: "0 0 100 100", "class": "suit" });
      t.appendChild(svg("use", { href: "#s-" + s.trump, fill: { S: "#111", H: "#c62828", D: "#1565c0", C: "#2e7d32" }[s.trump] }));
      trump.appendChild(t);
      trump.appendChild(document.createTextNode(" " + (SUIT_NAME[s.trump] || s.trump)));
    } else {
      trump.appendChild(document.createTextNode("not yet"));
    }
    var pile = clear($("stock"));
    pile.appendChild(el("div", "label", "Stock"));
    pile.appendChild(el("div", "score", String(s.stock)));
    if (s.turnup) {
      var tu = el("div", "turnup");
      tu.appendChild(cardNode(s.turnup, false));
      pile.appendChild(tu);
    }
    var text = clear($("event-text"));
    text.appendChild(document.createTextNode(s.text));
    s.glyphs.forEach(function (gl) { text.appendChild(el("span", "glyph", gl)); });
    var comments = clear($("comments"));
    s.comments.forEach(function (c) { comments.appendChild(el("blockquote", "comment", c)); });
    var variations = clear($("variations"));
    (s.variations || []).forEach(function (v) { variations.appendChild(el("div", "variation", "variation " + v)); });
    var now = clear($("findings-now"));
    s.findings.forEach(function (i) { if (d.findings[i]) now.appendChild(findingNode(d.findings[i], "F" + (i + 1))); });
    if (chart.cursor) {
      chart.cursor.setAttribute("x1", String(chart.x(state.pos)));
      chart.cursor.setAttribute("x2", String(chart.x(state.pos)));
    }
    var hash = "#d" + d.number + "s" + s.index;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a sandboxed viewer: keep the address */ }
    }
  }

  function go(dealIndex, pos) {
    var changed = dealIndex !== state.deal;
    state.deal = dealIndex;
    state.pos = Math.max(0, Math.min(pos, deal().steps.length - 1));
    if (changed || !seatNodes[seats[0]]) rebuild();
    render();
  }
  function rebuild() {
    buildTabs(); buildSeats(); buildChart(); buildDealFindings(); buildSettlement();
  }
  function trickStart(direction) {
    var steps = deal().steps, cur = steps[state.pos].trick, i = state.pos;
    if (direction > 0) {
      while (i < steps.length - 1 && (steps[i].trick === cur || steps[i].trick === null)) i++;
      return i;
    }
    /* back: to the first step of this trick, or of the previous one when already there */
    var first = function (p) { var t = steps[p].trick; while (p > 0 && steps[p - 1].trick === t) p--; return p; };
    var f = first(i);
    return f < i ? f : (f > 0 ? first(f - 1) : 0);
  }

  function fromHash() {
    var m = /^#d(\d+)(?:s(\d+)|t(\d+))?$/.exec(location.hash);
    if (!m) return false;
    var di = -1;
    data.deals.forEach(function (d, i) { if (String(d.number) === m[1]) di = i; });
    if (di < 0) return false;
    var steps = data.deals[di].steps, pos = 0;
    steps.forEach(function (s, i) {
      if (m[2] !== undefined && String(s.index) === m[2]) pos = i;
    });
    if (m[3] !== undefined) {
      for (var i = steps.length - 1; i >= 0; i--) if (String(steps[i].trick) === m[3]) pos = i;
    }
    go(di, pos);
    return true;
  }

  function start() {
    if (!data.deals.length || !data.deals.some(function (d) { return d.steps.length; })) {
      $("viewer").hidden = true;
      buildRecordParts();
      return;
    }
    $("first").addEventListener("click", function () { go(state.deal, 0); });
    $("prev").addEventListener("click", function () { go(state.deal, state.pos - 1); });
    $("next").addEventListener("click", function () { go(state.deal, state.pos + 1); });
    $("last").addEventListener("click", function () { go(state.deal, Infinity); });
    $("prev-trick").addEventListener("click", function () { go(state.deal, trickStart(-1)); });
    $("next-trick").addEventListener("click", function () { go(state.deal, trickStart(1)); });
    $("slider").addEventListener("input", function () { go(state.deal, Number($("slider").value)); });
    $("show-hands").addEventListener("change", function () { state.showHands = $("show-hands").checked; render(); });
    document.addEventListener("keydown", function (ev) {
      if (ev.target && ev.target.id === "slider") return; /* the slider moves itself */
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var moves = {
        ArrowRight: function () { return state.pos + 1; },
        ArrowLeft: function () { return state.pos - 1; },
        ArrowDown: function () { return trickStart(1); },
        ArrowUp: function () { return trickStart(-1); },
        Home: function () { return 0; },
        End: function () { return Infinity; }
      };
      if (!moves[ev.key]) return;
      ev.preventDefault();
      go(state.deal, moves[ev.key]());
    });
    window.addEventListener("hashchange", fromHash);
    buildRecordParts();
    if (!fromHash()) go(0, 0);
    document.body.setAttribute("data-ready", "true");
  }
  start();
})();
