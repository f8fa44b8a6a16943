/* Le Marché de Samarkand's pages, on the shell (web/static/shell.js): the countdown, the
   offers, a phone's hand and claims, the table's players and scores, the host's claims for
   players and the table's own discards. */
"use strict";

(() => {
  let ui = null;          // the shell's helpers, handed to every call
  let snap = null;

  const $ = (id) => ui.$(id);

  /* Each goods type in the colour of its cards, with a letter for colour-blind players. */
  const GOODS = { jewels: "J", spices: "S", vegetables: "V", carpets: "C", textiles: "T" };

  function badge(type) {
    return ui.el("span", { className: "goods goods-" + type, textContent: (GOODS[type] || "?") + " " + type });
  }

  function nameOf(seat) { return seat === snap.viewer ? "you" : ui.names()[seat]; }

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
      .map(([type, cards]) => (GOODS[type] || "") + " " + type + " " + cards.join(","));
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
    $("evidence").textContent = evidenceText(snap.table.last_stop);
    renderTimeline();
    const offers = $("offers");
    offers.replaceChildren(...offerList().map(offerItem));
    if (!offers.children.length) offers.append(el("li", { className: "hint", textContent: "nothing on offer yet" }));
    const turn = $("turn");
    if (turn) turn.textContent = "Turn " + v.turn + "/" + v.turns + " · Dean: " + ui.names()[v.dean];
    const waiting = $("waiting");
    if (waiting) waiting.textContent = waitingText();
    $("log").replaceChildren(...v.records.slice(-12).reverse().map((r) => el("li", { textContent: recordText(r) })));
    renderScores();
  }

  function renderPlayers() {
    const el = ui.el;
    const rows = snap.view.players.map((p) => el("tr", {},
      el("td", { textContent: p.name + (p.seat === snap.view.dean ? " (Dean)" : "") }),
      el("td", {}, badge(p.sells)),
      el("td", { textContent: p.picked ? "✓" : "" }),
      el("td", { textContent: String(p.cards_left) }),
      el("td", { textContent: goodsText(p.goods) })));
    const head = el("tr", {}, ...["player", "sells", "picked", "cards", "bought"].map((h) => el("th", { textContent: h })));
    $("players").replaceChildren(el("div", { className: "scroll", tabIndex: 0 },
      el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows))));
  }

  function cardsText(cards) {
    const parts = Object.entries(cards || {}).filter(([, values]) => values.length)
      .map(([type, values]) => (GOODS[type] || "") + " " + type + " " + values.join("+"));
    return parts.length ? parts.join(" · ") : "none";
  }

  function breakdown(p, rank) {
    const el = ui.el;
    const least = p.least_type
      ? p.least_type + " " + ((p.kept[p.least_type] || []).join("+") || "none") + " = " + p.least_type_points
      : "none";
    const sets = Object.entries(p.set_values || {}).map(([value, points]) => value + "s → " + points);
    const line = (what, words) => el("li", {}, el("strong", { textContent: what + ": " }), words);
    return el("section", { className: "sheet" + (rank === 1 ? " won" : "") },
      el("h3", { textContent: rank + ". " + p.name + " · " + p.total + " points" }),
      el("ul", {},
        line("money", p.money + " dirhams → " + p.money_points + " points"),
        line("camels carry", p.capacity + " cards"),
        line("kept", cardsText(p.kept)),
        line("discarded", cardsText(p.discarded) + (p.overridden ? " (the table's choice; advice: " + cardsText(p.advice.discarded) + ")" : "")),
        line("least type", least),
        line("sets", sets.length ? sets.join(", ") + " = " + p.set_points : "none"),
        line("empty camel space", "−" + p.empty_space_penalty),
        line("total", String(p.total))));
  }

  function ranks(players) {
    return players.map((p) => 1 + players.filter((q) => q.total > p.total).length);
  }

  function renderScores() {
    const el = ui.el, box = $("scores-box"), score = snap.score;
    box.hidden = !score;
    const result = $("result");
    if (result) result.hidden = !score;
    if (!score) return;
    const place = ranks(score.players);
    const winners = score.winners.join(" and ");
    if (result && snap.viewer !== null) {
      const me = score.players.findIndex((p) => p.seat === snap.viewer);
      result.textContent = (score.winners.length > 1 ? winners + " win" : winners + " wins") +
        " · you: " + score.players[me].total + " points, " + ordinal(place[me]);
    }
    $("scores").replaceChildren(
      el("div", { className: "sheets" }, ...score.players.map((p, i) => breakdown(p, place[i]))),
      el("p", { className: "winners", textContent: "Winner: " + winners + (score.accepted ? " · accepted by the table" : "") }));
  }

  function ordinal(n) { return n + (n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"); }

  /* ---------------------------------------------------------- what a stop did to you */
  function outcomeText() {
    const stop = snap.table.last_stop, me = snap.viewer;
    if (!stop || me === null) return "";
    const names = ui.names();
    const first = names[stop.stoppers[0].seat];
    const late = (stop.late || []).find((l) => l.seat === me);
    if (late) {
      return "You were " + (late.offset_us / 1000).toFixed(1) + " ms after " + first +
        ": outside the " + stop.tie_window_us / 1000 + " ms window";
    }
    if (!stop.stoppers.some((st) => st.seat === me) || snap.table.phase === "claiming") return "";
    const mine = snap.view.records.slice(stop.records_from).filter((r) => r.seat === me);
    return mine.map((r) => {
      const what = targetText(r.target) + (r.card === null || r.card === undefined ? "" : " " + r.card);
      if (r.kind === "buy") return "You bought " + what + " for " + r.due;
      if (r.kind === "dispute") {
        const others = snap.view.records.slice(stop.records_from)
          .filter((o) => o.kind === "dispute" && o.target === r.target && o.seat !== me).map((o) => names[o.seat]);
        return "Dispute with " + others.join(" and ") + ": the card is discarded, you pay " + r.due;
      }
      if (r.kind === "dean_priority") return "You yield " + targetText(r.target) + " to the Dean";
      return "False stop: 1 to the bank (" + (r.why === "named no card" ? "you named nothing" : r.why) + ")";
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
      add("circle", { cx: x(ms), cy: y - 4, r: 4, class: p.inside ? "in" : "out" });
      add("text", { x: x(ms) + 7, y, class: p.inside ? "in" : "out" },
          ui.names()[p.seat] + " +" + ms.toFixed(1) + " ms" + (p.inside ? "" : " (out)"));
    });
    return svg;
  }

  function renderTimeline() {
    const box = $("timeline");
    if (!box) return;
    const stop = snap.table.last_stop, me = snap.viewer;
    const mine = stop && (me === null || [...stop.stoppers, ...(stop.late || [])].some((p) => p.seat === me));
    box.hidden = !mine;
    box.replaceChildren(...(mine ? [timelineSvg(stop)] : []));
  }

  function waitingText() {
    const waiting = snap.table.to_act;
    if (!waiting.length) return "";
    if (waiting.includes(snap.viewer)) {
      const others = waiting.filter((seat) => seat !== snap.viewer).map(nameOf);
      return "Waiting for you" + (others.length ? " (and " + others.join(", ") + ")" : "");
    }
    return "Waiting for " + waiting.map(nameOf).join(" and ");
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
        el("p", {}, "You sell ", badge(me.sells), " · bought: " + goodsText(me.goods)));
      const outcome = outcomeText();
      $("outcome").hidden = !outcome;
      $("outcome").textContent = outcome;
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
        const short = you.money < stop.count;        // what the claimant cannot pay is not offered
        $("claim-buttons").replaceChildren(
          ...targets.map((o) => button(o.text + " for " + stop.count + (short ? " (you have " + you.money + ")" : ""),
            () => decide("claim", { target: o.target }), { disabled: short })),
          button("Nothing (false stop)", () => decide("claim", { target: null }), { className: "quiet" }));
      }
      $("buzzer-box").hidden = !t.simulated || t.phase !== "countdown";
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
