/* Bazaar's pages, on the shell (web/static/shell.js): a phone's cubes, the roll, trade and
   buy buttons with the planner's advice and its advised action first, its equations (the
   ones it cannot use greyed, with why; folded when it cannot trade), the discard chosen for
   the player to its right; the table's exchange, stalls, bank and players; the words of
   the shell's results (points, breakdown, ties) and the rules at a glance; the host's
   actions for the player to play and the card notation.
   Every word a person reads is an English msgid in _() or ngettext() (the catalog says
   it in French); a sentence is one template, its facts filled in where French wants them. */
import * as ui from "/static/shell.js";
import { $, _, ngettext, register, snap } from "/static/shell.js";

/* One set of letters on the cubes in both languages: the notation the host types, and
   French initials would make B both bleu and blanc; the bank names each colour beside it. */
const LETTERS = "YGRBW";
const KEYS = ["yellow", "green", "red", "blue", "white"];   // the colours as the data names them
const COLOUR = { yellow: _("yellow"), green: _("green"), red: _("red"), blue: _("blue"),
                 white: _("white"), wild: _("wild") };   // also the die's faces on the host's buttons
const STAR = "★";

/* "2 white": a count of one colour (French makes the colour agree: 2 blancs). */
const COUNTED = {
  yellow: (n) => ngettext("{n} yellow", "{n} yellow", n),
  green: (n) => ngettext("{n} green", "{n} green", n),
  red: (n) => ngettext("{n} red", "{n} red", n),
  blue: (n) => ngettext("{n} blue", "{n} blue", n),
  white: (n) => ngettext("{n} white", "{n} white", n),
};
const pointsText = (n) => ngettext("{n} point", "{n} points", n);
const turnsText = (n) => ngettext("{n} turn", "{n} turns", n);
const stallName = (k) => _("Stall {stall}", { stall: k + 1 });

/* ---------------------------------------------------------- cubes */
function cube(colour) {
  return ui.el("span", { className: "bz-cube bz-" + KEYS[colour],
                         textContent: LETTERS[colour], title: COLOUR[KEYS[colour]] });
}

function cubes(counts) {
  const box = ui.el("span", { className: "bz-cubes" });
  counts.forEach((n, colour) => { for (let i = 0; i < n; i++) box.append(cube(colour)); });
  if (!box.children.length) box.append(ui.el("span", { className: "hint", textContent: _("none") }));
  return box;
}

function countsOf(named) {
  return KEYS.map((key) => named[key] || 0);
}

function fromLetters(text) {
  return [...LETTERS].map((l) => [...text].filter((c) => c === l).length);
}

function wareEl(ware) {
  const box = ui.el("span", { className: "bz-cubes" }, cubes(ware.cubes));
  if (ware.star) box.append(ui.el("span", { className: "bz-star", textContent: STAR, title: _("star") }));
  return box;
}

function wareText(ware) { return ware.code.replace("*", STAR); }

/* Cubes in words, for a sentence: "1 red + 2 white" (counts in the colours' order). */
function cubesText(counts) {
  return counts.map((n, c) => n ? COUNTED[KEYS[c]](n) : null).filter(Boolean).join(" + ") || _("nothing");
}

function missingText(missing) {
  return Object.entries(missing).map(([colour, n]) => COUNTED[colour](n)).join(", ");
}

/* "red, white or wild" */
function either(words) { return ui.listed(words, "or"); }

/* ---------------------------------------------------------- shared sections */
function names() { return ui.names(); }

/* Whether ``seat`` is the phone's own: its sentences then say "you" (each its own msgid,
   the French conjugated), never the player's name in the third person. */
function mine(seat) { return seat === ui.me(); }

function statusText(s) {
  const v = s.view, n = names(), name = n[v.turn], you = mine(v.turn);
  switch (v.phase) {
    case "exchange": return _("Setting up: exchange card {card}", { card: v.awaiting.card });
    case "stalls": return _("Setting up: the stalls' first wares");
    case "start": return you ? _("You roll for a first cube") : _("{name} rolls for a first cube", { name });
    case "start_wild": return you ? _("You rolled the wild face: any colour")
      : _("{name} rolled the wild face: any colour", { name });
    case "act": return you ? _("Your turn: roll or trade") : _("{name} to roll or trade", { name });
    case "rolling": return you ? _("You roll the die…") : _("{name} rolls the die…", { name });
    case "wild": return you ? _("You rolled the wild face: any colour the bank has")
      : _("{name} rolled the wild face: any colour the bank has", { name });
    case "buy": return you ? _("You may buy a ware") : _("{name} may buy a ware", { name });
    case "reveal": return _("Stall {stall}: the next ware turns face up", { stall: v.awaiting.stall + 1 });
    case "discard": return discardStatus(v.discard, n);
    case "over": return _("The bazaar is closed");
    default: return v.phase;
  }
}

/* Who chooses whose excess cubes: the chooser's or the owner's phone is told "you". */
function discardStatus(d, n) {
  if (mine(d.by)) {
    return ngettext("You choose {n} of {owner}'s cubes to return", "You choose {n} of {owner}'s cubes to return",
                    d.excess, { owner: n[d.seat] });
  }
  if (mine(d.seat)) {
    return ngettext("{by} chooses {n} of your cubes to return", "{by} chooses {n} of your cubes to return",
                    d.excess, { by: n[d.by] });
  }
  return ngettext("{by} chooses {n} of {owner}'s cubes to return", "{by} chooses {n} of {owner}'s cubes to return",
                  d.excess, { by: n[d.by], owner: n[d.seat] });
}

function renderBank() {
  ui.swap($("bz-bank"), ...snap.view.bank.map((n, colour) =>
    ui.el("span", {}, cube(colour), ui.el("span", { className: "bz-colour", textContent: " " + COLOUR[KEYS[colour]] }),
      ui.el("span", { className: "bz-count", textContent: "× " + n }))));
}

function scoreText(player) {
  const wares = ngettext("{n} ware", "{n} wares", player.wares.length);   // (pybabel skips a call nested in _())
  return _("{points} · {wares}", { points: pointsText(player.score), wares });
}

function renderPlayers() {
  const v = snap.view;
  ui.swap($("bz-players"), ...v.players.map((p) => ui.el("div", { className: "bz-row" + (p.seat === v.turn && v.phase !== "over" ? " bz-turn" : "") },
    ui.el("strong", { textContent: ui.called(p.seat) }),
    ui.el("span", { textContent: scoreText(p) }),
    ui.el("span", { className: "bz-held" }, cubes(p.cubes),
      ui.el("span", { className: "hint", textContent: ngettext("{n} cube", "{n} cubes", p.count) })))));
}

/* A record's line; for a trade, a purchase or a ware face up, the words before its cubes.
   The phone's own moves are told to it as "You …". */
function recordText(r) {
  const n = names(), who = r.seat === undefined ? "" : n[r.seat], by = n[r.by], stall = r.stall + 1;
  const you = r.seat !== undefined && mine(r.seat), face = COLOUR[r.face];
  switch (r.kind) {
    case "exchange": return r.card === null ? _("An exchange card is in play")
      : _("Exchange card {card} is in play", { card: r.card });
    case "face_up": return _("Stall {stall}: face up", { stall });
    case "first_roll": return you ? _("You roll {face} for a first cube", { face })
      : _("{who} rolls {face} for a first cube", { who, face });
    case "roll":
      if (r.colour === null) {
        return you ? _("You roll {face}: the bank has none", { face }) : _("{who} rolls {face}: the bank has none", { who, face });
      }
      return you ? _("You roll {face}", { face }) : _("{who} rolls {face}", { who, face });
    case "take": return you ? _("You take a {colour} cube", { colour: COLOUR[r.colour] })
      : _("{who} takes a {colour} cube", { who, colour: COLOUR[r.colour] });
    case "trade": return you ? _("You trade") : _("{who} trades", { who });
    case "buy": return you
      ? ngettext("You buy from stall {stall} with {n} left: {points}", "You buy from stall {stall} with {n} left: {points}",
                 r.cubes_left, { stall, points: pointsText(r.points) })
      : ngettext("{who} buys from stall {stall} with {n} left: {points}", "{who} buys from stall {stall} with {n} left: {points}",
                 r.cubes_left, { who, stall, points: pointsText(r.points) });
    case "stall_empty": return r.closes ? _("Stall {stall} is empty, the second: the bazaar is closed", { stall })
      : _("Stall {stall} is empty: every purchase now scores one star higher", { stall });
    case "over_limit": return overLimitText(r.excess, r.seat, r.by);
    case "discard": return you ? _("{by} returns your cubes", { by })
      : mine(r.by) ? _("You return {who}'s cubes", { who }) : _("{by} returns {who}'s cubes", { by, who });
    default: return r.kind;
  }
}

function overLimitText(excess, seat, chooser) {
  const who = names()[seat], by = names()[chooser];
  if (mine(seat)) {
    return ngettext("You have {n} cube too many: {by} chooses", "You have {n} cubes too many: {by} chooses", excess, { by });
  }
  if (mine(chooser)) {
    return ngettext("{who} has {n} cube too many: you choose", "{who} has {n} cubes too many: you choose", excess, { who });
  }
  return ngettext("{who} has {n} cube too many: {by} chooses", "{who} has {n} cubes too many: {by} chooses", excess, { who, by });
}

function recordEl(r) {
  const el = ui.el, text = recordText(r);
  const seq = (s) => cubes(fromLetters(s));
  const star = (starred) => starred ? el("span", { className: "bz-star", textContent: STAR }) : null;
  if (r.kind === "trade") return el("li", {}, text + " ", seq(r.gave), el("span", { className: "bz-arrow", textContent: "→" }), seq(r.took));
  if (r.kind === "face_up") return el("li", {}, text + " ", seq(r.ware), star(r.ware.endsWith("*")));
  if (r.kind === "buy") return el("li", {}, text + " ", seq(r.ware), star(r.star));
  if (r.kind === "discard") return el("li", {}, text + " ", seq(r.cubes));
  return el("li", { textContent: text });
}

function renderLog() {
  ui.swap($("bz-log"), ...snap.view.records.slice(-15).reverse().map(recordEl));
}

/* ---------------------------------------------------------- the results (the shell's screen) */
/* A purchase as the breakdown says it: the ware, its stars, the cubes it left, its points. */
function purchaseText(b) {
  const facts = { ware: wareText({ code: b.ware }), points: pointsText(b.points) };
  if (b.level === 2) return ngettext("{ware}, two stars, {n} cube left: {points}", "{ware}, two stars, {n} cubes left: {points}", b.cubes_left, facts);
  if (b.level === 1) return ngettext("{ware}, one star, {n} cube left: {points}", "{ware}, one star, {n} cubes left: {points}", b.cubes_left, facts);
  return ngettext("{ware}, {n} cube left: {points}", "{ware}, {n} cubes left: {points}", b.cubes_left, facts);
}

/* How a seat's points are made: its wares, then each purchase. */
function breakdown(score, seat) {
  const p = score.breakdown.players.find((q) => q.seat === seat);
  if (!p) return [];
  if (!p.purchases.length) return [_("No ware bought")];
  const sum = p.purchases.map((b) => String(b.points)).join(" + ");
  return [ngettext("{n} ware: {sum}", "{n} wares: {sum}", p.purchases.length, { sum }), ...p.purchases.map(purchaseText)];
}

/* Each tie on points: broken by the fewest wares bought, or a place shared. */
function tieBreaks(score) {
  const players = score.breakdown.players, said = [];
  for (const points of [...new Set(players.map((p) => p.points))]) {
    const tied = players.filter((p) => p.points === points).sort((a, b) => a.place - b.place || a.seat - b.seat);
    if (tied.length < 2) continue;
    const names = ui.listed(tied.map((p) => ui.called(p.seat)));
    if (tied.every((p) => p.place === tied[0].place)) {
      said.push(_("{names} share a place: {points} each and as many wares bought", { names, points: pointsText(points) }));
    } else {
      said.push(_("{name} wins the tie on {points}: fewer wares bought ({wares} against {others})",
                  { name: ui.called(tied[0].seat), points: pointsText(points), wares: tied[0].wares,
                    others: tied.slice(1).map((p) => p.wares).join(", ") }));
    }
  }
  return said;
}

/* ---------------------------------------------------------- the rules at a glance */
/* The scoring chart (its star levels across, the cubes left down; the level in force once a
   stall is empty marked) and, on a phone, the equations in play (the table shows them). */
function glance(s) {
  const v = s.view, el = ui.el, chart = v.points_chart;
  if (!chart) return [];
  const levels = [_("no star"), _("one star"), _("two stars")];
  const lefts = [0, 1, 2, 3].map((n) => n === 3 ? _("3 or more") : String(n));
  const table = el("table", { className: "grid bz-chart", title: _("Points for a ware") },
    el("thead", {}, el("tr", {}, el("th", { textContent: _("cubes left") }), ...levels.map((l) => el("th", { textContent: l })))),
    el("tbody", {}, ...lefts.map((left, k) => el("tr", {}, el("th", { textContent: left }),
      ...chart.map((row) => el("td", { textContent: String(row[k]) }))))));
  const parts = [el("div", { className: "bz-glance" }, table,
    el("p", {}, el("strong", { textContent: _("Points for a ware") + " " }), el("span", { className: v.bonus ? "bz-advice" : "",
                             textContent: v.bonus ? _("A stall is empty: every purchase now scores one star higher (two at most).")
                               : _("Once a stall is empty, every purchase scores one star higher (two at most).") }),
      " ", el("span", { className: "hint", textContent: _("The bazaar closes when a second stall is empty.") })))];
  if (ui.PAGE !== "table" && v.exchange.length) parts.push(el("h3", { textContent: _("Equations") }), equationRows(v.exchange));
  return parts;
}

function equationEl(e, give) {
  const [given, taken] = give === "left" ? [e.left, e.right] : [e.right, e.left];
  return ui.el("span", { className: "bz-cubes" }, cubes(given), ui.el("span", { className: "bz-arrow", textContent: "→" }), cubes(taken));
}

/* The equations in play, both cards, each numbered as the phones number them. */
function equationRows(exchange) {
  return ui.el("div", { className: "bz-cards" }, ...exchange.map((card) => ui.el("div", { className: "bz-card" },
    ui.el("h3", { textContent: card.card === null ? _("Card entered at the table") : _("Card {card}", { card: card.card }) }),
    ...card.equations.map((e) => ui.el("div", { className: "bz-row" }, ui.el("span", { className: "hint", textContent: String(e.index + 1) + "." }),
      cubes(e.left), ui.el("span", { className: "bz-arrow", textContent: "=" }), cubes(e.right))))));
}

function renderExchange() {
  ui.swap($("bz-exchange"), equationRows(snap.view.exchange));
}

function cardsLeft(n) { return ngettext("{n} card left", "{n} cards left", n); }

function renderStalls() {
  ui.swap($("bz-stalls"), ...snap.view.stalls.map((s) => ui.el("div", { className: "bz-row" },
    ui.el("strong", { textContent: stallName(s.stall) }),
    s.ware ? wareEl(s.ware) : ui.el("span", { className: "hint", textContent: _("empty") }),
    ui.el("span", { className: "hint", textContent: cardsLeft(s.left) }))));
  const bonus = $("bz-bonus");
  if (bonus) {
    bonus.hidden = !snap.view.bonus;
    bonus.textContent = _("A stall is empty: every purchase now scores one star higher");
  }
}

/* ---------------------------------------------------------- a seat's actions */
/* Why an equation is greyed for this seat (view.py's reason codes). */
function whyText(state) {
  switch (state.why) {
    case "not_your_turn": return mine(state.turn) ? _("Not at this step of your turn")
      : _("It is {name}'s turn", { name: names()[state.turn] });
    case "acted": return state.acted === "trade" ? _("You have already traded this turn")
      : _("You have already rolled this turn");
    case "you_lack": return _("You need {cubes} to give (you have {have})",
                              { cubes: COUNTED[state.colour](state.need), have: state.have });
    case "bank_lacks": return state.have ? _("The bank has only {cubes}", { cubes: COUNTED[state.colour](state.have) })
      : _("The bank has no {colour} cube left", { colour: COLOUR[state.colour] });
    default: return state.why;
  }
}

function covers(have, need) { return need.every((n, c) => have[c] >= n); }

/* Each equation both ways: with the seat's own states (its phone), or, for the host, only
   the ways the seat can trade now (the engine judges either way). */
function tradeRows(v, trades, send, seat) {
  const equations = v.exchange.flatMap((card) => card.equations);
  const usable = (e, give) => {
    const [given, taken] = give === "left" ? [e.left, e.right] : [e.right, e.left];
    return covers(v.players[seat].cubes, given) && covers(v.bank, taken);
  };
  if (!trades) {
    return equations.flatMap((e) => ["left", "right"].filter((give) => usable(e, give)).map((give) => {
      const b = ui.button("", () => send("trade", { equation: e.index, give }), { className: "bz-trade" });
      Object.assign(b.dataset, { equation: e.index, give });
      b.append(ui.el("span", { className: "hint", textContent: (e.index + 1) + ". " }), equationEl(e, give));
      return b;
    }));
  }
  return equations.map((e) => {
    const row = ui.el("div", { className: "bz-row" }, ui.el("span", { className: "hint", textContent: String(e.index + 1) + "." }));
    const why = [];
    for (const give of ["left", "right"]) {
      const state = trades[e.index][give];
      const b = ui.button("", () => send("trade", { equation: e.index, give }), { disabled: !state.ok, className: "bz-trade" });
      Object.assign(b.dataset, { equation: e.index, give });
      b.append(equationEl(e, give));
      row.append(b);
      if (!state.ok && v.phase !== "over") why.push(whyText(state));
    }
    if (why.length) row.append(ui.el("span", { className: "bz-why", textContent: [...new Set(why)].join(" · ") }));
    return row;
  });
}

function actionButtons(v, seat, send) {
  const mine = snap.table.to_act.includes(seat) && v.turn === seat;
  const buttons = [];
  if (!mine) return buttons;
  if (v.phase === "act") buttons.push(ui.button(_("Roll the die"), () => send("roll", {}), { id: "bz-roll" }));
  if (v.phase === "buy") buttons.push(ui.button(_("End my turn"), () => send("done", {}), { className: "quiet", id: "bz-done" }));
  if (v.phase === "wild" || v.phase === "start_wild") {
    v.bank.forEach((n, colour) => {
      if (!n) return;
      const b = ui.button("", () => send("take", { colour: KEYS[colour] }), { className: "bz-take" });
      b.dataset.colour = KEYS[colour];
      b.append(cube(colour), " " + _("Take a {colour} cube", { colour: COLOUR[KEYS[colour]] }));
      buttons.push(b);
    });
  }
  return buttons;
}

/* The cubes to return chosen one tap at a time, from the default; the choice is a draft
   (ui.draft) under the discard it answers, so a snapshot arriving mid-choice undoes nothing. */
function discardPicker(v, seat, box, sendButton, send) {
  const d = v.discard;
  const chooser = d && d.by === seat && snap.table.to_act.includes(seat);
  if (!chooser) return false;
  const owner = v.players[d.seat];
  const kept = ui.draft(JSON.stringify(["bz-discard", box.id, d.seat, v.turn_number, owner.cubes]));
  if (!kept.picked) {
    const chosen = countsOf(d.default);
    kept.picked = owner.cubes.flatMap((n, colour) => Array.from({ length: n }, (_unused, i) => i < chosen[colour]));
  }
  const colours = owner.cubes.flatMap((n, colour) => Array(n).fill(colour));
  const update = () => {
    const picked = [0, 0, 0, 0, 0];
    kept.picked.forEach((on, i) => { if (on) picked[colours[i]] += 1; });
    const count = picked.reduce((a, b) => a + b, 0);
    sendButton.textContent = ngettext("Return {n} cube", "Return {n} cubes", count);
    sendButton.disabled = count !== d.excess;
    sendButton.onclick = () => send("discard", { cubes: Object.fromEntries(picked.map((n, c) => [KEYS[c], n]).filter(([, n]) => n)) });
  };
  ui.swap(box, ...colours.map((colour, i) => {
    const b = ui.button("", () => { kept.picked[i] = !kept.picked[i]; b.classList.toggle("chosen", kept.picked[i]); update(); },
                        { className: "bz-toggle" + (kept.picked[i] ? " chosen" : "") });
    b.dataset.colour = colour;
    b.append(cube(colour));
    return b;
  }));
  update();
  return true;
}

/* ---------------------------------------------------------- the planner's advice */
/* The best action of the turn (planner.recommend, a roll counted as a turn like a trade),
   its count of turns the same as the list's (this turn counted while its action is to come). */
function adviceText(advice) {
  const a = advice.action, p = a.stall === null ? null : advice.plans[a.stall];
  if (a.kind === "done") return _("End your turn: no ware can be bought now");
  if (!p) return _("Roll the die: no ware can be reached by trades alone or after one roll");
  const facts = { ware: wareText(p.ware), stall: p.stall + 1 };
  if (a.kind === "buy") {
    return ngettext("Buy {ware} (stall {stall}) now for {n} point", "Buy {ware} (stall {stall}) now for {n} points", a.points, facts);
  }
  if (a.kind === "trade") {
    const sides = { give: cubesText(a.gave), take: cubesText(a.took), ...facts };
    if (a.turns === 1) {
      return ngettext("Trade {give} → {take} now, then buy {ware} (stall {stall}) this turn for {n} point",
                      "Trade {give} → {take} now, then buy {ware} (stall {stall}) this turn for {n} points", a.points, sides);
    }
    return ngettext("Trade {give} → {take} now: {ware} (stall {stall}) in {turns}, this one counted, for {n} point",
                    "Trade {give} → {take} now: {ware} (stall {stall}) in {turns}, this one counted, for {n} points",
                    a.points, { turns: turnsText(a.turns), ...sides });
  }
  const alone = a.trades === null ? _("not by trades alone") : _("by trades alone: {turns}", { turns: turnsText(a.trades) });
  const rolled = { faces: either(a.faces.map((f) => COLOUR[f])), alone, ...facts };
  if (a.turns === 1) return _("Roll the die: a roll of {faces} buys {ware} (stall {stall}) this turn ({alone})", rolled);
  return _("Roll the die: a roll of {faces} brings {ware} (stall {stall}) in {turns}, this one counted ({alone})",
           { turns: turnsText(a.turns), ...rolled });
}

/* A ware's plan in the list, counted as the advice counts. */
function planText(p, acted) {
  const facts = { stall: p.stall + 1, points: pointsText(p.points) };
  if (p.turns === 0) return _("Stall {stall}: now, {points}", facts);
  if (p.turns === null) return _("Stall {stall}: not by trades alone", facts);
  return acted ? _("Stall {stall}: {turns} from your next turn, {points}", { turns: turnsText(p.turns), ...facts })
    : _("Stall {stall}: {turns}, this one counted, {points}", { turns: turnsText(p.turns), ...facts });
}

/* The advised trade or purchase as a button that makes it. */
function advisedButtons(a) {
  if (a.kind === "trade") {
    const b = ui.button("", () => ui.decide("trade", { equation: a.equation, give: a.give }), { className: "bz-trade" });
    Object.assign(b.dataset, { equation: a.equation, give: a.give });
    b.append(_("Trade") + " ", cubes(a.gave), ui.el("span", { className: "bz-arrow", textContent: "→" }), cubes(a.took));
    return [b];
  }
  if (a.kind === "buy") {
    const b = ui.button(_("Buy {ware} (stall {stall})", { ware: wareText(snap.view.stalls[a.stall].ware), stall: a.stall + 1 }),
                        () => ui.decide("buy", { stall: a.stall }), { className: "bz-buy" });
    b.dataset.stall = a.stall;
    return [b];
  }
  return [];
}

function renderAdvice(you) {
  const box = $("bz-advice-box"), advice = you.advice;
  box.hidden = !advice;
  if (!advice) return;
  $("bz-advice").textContent = adviceText(advice);
  ui.swap($("bz-advised"), ...advisedButtons(advice.action));
  $("bz-plans-title").textContent = advice.acted ? _("Turns to each ware, from your next turn")
    : _("Turns to each ware, this one counted");
  ui.swap($("bz-plans"), ...advice.plans.filter((p) => p).map((p) => ui.el("li", { textContent: planText(p, advice.acted) })));
}

function renderWares(you) {
  ui.swap($("bz-wares"), ...snap.view.stalls.map((s) => {
    const row = ui.el("div", { className: "bz-row" }, ui.el("strong", { textContent: stallName(s.stall) }));
    if (!s.ware) { row.append(ui.el("span", { className: "hint", textContent: _("empty") })); return row; }
    row.append(wareEl(s.ware), ui.el("span", { className: "hint", textContent: cardsLeft(s.left) }));
    const mine = you.wares[s.stall];
    const why = (text) => ui.el("span", { className: "bz-why", textContent: text });
    if (mine.buy_now) {
      row.append(ui.button(ngettext("Buy: {n} point", "Buy: {n} points", mine.points),
                           () => ui.decide("buy", { stall: s.stall }), { className: "bz-buy" }));
    } else if (mine.held) {
      row.append(why(ngettext("You hold it: after your roll or trade, about {n} point",
                              "You hold it: after your roll or trade, about {n} points", mine.points)));
    } else {
      row.append(why(_("Missing: {cubes}", { cubes: missingText(mine.missing) })));
    }
    return row;
  }));
}

/* Opens a folded box when it is needed this turn and folds it when it no longer is, but
   leaves it as the player set it while that does not change. */
function unfold(box, needed) {
  if (box.dataset.needed === String(needed)) return;
  box.dataset.needed = String(needed);
  box.open = needed;
}

/* ---------------------------------------------------------- pages */
const render = {
  player(s) {
    const v = snap.view, you = v.you, me = v.players[you.seat];
    ui.swap($("me"), ui.el("h1", { textContent: me.name }),
      ui.el("p", { className: "secret", textContent: scoreText(me) }), cubes(me.cubes));
    const actions = actionButtons(v, you.seat, ui.decide);
    ui.swap($("bz-actions"), ...actions);
    renderAdvice(you);
    $("bz-actions-box").hidden = !actions.length && !you.advice;
    $("bz-discard-box").hidden = !discardPicker(v, you.seat, $("bz-discard-cubes"), $("bz-discard-send"), ui.decide);
    if (!$("bz-discard-box").hidden) {
      $("bz-discard-text").textContent = _("{owner} ends the turn over 10 cubes: choose {n} to return to the bank. Tap a cube to pick it; picked cubes fade.",
                                           { owner: names()[v.discard.seat], n: v.discard.excess });
    }
    renderWares(you);
    unfold($("bz-trades-box"), v.phase === "act" && v.turn === you.seat && snap.table.status !== "ended");
    ui.swap($("bz-trades"), ...tradeRows(v, you.trades, ui.decide, you.seat));
    renderPlayers(); renderBank(); renderLog();
  },

  table(s) {
    renderStalls(); renderExchange(); renderBank(); renderPlayers(); renderLog();
  },

  host(s) {
    render.table(s);
    $("bz-typing-help").hidden = !snap.table.waiting_entry;   // shown while the host types a card
    const v = snap.view, to = snap.table.to_act;
    const box = $("bz-host-box");
    const seat = to[0];       // a connected phone decides for its own seat
    box.hidden = !to.length || snap.table.status !== "playing" || snap.seats[seat].state === "connected";
    if (box.hidden) return;
    const send = (kind, data) => ui.act("/api/host/act", { seat, kind, data });
    $("bz-host-title").textContent = _("Acting for {name}", { name: names()[seat] });
    ui.swap($("bz-host-actions"), ...actionButtons(v, seat, send),
      ...(v.phase === "buy" ? v.stalls.filter((st) => st.ware).map((st) => ui.button(stallName(st.stall), () => send("buy", { stall: st.stall }))) : []));
    ui.swap($("bz-host-trades"), ...(v.phase === "act" ? tradeRows(v, null, send, seat) : []));
    const picker = $("bz-host-discard"), sendButton = $("bz-host-discard-send");
    sendButton.hidden = !discardPicker(v, seat, picker, sendButton, send);
    if (sendButton.hidden) picker.replaceChildren();
  },
};

register({ render, statusText, points: pointsText, breakdown, tieBreaks, glance });
