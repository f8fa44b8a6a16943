/* The table's pages: one live stream per page, plain DOM, no outside code. */
"use strict";

const TOKEN = document.querySelector('meta[name="action-token"]').content;
const PAGE = document.body.dataset.page;
let snap = null;          // the last snapshot received
let receivedAt = 0;       // performance.now() when it arrived

/* ------------------------------------------------------------ helpers */
function $(id) { return document.getElementById(id); }

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function button(text, onClick, props) {
  const b = el("button", Object.assign({ type: "button", textContent: text }, props || {}));
  b.addEventListener("click", onClick);
  return b;
}

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

async function post(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Action-Token": TOKEN },
      body: JSON.stringify(body || {}),
    });
  } catch (e) {
    toast("The table cannot be reached: check the Wi-Fi.");
    throw e;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    toast(data.error || "That did not work.");
    throw new Error(data.error);
  }
  return data;
}

function act(url, body) { return post(url, body).catch(() => null); }

/* ------------------------------------------------------------ the stream */
let source = null;

function connect() {
  if (source) source.close();
  const url = PAGE === "table" || PAGE === "host" ? "/stream?view=table" : "/stream";
  source = new EventSource(url);
  source.onmessage = (event) => {
    snap = JSON.parse(event.data);
    receivedAt = performance.now();
    $("offline").hidden = true;
    render();
  };
  source.onerror = () => { $("offline").hidden = false; };
}

function reconnectIfVisible() {
  if (document.visibilityState === "visible") connect();
}

/* ------------------------------------------------------------ words */
function names() { return snap.view.players.map((p) => p.name); }

function targetText(target) {
  const v = snap.view;
  if (target === "camel") return "the camel";
  if (target === "bank") return "the bank's " + v.bank_type;
  if (target === null || target === undefined) return "nothing";
  return names()[target] + "'s " + v.players[target].sells;
}

function offerList() {
  const v = snap.view;
  const items = Object.entries(v.offers).map(([seller, card]) => {
    const target = seller === "bank" ? "bank" : Number(seller);
    return { target, text: targetText(target) + " " + card };
  });
  if (v.camel_up !== null) items.push({ target: "camel", text: "camel " + v.camel_up });
  return items;
}

function recordText(r) {
  const who = names()[r.seat];
  const card = r.card === null || r.card === undefined ? "" : " (" + r.card + ")";
  if (r.kind === "buy") return who + " buys " + targetText(r.target) + card + " for " + r.due;
  if (r.kind === "dispute") return who + " disputed " + targetText(r.target) + card + ": pays " + r.due;
  if (r.kind === "dean_priority") return who + " yields " + targetText(r.target) + " to the Dean";
  return who + ": false stop (" + (r.why || "") + "), 1 to the bank";
}

function evidenceText(stop) {
  if (!stop) return "";
  const [first, ...rest] = stop.stoppers;
  const firstName = names()[first.seat];
  const parts = ["Stop at " + stop.count + ": " + firstName];
  for (const s of rest) {
    parts.push(names()[s.seat] + " +" + (s.offset_us / 1000).toFixed(1) + " ms after " + firstName);
  }
  for (const s of stop.late || []) {
    parts.push(names()[s.seat] + " too late (+" + (s.offset_us / 1000).toFixed(1) + " ms)");
  }
  return parts.join(" · ");
}

function statusText() {
  const t = snap.table, v = snap.view;
  const picked = v.players.filter((p) => p.picked).length;
  switch (t.phase) {
    case "picking": return "Turn " + v.turn + ": everyone picks an offer (" + picked + "/" + v.players.length + ")";
    case "countdown": return "The price is falling…";
    case "claiming": return names()[v.stop.stoppers[0].seat] + " stopped at " + v.stop.count;
    case "paused": return "Paused by the host";
    case "waiting_card": return "Waiting for the host to enter the " + t.waiting_card.deck + " card";
    case "over": return "The game is over";
    case "ended": return "The host ended the game";
    default: return t.phase;
  }
}

/* ------------------------------------------------------------ clocks */
function shownCount() {
  const c = snap && snap.table.countdown;
  if (!c) {
    if (snap && snap.view.stop) return String(snap.view.stop.count);
    return "–";
  }
  const since = performance.now() - receivedAt - c.opens_in_ms;
  if (since < 0) return "ready";
  const count = c.first - Math.floor(since / c.step_ms);
  return count >= c.lowest ? String(count) : "–";
}

function tick() {
  if (!snap) return;
  const count = $("count");
  const text = shownCount();
  if (count && count.textContent !== text) count.textContent = text;
  const deadline = $("deadline");
  const left = snap.table.claim_ms_left;
  if (deadline) {
    deadline.hidden = left === null;
    if (left !== null) {
      const s = Math.max(0, (left - (performance.now() - receivedAt)) / 1000);
      deadline.textContent = "Claims close in " + s.toFixed(1) + " s";
    }
  }
}

/* ------------------------------------------------------------ shared sections */
function renderCommon() {
  const v = snap.view;
  $("status").textContent = statusText();
  $("evidence").textContent = evidenceText(snap.table.last_stop);
  const offers = $("offers");
  offers.replaceChildren(...offerList().map((o) => el("li", { textContent: o.text })));
  if (!offers.children.length) offers.append(el("li", { className: "hint", textContent: "nothing on offer yet" }));
  const turn = $("turn");
  if (turn) turn.textContent = "Turn " + v.turn + "/" + v.turns + " · Dean: " + names()[v.dean];
  $("log").replaceChildren(...v.records.slice(-12).reverse().map((r) => el("li", { textContent: recordText(r) })));
  renderScores();
}

function goodsText(goods) {
  if (!goods) return "hidden";
  const parts = Object.entries(goods).filter(([, cards]) => cards.length)
    .map(([type, cards]) => type + " " + cards.join(","));
  return parts.length ? parts.join(" · ") : "none";
}

function renderPlayers() {
  const rows = snap.view.players.map((p) => el("tr", {},
    el("td", { textContent: p.name + (p.seat === snap.view.dean ? " (Dean)" : "") }),
    el("td", { textContent: p.sells }),
    el("td", { textContent: p.picked ? "✓" : "" }),
    el("td", { textContent: String(p.cards_left) }),
    el("td", { textContent: goodsText(p.goods) })));
  const head = el("tr", {}, ...["player", "sells", "picked", "cards", "bought"].map((h) => el("th", { textContent: h })));
  $("players").replaceChildren(el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function renderScores() {
  const box = $("scores-box"), score = snap.score;
  box.hidden = !score;
  if (!score) return;
  const cols = ["player", "money", "podium", "capacity", "kept", "discarded", "least", "sets", "penalty", "total"];
  const rows = score.players.map((p) => el("tr", {},
    el("td", { textContent: p.name }),
    el("td", { textContent: String(p.money) }),
    el("td", { textContent: String(p.money_points) }),
    el("td", { textContent: String(p.capacity) }),
    el("td", { textContent: goodsText(p.kept) }),
    el("td", { textContent: goodsText(p.discarded) + (p.overridden ? " (table's choice; advice: " + goodsText(p.advice.discarded) + ")" : "") }),
    el("td", { textContent: (p.least_type || "-") + " " + p.least_type_points }),
    el("td", { textContent: String(p.set_points) }),
    el("td", { textContent: "-" + p.empty_space_penalty }),
    el("td", { textContent: String(p.total), className: "total" })));
  const head = el("tr", {}, ...cols.map((h) => el("th", { textContent: h })));
  $("scores").replaceChildren(
    el("div", { className: "scroll" }, el("table", { className: "grid scores" }, el("thead", {}, head), el("tbody", {}, ...rows))),
    el("p", { className: "winners", textContent: "Winner: " + score.winners.join(", ") + (score.accepted ? " · accepted by the table" : "") }));
}

/* ------------------------------------------------------------ pages */
const pages = {
  join() {
    const seats = $("seats");
    seats.replaceChildren(...snap.view.players.map((p) => button(
      p.joined ? p.name + " (taken)" : "Seat " + (p.seat + 1) + " · sells " + p.sells,
      () => join(p.seat), { disabled: p.joined, className: "seat" })));
  },

  player() {
    const v = snap.view, t = snap.table, you = v.you, me = v.players[you.seat];
    $("me").replaceChildren(
      el("h1", { textContent: me.name }),
      el("p", { className: "secret", textContent: you.money + " dirhams · camels " + (you.camels.join(", ") || "none") + " (capacity " + you.camels.reduce((a, b) => a + b, 0) + ")" }),
      el("p", { textContent: "You sell " + me.sells + " · bought: " + goodsText(me.goods) }));
    const picking = t.phase === "picking";
    $("hand").replaceChildren(...you.hand.map((card) => button(String(card), () => act("/api/act", { kind: "pick", data: { card } }),
      { disabled: !picking || you.pick !== null, className: card === you.pick ? "chosen" : "" })));
    if (you.pick !== null && picking) $("hand").append(el("p", { className: "hint", textContent: "You offer " + you.pick + " (secret until all have picked)" }));
    const stop = v.stop;
    const mustClaim = t.phase === "claiming" && stop.stoppers.some((s) => s.seat === you.seat) && !stop.claimed.includes(you.seat);
    $("claim-box").hidden = !mustClaim;
    if (mustClaim) {
      const targets = offerList().filter((o) => o.target !== you.seat);
      $("claim-buttons").replaceChildren(
        ...targets.map((o) => button(o.text + " for " + stop.count, () => act("/api/act", { kind: "claim", data: { target: o.target } }))),
        button("Nothing (false stop)", () => act("/api/act", { kind: "claim", data: { target: null } }), { className: "quiet" }));
    }
    $("buzzer-box").hidden = !t.simulated || !["countdown", "picking", "waiting_card"].includes(t.phase);
    $("buzzer").disabled = t.phase !== "countdown";
    renderCommon();
  },

  table() { renderCommon(); renderPlayers(); },

  host() {
    renderCommon();
    renderPlayers();
    const t = snap.table, v = snap.view;
    $("card-box").hidden = !t.waiting_card;
    if (t.waiting_card) {
      $("card-title").textContent = "Enter the " + t.waiting_card.deck + " card turned up";
      $("card-buttons").replaceChildren(...t.waiting_card.remaining.map(([card, n]) =>
        button(card + " (" + n + " left)", () => act("/api/host/card", { card }))));
    }
    const open = t.phase === "claiming" ? v.stop.stoppers.filter((s) => !v.stop.claimed.includes(s.seat)) : [];
    $("host-claims").hidden = !open.length;
    $("claim-rows").replaceChildren(...open.map((s) => el("div", { className: "buttons" },
      el("strong", { textContent: names()[s.seat] + ":" }),
      ...offerList().filter((o) => o.target !== s.seat).map((o) => button(o.text, () => act("/api/host/act", { seat: s.seat, kind: "claim", data: { target: o.target } }))),
      button("nothing", () => act("/api/host/act", { seat: s.seat, kind: "claim", data: { target: null } }), { className: "quiet" }))));
    renderOverrides();
  },
};

function renderOverrides() {
  const score = snap.score;
  $("override-box").hidden = !score || score.accepted;
  if (!score || score.accepted) return;
  $("overrides").replaceChildren(...score.players.map((p) => {
    const cards = [];
    for (const [type, values] of Object.entries(p.kept)) for (const value of values) cards.push({ type, value, kept: true });
    for (const [type, values] of Object.entries(p.discarded)) for (const value of values) cards.push({ type, value, kept: false });
    const toggles = cards.map((c) => {
      const b = button(c.type + " " + c.value, () => { c.kept = !c.kept; b.classList.toggle("chosen", c.kept); }, { className: c.kept ? "chosen" : "" });
      return b;
    });
    const keep = () => {
      const chosen = {};
      for (const c of cards) if (c.kept) (chosen[c.type] = chosen[c.type] || []).push(c.value);
      return chosen;
    };
    return el("div", { className: "override" }, el("strong", { textContent: p.name + " (capacity " + p.capacity + ")" }),
      el("div", { className: "buttons" }, ...toggles),
      button("Use this discard", () => act("/api/host/score", { seat: p.seat, keep: keep() })),
      p.overridden ? button("Back to the advice", () => act("/api/host/score", { seat: p.seat, keep: null }), { className: "quiet" }) : null);
  }));
}

function render() {
  if (!snap) return;
  if (PAGE === "player" && !snap.view.you) { location.reload(); return; }
  pages[PAGE](snap);
  tick();
}

/* ------------------------------------------------------------ forms */
function join(seat) {
  const name = $("name").value.trim();
  if (!name) { toast("Type your name first."); $("name").focus(); return; }
  post("/api/join", { seat, name }).then(() => location.reload()).catch(() => null);
}

function formSettings(form) {
  const f = new FormData(form);
  const number = (key) => Number(f.get(key));
  return {
    players: number("players"), mode: f.get("mode"),
    rules: { lowest_price: number("lowest_price"), camel_refill: f.get("camel_refill"),
             set_scoring: f.get("set_scoring"), hidden_goods: f.get("hidden_goods") === "on" },
    table: { tie_window_ms: number("tie_window_ms"), step_ms: number("step_ms"),
             lead_in_ms: number("lead_in_ms"), claim_deadline_ms: number("claim_deadline_ms") },
  };
}

function setUp() {
  if (PAGE === "login") {
    $("login-form").addEventListener("submit", (e) => {
      e.preventDefault();
      post("/api/host/login", { pin: $("pin").value }).then(() => location.reload()).catch(() => null);
    });
    return;
  }
  if (PAGE === "join") $("join-form").addEventListener("submit", (e) => e.preventDefault());
  if (PAGE === "player") $("buzzer").addEventListener("pointerdown", () => act("/api/buzz"));
  if (PAGE === "host") {
    for (const b of document.querySelectorAll("[data-command]")) {
      b.addEventListener("click", () => {
        if (b.dataset.command === "end" && !confirm("End the game now and score it?")) return;
        act("/api/host/" + b.dataset.command);
      });
    }
    $("new-game").addEventListener("submit", (e) => {
      e.preventDefault();
      if (confirm("Start a new game? The current one is abandoned.")) act("/api/host/new_game", formSettings(e.target));
    });
    $("accept").addEventListener("click", () => act("/api/host/accept"));
    $("logout").addEventListener("click", () => post("/api/host/logout").then(() => location.reload()).catch(() => null));
  }
  connect();
  document.addEventListener("visibilitychange", reconnectIfVisible);
  window.addEventListener("pageshow", (e) => { if (e.persisted) connect(); });
  setInterval(tick, 50);
}

setUp();
