/* Le Marché de Samarkand's pages, on the shell (web/static/shell.js): the countdown, the
   offers, a phone's hand and claims, the table's players and scores, the host's claims for
   players and the table's own discards. */
"use strict";

(() => {
  let ui = null;          // the shell's helpers, handed to every call
  let snap = null;

  const $ = (id) => ui.$(id);

  /* ---------------------------------------------------------- words */
  function targetText(target) {
    const v = snap.view;
    if (target === "camel") return "the camel";
    if (target === "bank") return "the bank's " + v.bank_type;
    if (target === null || target === undefined) return "nothing";
    return ui.names()[target] + "'s " + v.players[target].sells;
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
    const who = ui.names()[r.seat];
    const card = r.card === null || r.card === undefined ? "" : " (" + r.card + ")";
    if (r.kind === "buy") return who + " buys " + targetText(r.target) + card + " for " + r.due;
    if (r.kind === "dispute") return who + " disputed " + targetText(r.target) + card + ": pays " + r.due;
    if (r.kind === "dean_priority") return who + " yields " + targetText(r.target) + " to the Dean";
    return who + ": false stop (" + (r.why || "") + "), 1 to the bank";
  }

  function evidenceText(stop) {
    if (!stop) return "";
    const names = ui.names();
    const [first, ...rest] = stop.stoppers;
    const firstName = names[first.seat];
    const parts = ["Stop at " + stop.count + ": " + firstName];
    for (const s of rest) {
      parts.push(names[s.seat] + " +" + (s.offset_us / 1000).toFixed(1) + " ms after " + firstName);
    }
    for (const s of stop.late || []) {
      parts.push(names[s.seat] + " too late (+" + (s.offset_us / 1000).toFixed(1) + " ms)");
    }
    return parts.join(" · ");
  }

  function statusText(s) {
    const v = s.view;
    const picked = v.players.filter((p) => p.picked).length;
    switch (s.table.phase) {
      case "picking": return "Turn " + v.turn + ": everyone picks an offer (" + picked + "/" + v.players.length + ")";
      case "countdown": return "The price is falling…";
      case "claiming": return ui.names()[v.stop.stoppers[0].seat] + " stopped at " + v.stop.count;
      default: return s.table.phase;
    }
  }

  function goodsText(goods) {
    if (!goods) return "hidden";
    const parts = Object.entries(goods).filter(([, cards]) => cards.length)
      .map(([type, cards]) => type + " " + cards.join(","));
    return parts.length ? parts.join(" · ") : "none";
  }

  /* ---------------------------------------------------------- the countdown's clock */
  function shownCount(sinceMs) {
    const c = snap.table.countdown;
    if (!c) return snap.view.stop ? String(snap.view.stop.count) : "–";
    const since = sinceMs - c.opens_in_ms;
    if (since < 0) return "ready";
    const count = c.first - Math.floor(since / c.step_ms);
    return count >= c.lowest ? String(count) : "–";
  }

  function tick(s, shell, sinceMs) {
    ui = shell; snap = s;
    const count = $("count");
    const text = shownCount(sinceMs);
    if (count && count.textContent !== text) count.textContent = text;
    const deadline = $("deadline");
    const left = snap.table.claim_ms_left;
    if (deadline) {
      deadline.hidden = left === null || left === undefined;
      if (!deadline.hidden) {
        const secs = Math.max(0, (left - sinceMs) / 1000);
        deadline.textContent = "Claims close in " + secs.toFixed(1) + " s";
      }
    }
  }

  /* ---------------------------------------------------------- shared sections */
  function renderCommon() {
    const v = snap.view, el = ui.el;
    $("evidence").textContent = evidenceText(snap.table.last_stop);
    const offers = $("offers");
    offers.replaceChildren(...offerList().map((o) => el("li", { textContent: o.text })));
    if (!offers.children.length) offers.append(el("li", { className: "hint", textContent: "nothing on offer yet" }));
    const turn = $("turn");
    if (turn) turn.textContent = "Turn " + v.turn + "/" + v.turns + " · Dean: " + ui.names()[v.dean];
    $("log").replaceChildren(...v.records.slice(-12).reverse().map((r) => el("li", { textContent: recordText(r) })));
    renderScores();
  }

  function renderPlayers() {
    const el = ui.el;
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
    const el = ui.el, box = $("scores-box"), score = snap.score;
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

  function renderOverrides() {
    const { el, button, act } = ui, score = snap.score;
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

  /* ---------------------------------------------------------- pages */
  const render = {
    player(s, shell) {
      ui = shell; snap = s;
      const { el, button, decide } = ui;
      const v = snap.view, t = snap.table, you = v.you, me = v.players[you.seat];
      $("me").replaceChildren(
        el("h1", { textContent: me.name }),
        el("p", { className: "secret", textContent: you.money + " dirhams · camels " + (you.camels.join(", ") || "none") + " (capacity " + you.camels.reduce((a, b) => a + b, 0) + ")" }),
        el("p", { textContent: "You sell " + me.sells + " · bought: " + goodsText(me.goods) }));
      const picking = t.phase === "picking";
      const offer = (card) => {          // one offer per turn: the hand waits for the answer
        for (const b of $("hand").querySelectorAll("button")) b.disabled = true;
        decide("pick", { card }).then((done) => { if (!done) render.player(snap, ui); });
      };
      $("hand").replaceChildren(...you.hand.map((card) => button(String(card), () => offer(card),
        { disabled: !picking || you.pick !== null, className: card === you.pick ? "chosen" : "" })));
      if (you.pick !== null && picking) $("hand").append(el("p", { className: "hint", textContent: "You offer " + you.pick + " (secret until all have picked)" }));
      const stop = v.stop;
      const mustClaim = t.phase === "claiming" && stop.stoppers.some((st) => st.seat === you.seat) && !stop.claimed.includes(you.seat);
      $("claim-box").hidden = !mustClaim;
      if (mustClaim) {
        const targets = offerList().filter((o) => o.target !== you.seat);
        $("claim-buttons").replaceChildren(
          ...targets.map((o) => button(o.text + " for " + stop.count, () => decide("claim", { target: o.target }))),
          button("Nothing (false stop)", () => decide("claim", { target: null }), { className: "quiet" }));
      }
      $("buzzer-box").hidden = !t.simulated || !["countdown", "picking", "waiting_card"].includes(t.phase);
      $("buzzer").disabled = t.phase !== "countdown";
      renderCommon();
    },

    table(s, shell) { ui = shell; snap = s; renderCommon(); renderPlayers(); },

    host(s, shell) {
      ui = shell; snap = s;
      const { el, button, act } = ui;
      renderCommon();
      renderPlayers();
      const t = snap.table, v = snap.view;
      const open = t.phase === "claiming" ? v.stop.stoppers.filter((st) => !v.stop.claimed.includes(st.seat)) : [];
      $("host-claims").hidden = !open.length;
      $("claim-rows").replaceChildren(...open.map((st) => el("div", { className: "buttons" },
        el("strong", { textContent: ui.names()[st.seat] + ":" }),
        ...offerList().filter((o) => o.target !== st.seat).map((o) => button(o.text, () => act("/api/host/act", { seat: st.seat, kind: "claim", data: { target: o.target } }))),
        button("nothing", () => act("/api/host/act", { seat: st.seat, kind: "claim", data: { target: null } }), { className: "quiet" }))));
      renderOverrides();
    },
  };

  Samarkand.register({
    render, tick,
    statusText(s, shell) { ui = shell; snap = s; return statusText(s); },
    seatLabel(p) { return "Seat " + (p.seat + 1) + " · sells " + p.sells; },
  });

  document.addEventListener("DOMContentLoaded", () => {
    const buzzer = document.getElementById("buzzer");
    if (buzzer) buzzer.addEventListener("pointerdown", () => Samarkand.ui.act("/api/buzz"));
  });
})();
