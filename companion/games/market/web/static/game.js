/* Samarkand Market's pages, on the shell (web/static/shell.js): a phone's cubes, secret money,
   sealed bid, pick, sale (the best sale pre-filled) and cube-limit return; the table's
   market cards, lots, the reveal of every bid at once, picks and sales; the host's bag and
   typing help; the words of the shell's results screen (points, breakdown, tieBreaks) and
   the rules at a glance (glance). A phone says "you" to its own player (own() below picks
   WORDS' second-person sentence; ui.called names it "Ana (you)" in a list of players), the
   table and the console name everyone. The templates hold the headings ({{ _("…") }}); every other
   word a person reads is in WORDS below, English msgids through _() and ngettext(), said in
   the reader's language from the page's catalog (web/i18n.py). */
import * as ui from "/static/shell.js";
import { $, _, ngettext, register, snap } from "/static/shell.js";

/* ---------------------------------------------------------- words */
const COLOURS = ["yellow", "blue", "red", "green", "black"];
const LETTER = { yellow: "Y", blue: "B", red: "R", green: "G", black: "K" };
/* The colours' words; the host's draw buttons (a cube from the bag) show them too. */
const COLOUR = { yellow: _("yellow"), blue: _("blue"), red: _("red"), green: _("green"), black: _("black") };

const WORDS = {
  /* "1 yellow", "3 yellow": the engine's own two templates (companion/games/market/cubes.py
     count), so a refusal and the page say cubes alike; French agrees the colour ("3 jaunes"). */
  count: (colour, n) => n === 1 ? _("1 {colour}", { colour: COLOUR[colour] })
    : _("{n} {colour}", { n, colour: COLOUR[colour] }),
  noCubes: _("no cubes"),
  bag: (cubes, n) => ngettext("{cubes} · {n} cube in all", "{cubes} · {n} cubes in all", n, { cubes }),
  secretMoney: (n) => ngettext("{n} piaster · secret", "{n} piasters · secret", n),
  money: (n) => ngettext("{n} piaster", "{n} piasters", n),
  yourCubes: (cubes, n) => _("Your cubes: {cubes} ({n})", { cubes, n }),
  round: (round, rounds, start) => start === null ? _("Round {round}/{rounds}", { round, rounds })
    : own(start) ? _("Round {round}/{rounds} · you are the start player", { round, rounds })
      : _("Round {round}/{rounds} · start player: {name}", { round, rounds, name: nameOf(start) }),
  space: (n) => _("Space {n}", { n }),
  couldSell: (n, pays) => n ? _("you could sell ×{n} = {total}", { n, total: n * pays }) : _("not with your cubes"),
  lot: (n) => _("Lot {n}", { n }),
  lotCubes: (n, cubes) => _("Lot {n}: {cubes}", { n, cubes }),
  lotOwner: (seat) => own(seat) ? _("taken by you") : _("taken by {name}", { name: nameOf(seat) }),
  lotFree: _("on the table"),
  lotFilling: _("being drawn…"),
  bidsIn: (k, total) => ngettext("{n} of {total} bids is in", "{n} of {total} bids are in", k, { total }),
  bidPrompt: (low, high) => _("Bid from {low} to {high} piasters", { low, high }),
  sealBid: _("Seal my bid"),
  bidUndone: _("The host undid your bid: seal a bid again."),
  phonesOut: (names) => _("A phone is disconnected: {names}. If the bids wait on it, the host can hand the seat to a bot or move it to another phone.",
                          { names }),
  yourBidIs: (n) => _("Your bid: {n} (sealed until every bid is in)", { n }),
  cannotBid: _("Under 5 piasters: you cannot bid this round"),
  revealTitle: (round) => _("Round {round}: the bids", { round }),
  noBid: _("no bid"),
  pickOrder: (names) => _("Picking order: {names}", { names }),
  /* the terminal's own words (companion/games/market/narration.py) */
  bidTie: (amount, names) => _("Tie at {amount}: {names} pick in that order (equal bids go clockwise from the start player)",
                               { amount, names }),
  saleTotal: (n) => _("This sale pays {n}", { n }),
  advice: (n) => n ? ngettext("Best sale now: {n} piaster (filled in)", "Best sale now: {n} piasters (filled in)", n)
    : _("No sale pays anything now"),
  useAdvice: _("Use the best sale"),
  sell: _("Sell"),
  sellNothing: _("Sell nothing"),
  discardText: (n) => _("You hold more than 10 cubes: return {n} to the bag (the advice is filled in)", { n }),
  returnCubes: (n) => ngettext("Return {n} cube", "Return {n} cubes", n),
  columns: { player: _("player"), cubes: _("cubes"), count: "#", money: _("piasters") },
  and: (names) => ui.listed(names),
  tie: (names, money, counts, ahead) => ahead === null
    ? _("{names} have {money} piasters each: cubes left ({counts}) do not break every tie, so equal players share their place",
        { names, money, counts })
    : own(ahead)
      ? _("{names} have {money} piasters each: the most cubes left breaks the tie ({counts} cubes), so you place ahead",
          { names, money, counts })
      : _("{names} have {money} piasters each: the most cubes left breaks the tie ({counts} cubes), so {name} places ahead",
          { names, money, counts, name: nameOf(ahead) }),
  ranking: _("Most money wins; a tie goes to the most cubes left; still tied, the win is shared."),
  /* a player's money at the end, told as what it is made of (the results screen) */
  made: {
    start: (money) => _("Start: {money}", { money }),
    paid: (money) => _("Bids paid: −{money}", { money }),
    earned: (money) => _("Sales: +{money}", { money }),
    cubes: (n) => ngettext("{n} cube left (a tie on money goes to the most)", "{n} cubes left (a tie on money goes to the most)", n),
  },
  /* the rules at a glance */
  lotSizes: (sizes) => _("Lots each round: {sizes} cubes", { sizes }),
  bidRule: (least) => _("Sealed bids of at least {least} piasters, at most your money: the highest bid picks a lot first; equal bids pick clockwise from the start player.", { least }),
  limitRule: (limit) => _("One sale a round, of the current cards' sets; then whoever holds over {limit} cubes returns the excess to the bag.", { limit }),
  status: {
    start: _("Choosing the start player"),
    market: _("Revealing a market card"),
    lots: _("Drawing the lots from the bag"),
    bidding: (bids) => _("Sealed bids: {bids}", { bids }),
    biddingShown: _("Sealed bids: everyone bids on their own phone"),    // the count shown big below
    picking: (seat) => own(seat) ? _("Your turn to pick a lot") : _("{name} picks a lot", { name: nameOf(seat) }),
    selling: (seat) => own(seat) ? _("Your turn to sell") : _("{name} is selling", { name: nameOf(seat) }),
    discarding: (seats) => {
      const others = seats.filter((seat) => !own(seat)).map(nameOf);
      if (others.length === seats.length) {
        return ngettext("{names} returns cubes to the bag", "{names} return cubes to the bag",
          others.length, { names: others.join(", ") });
      }
      return others.length ? _("You return cubes to the bag, as do {names}", { names: ui.listed(others) })
        : _("You return cubes to the bag");
    },
  },
  /* The log: the same templates as the terminal's lines (companion/games/market/narration.py). */
  records: {
    start: (seat) => own(seat) ? _("You are the start player") : _("{name} is the start player", { name: nameOf(seat) }),
    market: (r, sets) => r.final_round
      ? _("Market card {number} in space {space}: {card} ({sets}) — the last card: this is the final round",
          { number: r.number, space: r.space, card: r.card.name, sets })
      : _("Market card {number} in space {space}: {card} ({sets})", { number: r.number, space: r.space, card: r.card.name, sets }),
    lots: (round, lots, short) => short ? _("Round {round} lots: {lots} (the bag ran out)", { round, lots })
      : _("Round {round} lots: {lots}", { round, lots }),
    reveal: (bids, broke, order) => !bids ? _("Nobody could bid this round")
      : broke ? _("Bids revealed: {bids}; no bid from {broke}. Picking order: {order}", { bids, broke, order })
        : _("Bids revealed: {bids}. Picking order: {order}", { bids, order }),
    pick: (seat, lot, cubes) => own(seat) ? _("You take lot {lot} ({cubes})", { lot, cubes })
      : _("{name} takes lot {lot} ({cubes})", { name: nameOf(seat), lot, cubes }),
    lotReturned: (lot) => _("Lot {lot} was not taken: back into the bag", { lot }),
    sale: (seat, sets, payout) => own(seat) ? _("You sell {sets} for {payout}", { sets, payout })
      : _("{name} sells {sets} for {payout}", { name: nameOf(seat), sets, payout }),
    sellsNothing: (seat) => own(seat) ? _("You sell nothing") : _("{name} sells nothing", { name: nameOf(seat) }),
    noSale: (seat) => own(seat) ? _("You have nothing to sell") : _("{name} has nothing to sell", { name: nameOf(seat) }),
    discard: (seat, cubes) => own(seat) ? _("You return {cubes} to the bag (cube limit)", { cubes })
      : _("{name} returns {cubes} to the bag (cube limit)", { name: nameOf(seat), cubes }),
    rotation: (card, seat) => own(seat) ? _("{card} leaves the market; you are the start player", { card })
      : _("{card} leaves the market; {name} is the start player", { card, name: nameOf(seat) }),
    end: _("The final round is over"),
  },
};

let revealedRound = 0;   // the round whose bids the table has already revealed

/* ---------------------------------------------------------- small pieces */
function cubesText(cubes) {
  const parts = COLOURS.filter((c) => cubes[c]).map((c) => WORDS.count(c, cubes[c]));
  return parts.length ? parts.join(", ") : WORDS.noCubes;
}

function chips(cubes) {
  const el = ui.el;
  const box = el("span", { className: "chips", title: cubesText(cubes) });
  for (const c of COLOURS) for (let i = 0; i < (cubes[c] || 0); i++) box.append(el("span", { className: "chip " + c }));
  return box;
}

function letters(cubes) { return COLOURS.map((c) => LETTER[c].repeat(cubes[c] || 0)).join(""); }

function setPays(s) { return s.letters + " = " + s.pays; }      // letters and numbers: no words

function nameOf(seat) { return ui.names()[seat]; }

/* Whether a seat is the phone's own: a phone says "you" to its player (WORDS picks the
   second-person sentence), never its name in the third person; the table and the console
   (ui.me() null) name everyone. */
function own(seat) { return seat === ui.me(); }

/* Over, or ended by the host: every holding is public and nothing is awaited. */
function finished() { return ["over", "ended"].includes(snap.table.status); }

/* ---------------------------------------------------------- shared sections */
function renderRound() {
  const v = snap.view;
  const node = $("round");
  if (!node) return;
  node.textContent = WORDS.round(v.round, v.rounds, v.start);
  $("final-round").hidden = !v.final_round || v.phase === "over";
}

function renderMarkets(you) {
  ui.swap($("markets"), ...snap.view.markets.map((card, space) => marketCard(card, space, you)));
}

/* A market card: its sets and payouts; on a phone, how many times its player could sell each. */
function marketCard(card, space, you) {
  const el = ui.el;
  return el("div", { className: "market" },
    el("h3", {}, el("span", { className: "space", textContent: WORDS.space(space + 1) }), " " + card.name),
    el("ul", { className: "sets" }, ...card.sets.map((s, i) => el("li", {},
      chips(s.cubes), " " + setPays(s),
      you ? el("small", { className: "hint", textContent: " · " + WORDS.couldSell(you.each_set[space][i].could_sell, s.pays) }) : null))));
}

/* The lots: their cubes in words, on the table screen in letters (as on the cards: it
   has no room for words). */
function renderLots() {
  const el = ui.el, v = snap.view;
  ui.swap($("lots"), ...v.lots.map((lot) => el("li", { className: lot.owner === null ? "" : "taken" },
    el("strong", { textContent: WORDS.lot(lot.lot + 1) + " " }), chips(lot.cubes),
    " " + (ui.PAGE === "table" ? letters(lot.cubes) : cubesText(lot.cubes)) + " · ",
    el("small", { textContent: lot.owner !== null ? WORDS.lotOwner(lot.owner)
      : (v.phase === "lots" && v.filling !== null && lot.lot >= v.filling ? WORDS.lotFilling : WORDS.lotFree) }))));
}

/* The bids: their count while they come in (a phone's status line says it), then this
   round's reveal; the card is hidden while it has nothing to show. */
function renderBids(you) {
  const shown = bidsShown(you);
  ui.swap($("bids"), ...shown);
  $("bids-box").hidden = !shown.length;
}

function bidsShown(you) {
  const el = ui.el, v = snap.view;
  const reveal = v.reveal && v.reveal.round === v.round ? v.reveal : null;
  if (v.phase === "bidding") {
    return you ? [] : [el("p", { className: "bids-in", textContent: WORDS.bidsIn(v.bids_in, v.bidders) })];
  }
  if (!reveal) return [];
  const fresh = revealedRound !== reveal.round;
  revealedRound = reveal.round;
  const cards = reveal.bids.map((amount, seat) => el("div", { className: "bid" + (fresh ? " flip" : "") },
    el("span", { className: "who", textContent: ui.called(seat) }),
    el("span", { className: "amount", textContent: amount === null ? WORDS.noBid : String(amount) })));
  return [el("h3", { textContent: WORDS.revealTitle(reveal.round) }),
    el("div", { className: "reveal" }, ...cards),
    el("p", { className: "hint", textContent: WORDS.pickOrder(reveal.order.map(ui.called).join(", ")) }),
    ...tieTexts(reveal.ties).map((text) => el("p", { className: "tie-break", textContent: text }))];
}

/* Each tie on bids, and the order it was broken in. */
function tieTexts(ties) { return ties.map((tie) => WORDS.bidTie(tie.bid, tie.seats.map(ui.called).join(", "))); }

/* While bids are due, the table is told of a phone gone away (a seat's phone is public),
   never whose bid is missing: that would tell who has bid. */
function renderPhonesOut() {
  const node = $("phones-out");
  if (!node) return;
  const out = snap.view.phase === "bidding" && !finished()
    ? (snap.seats || []).filter((s) => s.state === "disconnected") : [];
  node.hidden = !out.length;
  node.textContent = out.length ? WORDS.phonesOut(WORDS.and(out.map((s) => ui.called(s.seat)))) : "";
}

function renderPlayers() {
  const el = ui.el, v = snap.view;
  const showMoney = v.players.some((p) => p.money !== undefined);
  const C = WORDS.columns;
  const head = [C.player, C.cubes, C.count, ...(showMoney ? [C.money] : [])];
  const rows = v.players.map((p) => el("tr", {},
    el("td", { textContent: p.name + (p.seat === v.start && !finished() ? " ★" : "") }),
    el("td", {}, chips(p.cubes)),
    el("td", { textContent: String(p.count) }),
    showMoney ? el("td", { textContent: String(p.money) }) : null));
  ui.swap($("players"), el("table", { className: "grid" },
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { textContent: h })))), el("tbody", {}, ...rows)));
}

function recordText(r) {
  const R = WORDS.records, seat = r.seat;
  switch (r.kind) {
    case "start": return R.start(seat);
    case "market": return R.market(r, r.card.sets.map((s) => letters(s.cubes) + "=" + s.pays).join(", "));
    case "lots": return R.lots(r.round, r.lots.map((l, i) => WORDS.lotCubes(i + 1, cubesText(l))).join(" · "), r.short.length > 0);
    case "reveal": return [R.reveal(
      r.bids.map((b, s) => b === null ? null : ui.called(s) + " " + b).filter(Boolean).join(", "),
      r.broke.map(ui.called).join(", "), r.order.map(ui.called).join(", ")), ...tieTexts(r.ties)].join(" · ");
    case "pick": return R.pick(seat, r.lot + 1, cubesText(r.cubes));
    case "lot_returned": return R.lotReturned(r.lot + 1);
    case "sale": return r.parts.length ? R.sale(seat, r.parts.map((p) => p.times + "× " + letters(p.cubes || {}) + " (" + p.card + ")").join(", "), r.payout) : R.sellsNothing(seat);
    case "no_sale": return R.noSale(seat);
    case "discard": return R.discard(seat, cubesText(r.cubes));
    case "rotation": return R.rotation(r.discarded, r.start);
    case "end": return R.end;
    default: return r.kind;
  }
}

function renderLog() {
  ui.swap($("log"), ...snap.view.records.slice(-14).reverse().map((r) => ui.el("li", { textContent: recordText(r) })));
}

/* ---------------------------------------------------------- the results screen's words */
/* How a seat's money was made: the start, the bids paid, the sales; and the cubes left,
   which break a tie on money. */
function breakdown(score, seat) {
  const p = score.breakdown.players[seat], M = WORDS.made;
  return [M.start(WORDS.money(p.start)), M.paid(WORDS.money(p.paid)), M.earned(WORDS.money(p.earned)), M.cubes(p.cubes)];
}

function tieBreaks(score) {
  return score.breakdown.ties.map((tie) => tieText(tie, score.breakdown.players));
}

/* The rules at a glance: the lots' sizes, the current cards, and what a round asks. */
function glance(s) {
  const el = ui.el, v = s.view;
  return [el("p", { textContent: WORDS.lotSizes(ui.listed(v.lot_sizes)) }),
    v.markets.length ? el("div", { className: "markets" }, ...v.markets.map((card, space) => marketCard(card, space))) : null,
    el("p", { textContent: WORDS.bidRule(v.min_bid) }),
    el("p", { textContent: WORDS.limitRule(v.cube_limit) }),
    el("p", { textContent: WORDS.ranking })].filter(Boolean);
}

/* A tie on money, from the result's data: how the cubes left broke it, or that it is shared. */
function tieText(tie, players) {
  const cubes = Object.fromEntries(players.map((p) => [p.seat, p.cubes]));
  const counts = tie.seats.map((s) => ui.called(s) + " " + cubes[s]).join(", ");
  return WORDS.tie(WORDS.and(tie.seats.map(ui.called)), tie.money, counts, tie.ahead);
}

function renderCommon(you) {
  renderRound();
  renderMarkets(you);
  renderLots();
  renderBids(you);
  renderPhonesOut();
  renderLog();
}

/* ---------------------------------------------------------- a phone's decisions */
/* The round in which this phone last saw its bid made (sealed, or revealed): asked to bid
   in that round again, its bid was undone by the host, and the phone says so. */
let bidSeenIn = 0;

/* A number field of a decision's form: it shows what the player typed (kept[name], a draft
   under the decision's key, ui.draft), or ``value`` until they type; ``typed`` follows it. */
function numberField(kept, name, props, typed) {
  const input = ui.el("input", Object.assign({ type: "number", step: 1, inputMode: "numeric" }, props,
                                             kept[name] === undefined ? {} : { value: kept[name] }));
  input.addEventListener("input", () => { kept[name] = input.value; if (typed) typed(); });
  return input;
}

function renderBidBox(you) {
  const { el, button, decide } = ui, v = snap.view;
  const reveal = v.reveal && v.reveal.round === v.round ? v.reveal : null;
  if (you.bid !== null || (reveal && reveal.bids[you.seat] !== null)) bidSeenIn = v.round;
  const box = $("bid-box");
  box.hidden = v.phase !== "bidding";
  if (box.hidden) return;
  const form = $("bid-form");
  if (you.to_do !== "bid") {
    ui.swap(form, el("p", { className: "secret", textContent: you.bid !== null ? WORDS.yourBidIs(you.bid) : WORDS.cannotBid }));
    return;
  }
  const undone = bidSeenIn === v.round;
  const kept = ui.draft(JSON.stringify(["bid", v.round, you.money, undone]));
  const input = numberField(kept, "amount", { id: "bid-amount", min: you.min_bid, max: you.max_bid, value: you.min_bid });
  const seal = button(WORDS.sealBid, () => {
    kept.sealing = seal.disabled = true;     // one bid at a time: kept while it is on its way
    // an empty field is no bid (null): the rules say what is needed
    const amount = input.value.trim() === "" ? null : Number(input.value);
    decide("bid", { amount }).then((done) => {
      if (!done) kept.sealing = $("seal-bid").disabled = false;
    });
  }, { id: "seal-bid", disabled: Boolean(kept.sealing) });
  ui.swap(form, undone ? el("p", { className: "notice", id: "bid-undone", textContent: WORDS.bidUndone }) : null,
    el("label", { htmlFor: "bid-amount", textContent: WORDS.bidPrompt(you.min_bid, you.max_bid) }), input, seal);
}

function renderPickBox(you) {
  const { button, decide } = ui, v = snap.view;
  const box = $("pick-box");
  box.hidden = you.to_do !== "pick";
  if (box.hidden) return;
  ui.swap($("pick-buttons"), ...v.lots.filter((l) => l.owner === null).map((lot) =>
    button(WORDS.lotCubes(lot.lot + 1, cubesText(lot.cubes)), () => decide("pick", { lot: lot.lot }))));
}

function renderSellBox(you) {
  const { el, button, decide } = ui, v = snap.view;
  const box = $("sell-box");
  box.hidden = you.to_do !== "sell";
  if (box.hidden) return;
  const advice = you.advice;
  const kept = ui.draft(JSON.stringify(["sell", v.round, v.players[you.seat].cubes]));
  const advised = (market, set) => (advice.parts.find((p) => p.market === market && p.set === set) || { times: 0 }).times;
  const inputs = [];
  const total = el("p", { className: "total", id: "sale-total" });
  const update = () => {
    let pays = 0;
    for (const i of inputs) pays += Number(i.input.value || 0) * i.pays;
    total.textContent = WORDS.saleTotal(pays);
  };
  const rows = [];
  v.markets.forEach((card, market) => card.sets.forEach((s, set) => {
    const most = you.each_set[market][set].could_sell;
    if (!most) return;
    const input = numberField(kept, market + "/" + set, { min: 0, max: most, value: advised(market, set), className: "times" }, update);
    input.dataset.market = market; input.dataset.set = set;
    inputs.push({ input, market, set, pays: s.pays });
    rows.push(el("label", { className: "sale-row" }, chips(s.cubes), " " + setPays(s) + " · " + card.name + " ×", input));
  }));
  const useAdvice = () => {
    for (const i of inputs) kept[i.market + "/" + i.set] = i.input.value = advised(i.market, i.set);
    update();
  };
  const parts = () => inputs.filter((i) => Number(i.input.value) > 0)
    .map((i) => ({ market: i.market, set: i.set, times: Number(i.input.value) }));
  update();
  ui.swap($("sale-form"),
    el("p", { className: "advice", id: "advice", textContent: WORDS.advice(advice.payout) }),
    ...rows, total,
    el("div", { className: "buttons" },
      button(WORDS.sell, () => decide("sell", { sales: parts() }), { id: "sell" }),
      button(WORDS.sellNothing, () => decide("sell", { sales: [] }), { className: "quiet", id: "sell-nothing" }),
      advice.parts.length ? button(WORDS.useAdvice, useAdvice, { className: "quiet" }) : null));
}

function renderDiscardBox(you) {
  const { el, button, decide } = ui;
  const box = $("discard-box");
  box.hidden = you.to_do !== "discard";
  if (box.hidden) return;
  const mine = snap.view.players[you.seat].cubes;
  const kept = ui.draft(JSON.stringify(["discard", snap.view.round, mine]));
  const excess = you.discard.excess;
  const inputs = COLOURS.filter((c) => mine[c]).map((c) => {
    const input = numberField(kept, c, { min: 0, max: mine[c], value: you.discard.advice[c] || 0, id: "return-" + c });
    input.dataset.colour = c;
    return { c, input };
  });
  ui.swap($("discard-form"),
    el("p", { textContent: WORDS.discardText(excess) }),
    // a grid: the chips, the colours and the fields each in a column
    el("div", { className: "return-grid" }, ...inputs.flatMap(({ c, input }) => [
      el("span", { className: "chip " + c }),
      el("label", { htmlFor: input.id, textContent: COLOUR[c] + " (" + mine[c] + ")" }), input])),
    button(WORDS.returnCubes(excess), () => {
      const cubes = {};
      for (const { c, input } of inputs) if (Number(input.value) > 0) cubes[c] = Number(input.value);
      decide("discard", { cubes });
    }, { id: "return-cubes" }));
}

/* ---------------------------------------------------------- pages */
const render = {
  player(s) {
    const el = ui.el, v = snap.view, you = v.you, me = v.players[you.seat];
    ui.swap($("me"),
      el("h1", { textContent: me.name }),
      el("p", { className: "secret in-play", id: "my-money", textContent: WORDS.secretMoney(you.money) }),
      el("p", { id: "my-cubes" }, chips(me.cubes), " " + WORDS.yourCubes(cubesText(me.cubes), me.count)));
    renderCommon(you);
    renderBidBox(you);
    renderPickBox(you);
    renderSellBox(you);
    renderDiscardBox(you);
  },
  table(s) { renderCommon(null); renderPlayers(); },
  host(s) {
    renderCommon(null); renderPlayers();
    const v = snap.view;
    $("bag").textContent = WORDS.bag(cubesText(v.bag.cubes), v.bag.total);
    $("typing-box").hidden = !snap.table.waiting_entry;
  },
};

function statusText(s) {
  const v = s.view, S = WORDS.status;
  switch (v.phase) {
    case "bidding": return ui.me() === null ? S.biddingShown : S.bidding(WORDS.bidsIn(v.bids_in, v.bidders));
    case "picking": return S.picking(v.picking);
    case "selling": return S.selling(v.selling);
    case "discarding": return S.discarding(v.discarding);
    default: return S[v.phase] || "";
  }
}

register({ render, statusText, points: WORDS.money, breakdown, tieBreaks, glance });
