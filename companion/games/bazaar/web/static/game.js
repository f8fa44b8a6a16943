/* Bazaar's pages, on the shell (web/static/shell.js): a phone's cubes, its equations (the
   ones it cannot use greyed, with why), the roll, trade and buy buttons, the planner's
   advice, the discard chosen for the player to its right; the table's exchange, stalls,
   bank and scores; the host's actions for the player to play and the card notation.
   Every word a player reads is in T below, so a translation replaces that table only. */
"use strict";

(() => {
  const LETTERS = "YGRBW";
  const KEYS = ["yellow", "green", "red", "blue", "white"];   // the colours as the data names them

  /* ---------------------------------------------------------- words (English) */
  const T = {
    colours: ["yellow", "green", "red", "blue", "white"],
    wild: "wild",
    none: "none",
    star: "★",
    exchange_title: "Exchange",
    stalls_title: "Stalls",
    wares_title: "Wares",
    bank_title: "Bank",
    players_title: "Players",
    log_title: "What happened",
    scores_title: "Scores",
    advice_title: "Advice",
    discard_title: "Return the excess",
    notation_title: "Typing the cards",
    notation_cubes: "Cubes by letter: Y yellow, G green, R red, B blue, W white (WW or 2W is two white).",
    notation_card: "An exchange card: its five equations separated by ;  e.g. R = YGBW; R = WW; GG = Y; B = RW; YY = GB",
    notation_ware: "A ware card: its five cubes, then * if it has a star, e.g. YYGRB*",
    card: (n) => "Card " + n,
    card_entered: "Card entered at the table",
    stall: (k) => "Stall " + (k + 1),
    cards_left: (n) => n === 1 ? "1 card left" : n + " cards left",
    stall_empty: "empty",
    roll: "Roll the die",
    done: "End my turn",
    take: (colour) => "Take " + colour,
    buy: (points) => "Buy: " + points + " points",
    hold_it: (points) => "You hold it: after your roll or trade, about " + points + " points",
    missing: (cubes) => "Missing: " + cubes,
    score_of: (points, wares) => points + " points · " + wares + (wares === 1 ? " ware" : " wares"),
    cube_count: (n) => n + (n === 1 ? " cube" : " cubes"),
    status: {
      exchange: (n) => "Setting up: exchange card " + n,
      stalls: "Setting up: the stalls' first wares",
      start: (name) => name + " rolls for a first cube",
      start_wild: (name) => name + " rolled the wild face: any colour",
      act: (name) => name + " to roll or trade",
      rolling: (name) => name + " rolls the die…",
      wild: (name) => name + " rolled the wild face: any colour the bank has",
      buy: (name) => name + " may buy a ware",
      reveal: (k) => "Stall " + (k + 1) + ": the next ware turns face up",
      discard: (by, owner, n) => by + " chooses " + n + " of " + owner + "'s cubes to return",
      over: "The bazaar is closed",
    },
    why: {
      not_your_turn: (name) => name + "'s turn",
      acted: (acted) => "You have already " + (acted === "trade" ? "traded" : "rolled") + " this turn",
      you_lack: (p) => "You need " + p.need + " " + p.colour + " to give (you have " + p.have + ")",
      bank_lacks: (p) => "The bank has only " + p.have + " " + p.colour,
    },
    advice: {
      buy_now: (ware, k, points) => "Buy " + ware + " (stall " + (k + 1) + ") now for " + points + " points",
      trade: (give, take, now) => "Trade " + give + " → " + take + (now ? " now" : " next turn"),
      then_buy: (ware, k, when, points) => "buy " + ware + " (stall " + (k + 1) + ") " + when + " for " + points + " points",
      when: (ahead) => ahead === 0 ? "this turn" : ahead === 1 ? "next turn" : "in " + ahead + " turns",
      rolls: (faces) => "a roll of " + faces.join(" or ") + " would be sooner",
      none: "No ware is within reach by trades alone: roll the die",
      roll_for: (faces, k, turns) => "No ware is within reach by trades alone: roll the die (a roll of " +
        faces.join(" or ") + " brings stall " + (k + 1) + " within " + turns + " turns)",
      plan: (k, turns, points) => "Stall " + (k + 1) + ": " + (turns === null ? "not by trades alone" : turns + (turns === 1 ? " turn, " : " turns, ") + points + " points"),
    },
    discard_text: (owner, n) => owner + " ends the turn over 10 cubes: choose " + n + " to return to the bank. Tap a cube to pick it; picked cubes fade.",
    discard_send: (n) => "Return these " + n + " cubes",
    host_for: (name) => "Acting for " + name,
    record: {
      exchange: (r) => (r.card === null ? "An exchange card" : "Exchange card " + r.card) + " is in play",
      face_up: (r) => "Stall " + (r.stall + 1) + ": face up",
      first_roll: (who, face) => who + " rolls " + face + " for a first cube",
      roll: (who, face, none) => none ? who + " rolls " + face + ": the bank has none" : who + " rolls " + face,
      take: (who, colour) => who + " takes " + colour,
      trade: (who) => who + " trades",
      buy: (who, r) => who + " buys from stall " + (r.stall + 1) + " with " + r.cubes_left + " left: " + r.points + " points",
      stall_empty: (r) => r.closes ? "Stall " + (r.stall + 1) + " is empty, the second: the bazaar is closed"
        : "Stall " + (r.stall + 1) + " is empty: every purchase now scores one star higher",
      over_limit: (who, r, by) => who + " has " + r.excess + " cubes too many: " + by + " chooses",
      discard: (who, r, by) => by + " returns " + who + "'s cubes",
    },
    bonus: "A stall is empty: every purchase now scores one star higher",
    score_cols: ["place", "player", "points", "wares", "cubes left"],
    winners: (names) => (names.length > 1 ? "Winners: " : "Winner: ") + names.join(", "),
    seat_label: (seat) => "Seat " + (seat + 1),
  };

  let ui = null;
  let snap = null;
  const $ = (id) => ui.$(id);

  /* ---------------------------------------------------------- cubes */
  function cube(colour) {
    return ui.el("span", { className: "bz-cube bz-" + KEYS[colour],
                           textContent: LETTERS[colour], title: T.colours[colour] });
  }

  function cubes(counts) {
    const box = ui.el("span", { className: "bz-cubes" });
    counts.forEach((n, colour) => { for (let i = 0; i < n; i++) box.append(cube(colour)); });
    if (!box.children.length) box.append(ui.el("span", { className: "hint", textContent: T.none }));
    return box;
  }

  function countsOf(named) {
    return T.colours.map((_, c) => named[KEYS[c]] || 0);
  }

  function word(key) { return key === "wild" ? T.wild : T.colours[KEYS.indexOf(key)]; }

  function fromLetters(text) {
    return [...LETTERS].map((l) => [...text].filter((c) => c === l).length);
  }

  function letters(counts) {
    return counts.map((n, c) => LETTERS[c].repeat(n)).join("");
  }

  function wareEl(ware) {
    const box = ui.el("span", { className: "bz-cubes" }, cubes(ware.cubes));
    if (ware.star) box.append(ui.el("span", { className: "bz-star", textContent: T.star, title: "star" }));
    return box;
  }

  function wareText(ware) { return ware.code.replace("*", T.star); }

  function missingText(missing) {
    return Object.entries(missing).map(([colour, n]) => n + " " + word(colour)).join(", ");
  }

  function fillWords() {
    for (const node of document.querySelectorAll("[data-t]")) {
      const text = T[node.dataset.t];
      if (typeof text === "string" && node.textContent !== text) node.textContent = text;
    }
  }

  /* ---------------------------------------------------------- shared sections */
  function names() { return ui.names(); }

  function statusText(s) {
    const v = s.view, n = names(), who = n[v.turn];
    const st = T.status;
    switch (v.phase) {
      case "exchange": return st.exchange(v.awaiting.card);
      case "stalls": return st.stalls;
      case "start": return st.start(who);
      case "start_wild": return st.start_wild(who);
      case "act": return st.act(who);
      case "rolling": return st.rolling(who);
      case "wild": return st.wild(who);
      case "buy": return st.buy(who);
      case "reveal": return st.reveal(v.awaiting.stall);
      case "discard": return st.discard(n[v.discard.by], n[v.discard.seat], v.discard.excess);
      case "over": return st.over;
      default: return v.phase;
    }
  }

  function renderBank() {
    $("bz-bank").replaceChildren(...snap.view.bank.map((n, colour) =>
      ui.el("span", {}, cube(colour), ui.el("span", { className: "bz-count", textContent: "× " + n }))));
  }

  function renderPlayers() {
    const v = snap.view;
    $("bz-players").replaceChildren(...v.players.map((p) => ui.el("div", { className: "bz-row" + (p.seat === v.turn ? " bz-turn" : "") },
      ui.el("strong", { textContent: p.name }),
      ui.el("span", { textContent: T.score_of(p.score, p.wares.length) }),
      cubes(p.cubes),
      ui.el("span", { className: "hint", textContent: T.cube_count(p.count) }))));
  }

  function recordText(r) {
    const n = names(), who = r.seat === undefined ? "" : n[r.seat], R = T.record;
    switch (r.kind) {
      case "trade": case "buy": case "face_up": return null;
      case "over_limit": return R.over_limit(who, r, n[r.by]);
      case "discard": return R.discard(who, r, n[r.by]);
      case "first_roll": return R.first_roll(who, word(r.face));
      case "roll": return R.roll(who, word(r.face), r.colour === null);
      case "take": return R.take(who, word(r.colour));
      default: return R[r.kind] ? R[r.kind](r) : r.kind;
    }
  }

  function recordEl(r) {
    const n = names(), el = ui.el;
    const text = recordText(r);
    if (text !== null) return el("li", { textContent: text });
    const seq = (s) => cubes(fromLetters(s));
    if (r.kind === "trade") return el("li", {}, T.record.trade(n[r.seat]) + " ", seq(r.gave), el("span", { className: "bz-arrow", textContent: "→" }), seq(r.took));
    if (r.kind === "face_up") return el("li", {}, T.record.face_up(r) + " ", seq(r.ware), r.ware.endsWith("*") ? el("span", { className: "bz-star", textContent: T.star }) : null);
    return el("li", {}, T.record.buy(n[r.seat], r) + " ", seq(r.ware), r.star ? el("span", { className: "bz-star", textContent: T.star }) : null);
  }

  function renderLog() {
    $("bz-log").replaceChildren(...snap.view.records.slice(-15).reverse().map(recordEl));
  }

  function renderScores() {
    const el = ui.el, box = $("scores-box"), score = snap.score;
    box.hidden = !score;
    if (!score) return;
    const rows = score.breakdown.players.slice().sort((a, b) => a.place - b.place || a.seat - b.seat).map((p) => el("tr", {},
      el("td", { textContent: String(p.place) }), el("td", { textContent: names()[p.seat] }),
      el("td", { textContent: String(p.points), className: "total" }), el("td", { textContent: String(p.wares) }),
      el("td", {}, cubes(fromLetters(p.cubes)))));
    $("scores").replaceChildren(
      el("table", { className: "grid" }, el("thead", {}, el("tr", {}, ...T.score_cols.map((h) => el("th", { textContent: h })))), el("tbody", {}, ...rows)),
      el("p", { className: "winners", textContent: T.winners(score.winners) }));
  }

  function equationEl(e, give) {
    const [given, taken] = give === "left" ? [e.left, e.right] : [e.right, e.left];
    return ui.el("span", { className: "bz-cubes" }, cubes(given), ui.el("span", { className: "bz-arrow", textContent: "→" }), cubes(taken));
  }

  function renderExchange() {
    $("bz-exchange").replaceChildren(...snap.view.exchange.map((card) => ui.el("div", {},
      ui.el("h3", { textContent: card.card === null ? T.card_entered : T.card(card.card) }),
      ...card.equations.map((e) => ui.el("div", { className: "bz-row" }, ui.el("span", { className: "hint", textContent: String(e.index + 1) + "." }),
        cubes(e.left), ui.el("span", { className: "bz-arrow", textContent: "=" }), cubes(e.right))))));
  }

  function renderStalls() {
    $("bz-stalls").replaceChildren(...snap.view.stalls.map((s) => ui.el("div", { className: "bz-row" },
      ui.el("strong", { textContent: T.stall(s.stall) }),
      s.ware ? wareEl(s.ware) : ui.el("span", { className: "hint", textContent: T.stall_empty }),
      ui.el("span", { className: "hint", textContent: T.cards_left(s.left) }))));
    const bonus = $("bz-bonus");
    if (bonus) { bonus.hidden = !snap.view.bonus; bonus.textContent = T.bonus; }
  }

  /* ---------------------------------------------------------- a seat's actions */
  function whyText(state) {
    const w = T.why;
    if (state.why === "not_your_turn") return w.not_your_turn(names()[state.turn]);
    if (state.why === "acted") return w.acted(state.acted);
    if (state.why === "you_lack" || state.why === "bank_lacks") {
      const p = Object.assign({}, state, { colour: word(state.colour) });
      return w[state.why](p);
    }
    return state.why;
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
        if (!state.ok) why.push(whyText(state));
      }
      if (why.length) row.append(ui.el("span", { className: "bz-why", textContent: [...new Set(why)].join(" · ") }));
      return row;
    });
  }

  function actionButtons(v, seat, send) {
    const mine = snap.table.to_act.includes(seat) && v.turn === seat;
    const buttons = [];
    if (!mine) return buttons;
    if (v.phase === "act") buttons.push(ui.button(T.roll, () => send("roll", {}), { id: "bz-roll" }));
    if (v.phase === "buy") buttons.push(ui.button(T.done, () => send("done", {}), { className: "quiet", id: "bz-done" }));
    if (v.phase === "wild" || v.phase === "start_wild") {
      v.bank.forEach((n, colour) => {
        if (!n) return;
        const b = ui.button("", () => send("take", { colour: KEYS[colour] }), { className: "bz-take" });
        b.dataset.colour = KEYS[colour];
        b.append(cube(colour), " " + T.take(T.colours[colour]));
        buttons.push(b);
      });
    }
    return buttons;
  }

  function discardPicker(v, seat, box, sendButton, send) {
    const d = v.discard;
    const chooser = d && d.by === seat && snap.table.to_act.includes(seat);
    if (!chooser) return false;
    const owner = v.players[d.seat];
    const key = d.seat + "/" + v.turn_number + "/" + owner.cubes.join(",");
    if (box.dataset.key !== key) {       // a new choice: start from the default
      box.dataset.key = key;
      const chosen = countsOf(d.default);
      const toggles = [];
      owner.cubes.forEach((n, colour) => {
        for (let i = 0; i < n; i++) {
          const picked = i < chosen[colour];
          const b = ui.button("", () => { b.classList.toggle("chosen"); update(); }, { className: "bz-toggle" + (picked ? " chosen" : "") });
          b.dataset.colour = colour;
          b.append(cube(colour));
          toggles.push(b);
        }
      });
      box.replaceChildren(...toggles);
    }
    const update = () => {
      const picked = [0, 0, 0, 0, 0];
      for (const b of box.querySelectorAll(".bz-toggle.chosen")) picked[Number(b.dataset.colour)] += 1;
      const count = picked.reduce((a, b) => a + b, 0);
      sendButton.textContent = T.discard_send(count);
      sendButton.disabled = count !== d.excess;
      sendButton.onclick = () => send("discard", { cubes: Object.fromEntries(picked.map((n, c) => [KEYS[c], n]).filter(([, n]) => n)) });
    };
    update();
    return true;
  }

  /* ---------------------------------------------------------- the planner's advice */
  function adviceText(advice, acted) {
    const A = T.advice;
    if (advice.best === null) {
      let best = null;
      for (const p of advice.plans) {
        if (!p) continue;
        for (const [face, turns] of Object.entries(p.rolls)) {
          if (turns !== null && (!best || turns < best.turns)) best = { turns, stall: p.stall, faces: [] };
          if (turns !== null && turns === best.turns && best.stall === p.stall) best.faces.push(word(face));
        }
      }
      return best ? A.roll_for(best.faces, best.stall, best.turns) : A.none;
    }
    const p = advice.plans[advice.best];
    const ware = wareText(p.ware);
    if (p.turns === 0) return A.buy_now(ware, p.stall, p.points);
    const step = p.steps[0];
    const ahead = acted ? p.turns : p.turns - 1;
    let text = A.trade(letters(step.gave), letters(step.took), !acted) + "; " +
      A.then_buy(ware, p.stall, A.when(ahead), p.points);
    if (p.shorter_rolls.length) text += " (" + A.rolls(p.shorter_rolls.map(word)) + ")";
    return text;
  }

  function renderAdvice(you, v) {
    const box = $("bz-advice-box");
    box.hidden = !you.advice;
    if (!you.advice) return;
    $("bz-advice").textContent = adviceText(you.advice, v.phase === "buy");
    $("bz-plans").replaceChildren(...you.advice.plans.filter((p) => p).map((p) =>
      ui.el("li", { textContent: T.advice.plan(p.stall, p.turns, p.points) })));
  }

  function renderWares(you) {
    $("bz-wares").replaceChildren(...snap.view.stalls.map((s) => {
      const row = ui.el("div", { className: "bz-row" }, ui.el("strong", { textContent: T.stall(s.stall) }));
      if (!s.ware) { row.append(ui.el("span", { className: "hint", textContent: T.stall_empty })); return row; }
      row.append(wareEl(s.ware), ui.el("span", { className: "hint", textContent: T.cards_left(s.left) }));
      const mine = you.wares[s.stall];
      if (mine.buy_now) row.append(ui.button(T.buy(mine.points), () => ui.decide("buy", { stall: s.stall }), { className: "bz-buy" }));
      else if (mine.held) row.append(ui.el("span", { className: "bz-why", textContent: T.hold_it(mine.points) }));
      else row.append(ui.el("span", { className: "bz-why", textContent: T.missing(missingText(mine.missing)) }));
      return row;
    }));
  }

  /* ---------------------------------------------------------- pages */
  const render = {
    player(s, shell) {
      ui = shell; snap = s;
      fillWords();
      const v = snap.view, you = v.you, me = v.players[you.seat];
      $("me").replaceChildren(ui.el("h1", { textContent: me.name }),
        ui.el("p", { className: "secret", textContent: T.score_of(me.score, me.wares.length) }), cubes(me.cubes));
      const actions = actionButtons(v, you.seat, ui.decide);
      $("bz-actions").replaceChildren(...actions);
      $("bz-actions-box").hidden = !actions.length;
      $("bz-discard-box").hidden = !discardPicker(v, you.seat, $("bz-discard-cubes"), $("bz-discard-send"), ui.decide);
      if (!$("bz-discard-box").hidden) $("bz-discard-text").textContent = T.discard_text(names()[v.discard.seat], v.discard.excess);
      renderAdvice(you, v);
      renderWares(you);
      $("bz-trades").replaceChildren(...tradeRows(v, you.trades, ui.decide, you.seat));
      renderPlayers(); renderBank(); renderLog(); renderScores();
    },

    table(s, shell) {
      ui = shell; snap = s;
      fillWords();
      renderStalls(); renderExchange(); renderBank(); renderPlayers(); renderLog(); renderScores();
    },

    host(s, shell) {
      render.table(s, shell);
      const v = snap.view, to = snap.table.to_act;
      const box = $("bz-host-box");
      box.hidden = !to.length || snap.table.status !== "playing";
      if (box.hidden) return;
      const seat = to[0];
      const send = (kind, data) => ui.act("/api/host/act", { seat, kind, data });
      $("bz-host-title").textContent = T.host_for(names()[seat]);
      $("bz-host-actions").replaceChildren(...actionButtons(v, seat, send),
        ...(v.phase === "buy" ? v.stalls.filter((st) => st.ware).map((st) => ui.button(T.stall(st.stall), () => send("buy", { stall: st.stall }))) : []));
      $("bz-host-trades").replaceChildren(...(v.phase === "act" ? tradeRows(v, null, send, seat) : []));
      const picker = $("bz-host-discard"), sendButton = $("bz-host-discard-send");
      sendButton.hidden = !discardPicker(v, seat, picker, sendButton, send);
      if (sendButton.hidden) { picker.replaceChildren(); delete picker.dataset.key; }
    },
  };

  Samarkand.register({
    render,
    statusText(s, shell) { ui = shell; snap = s; return statusText(s); },
    seatLabel(p) { return T.seat_label(p.seat); },
  });
})();
