/* Samarkand Market's pages, on the shell (web/static/shell.js): a phone's cubes, secret money,
   sealed bid, pick, sale (the best sale pre-filled) and cube-limit return; the table's
   market cards, lots, the reveal of every bid at once, picks, sales and the final ranking;
   the host's bag and typing help. Every word a person reads is in WORDS below (the
   templates only hold data-word="key" placeholders), so a translation replaces WORDS. */
"use strict";

(() => {
  /* ---------------------------------------------------------- words (English) */
  const WORDS = {
    title: "Samarkand Market",
    colours: { yellow: "yellow", blue: "blue", red: "red", green: "green", black: "black" },
    noCubes: "no cubes",
    bag: (text, n) => text + " · " + n + " cubes in all",
    headings: {
      markets: "Market cards", lots: "Lots", bids: "Bids", players: "Players", log: "This game",
      scores: "Final ranking", yourBid: "Your sealed bid", yourPick: "Pick a lot",
      yourSale: "Sell sets", yourDiscard: "Cube limit", bag: "The bag", typing: "Typing a market card",
    },
    typingHelp: "One line per card: sets of colour letters = payout, e.g. Saffron Row: YY=25, YBK=70. " +
      "Y yellow, B blue, R red, G green, K black. Or JSON: {\"name\": …, \"sets\": [{\"cubes\": \"YYB\", \"pays\": 30}]}.",
    money: (n) => n + " piasters",
    secretMoney: (n) => n + " piasters · secret",
    yourCubes: (text, n) => "Your cubes: " + text + " (" + n + ")",
    round: (r, of, start) => "Round " + r + "/" + of + (start ? " · start player: " + start : ""),
    finalRound: "Final round: the last market card is out",
    space: (n) => "Space " + n,
    setPays: (letters, pays) => letters + " = " + pays,
    couldSell: (n, pays) => n ? "you could sell ×" + n + " = " + (n * pays) : "not with your cubes",
    lot: (n) => "Lot " + n,
    lotOwner: (name) => "taken by " + name,
    lotFree: "on the table",
    lotFilling: "being drawn…",
    bidsIn: (k, n) => k + " of " + n + " bids are in",
    bidPrompt: (low, high) => "Bid from " + low + " to " + high + " piasters",
    sealBid: "Seal my bid",
    yourBidIs: (n) => "Your bid: " + n + " (sealed until every bid is in)",
    cannotBid: "Under 5 piasters: you cannot bid this round",
    revealTitle: (r) => "Round " + r + ": the bids",
    noBid: "no bid",
    pickOrder: (names) => "Picking order: " + names,
    takeLot: (n, text) => "Lot " + n + ": " + text,
    saleTotal: (n) => "This sale pays " + n,
    adviceText: (n) => n ? "Best sale now: " + n + " piasters (filled in)" : "No sale pays anything now",
    useAdvice: "Use the best sale",
    sell: "Sell",
    sellNothing: "Sell nothing",
    discardText: (n) => "You hold more than 10 cubes: return " + n + " to the bag (the advice is filled in)",
    returnCubes: (n) => "Return " + n + " cube" + (n === 1 ? "" : "s"),
    player: "player", cubes: "cubes", count: "#", moneyCol: "piasters", place: "place",
    winners: (names) => "Winner" + (names.length > 1 ? "s" : "") + ": " + names.join(", "),
    ranking: "Most money wins; a tie goes to the most cubes left; still tied, the win is shared.",
    status: {
      start: "Choosing the start player",
      market: "Revealing a market card",
      lots: "Drawing the lots from the bag",
      bidding: (k, n) => "Sealed bids: " + k + " of " + n + " bids are in",
      picking: (name) => name + " picks a lot",
      selling: (name) => name + " is selling",
      discarding: (names) => names + (names.includes(",") ? " return" : " returns") + " cubes to the bag",
    },
    records: {
      start: (who) => who + " is the start player",
      market: (n, space, name, final) => "Market card " + n + " in space " + space + ": " + name +
        (final ? " — the last card: final round" : ""),
      lots: (r, text, short) => "Round " + r + " lots: " + text + (short ? " (the bag ran out)" : ""),
      reveal: (text) => "Bids revealed: " + text,
      pick: (who, n, text) => who + " takes lot " + n + " (" + text + ")",
      lotReturned: (n) => "Lot " + n + " was not taken: back into the bag",
      sale: (who, text, pays) => who + " sells " + text + " for " + pays,
      sellsNothing: (who) => who + " sells nothing",
      noSale: (who) => who + " has nothing to sell",
      discard: (who, text) => who + " returns " + text + " (cube limit)",
      rotation: (card, who) => card + " leaves the market; " + who + " is the start player",
      end: "The final round is over",
    },
    seat: (n) => "Seat " + n,
  };
  const COLOURS = ["yellow", "blue", "red", "green", "black"];
  const LETTER = { yellow: "Y", blue: "B", red: "R", green: "G", black: "K" };

  let ui = null;
  let snap = null;
  const $ = (id) => ui.$(id);
  const drawn = {};        // what each form was built for, so a new snapshot keeps what is typed
  let revealedRound = 0;   // the round whose bids the table has already revealed

  /* ---------------------------------------------------------- small pieces */
  function cubesText(cubes) {
    const parts = COLOURS.filter((c) => cubes[c]).map((c) => cubes[c] + " " + WORDS.colours[c]);
    return parts.length ? parts.join(", ") : WORDS.noCubes;
  }

  function chips(cubes) {
    const el = ui.el;
    const box = el("span", { className: "chips", title: cubesText(cubes) });
    for (const c of COLOURS) for (let i = 0; i < (cubes[c] || 0); i++) box.append(el("span", { className: "chip " + c }));
    return box;
  }

  function letters(cubes) { return COLOURS.map((c) => LETTER[c].repeat(cubes[c] || 0)).join(""); }

  function nameOf(seat) { return ui.names()[seat]; }

  function fillWords() {
    for (const node of document.querySelectorAll("[data-word]")) {
      const [group, key] = node.dataset.word.split(".");
      const text = key ? WORDS[group][key] : WORDS[group];
      if (typeof text === "string" && node.textContent !== text) node.textContent = text;
    }
  }

  function changed(name, key) {           // true once per new key: rebuild that form
    if (drawn[name] === key) return false;
    drawn[name] = key;
    return true;
  }

  /* ---------------------------------------------------------- shared sections */
  function renderRound() {
    const v = snap.view;
    const node = $("round");
    if (!node) return;
    node.textContent = WORDS.round(v.round, v.rounds, v.start === null ? "" : nameOf(v.start));
    $("final-round").hidden = !v.final_round || v.phase === "over";
  }

  function renderMarkets(you) {
    const el = ui.el, v = snap.view;
    $("markets").replaceChildren(...v.markets.map((card, space) => el("div", { className: "market" },
      el("h3", {}, el("span", { className: "space", textContent: WORDS.space(space + 1) }), " " + card.name),
      el("ul", { className: "sets" }, ...card.sets.map((s, i) => el("li", {},
        chips(s.cubes), " " + WORDS.setPays(s.letters, s.pays),
        you ? el("small", { className: "hint", textContent: " · " + WORDS.couldSell(you.each_set[space][i].could_sell, s.pays) }) : null))))));
  }

  function renderLots() {
    const el = ui.el, v = snap.view;
    $("lots").replaceChildren(...v.lots.map((lot) => el("li", { className: lot.owner === null ? "" : "taken" },
      el("strong", { textContent: WORDS.lot(lot.lot + 1) + " " }), chips(lot.cubes),
      " " + cubesText(lot.cubes) + " · ",
      el("small", { textContent: lot.owner !== null ? WORDS.lotOwner(nameOf(lot.owner))
        : (v.phase === "lots" && v.filling !== null && lot.lot >= v.filling ? WORDS.lotFilling : WORDS.lotFree) }))));
  }

  function renderBids(you) {
    const el = ui.el, v = snap.view, box = $("bids");
    const reveal = v.reveal && v.reveal.round === v.round ? v.reveal : null;
    if (v.phase === "bidding" && you) { box.replaceChildren(); return; }     // the bid box counts
    if (v.phase === "bidding") {
      box.replaceChildren(el("p", { className: "bids-in", textContent: WORDS.bidsIn(v.bids_in, v.bidders) }));
      return;
    }
    if (!reveal) { box.replaceChildren(); return; }
    const fresh = revealedRound !== reveal.round;
    revealedRound = reveal.round;
    const cards = reveal.bids.map((amount, seat) => el("div", { className: "bid" + (fresh ? " flip" : "") },
      el("span", { className: "who", textContent: nameOf(seat) }),
      el("span", { className: "amount", textContent: amount === null ? WORDS.noBid : String(amount) })));
    box.replaceChildren(el("h3", { textContent: WORDS.revealTitle(reveal.round) }),
      el("div", { className: "reveal" }, ...cards),
      el("p", { className: "hint", textContent: WORDS.pickOrder(reveal.order.map(nameOf).join(", ")) }));
  }

  function renderPlayers() {
    const el = ui.el, v = snap.view;
    const showMoney = v.players.some((p) => p.money !== undefined);
    const head = [WORDS.player, WORDS.cubes, WORDS.count, ...(showMoney ? [WORDS.moneyCol] : [])];
    const rows = v.players.map((p) => el("tr", {},
      el("td", { textContent: p.name + (p.seat === v.start ? " ★" : "") }),
      el("td", {}, chips(p.cubes)),
      el("td", { textContent: String(p.count) }),
      showMoney ? el("td", { textContent: String(p.money) }) : null));
    $("players").replaceChildren(el("table", { className: "grid" },
      el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { textContent: h })))), el("tbody", {}, ...rows)));
  }

  function recordText(r) {
    const R = WORDS.records, who = r.seat === undefined ? "" : nameOf(r.seat);
    switch (r.kind) {
      case "start": return R.start(who);
      case "market": return R.market(r.number, r.space, r.card.name, r.final_round);
      case "lots": return R.lots(r.round, r.lots.map((l, i) => WORDS.lot(i + 1) + " " + letters(l)).join(" · "), r.short.length > 0);
      case "reveal": return R.reveal(r.bids.map((b, s) => nameOf(s) + " " + (b === null ? WORDS.noBid : b)).join(", "));
      case "pick": return R.pick(who, r.lot + 1, cubesText(r.cubes));
      case "lot_returned": return R.lotReturned(r.lot + 1);
      case "sale": return r.parts.length ? R.sale(who, r.parts.map((p) => p.times + "× " + letters(p.cubes || {}) + " (" + p.card + ")").join(", "), r.payout) : R.sellsNothing(who);
      case "no_sale": return R.noSale(who);
      case "discard": return R.discard(who, cubesText(r.cubes));
      case "rotation": return R.rotation(r.discarded, nameOf(r.start));
      case "end": return R.end;
      default: return r.kind;
    }
  }

  function renderLog() {
    $("log").replaceChildren(...snap.view.records.slice(-14).reverse().map((r) => ui.el("li", { textContent: recordText(r) })));
  }

  function renderScores() {
    const el = ui.el, box = $("scores-box"), score = snap.score;
    box.hidden = !score;
    if (!score) return;
    const players = [...score.breakdown.players].sort((a, b) => a.place - b.place || a.seat - b.seat);
    const rows = players.map((p) => el("tr", {},
      el("td", { textContent: String(p.place) }), el("td", { textContent: nameOf(p.seat) }),
      el("td", { textContent: String(p.money), className: "total" }), el("td", { textContent: String(p.cubes) })));
    $("scores").replaceChildren(
      el("table", { className: "grid scores" }, el("thead", {}, el("tr", {},
        ...[WORDS.place, WORDS.player, WORDS.moneyCol, WORDS.cubes].map((h) => el("th", { textContent: h })))),
      el("tbody", {}, ...rows)),
      ...score.breakdown.tie_breaks.map((line) => el("p", { className: "tie-break", textContent: line })),
      el("p", { className: "hint", textContent: WORDS.ranking }),
      el("p", { className: "winners", textContent: WORDS.winners(score.winners) }));
  }

  function renderCommon(you) {
    fillWords();
    renderRound();
    renderMarkets(you);
    renderLots();
    renderBids(you);
    renderLog();
    renderScores();
  }

  /* ---------------------------------------------------------- a phone's decisions */
  function renderBidBox(you) {
    const { el, button, decide } = ui, v = snap.view;
    const box = $("bid-box");
    box.hidden = v.phase !== "bidding";
    if (box.hidden) { drawn.bid = null; return; }
    $("bid-count").textContent = WORDS.bidsIn(v.bids_in, v.bidders);
    if (!changed("bid", [v.round, you.to_do, you.bid, you.money].join("/"))) return;
    const form = $("bid-form");
    if (you.to_do !== "bid") {
      form.replaceChildren(el("p", { className: "secret", textContent: you.bid !== null ? WORDS.yourBidIs(you.bid) : WORDS.cannotBid }));
      return;
    }
    const input = el("input", { id: "bid-amount", type: "number", min: you.min_bid, max: you.max_bid, step: 1,
                                value: you.min_bid, inputMode: "numeric" });
    const seal = button(WORDS.sealBid, () => {
      seal.disabled = true;
      decide("bid", { amount: Number(input.value) }).then((done) => { if (!done) seal.disabled = false; });
    }, { id: "seal-bid" });
    form.replaceChildren(el("label", { htmlFor: "bid-amount", textContent: WORDS.bidPrompt(you.min_bid, you.max_bid) }), input, seal);
  }

  function renderPickBox(you) {
    const { button, decide } = ui, v = snap.view;
    const box = $("pick-box");
    box.hidden = you.to_do !== "pick";
    if (box.hidden) return;
    $("pick-buttons").replaceChildren(...v.lots.filter((l) => l.owner === null).map((lot) =>
      button(WORDS.takeLot(lot.lot + 1, cubesText(lot.cubes)), () => decide("pick", { lot: lot.lot }))));
  }

  function renderSellBox(you) {
    const { el, button, decide } = ui, v = snap.view;
    const box = $("sell-box");
    box.hidden = you.to_do !== "sell";
    if (box.hidden) { drawn.sell = null; return; }
    if (!changed("sell", [v.round, JSON.stringify(v.players[you.seat].cubes)].join("/"))) return;
    const advice = you.advice;
    const inputs = [];
    const total = el("p", { className: "total", id: "sale-total" });
    const update = () => {
      let pays = 0;
      for (const i of inputs) pays += Number(i.input.value || 0) * i.pays;
      total.textContent = WORDS.saleTotal(pays);
    };
    const fill = (parts) => {
      for (const i of inputs) {
        const part = parts.find((p) => p.market === i.market && p.set === i.set);
        i.input.value = part ? part.times : 0;
      }
      update();
    };
    const rows = [];
    v.markets.forEach((card, market) => card.sets.forEach((s, set) => {
      const most = you.each_set[market][set].could_sell;
      if (!most) return;
      const input = el("input", { type: "number", min: 0, max: most, step: 1, value: 0, className: "times" });
      input.dataset.market = market; input.dataset.set = set;
      input.addEventListener("input", update);
      inputs.push({ input, market, set, pays: s.pays });
      rows.push(el("label", { className: "sale-row" }, chips(s.cubes), " " + WORDS.setPays(s.letters, s.pays) + " · " + card.name + " ×", input));
    }));
    const parts = () => inputs.filter((i) => Number(i.input.value) > 0)
      .map((i) => ({ market: i.market, set: i.set, times: Number(i.input.value) }));
    $("sale-form").replaceChildren(
      el("p", { className: "advice", id: "advice", textContent: WORDS.adviceText(advice.payout) }),
      ...rows, total,
      el("div", { className: "buttons" },
        button(WORDS.sell, () => decide("sell", { sales: parts() }), { id: "sell" }),
        button(WORDS.sellNothing, () => decide("sell", { sales: [] }), { className: "quiet", id: "sell-nothing" }),
        advice.parts.length ? button(WORDS.useAdvice, () => fill(advice.parts), { className: "quiet" }) : null));
    fill(advice.parts);
  }

  function renderDiscardBox(you) {
    const { el, button, decide } = ui;
    const box = $("discard-box");
    box.hidden = you.to_do !== "discard";
    if (box.hidden) { drawn.discard = null; return; }
    const mine = snap.view.players[you.seat].cubes;
    if (!changed("discard", JSON.stringify(mine))) return;
    const excess = you.discard.excess;
    const inputs = COLOURS.filter((c) => mine[c]).map((c) => {
      const input = el("input", { type: "number", min: 0, max: mine[c], step: 1, value: you.discard.advice[c] || 0 });
      input.dataset.colour = c;
      return { c, input };
    });
    $("discard-form").replaceChildren(
      el("p", { textContent: WORDS.discardText(excess) }),
      ...inputs.map(({ c, input }) => el("label", { className: "sale-row" }, el("span", { className: "chip " + c }), " " + WORDS.colours[c] + " (" + mine[c] + ") ", input)),
      button(WORDS.returnCubes(excess), () => {
        const cubes = {};
        for (const { c, input } of inputs) if (Number(input.value) > 0) cubes[c] = Number(input.value);
        decide("discard", { cubes });
      }, { id: "return-cubes" }));
  }

  /* ---------------------------------------------------------- pages */
  function ensureStyles() {
    if (document.getElementById("market-css")) return;
    document.head.append(ui.el("link", { id: "market-css", rel: "stylesheet", href: "/games/market/game.css" }));
  }

  const render = {
    player(s, shell) {
      ui = shell; snap = s;
      ensureStyles();
      const el = ui.el, v = snap.view, you = v.you, me = v.players[you.seat];
      $("me").replaceChildren(
        el("h1", { textContent: me.name }),
        el("p", { className: "secret", id: "my-money", textContent: WORDS.secretMoney(you.money) }),
        el("p", { id: "my-cubes" }, chips(me.cubes), " " + WORDS.yourCubes(cubesText(me.cubes), me.count)));
      renderCommon(you);
      renderBidBox(you);
      renderPickBox(you);
      renderSellBox(you);
      renderDiscardBox(you);
    },
    table(s, shell) { ui = shell; snap = s; ensureStyles(); renderCommon(null); renderPlayers(); },
    host(s, shell) {
      ui = shell; snap = s; ensureStyles();
      renderCommon(null); renderPlayers();
      const v = snap.view;
      $("bag").textContent = WORDS.bag(cubesText(v.bag.cubes), v.bag.total);
      $("typing-box").hidden = !snap.table.waiting_entry;
    },
  };

  function statusText(s) {
    const v = s.view, S = WORDS.status;
    switch (v.phase) {
      case "bidding": return S.bidding(v.bids_in, v.bidders);
      case "picking": return S.picking(nameOf(v.picking));
      case "selling": return S.selling(nameOf(v.selling));
      case "discarding": return S.discarding(v.discarding.map(nameOf).join(", "));
      default: return S[v.phase] || "";
    }
  }

  Samarkand.register({
    render,
    statusText(s, shell) { ui = shell; snap = s; return statusText(s); },
    seatLabel(p) { return WORDS.seat(p.seat + 1); },
  });
})();
