/* Le Marché de Samarkand's pages, on the shell (web/static/shell.js): the countdown, the
   offers, a phone's hand and claims, the table's players, the words of the results screen
   (points, breakdown, ties) and the rules at a glance, the host's claims for
   players and the table's own discards. Every word goes through _() or ngettext(): English
   is the msgid, the French (the rulebook's words: doyen, dirhams, chameau) is in the
   catalog; the view brings data, and the sentences are composed here. */
import * as ui from "/static/shell.js";
import { $, _, LANGUAGE, ngettext, register, snap } from "/static/shell.js";

/* Each goods type in the colour of its cards, with a shape for colour-blind players: a
   shape reads the same in both languages (the French initials collide: tapis, tissus). */
const GOODS = {
  jewels: { mark: "◆", name: _("jewels") },
  spices: { mark: "▲", name: _("spices") },
  vegetables: { mark: "●", name: _("vegetables") },
  carpets: { mark: "■", name: _("carpets") },
  textiles: { mark: "≋", name: _("textiles") },
};

function goodsName(type) { return GOODS[type] ? GOODS[type].name : type; }

function goodsMark(type) { return (GOODS[type] ? GOODS[type].mark : "?") + " " + goodsName(type); }

function badge(type) {
  return ui.el("span", { className: "goods goods-" + type, textContent: goodsMark(type) });
}

/* ---------------------------------------------------------- words */
const list = (items) => ui.listed(items);

/* Milliseconds or seconds with one decimal, as the reader writes them (12.4, 12,4). */
const decimal = (x) => x.toLocaleString(LANGUAGE, { minimumFractionDigits: 1, maximumFractionDigits: 1,
                                                    useGrouping: false });

const colon = (label) => _("{label}:", { label });

/* A whole number as it is read: a negative one with a true minus sign (U+2212). */
const signed = (n) => (n < 0 ? "\u2212" + -n : String(n));

/* "1 dirham", "7 dirhams"; "1 point", "−9 points" (the form by the size: French says
   "1 point", "0 point", "−9 points"). */
const dirhams = (n) => ngettext("{n} dirham", "{n} dirhams", n);
const points = (n) => ngettext("{n} point", "{n} points", Math.abs(n), { n: signed(n) });

/* A sentence about a seat: on that seat's own phone in the second person ("You stopped
   at 7"), everywhere else with its name; each form is a whole sentence in the catalog. */
const about = (seat, yours, theirs) => (seat === ui.me() ? yours() : theirs(ui.names()[seat]));

/* A card as a noun phrase, the same in every sentence: "Bo's spices", "les épices de Bo". */
function targetText(target) {
  const v = snap.view;
  if (target === "camel") return _("the camel");
  if (target === "bank") return _("the bank's {goods}", { goods: goodsName(v.bank_type) });
  if (target === null || target === undefined) return _("nothing");
  const goods = goodsName(v.players[target].sells);
  return about(target, () => _("your {goods}", { goods }), (owner) => _("{owner}'s {goods}", { owner, goods }));
}

function withValue(target, card) {
  return targetText(target) + (card === null || card === undefined ? "" : " " + card);
}

function offerList() {
  const v = snap.view;
  const items = Object.entries(v.offers).map(([seller, card]) => {
    const target = seller === "bank" ? "bank" : Number(seller);
    return { target, text: withValue(target, card) };
  });
  if (v.camel_up !== null) items.push({ target: "camel", text: _("camel {card}", { card: v.camel_up }) });
  return items;
}

/* A payment, said to its payer on their own phone ("You buy…"). */
function recordText(r) {
  const what = targetText(r.target) + (r.card === null || r.card === undefined ? "" : " (" + r.card + ")");
  const due = r.due;
  if (r.kind === "buy") {
    return about(r.seat, () => _("You buy {what} for {due}", { what, due }),
                 (who) => _("{who} buys {what} for {due}", { who, what, due }));
  }
  if (r.kind === "dispute") {
    return about(r.seat, () => _("You disputed {what} and pay {due}", { what, due }),
                 (who) => _("{who} disputed {what} and pays {due}", { who, what, due }));
  }
  if (r.kind === "dean_priority") {
    const yielded = targetText(r.target);
    return about(r.seat, () => _("You yield {what} to the Dean", { what: yielded }),
                 (who) => _("{who} yields {what} to the Dean", { who, what: yielded }));
  }
  if (r.why === "cannot pay") {
    return about(r.seat, () => _("False stop: 1 dirham to the bank (you cannot pay)"),
                 (who) => _("{who}: false stop (cannot pay), 1 dirham to the bank", { who }));
  }
  return about(r.seat, () => _("False stop: 1 dirham to the bank (you named no card)"),
               (who) => _("{who}: false stop (named no card), 1 dirham to the bank", { who }));
}

function evidenceText(stop) {
  if (!stop) return "";
  const [first, ...rest] = stop.stoppers, count = stop.count;
  const parts = [about(first.seat, () => _("Stop at {count}: you", { count }),
                       (name) => _("Stop at {count}: {name}", { count, name }))];
  const names = ui.names(), me = ui.me();
  for (const s of rest) {
    const params = { name: names[s.seat], ms: decimal(s.offset_us / 1000), first: names[first.seat] };
    parts.push(s.seat === me ? _("You: +{ms} ms after {first}", params)
               : first.seat === me ? _("{name} +{ms} ms after you", params)
               : _("{name} +{ms} ms after {first}", params));
  }
  for (const s of stop.late || []) {
    const ms = decimal(s.offset_us / 1000);
    parts.push(about(s.seat, () => _("You: too late (+{ms} ms)", { ms }),
                     (name) => _("{name} too late (+{ms} ms)", { name, ms })));
  }
  return parts.join(" · ");
}

function statusText(s) {
  const v = s.view;
  if (["over", "ended"].includes(s.table.status)) return "";     // the results screen says the end
  const picked = v.players.filter((p) => p.picked).length;
  switch (s.table.phase) {
    case "picking": return _("Turn {turn}: everyone picks an offer ({picked}/{players})",
                             { turn: v.turn, picked, players: v.players.length });
    case "countdown": return _("The price is falling…");
    case "claiming": {
      const count = v.stop.count;
      return about(v.stop.stoppers[0].seat, () => _("You stopped at {count}", { count }),
                   (name) => _("{name} stopped at {count}", { name, count }));
    }
    default: return "";     // the bank's card being turned up, the end: the shell says those
  }
}

function goodsText(goods) {
  if (!goods) return _("hidden");
  const parts = Object.entries(goods).filter(([, cards]) => cards.length)
    .map(([type, cards]) => goodsMark(type) + " " + cards.join(","));
  return parts.length ? parts.join(" · ") : _("nothing");
}

/* ---------------------------------------------------------- the countdown's clock */
function shownCount(sinceMs) {
  const c = snap.table.countdown;
  if (!c) return snap.view.stop ? String(snap.view.stop.count) : "–";
  const since = sinceMs - c.opens_in_ms;
  if (since < 0) return _("ready");
  const count = c.first - Math.floor(since / c.step_ms);
  return count >= c.lowest ? String(count) : "–";
}

function tick(s, sinceMs) {
  const count = $("count");
  const text = shownCount(sinceMs);
  if (count && count.textContent !== text) count.textContent = text;
  const deadline = $("deadline");
  const left = snap.table.claim_ms_left;
  if (deadline) {
    deadline.hidden = left === null || left === undefined;
    if (!deadline.hidden) {
      const secs = Math.max(0, (left - sinceMs) / 1000);
      deadline.textContent = _("Claims close in {seconds} s", { seconds: decimal(secs) });
    }
  }
}

/* ---------------------------------------------------------- shared sections */
function offerItem(o) {
  const type = typeOf(o.target);
  return ui.el("li", {}, type ? badge(type) : "", " " + o.text);
}

function typeOf(target) {
  if (target === "bank") return snap.view.bank_type;
  if (typeof target === "number") return snap.view.players[target].sells;
  return null;
}

function renderCommon() {
  const v = snap.view, el = ui.el;
  $("count").hidden = !["countdown", "claiming"].includes(snap.table.phase);   // no "–" while offers are picked
  $("evidence").textContent = evidenceText(snap.table.last_stop);
  renderTimeline();
  const offered = offerList().map(offerItem);
  ui.swap($("offers"), ...(offered.length ? offered : [el("li", { className: "hint", textContent: _("nothing on offer yet") })]));
  const offersBox = $("offers-box");      // a phone's: shown once there is something to see
  if (offersBox) offersBox.hidden = !offered.length && !snap.table.last_stop;
  const turn = $("turn");
  if (turn) {
    const turns = { turn: v.turn, turns: v.turns };
    turn.textContent = about(v.dean, () => _("Turn {turn}/{turns} · you are the Dean", turns),
                             (name) => _("Turn {turn}/{turns} · Dean: {name}", { ...turns, name }));
  }
  const waiting = $("waiting");
  if (waiting) waiting.textContent = waitingText();
  ui.swap($("log"), ...v.records.slice(-12).reverse().map((r) => el("li", { textContent: recordText(r) })));
}

function renderPlayers() {
  const el = ui.el;
  const rows = snap.view.players.map((p) => el("tr", {},
    el("td", { textContent: p.seat === snap.view.dean ? _("{name} (Dean)", { name: p.name }) : p.name }),
    el("td", {}, badge(p.sells)),
    el("td", { textContent: p.picked ? "✓" : "" }),
    el("td", { textContent: String(p.cards_left) }),
    el("td", { textContent: goodsText(p.goods) })));
  const head = el("tr", {}, ...[_("player"), _("sells"), _("picked"), _("cards"), _("bought")].map((h) => el("th", { textContent: h })));
  ui.swap($("players"), el("div", { className: "scroll", tabIndex: 0 },
    el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows))));
}

function cardsText(cards) {
  const parts = Object.entries(cards || {}).filter(([, values]) => values.length)
    .map(([type, values]) => goodsMark(type) + " " + values.join("+"));
  return parts.length ? parts.join(" · ") : _("no cards");
}

/* How one seat's score is made, a line for each step of the scoring (the results
   screen's breakdown): score.breakdown is the sheet of final.table_scores. */
function breakdown(score, seat) {
  const p = score.breakdown.players[seat];
  const leastCards = (p.kept[p.least_type] || []).join("+");
  const least = !p.least_type ? _("nothing")
    : leastCards ? _("{goods} {cards} = {points}", { goods: goodsName(p.least_type), cards: leastCards, points: p.least_type_points })
    : _("{goods}, no card kept: 0", { goods: goodsName(p.least_type) });
  const sets = Object.entries(p.set_values || {}).map(([value, points]) => _("{value}s → {points}", { value, points }));
  const discarded = p.overridden
    ? _("{cards} (the table's choice; advice: {advice})", { cards: cardsText(p.discarded), advice: cardsText(p.advice.discarded) })
    : cardsText(p.discarded);
  const line = (what, words) => colon(what) + " " + words;
  return [
    line(_("money"), _("{money} → {points}", { money: dirhams(p.money), points: points(p.money_points) })),
    line(_("camels carry"), ngettext("{n} card", "{n} cards", p.capacity)),
    line(_("kept"), cardsText(p.kept)),
    line(_("discarded"), discarded),
    line(_("least type"), least),
    line(_("sets"), sets.length ? _("{sets} = {points}", { sets: sets.join(", "), points: p.set_points }) : _("no sets")),
    line(_("empty camel space"), p.empty_space_penalty ? points(-p.empty_space_penalty) : "0"),
    ...(score.accepted ? [_("accepted by the table")] : []),      // the discards are final
  ];
}

/* Le Marché breaks no tie: players on the same total share the place (and the win). */
function tieBreaks(score) {
  const byPlace = new Map();
  for (const row of score.standings) byPlace.set(row.place, [...(byPlace.get(row.place) || []), row]);
  return [...byPlace.values()].filter((rows) => rows.length > 1).map((rows) =>
    _("{names} share {place} place with {points}: the rules break no tie",
      { names: list(rows.map((r) => ui.called(r.seat))), place: ui.ordinal(rows[0].place), points: points(rows[0].score) }));
}

/* The rules at a glance: how the final scoring counts, from the view's own data (the
   money podium, the camels' capacity, the least-bought type, the sets, empty spaces). */
function glance(s) {
  const sc = s.view.scoring, el = ui.el;
  if (!sc) return [];
  const rows = sc.sets.filter(([, pts], i) => i === 0 || pts !== sc.sets[i - 1][1]);   // the rulebook's stops at 6
  const capped = rows.length < sc.sets.length;
  const size = (n, i) => (capped && i === rows.length - 1 ? _("{n} or more", { n }) : String(n));
  const row = (label, cells) => el("tr", {}, el("th", { scope: "row", textContent: label }), ...cells.map((text) => el("td", { textContent: text })));
  return [
    el("p", { textContent: _("Money by rank, richest first: {points} (equal money shares the rank)",
                             { points: list(sc.podium.map(points)) }) }),
    el("p", { textContent: _("Camels carry your goods: you keep as many cards as they carry, the rest is discarded") }),
    el("p", { textContent: _("Least-bought type: the sum of your kept cards of the type you have fewest of (0 if you have none of a type)") }),
    el("p", { textContent: _("Equal values, all types together:") }),
    /* the points row gives numbers alone (its heading names them): the rulebook's five
       columns then fit a 320 px phone */
    el("div", { className: "scroll", tabIndex: 0 }, el("table", { className: "grid sets" }, el("tbody", {},
      row(_("cards of one value"), rows.map(([n], i) => size(n, i))), row(_("points"), rows.map(([, pts]) => String(pts)))))),
    capped ? null : el("p", { textContent: _("and so on, doubling") }),
    el("p", { textContent: _("Each empty camel space: {points}", { points: points(-sc.empty_space) }) }),
  ].filter(Boolean);
}

/* ---------------------------------------------------------- what a stop did to you */
function outcomeText() {
  const stop = snap.table.last_stop, me = snap.viewer;
  if (!stop || me === null) return "";
  const names = ui.names();
  const first = names[stop.stoppers[0].seat];
  const late = (stop.late || []).find((l) => l.seat === me);
  if (late) {
    return _("You were {ms} ms after {first}: outside the {window} ms window",
             { ms: decimal(late.offset_us / 1000), first, window: stop.tie_window_us / 1000 });
  }
  if (!stop.stoppers.some((st) => st.seat === me) || snap.table.phase === "claiming") return "";
  const records = snap.view.records.slice(stop.records_from);
  return records.filter((r) => r.seat === me).map((r) => {
    if (r.kind === "buy") return _("You bought {what} for {due}", { what: withValue(r.target, r.card), due: r.due });
    if (r.kind === "dispute") {
      const others = records.filter((o) => o.kind === "dispute" && o.target === r.target && o.seat !== me)
        .map((o) => names[o.seat]);
      return _("Dispute with {others}: the card is discarded, you pay {due}", { others: list(others), due: r.due });
    }
    return recordText(r);      // yielded to the Dean, or a false stop: said as the log says it
  }).join(" · ");
}

/* The last stop as a timeline: the first press at 0, every other at its offset, the tie
   window shaded, who was in and who was out. */
function timelineSvg(stop) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const window_ms = stop.tie_window_us / 1000;
  const presses = [...stop.stoppers.map((p) => ({ ...p, inside: true })),
                   ...(stop.late || []).map((p) => ({ ...p, inside: false }))];
  const span = Math.max(window_ms, ...presses.map((p) => p.offset_us / 1000)) * 1.15 || 1;
  const x = (ms) => 10 + (ms / span) * 280;
  svg.setAttribute("viewBox", "0 0 300 " + (30 + presses.length * 16));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", evidenceText(stop));
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("rect", { x: x(0), y: 4, width: x(window_ms) - x(0), height: 18 + presses.length * 16, class: "window" });
  add("text", { x: x(window_ms), y: 14, class: "axis", "text-anchor": "end" }, window_ms + " ms");
  add("line", { x1: x(0), y1: 22, x2: 290, y2: 22, class: "axis-line" });
  presses.forEach((p, i) => {
    const y = 34 + i * 16, ms = p.offset_us / 1000;
    const params = { name: ui.called(p.seat), ms: decimal(ms) };
    const left = x(ms) > 150;          // a label past the middle goes left of its dot
    add("circle", { cx: x(ms), cy: y - 4, r: 4, class: p.inside ? "in" : "out" });
    add("text", { x: x(ms) + (left ? -7 : 7), y, class: p.inside ? "in" : "out", "text-anchor": left ? "end" : "start" },
        p.inside ? _("{name} +{ms} ms", params) : _("{name} +{ms} ms (out)", params));
  });
  return svg;
}

function renderTimeline() {
  const box = $("timeline");
  if (!box) return;
  const stop = snap.table.last_stop, me = snap.viewer;
  const mine = stop && (me === null || [...stop.stoppers, ...(stop.late || [])].some((p) => p.seat === me));
  box.hidden = !mine;
  ui.swap(box, ...(mine ? [timelineSvg(stop)] : []));
}

function waitingText() {
  const waiting = snap.table.to_act, names = ui.names();
  if (!waiting.length) return "";
  if (waiting.includes(snap.viewer)) {
    const others = waiting.filter((seat) => seat !== snap.viewer).map((seat) => names[seat]);
    return others.length ? _("Waiting for you (and {others})", { others: list(others) }) : _("Waiting for you");
  }
  return _("Waiting for {names}", { names: list(waiting.map((seat) => names[seat])) });
}

function renderOverrides() {
  const { el, button, act } = ui, score = snap.score;
  $("override-box").hidden = !score || score.accepted;
  if (!score || score.accepted) return;
  ui.swap($("overrides"), ...score.breakdown.players.map((p) => {
    const cards = [];
    for (const [type, values] of Object.entries(p.kept)) for (const value of values) cards.push({ type, value, kept: true });
    for (const [type, values] of Object.entries(p.discarded)) for (const value of values) cards.push({ type, value, kept: false });
    const draft = ui.draft(JSON.stringify(["discard", p.seat, p.kept, p.discarded]));
    (draft.kept || []).forEach((kept, i) => { cards[i].kept = kept; });
    const toggles = cards.map((c) => {
      const b = button(goodsName(c.type) + " " + c.value, () => {
        c.kept = !c.kept;
        draft.kept = cards.map((card) => card.kept);
        b.classList.toggle("chosen", c.kept);
      }, { className: c.kept ? "chosen" : "" });
      return b;
    });
    const keep = () => {
      const chosen = {};
      for (const c of cards) if (c.kept) (chosen[c.type] = chosen[c.type] || []).push(c.value);
      return chosen;
    };
    return el("div", { className: "override" }, el("strong", { textContent: _("{name} (capacity {capacity})", { name: p.name, capacity: p.capacity }) }),
      el("div", { className: "buttons" }, ...toggles),
      button(_("Use this discard"), () => act("/api/host/score", { seat: p.seat, choice: keep() })),
      p.overridden ? button(_("Back to the advice"), () => act("/api/host/score", { seat: p.seat, choice: null }), { className: "quiet" }) : null);
  }));
}

/* ---------------------------------------------------------- pages */
const render = {
  player(s) {
    const { el, button, decide } = ui;
    const v = snap.view, t = snap.table, you = v.you, me = v.players[you.seat];
    const capacity = you.camels.reduce((a, b) => a + b, 0);
    ui.swap($("me"),
      el("h1", { textContent: me.name }),
      el("p", { className: "secret", textContent: you.camels.length
        ? _("{money} · camels {camels} (capacity {capacity})", { money: dirhams(you.money), camels: you.camels.join(", "), capacity })
        : _("{money} · no camel yet", { money: dirhams(you.money) }) }),
      el("p", {}, _("You sell") + " ", badge(me.sells), " · " + _("bought: {goods}", { goods: goodsText(me.goods) })));
    const outcome = outcomeText();
    $("outcome").hidden = !outcome;
    $("outcome").textContent = outcome;
    const picking = t.phase === "picking";
    const offer = (card) => {          // one offer per turn: the hand waits for the answer
      for (const b of $("hand").querySelectorAll("button")) b.disabled = true;
      decide("pick", { card }).then((done) => { if (!done) render.player(snap); });
    };
    ui.swap($("hand"), ...you.hand.map((card) => button(String(card), () => offer(card),
      { disabled: !picking || you.pick !== null, className: card === you.pick ? "chosen" : "" })),
      you.pick !== null && picking ? el("p", { className: "hint", textContent: _("You offer {card} (secret until all have picked)", { card: you.pick }) }) : null);
    const stop = v.stop;
    const mustClaim = t.phase === "claiming" && stop.stoppers.some((st) => st.seat === you.seat) && !stop.claimed.includes(you.seat);
    $("claim-box").hidden = !mustClaim;
    if (mustClaim) {
      const targets = offerList().filter((o) => o.target !== you.seat);
      const short = you.money < stop.count;        // what the claimant cannot pay is not offered
      const words = (o) => short
        ? _("{what} for {count} (you have {money})", { what: o.text, count: stop.count, money: you.money })
        : _("{what} for {count}", { what: o.text, count: stop.count });
      ui.swap($("claim-buttons"),
        ...targets.map((o) => button(words(o), () => decide("claim", { target: o.target }), { disabled: short })),
        button(_("Nothing (false stop)"), () => decide("claim", { target: null }), { className: "quiet" }));
    }
    $("buzzer-box").hidden = !t.simulated || t.phase !== "countdown";
    renderCommon();
  },

  table(s) { renderCommon(); renderPlayers(); },

  host(s) {
    const { el, button, act } = ui;
    renderCommon();
    renderPlayers();
    const t = snap.table, v = snap.view;
    const open = t.phase === "claiming" ? v.stop.stoppers.filter((st) => !v.stop.claimed.includes(st.seat)
      && snap.seats[st.seat].state !== "connected") : [];     // a connected phone decides itself
    $("host-claims").hidden = !open.length;
    ui.swap($("claim-rows"), ...open.map((st) => el("div", { className: "buttons" },
      el("strong", { textContent: colon(ui.names()[st.seat]) }),
      ...offerList().filter((o) => o.target !== st.seat).map((o) => button(o.text, () => act("/api/host/act", { seat: st.seat, kind: "claim", data: { target: o.target } }))),
      button(_("nothing"), () => act("/api/host/act", { seat: st.seat, kind: "claim", data: { target: null } }), { className: "quiet" }))));
    renderOverrides();
  },
};

register({
  render, tick, statusText, points, breakdown, tieBreaks, glance,
  seatLabel(p) { return _("Seat {n} · sells {goods}", { n: p.seat + 1, goods: goodsName(p.sells) }); },
});

document.addEventListener("DOMContentLoaded", () => {
  const buzzer = document.getElementById("buzzer");
  if (buzzer) buzzer.addEventListener("pointerdown", () => ui.act("/api/buzz"));
});
