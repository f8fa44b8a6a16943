/* Samarkand's pages, on the shell (web/static/shell.js): a phone's secret goods, money and
   the move choices with the companion's help (each space's meaning, the best sale); the
   table screen's board drawn as SVG from the board file (spaces, arrows, figures, camp
   fields, the chips or the token), the bag's or deck's count, money where public, the
   penalty moments and the winner. Every word a person reads is an English msgid in TEXT
   below, through _() and ngettext(), so the page reads it in the reader's language; the
   spaces' names come from the board file (data) and are shown as they are. */
import * as ui from "/static/shell.js";
import { $, _, ngettext, register, snap } from "/static/shell.js";

/* ---------------------------------------------------------- every player-facing word */
const KIND_NAMES = {   /* 2.0 names the goods by their cubes' colour, 1998 by its cards */
  "2.0": { yellow: _("yellow"), green: _("green"), red: _("red"), blue: _("blue"), white: _("white"),
           black: _("black"), wild: _("wild") },
  "1998": { yellow: _("grain"), green: _("fruit"), red: _("copper"), blue: _("carpets"), white: _("camels"),
            black: _("jewels"), wild: _("assortment") },
};
const KIND_COUNTS = {  /* "2 red": a count of one kind, in the language's plural */
  "2.0": {
    yellow: (n) => ngettext("{n} yellow", "{n} yellow", n), green: (n) => ngettext("{n} green", "{n} green", n),
    red: (n) => ngettext("{n} red", "{n} red", n), blue: (n) => ngettext("{n} blue", "{n} blue", n),
    white: (n) => ngettext("{n} white", "{n} white", n), black: (n) => ngettext("{n} black", "{n} black", n),
  },
  "1998": {
    yellow: (n) => ngettext("{n} grain", "{n} grain", n), green: (n) => ngettext("{n} fruit", "{n} fruit", n),
    red: (n) => ngettext("{n} copper", "{n} copper", n), blue: (n) => ngettext("{n} carpet", "{n} carpets", n),
    white: (n) => ngettext("{n} camel", "{n} camels", n), black: (n) => ngettext("{n} jewel", "{n} jewels", n),
  },
};
const LETTERS = {     /* what a good's square shows: 2.0 its colour's letter, 1998 its card's */
  "2.0": { yellow: _("Y"), green: _("G"), red: _("R"), blue: _("B"), white: _("W"), black: _("K"), wild: "★" },
  "1998": { yellow: _("Gr"), green: _("Fr"), red: _("Cu"), blue: _("Ca"), white: _("Cm"), black: _("Je"), wild: "★" },
};
const MARKETS = {      /* 2.0's closed market by what it buys ("the market for black", never "the black market") */
  yellow: _("the market for yellow"), green: _("the market for green"), red: _("the market for red"),
  blue: _("the market for blue"), white: _("the market for white"), black: _("the market for black"),
  wild: _("the wild market"),
};
const TEXT = {
  types: { camp: _("camp"), oasis: _("oasis"), city: _("city") },
  camp: (n) => _("Camp {number}", { number: n }),
  city: (n) => _("City {number}", { number: n }),
  piasters: (n) => ngettext("{n} piaster", "{n} piasters", n),
  nowhere: _("not placed yet"),
  at: (name) => _("at {space}", { space: name }),
  noMoney: (cost, money) => _("Rolling costs {cost}: you have {money}", { cost, money }),
  noGoods: _("no goods"),
  bag: (n) => ngettext("{n} cube in the bag", "{n} cubes in the bag", n),
  deck: (n) => ngettext("{n} card in the deck", "{n} cards in the deck", n),
  turn: (name, doing) => _("{name}'s turn: {doing}", { name, doing }),
  phases: {
    draw: _("Drawing goods…"), place: _("placing their figure"), move: _("to move"), roll: _("rolling the die…"),
    steer: _("choosing where the die takes them"), gift: _("giving a greeting gift"),
    trade: _("trading at the camp"), oasis: _("buying at the oasis"), lose: _("choosing the goods lost"),
    sell: _("selling at the city"), cut: _("Everyone over 12 goods cuts to 12"), over: _("The game is over"),
  },
  yourTurn: {   /* the phases said to the phone's own player on their turn */
    place: _("Your turn: place your figure"), move: _("Your turn: move"), roll: _("Your turn: rolling the die…"),
    steer: _("Your turn: choose where the die takes you"), gift: _("Your turn: give a greeting gift"),
    trade: _("Your turn: trade at the camp"), oasis: _("Your turn: buy at the oasis"),
    lose: _("Your turn: choose the goods you lose"), sell: _("Your turn: sell at the city"),
  },
  placeTitle: _("Place your figure on any space"),
  moveTitle: _("Move one space free"),
  rollButton: (cost) => _("Roll the die for {cost}", { cost }),
  rollTitle: _("Or roll: where each face would take you"),
  face: (f) => (f === "back" ? "⟲ " + _("back") : f),
  steerTitle: (f) => (f === "back" ? _("The die shows the backwards arrow: choose where to go")
    : _("The die shows {face}: choose where to go", { face: f })),
  freeTitle: _("Say which space you landed on"),
  freeType: _("Space"), freeNumber: _("Number"), freeCapacity: _("Value (4, 5 or 6)"),
  freeOne: _("Price of 1"), freeFour: _("Price of 4"), freeMarkets: _("Markets"),
  freeKnown: _("as told before"),
  freeGo: _("I landed here"),
  giftTitle: _("Give a greeting gift"),
  tradeTitle: _("Trade 1 for 1 with the camp"),
  take: _("Take from the camp:"), give: _("Give from your goods:"),
  uneven: (take, give) => _("You take {take} and give {give}: a trade is 1 for 1", { take, give }),
  tradeGo: _("Trade"), done: _("Done: end my turn"),
  moveOn: _("Instead of trading, move on to:"),
  noMoveOn: _("You arrived by the die: no extra move (you may trade)"),
  oasisTitle: _("Buy goods (drawn blind, seen by you alone)"),
  buy: (n, cost) => _("Buy {count} for {cost}", { count: n, cost }),
  loseTitle: (n) => _("You cannot pay: choose {n} goods to give back", { n }),
  cutTitle: (n) => _("The goods ran out: give back {n} to keep 12", { n }),
  chosenOf: (chosen, n) => _("{chosen} of {n} chosen", { chosen, n }),
  less: (kind) => _("one {kind} fewer", { kind }), more: (kind) => _("one {kind} more", { kind }),
  giveBack: _("Give these back"),
  sellTitle: _("Sell at the city (you must sell if you can)"),
  sale: (goods, pays) => _("Sell {goods} — pays {pays}", { goods, pays }),
  covered: _("covered: one price level lower"),
  best: _("the companion's advice: best sale"),
  chipMove: (from, to) => _("the chip moves from {from} to {to}", { from, to }),
  closed: (market) => _("{market} (closed)", { market }),
  spaceHelp: { camp: (what) => _("a camp: {what}", { what }), oasis: (what) => _("an oasis: {what}", { what }),
               city: (what) => _("a city: {what}", { what }) },
  full: (n, cap, fee) => _("full {count}/{capacity}, pay {fee} and take all", { count: n, capacity: cap, fee }),
  fullUnpaid: (n, cap, fee) => _("full {count}/{capacity}: you cannot pay {fee}, you take nothing", { count: n, capacity: cap, fee }),
  campField: (n, cap) => _("{count}/{capacity}, a gift then a trade", { count: n, capacity: cap }),
  noGiftFee: (fee) => (fee ? _("no gift: pay {fee}", { fee }) : _("no gift and no piasters: nothing to pay")),
  oasisHelp: (one, four) => _("1 for {one} · 4 for {four}", { one, four }),
  oasisPenalty: (n) => _("cannot pay: lose {n} goods", { n }),
  cityHelp: (markets) => _("buys {markets}", { markets }),
  bestHelp: (goods, pays) => _("best now: {goods} for {pays}", { goods, pays }),
  cannotSellHelp: (h) => (h.out ? _("cannot sell: with no piasters you are out of the game")
    : h.pays ? _("cannot sell: show goods, pay {paid}", { paid: h.pays }) : _("cannot sell: show goods, nothing to pay")),
  proof: (name, goods, paid, you) => (you ? _("You cannot sell: you show {goods} and pay {paid}", { goods, paid })
    : _("{name} cannot sell: shows {goods} and pays {paid}", { name, goods, paid })),
  eliminated: _("out of the game"),
  players: [_("player"), _("piasters"), _("goods"), _("where")],
  hidden: _("secret"),
  chips: (symbols) => _("Chips on: {symbols}", { symbols }),
  chipsNone: _("no chip on the board yet"),
  token: (city, market) => _("Closed market: {market} in {city}", { city, market }),
  tokenNone: _("the closed-market token is not on the board yet"),
  freeBoard: _("Free movement: no board entered. Camps and cities as told:"),
  unknown: "?",
  accounts: {    /* how a player's money was made (the results' breakdown) */
    start: (n) => _("Started with {money} piasters", { money: n }),
    sales: (count, n) => ngettext("{count} sale: +{money}", "{count} sales: +{money}", count, { count, money: n }),
    rolls: (n) => _("Rolls of the die: −{money}", { money: n }),
    oases: (n) => _("Goods bought at oases: −{money}", { money: n }),
    camps: (n) => _("Full camps and missing gifts: −{money}", { money: n }),
    penalties: (n) => _("Cities where nothing could be sold: −{money}", { money: n }),
    target: (n) => _("First to reach {target} piasters", { target: n }),
    last: _("The last one left in the game"),
    out: _("Out of the game: no piasters and nothing to sell"),
  },
  shared: (names, place, money) => _("{names} share {place} place with {money} piasters", { names, place, money }),
  aheadOut: (name, others) => _("{name} is placed above {others} with as many piasters: still in the game", { name, others }),
  winsTie: (name, target) => _("{name} wins with as many piasters as another: the first to reach {target}", { name, target }),
  glance: {
    prices: _("What a sale pays: goods of one kind sold together to a city's market (the wild market buys one of each of several kinds)"),
    count: _("goods"),
    costs: (roll, camp, gift, sell) => _("Rolling the die costs {roll}; a full camp {camp}; arriving at a camp with no goods to give {gift}; a city where you cannot sell {sell}.",
      { roll, camp, gift, sell }),
    target: (n) => _("The first to have {target} piasters wins at once.", { target: n }),
    token: _("The closed-market token: a sale moves it onto the market just sold to, which buys nothing until the next sale moves it."),
    chips: _("The two chips: a sale puts a chip on the kind just sold (the first two sales place them, then the seller chooses which moves); a covered kind pays one column lower in every city."),
    coveredHalf: _("Two goods of a covered kind pay half the 2-goods price."),
    coveredNone: _("Two goods of a covered kind cannot be sold."),
    now: (what) => _("Now: {what}", { what }),
  },
  log: {   /* a record's line (the same templates as narration.py's), f its words ({who} the
              player's name); you: the record is the phone's own player's, said to them */
    placed: (f, you) => (you ? _("You start at {where}", f) : _("{who} starts at {where}", f)),
    rolled: (f, you) => (you ? _("You pay {paid} and roll", f) : _("{who} pays {paid} and rolls", f)),
    die: (f) => (f.face === "back" ? _("The die shows the backwards arrow") : _("The die shows {face}", f)),
    moved: (f, you) => ({
      free: () => (you ? _("You move one space free to {where}", f) : _("{who} moves one space free to {where}", f)),
      roll: () => (you ? _("You land on {where}", f) : _("{who} lands on {where}", f)),
      extra: () => (you ? _("You move on to {where}", f) : _("{who} moves on to {where}", f)),
    })[f.by](),
    gift: (f, you) => (you ? _("You give {goods} to {camp}", f) : _("{who} gives {goods} to {camp}", f)),
    no_gift: (f, you) => (you ? _("You have no gift: you pay {paid}, a good is drawn for {camp}", f)
      : _("{who} has no gift: pays {paid}, a good is drawn for {camp}", f)),
    trade: (f, you) => (you ? _("You trade {gave} for {took}", f) : _("{who} trades {gave} for {took}", f)),
    full_camp: (f, you, r) => (Object.keys(r.took).length
      ? (you ? _("You pay {paid} for the full {camp}: you take {took}", f)
        : _("{who} pays {paid} for the full {camp}: takes {took}", f))
      : (you ? _("You cannot pay 10 for the full {camp}: you take nothing", f)
        : _("{who} cannot pay 10 for the full {camp}: takes nothing", f))),
    drawn: (f, you, r) => (r.camp !== undefined ? _("{goods} drawn for {camp}", f)
      : (you ? _("You draw {goods}", f) : _("{goods} drawn by {who}", f))),
    bought: (f, you) => (f.count === 1
      ? (you ? _("You buy 1 good for {paid}", f) : _("{who} buys 1 good for {paid}", f))
      : (you ? _("You buy {count} goods for {paid}", f) : _("{who} buys {count} goods for {paid}", f))),
    oasis_penalty: (f, you) => (you ? _("You cannot pay the oasis: you lose {lose} goods", f)
      : _("{who} cannot pay the oasis: loses {lose} goods", f)),
    lost: (f, you) => (f.goods
      ? (you ? _("You give back {goods}", f) : _("{who} gives back {goods}", f))
      : (you ? _("You give back goods", f) : _("{who} gives back goods", f))),
    sold: (f, you) => (f.covered
      ? (you ? _("You sell {goods} in {city} for {pays} (covered: one price level lower)", f)
        : _("{who} sells {goods} in {city} for {pays} (covered: one price level lower)", f))
      : (you ? _("You sell {goods} in {city} for {pays}", f) : _("{who} sells {goods} in {city} for {pays}", f))),
    cannot_sell: (f, you) => (you ? _("You cannot sell in {city}: you show {shown} and pay {paid}", f)
      : _("{who} cannot sell in {city}: shows {shown}, pays {paid}", f)),
    eliminated: (f, you) => (you ? _("You have no piasters and cannot sell: you are out of the game", f)
      : _("{who} has no piasters and cannot sell: out of the game", f)),
    ran_out: () => _("The goods ran out: every supply over 12 is cut to 12"),
    cut: (f, you) => (you ? _("You return {count} goods", f) : _("{who} returns {count} goods", f)),
    nothing_to_draw: () => _("Nothing left to draw"),
    won: (f, you) => (you ? _("You have {money} piasters and win!", f) : _("{who} has {money} piasters and wins!", f)),
  },
};
const KINDS = ["yellow", "green", "red", "blue", "white", "black"];
const SYMBOLS = [...KINDS, "wild"];
const COLOURS = { yellow: "#e6bf1e", green: "#2e7d32", red: "#c8372d", blue: "#2f5fb3", white: "#f6f2e6", black: "#232323" };
const SEAT_COLOURS = ["#b5461f", "#2f6b5a", "#6a3fa0", "#c07a00", "#1b6fa8"];

/* ---------------------------------------------------------- words and goods */
const edition = () => (snap.view.edition === "1998" ? "1998" : "2.0");
const kindName = (k) => KIND_NAMES[edition()][k] || k;
const cardLabel = (value) => KIND_NAMES[edition()][value] || _(String(value));  /* a draw's button */
const letter = (k) => LETTERS[edition()][k];
/* a kind said in full: 2.0's letter and colour ("R red"), 1998's card ("copper") */
const fullName = (k) => (edition() === "1998" ? kindName(k) : letter(k) + " " + kindName(k));
const goodsText = (goods) => {
  const parts = KINDS.filter((k) => goods && goods[k]).map((k) => KIND_COUNTS[edition()][k](goods[k]));
  return parts.length ? parts.join(", ") : TEXT.noGoods;
};
const spaceName = (id) => {
  const v = snap.view;
  if (id === null || id === undefined) return TEXT.nowhere;
  if (v.board) { const s = v.board.spaces.find((sp) => sp.id === id); if (s) return s.name; }
  if (id === "oasis") return TEXT.types.oasis;
  return id.startsWith("camp") ? TEXT.camp(id.slice(4)) : TEXT.city(id.slice(4));
};
const campName = (i) => spaceName(snap.view.camps[i].space);
/* whether seat is the phone's own (said to in the second person); never on the table */
const own = (seat) => ui.me() !== null && seat === ui.me();

function chip(kind, n, props) {
  /* 2.0: the cube's colour letter ("2×R"); 1998: the card's name ("2× copper") */
  const label = edition() === "1998" ? (n > 1 ? n + "× " : "") + kindName(kind) : (n > 1 ? n + "×" : "") + letter(kind);
  return ui.el("span", Object.assign({ className: "sk-good sk-" + kind, textContent: label, title: kindName(kind) }, props || {}));
}

function goodsRow(goods) {
  const row = ui.el("span", { className: "sk-goods" });
  const kinds = KINDS.filter((k) => goods && goods[k]);
  if (!kinds.length) row.append(ui.el("span", { className: "hint", textContent: TEXT.noGoods }));
  for (const k of kinds) row.append(chip(k, goods[k]));
  return row;
}

function spaceHelp(h) {
  if (!h) return "";
  if (h.type === "camp") {
    if (h.full) return TEXT.spaceHelp.camp((h.cannot_pay ? TEXT.fullUnpaid : TEXT.full)(h.count, h.capacity, h.fee));
    return TEXT.spaceHelp.camp(TEXT.campField(h.count, h.capacity) + (h.no_gift ? " · " + TEXT.noGiftFee(h.no_gift_fee) : ""));
  }
  if (h.type === "oasis") return TEXT.spaceHelp.oasis(TEXT.oasisHelp(h.one, h.four) + (h.penalty ? " · " + TEXT.oasisPenalty(h.penalty) : ""));
  const markets = h.markets.map((m, i) => (i === h.closed ? TEXT.closed(kindName(m)) : kindName(m))).join(" + ");
  return TEXT.spaceHelp.city(TEXT.cityHelp(markets) + " · " + (h.best ? TEXT.bestHelp(goodsText(h.best.goods), h.best.pays) : TEXT.cannotSellHelp(h.cannot_sell)));
}

function recordText(r) {
  const line = TEXT.log[r.kind];
  if (!line || (r.kind === "drawn" && r.camp === undefined && !r.good)) return null;
  const f = Object.assign({}, r, {
    who: r.seat === null || r.seat === undefined ? "" : ui.names()[r.seat],
    where: spaceName(r.space), city: spaceName(r.city),
    camp: r.camp !== undefined && r.camp !== null ? campName(r.camp) : "",
    goods: r.goods ? goodsText(r.goods) : (r.good ? goodsText({ [r.good]: 1 }) : ""),
    took: goodsText(r.took), gave: goodsText(r.gave), shown: goodsText(r.shown),
  });
  return line(f, own(r.seat), r);
}

function statusText(s) {
  const v = s.view;
  if (v.phase === "over") return TEXT.phases.over;      /* the results screen says who won */
  if (v.phase === "draw" || v.phase === "cut") return TEXT.phases[v.phase];
  return own(v.turn) ? TEXT.yourTurn[v.phase] : TEXT.turn(ui.names()[v.turn], TEXT.phases[v.phase]);
}

/* ---------------------------------------------------------- choosing goods */
function counter(goods, key, changed) {
  /* a count per kind held, with − and + (a draft under key, ui.draft): returns
     {node, chosen(), total()}; changed() is called after every step */
  const chosen = ui.draft(key + JSON.stringify(goods));
  const rows = {};
  const paint = () => {
    for (const [k, row] of Object.entries(rows)) {
      const n = chosen[k] || 0;
      row.count.textContent = String(n);
      row.less.disabled = n <= 0;
      row.more.disabled = n >= goods[k];
    }
  };
  const step = (k, by) => {
    chosen[k] = Math.min(goods[k], Math.max(0, (chosen[k] || 0) + by));
    paint();
    changed();
  };
  const node = ui.el("div", { className: "sk-counter" }, ...KINDS.filter((k) => goods[k]).map((k) => {
    const row = {
      count: ui.el("output", { className: "sk-count" }),
      less: ui.button("−", () => step(k, -1), { className: "sk-step", ariaLabel: TEXT.less(kindName(k)) }),
      more: ui.button("+", () => step(k, 1), { className: "sk-step", ariaLabel: TEXT.more(kindName(k)) }),
    };
    rows[k] = row;
    row.count.dataset.count = k;
    for (const b of [row.less, row.more]) b.dataset.kind = k;
    row.more.dataset.more = "1";
    return ui.el("div", { className: "sk-count-row" }, chip(k, goods[k]), row.less, row.count, row.more);
  }));
  paint();
  const picked = () => Object.fromEntries(Object.entries(chosen).filter(([, n]) => n > 0));
  return { node, chosen: picked, total: () => Object.values(picked()).reduce((a, b) => a + b, 0) };
}

/* ---------------------------------------------------------- the phone's controls */
function freeForm(kind, key) {
  /* the space a free-movement player names; what they type is a draft under key */
  const { el, button, decide } = ui;
  const typed = ui.draft(key + "free");
  const field = (node) => {
    if (node.id in typed) node.value = typed[node.id];
    node.addEventListener("input", () => { typed[node.id] = node.value; });
    return node;
  };
  const type = field(el("select", { id: "free-type" }, ...["camp", "oasis", "city"].map((t) => el("option", { value: t, textContent: TEXT.types[t] }))));
  const number = field(el("input", { id: "free-number", type: "number", min: 1, max: 10, value: 1 }));
  const capacity = field(el("input", { id: "free-capacity", type: "number", min: 4, max: 6, placeholder: "4–6" }));
  const one = field(el("input", { id: "free-one", type: "number", value: 5 }));
  const four = field(el("input", { id: "free-four", type: "number", value: 25 }));
  const market = (i) => field(el("select", { id: "free-market-" + i }, el("option", { value: "", textContent: TEXT.freeKnown }),
    ...SYMBOLS.map((m) => el("option", { value: m, textContent: kindName(m) }))));
  const markets = [market(0), market(1)];
  const go = button(TEXT.freeGo, () => {
    const t = type.value;
    const space = { type: t };
    if (t === "camp") { space.number = Number(number.value); if (capacity.value) space.capacity = Number(capacity.value); }
    if (t === "oasis") { space.one = Number(one.value); space.four = Number(four.value); }
    if (t === "city") { space.number = Number(number.value); if (markets.every((m) => m.value)) space.markets = markets.map((m) => m.value); }
    decide(kind, { space });
  }, { id: "free-go" });
  return el("div", { className: "form" }, el("h2", { textContent: TEXT.freeTitle }),
    el("label", {}, TEXT.freeType + " ", type), el("label", {}, TEXT.freeNumber + " ", number),
    el("label", {}, TEXT.freeCapacity + " ", capacity), el("label", {}, TEXT.freeOne + " ", one),
    el("label", {}, TEXT.freeFour + " ", four), el("label", {}, TEXT.freeMarkets + " ", ...markets), go);
}

function moveButtons(ids, spaces, kind) {
  return ui.el("div", { className: "buttons big" }, ...ids.map((id) => {
    const b = ui.button(spaceName(id) + (spaces && spaces[id] ? " — " + spaceHelp(spaces[id]) : ""),
      () => ui.decide(kind || "move", { to: id }));
    b.dataset.move = id;
    return b;
  }));
}

function controls() {
  const { el, button, decide } = ui;
  const v = snap.view, you = v.you, help = you.help || {};
  const box = [];
  const mine = snap.table.to_act.includes(you.seat);
  if (!mine) return box;
  const decision = JSON.stringify([v.turns, v.turn, v.phase]);    // names the drafts
  const h2 = (t) => el("h2", { textContent: t });
  switch (v.phase) {
    case "place":
      box.push(h2(TEXT.placeTitle), el("div", { className: "buttons" }, ...v.board.spaces.map((s) => {
        const b = button(s.name, () => decide("place", { space: s.id }));
        b.dataset.place = s.id;
        return b;
      })));
      break;
    case "move":
      if (help.free) {
        box.push(h2(TEXT.moveTitle), moveButtons(help.free, help.spaces));
        const faces = Object.entries(help.roll || {});
        if (faces.length) {
          box.push(h2(TEXT.rollTitle), el("ul", { className: "sk-reach" }, ...faces.map(([f, ids]) =>
            el("li", { textContent: ui.labelled(TEXT.face(f), ids.map((id) => spaceName(id) + " (" + spaceHelp(help.spaces[id]) + ")").join(" / ")) }))));
        }
      } else {
        box.push(freeForm("move", decision));
      }
      const noRoll = help.free ? !Object.keys(help.roll || {}).length : !help.can_roll;
      box.push(button(TEXT.rollButton(help.roll_cost || 5), () => decide("roll", {}), { id: "roll", disabled: noRoll }));
      if (noRoll) box.push(el("p", { id: "no-roll", className: "hint", textContent: TEXT.noMoney(help.roll_cost || 5, you.money) }));
      break;
    case "steer":
      box.push(h2(TEXT.steerTitle(help.die)));
      box.push(help.reach ? moveButtons(help.reach, help.spaces) : freeForm("move", decision));
      break;
    case "gift":
      box.push(h2(TEXT.giftTitle), el("div", { className: "buttons" }, ...(help.gift || []).map((k) => {
        const b = button("", () => decide("gift", { good: k }), { className: "sk-good-button sk-" + k, title: kindName(k) });
        b.append(fullName(k));
        b.dataset.gift = k;
        return b;
      })));
      break;
    case "trade": {
      box.push(h2(TEXT.tradeTitle));
      /* an uneven trade is flagged, and cannot be sent, before the engine would refuse it */
      const flag = el("p", { id: "trade-uneven", className: "sk-flag" });
      const go = button(TEXT.tradeGo, () => decide("trade", { take: take.chosen(), give: give.chosen() }), { id: "trade-go" });
      const check = () => {
        const t = take.total(), g = give.total();
        flag.hidden = t === g;
        flag.textContent = t === g ? "" : TEXT.uneven(t, g);
        go.disabled = !help.can_trade || !t || t !== g;
      };
      const take = counter(help.field || {}, decision + "take", check), give = counter(you.goods, decision + "give", check);
      take.node.id = "trade-take"; give.node.id = "trade-give";
      check();
      box.push(el("p", { textContent: TEXT.take }), take.node, el("p", { textContent: TEXT.give }), give.node, flag, go);
      if (help.extra_move) {
        box.push(el("p", { textContent: TEXT.moveOn }), help.exits ? moveButtons(help.exits, help.spaces) : freeForm("move", decision));
      } else if (v.arrived === "roll") {
        box.push(el("p", { className: "hint", textContent: TEXT.noMoveOn }));
      }
      box.push(button(TEXT.done, () => decide("done", {}), { id: "done" }));
      break;
    }
    case "oasis":
      box.push(h2(TEXT.oasisTitle), el("div", { className: "buttons big" },
        ...[[1, help.one], [4, help.four]].map(([n, cost]) => {
          const b = button(TEXT.buy(n, cost), () => decide("buy", { count: n }), { disabled: you.money < cost });
          b.dataset.buy = n;
          return b;
        })));
      break;
    case "lose": case "cut": {
      const n = v.phase === "lose" ? help.lose : help.cut;
      const told = el("p", { id: "chosen-count", className: "hint" });
      const go = button(TEXT.giveBack, () => decide(v.phase, { goods: pick.chosen() }), { id: "give-back" });
      const check = () => { told.textContent = TEXT.chosenOf(pick.total(), n); go.disabled = pick.total() !== n; };
      const pick = counter(you.goods, decision, check);
      check();
      box.push(h2(v.phase === "lose" ? TEXT.loseTitle(n) : TEXT.cutTitle(n)), pick.node, told, go);
      break;
    }
    case "sell": {
      box.push(h2(TEXT.sellTitle));
      /* 1998 with both chips on the board: the chip to move is part of each sale */
      const chips = help.chip_needed ? help.chips : [];
      const best = help.best, sales = [];
      (help.sales || []).forEach((s, i) => {
        const isBest = best && s.market === best.market && s.count === best.count && s.pays === best.pays;
        for (const lift of chips.length && !chips.includes(s.symbol) ? chips : [null]) {
          const label = TEXT.sale(goodsText(s.goods), s.pays) + (s.covered ? " (" + TEXT.covered + ")" : "")
            + (lift ? " · " + TEXT.chipMove(kindName(lift), kindName(s.symbol)) : "") + (isBest ? " ★ " + TEXT.best : "");
          const b = button(label, () => {
            const data = { market: s.market };
            if (s.symbol === "wild") data.kinds = Object.keys(s.goods); else data.count = s.count;
            if (lift) data.chip = lift;
            decide("sell", data);
          }, { className: isBest ? "chosen" : "" });
          b.dataset.sale = String(i);
          if (lift) b.dataset.chip = lift;
          if (isBest) b.dataset.best = "1";
          sales.push(b);
        }
      });
      box.push(el("div", { className: "buttons big" }, ...sales));
      break;
    }
    default:
      break;
  }
  return box;
}

/* ---------------------------------------------------------- the board as SVG */
const NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, val] of Object.entries(attrs || {})) node.setAttribute(k, val);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}
const W = 170, H = 130, PAD = 14;
const FIGURE = 18, MARKET = 36;      /* a figure's radius, a market's square: seen from across a table */

function boardSvg() {
  const v = snap.view, board = v.board;
  const root = svg("svg", { viewBox: "0 0 " + (5 * W) + " " + (4 * H), class: "sk-board", role: "img",
                          "aria-label": _("The board: {n} spaces, the arrows between them and the figures on them", { n: board.spaces.length }) });
  root.append(svg("defs", {}, svg("marker", { id: "sk-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
    svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#b5461f" }))));
  const centre = {};
  for (const s of board.spaces) centre[s.id] = [s.at[0] * W + W / 2, s.at[1] * H + H / 2];
  const arrows = [];
  const hw = W / 2 - PAD + 2, hh = H / 2 - PAD + 2;      /* to the spaces' borders */
  for (const s of board.spaces) {
    for (const to of s.exits) {
      const [x1, y1] = centre[s.id], [x2, y2] = centre[to];
      const dx = x2 - x1, dy = y2 - y1;
      const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
      arrows.push(svg("line", { x1: x1 + dx * t, y1: y1 + dy * t, x2: x2 - dx * t * 1.08, y2: y2 - dy * t * 1.08,
        stroke: "#b5461f", "stroke-width": 3, "marker-end": "url(#sk-arrow)", "data-arrow": s.id + ">" + to }));
    }
  }
  const camps = Object.fromEntries(v.camps.map((c) => [c.space, c]));
  const chips = (v.chips || []).filter((c) => c);
  for (const s of board.spaces) {
    const x = s.at[0] * W + PAD, y = s.at[1] * H + PAD, w = W - 2 * PAD, h = H - 2 * PAD;
    const fill = { camp: "#f3e4c4", oasis: "#cfe8d8", city: "#f0d0c0" }[s.type];
    const g = svg("g", { "data-space": s.id });
    g.append(svg("rect", { x, y, width: w, height: h, rx: 12, fill, stroke: v.here && v.here.space === s.id ? "#b5461f" : "#8a7a60", "stroke-width": v.here && v.here.space === s.id ? 4 : 1.5 }));
    g.append(svg("text", { x: x + 8, y: y + 18, "font-size": 15, "font-weight": 700, fill: "#1d1a16" }, s.name));
    if (s.type === "camp") {
      const c = camps[s.id];
      g.append(svg("text", { x: x + w - 8, y: y + 18, "font-size": 13, "text-anchor": "end", fill: "#555" }, c.count + "/" + s.capacity));
      let i = 0;
      for (const k of KINDS) for (let n = 0; n < (c.field[k] || 0); n++, i++) g.append(goodSquare(k, x + 8 + (i % 6) * 22, y + 28 + Math.floor(i / 6) * 22));
    } else if (s.type === "oasis") {
      g.append(svg("text", { x: x + 8, y: y + 40, "font-size": 13, fill: "#333" }, TEXT.oasisHelp(s.one, s.four)));
    } else {
      s.markets.forEach((m, i) => {
        const mx = x + 8 + i * 62, my = y + 26, size = MARKET;
        const cell = svg("g", { "data-market": s.id + ":" + i });
        const closed = v.token && v.token[0] === s.id && v.token[1] === i;
        cell.append(goodSquare(m, mx, my, size));
        if (chips.includes(m)) cell.append(svg("rect", { x: mx - 4, y: my - 4, width: size + 8, height: size + 8, rx: 7, fill: "#9fd3ff", "fill-opacity": 0.55, stroke: "#1b4f9c", "stroke-width": 3, "data-chip": m }));
        if (closed) {     /* a white no-entry sign ringed in red: plain on any market's colour */
          const cx = mx + size / 2, cy = my + size / 2, r = size / 2 + 3;
          cell.append(svg("g", { "data-token": s.id + ":" + i },
            svg("circle", { cx, cy, r, fill: "#ffffff", stroke: "#ff3b30", "stroke-width": 5 }),
            svg("rect", { x: cx - r * 0.62, y: cy - 4, width: r * 1.24, height: 8, fill: "#ff3b30" })));
        }
        g.append(cell);
      });
    }
    const here = v.players.filter((p) => p.position === s.id);
    const step = Math.min(2 * FIGURE + 4, (w - 2 * FIGURE - 4) / Math.max(here.length - 1, 1));   /* 5 overlap a little */
    here.forEach((p, i) => {
      const fx = x + FIGURE + 2 + i * step, fy = y + h - FIGURE - 2, turn = p.seat === v.turn && v.phase !== "over";
      g.append(svg("circle", { cx: fx, cy: fy, r: FIGURE, fill: SEAT_COLOURS[p.seat], stroke: turn ? "#000" : "#fff", "stroke-width": turn ? 4 : 2.5, "data-figure": p.seat }));
      g.append(svg("text", { x: fx, y: fy + 8, "font-size": 22, "text-anchor": "middle", fill: "#fff", "font-weight": 800 }, String(p.seat + 1)));
    });
    root.append(g);
  }
  root.append(...arrows);
  return root;
}

function goodSquare(kind, x, y, size) {
  /* a good in its colour with its letter (2.0) or its card's short name (1998), as on the phones */
  const s = size || 20, text = letter(kind);
  return svg("g", { "data-good": kind },
    svg("rect", { x, y, width: s, height: s, rx: 3, fill: kind === "wild" ? "#ffffff" : COLOURS[kind], stroke: "#333", "stroke-width": 1 }),
    svg("text", { x: x + s / 2, y: y + s * 0.7, "font-size": s * (text.length > 1 ? 0.5 : 0.62), "text-anchor": "middle", "font-weight": 800,
                  fill: ["white", "yellow", "wild"].includes(kind) ? "#222" : "#fff" }, text));
}

function freeBoard() {
  const v = snap.view, el = ui.el;
  const rows = v.camps.map((c) => el("li", {}, ui.labelled(spaceName(c.space) + " (" + (c.capacity || TEXT.unknown) + ")", ""), goodsRow(c.field)));
  const cities = Object.entries(v.cities).map(([id, m]) => el("li", { textContent: ui.labelled(spaceName(id), m.map(kindName).join(" + ")) }));
  return el("div", {}, el("p", { textContent: TEXT.freeBoard }), el("ul", { className: "sk-camps" }, ...rows, ...cities));
}

/* ---------------------------------------------------------- shared sections */
function markersText() {
  /* where 1998's chips or 2.0's closed-market token are now */
  const v = snap.view;
  if (v.edition === "1998") {
    const chips = (v.chips || []).filter((c) => c);
    return chips.length ? TEXT.chips(chips.map(kindName).join(", ")) : TEXT.chipsNone;
  }
  return v.token ? TEXT.token(spaceName(v.token[0]), MARKETS[v.cities[v.token[0]][v.token[1]]]) : TEXT.tokenNone;
}

function renderMarkers() {
  const v = snap.view;
  $("markers").textContent = markersText();
  $("markers").dataset.markers = JSON.stringify(v.edition === "1998" ? v.chips : v.token);
  $("supply").textContent = v.edition === "1998" ? TEXT.deck(v.supply) : TEXT.bag(v.supply);
}

function renderLog() {
  const items = snap.view.records.slice(-14).reverse().map(recordText).filter(Boolean);
  ui.swap($("log"), ...items.map((t) => ui.el("li", { textContent: t })));
}

function renderProof() {
  const p = snap.view.proof, box = $("proof");
  box.hidden = !p;
  if (p) ui.swap(box, ui.el("strong", { textContent: TEXT.proof(ui.names()[p.seat], goodsText(p.shown), p.paid, own(p.seat)) }), goodsRow(p.shown));
}

/* The players' table; its money column only where this page knows someone's money (a
   phone its own): on the table screen it would say "secret" five times, in room the names
   need. */
function renderPlayers() {
  const { el } = ui, v = snap.view;
  const money = v.players.some((p) => p.money !== undefined);
  const head = el("tr", {}, ...TEXT.players.filter((h, i) => money || i !== 1).map((h) => el("th", { textContent: h })));
  const rows = v.players.map((p) => el("tr", { className: p.seat === v.turn && v.phase !== "over" ? "sk-turn" : "" },
    el("td", {}, el("span", { className: "sk-dot sk-seat" + p.seat, textContent: String(p.seat + 1) }), " " + ui.called(p.seat)),
    money ? el("td", { textContent: p.money === undefined ? TEXT.hidden : String(p.money), className: "sk-money" }) : null,
    el("td", {}, p.goods ? goodsRow(p.goods) : String(p.goods_count)),
    el("td", { textContent: p.eliminated ? TEXT.eliminated : spaceName(p.position) })));
  ui.swap($("players"), el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function renderTable() {
  const v = snap.view;
  ui.swap($("board"), v.board ? boardSvg() : freeBoard());
  renderMarkers();
  renderPlayers();
  renderProof();
  renderLog();
}

/* ---------------------------------------------------------- pages */
const render = {
  player(s) {
    const { el } = ui;
    const v = snap.view, you = v.you, me = v.players[you.seat];
    ui.swap($("me"),
      el("h1", { textContent: me.name }),
      el("p", { className: "secret", textContent: TEXT.piasters(you.money) }),
      el("p", { textContent: me.eliminated ? TEXT.eliminated : me.position === null ? TEXT.nowhere : TEXT.at(spaceName(me.position)) }));
    ui.swap($("goods"), goodsRow(you.goods));
    const box = controls();
    $("controls-box").hidden = !box.length;
    ui.swap($("controls"), ...box);
    renderMarkers();
    renderProof();
    renderLog();
  },
  table(s) { renderTable(); },
  host(s) {
    renderTable();
    $("sk-physical-help").hidden = snap.table.mode !== "physical";   // the host enters draws only then
  },
};

/* ---------------------------------------------------------- the host's board file */
/* The rule option "board" is a whole file: the host console's forms (the lobby's, a new
   game's) give it a multi-line field, a file to load into it, and a JSON mistake shown
   at its line (the line selected in the field) before the form is sent. */
function boardField(input) {
  const el = ui.el;
  const area = el("textarea", { name: input.name, rows: 12, spellcheck: false, value: input.value, className: "sk-board-file" });
  area.dataset.kind = input.dataset.kind;
  const mistake = el("p", { className: "sk-flag", hidden: true });
  const check = () => {
    const text = area.value;
    let at = null;
    if (text.trimStart().startsWith("{")) {
      try { JSON.parse(text); } catch (e) {
        const found = /line (\d+) column (\d+)/.exec(e.message), position = /position (\d+)/.exec(e.message);
        const offset = position ? Number(position[1]) : text.length;
        const before = text.slice(0, offset).split("\n");
        at = found ? { line: Number(found[1]), column: Number(found[2]) } : { line: before.length, column: before[before.length - 1].length + 1 };
      }
    }
    mistake.hidden = !at;
    mistake.textContent = at ? _("The board file is not valid JSON: line {line}, column {column}", at) : "";
    if (at) {
      const lines = text.split("\n"), start = lines.slice(0, at.line - 1).join("\n").length + (at.line > 1 ? 1 : 0);
      area.setSelectionRange(start, start + (lines[at.line - 1] || "").length);
    }
  };
  const file = el("input", { type: "file", accept: ".json,.toml,application/json,application/toml,text/plain", className: "sk-board-upload",
                             ariaLabel: _("Load a board file") });
  file.addEventListener("change", () => {
    if (file.files.length) file.files[0].text().then((text) => { area.value = text; check(); });
  });
  area.addEventListener("change", check);
  input.replaceWith(area);
  area.after(el("span", { className: "hint" }, _("Load a board file") + " ", file), mistake);
}

if (["host", "lobby_host"].includes(document.body.dataset.page)) {
  const upgrade = () => document.querySelectorAll('[name="rules.board"]:not(.sk-board-file)').forEach(boardField);
  new MutationObserver(upgrade).observe(document.body, { childList: true, subtree: true });
}

/* ---------------------------------------------------------- the results and the glance */
function breakdown(score, seat) {
  const b = score.breakdown, p = b.players[seat], a = TEXT.accounts;
  const lines = [a.start(p.start), a.sales(p.sold, p.sales)];
  for (const paid of ["rolls", "oases", "camps", "penalties"]) if (p[paid]) lines.push(a[paid](p[paid]));
  if (p.eliminated) lines.push(a.out);
  else if (b.winner === seat) lines.push(p.money >= b.target ? a.target(b.target) : a.last);
  return lines;
}

function tieBreaks(score) {
  /* equal money: the winner (first to the target) and the players still in are placed
     above; the others share their place */
  const b = score.breakdown, said = [];
  const bySum = {};
  for (const r of score.standings) (bySum[r.score] = bySum[r.score] || []).push(r);
  for (const rows of Object.values(bySum).filter((rs) => rs.length > 1)) {
    const names = (rs) => ui.listed(rs.map((r) => ui.called(r.seat)));
    const places = [...new Set(rows.map((r) => r.place))];
    for (const place of places) {
      const at = rows.filter((r) => r.place === place), below = rows.filter((r) => r.place > place);
      if (at.length > 1) said.push(TEXT.shared(names(at), ui.ordinal(place), at[0].score));
      else if (below.length) {
        said.push(b.winner === at[0].seat ? TEXT.winsTie(ui.called(at[0].seat), b.target)
          : TEXT.aheadOut(ui.called(at[0].seat), names(below)));
      }
    }
  }
  return said;
}

function glance() {
  const { el } = ui, v = snap.view, g = TEXT.glance;
  const counts = [2, 3, 4, 5, 6, 7];
  const head = el("tr", {}, el("th", { textContent: g.count }), ...counts.map((n) => el("th", { textContent: String(n) })));
  const rows = SYMBOLS.map((k) => el("tr", {}, el("th", {}, el("span", { className: "sk-good sk-" + k, textContent: fullName(k) })),
    ...counts.map((n) => el("td", { textContent: v.prices[k][n] === undefined ? "" : String(v.prices[k][n]) }))));
  const rule = v.edition === "1998" ? g.chips + " " + (v.rules.covered_two === "half" ? g.coveredHalf : g.coveredNone) : g.token;
  const c = v.costs;
  /* the price table beside the words on a wide screen; a box that scrolls in itself on
     the table screen, so that opening it never pushes the board off the screen (a box
     that scrolls takes the keyboard's focus, for those who scroll with it) */
  return [el("div", { className: "sk-glance scroll-box", tabIndex: 0 },
    el("table", { className: "sk-glance-prices" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("p", { textContent: g.prices }),
    el("p", { className: "sk-glance-markers" }, rule + " ", el("strong", { textContent: g.now(markersText()) })),
    el("p", { textContent: g.costs(c.roll, c.full_camp, c.no_gift, c.cannot_sell) + " " + g.target(v.rules.target) }))];
}

register({ render, statusText, points: TEXT.piasters, breakdown, tieBreaks, glance, cardLabel });
