/* Samarkand's pages, on the shell (web/static/shell.js): a phone's secret goods, money and
   the move choices with the companion's help (each space's meaning, the best sale); the
   table screen's board drawn as SVG from the board file (spaces, arrows, figures, camp
   fields, the chips or the token), the bag's or deck's count, money where public, the
   penalty moments and the winner. Every player-facing word is in TEXT below, so a
   translation finds them in one place. */
"use strict";

(() => {
  /* ---------------------------------------------------------- every player-facing string */
  const TEXT = {
    kinds20: { yellow: "yellow", green: "green", red: "red", blue: "blue", white: "white", black: "black", wild: "wild" },
    kinds1998: { yellow: "grain", green: "fruit", red: "copper", blue: "carpets", white: "camels", black: "jewels", wild: "assortment" },
    letters: { yellow: "Y", green: "G", red: "R", blue: "B", white: "W", black: "K", wild: "★" },
    types: { camp: "camp", oasis: "oasis", city: "city" },
    piasters: (n) => n + " piasters",
    nowhere: "not placed yet",
    at: (name) => "at " + name,
    noGoods: "no goods",
    bag: (n) => n + " cubes in the bag",
    deck: (n) => n + " cards in the deck",
    turn: (name) => name + "'s turn",
    phases: {
      draw: "Drawing goods…", place: "placing their figure", move: "to move", roll: "rolling the die…",
      steer: "choosing where the die takes them", gift: "giving a greeting gift",
      trade: "trading at the camp", oasis: "buying at the oasis", lose: "choosing the goods lost",
      sell: "selling at the city", cut: "Everyone over 12 goods cuts to 12", over: "The game is over",
    },
    youAct: "Your move",
    placeTitle: "Place your figure on any space",
    moveTitle: "Move one space free",
    rollButton: (cost) => "Roll the die for " + cost,
    rollTitle: "Or roll: where each face would take you",
    face: (f) => (f === "back" ? "⟲ back" : f),
    steerTitle: (f) => "The die shows " + (f === "back" ? "the backwards arrow" : f) + ": choose where to go",
    freeTitle: "Say which space you landed on",
    freeType: "Space", freeNumber: "Number", freeCapacity: "Value (4, 5 or 6)",
    freeOne: "Price of 1", freeFour: "Price of 4", freeMarkets: "Markets (e.g. red, wild)",
    freeGo: "I landed here",
    giftTitle: "Give a greeting gift",
    tradeTitle: "Trade 1 for 1 with the camp",
    take: "Take from the camp:", give: "Give from your goods:",
    tradeGo: "Trade", done: "Done: end my turn",
    moveOn: "Instead of trading, move on to:",
    noMoveOn: "You arrived by the die: no extra move (you may trade)",
    oasisTitle: "Buy goods (drawn blind, seen by you alone)",
    buy: (n, cost) => "Buy " + n + " for " + cost,
    loseTitle: (n) => "You cannot pay: choose " + n + " goods to give back",
    loseGo: "Give these back",
    cutTitle: (n) => "The goods ran out: give back " + n + " to keep 12",
    cutGo: "Give these back",
    sellTitle: "Sell at the city (you must sell if you can)",
    sale: (s) => "Sell " + s + "",
    pays: (n) => "pays " + n,
    best: "the companion's advice: best sale",
    covered: "covered: one price level lower",
    chipTitle: "Both chips are on the board: which one moves?",
    chipOff: (sym) => "lift the chip off " + sym,
    closed: "closed",
    full: (n, cap) => "full " + n + "/" + cap + ": pay 10, take all",
    campField: (n, cap) => n + "/" + cap + ": gift, then trade",
    noGiftFee: "no gift: pay 20",
    oasisHelp: (one, four) => "1 for " + one + " · 4 for " + four,
    oasisPenalty: "cannot pay: lose 3 goods",
    cityHelp: (markets) => "buys " + markets,
    bestHelp: (goods, pays) => "best now: " + goods + " for " + pays,
    cannotSellHelp: "cannot sell: show goods, pay 20",
    proof: (name, goods, paid) => name + " cannot sell: shows " + goods + " and pays " + paid,
    winner: (name, money) => "Winner: " + name + " with " + money + " piasters",
    eliminated: "out of the game",
    players: ["player", "money", "goods", "where"],
    hidden: "secret",
    chips: "Chips on: ",
    chipsNone: "no chip on the board yet",
    token: (city, market) => "Closed market: " + city + "'s " + market,
    tokenNone: "the closed-market token is not on the board yet",
    freeBoard: "Free movement: no board entered. Camps and cities as told:",
    unknown: "?",
    seat: (n) => "Seat " + n,
    log: {
      placed: (w, r) => w + " starts at " + r.where,
      rolled: (w, r) => w + " pays " + r.paid + " and rolls",
      die: (w, r) => "The die shows " + (r.face === "back" ? "the backwards arrow" : r.face),
      moved: (w, r) => w + ({ free: " moves to ", roll: " lands on ", extra: " moves on to " })[r.by] + r.where,
      gift: (w, r) => w + " gives " + r.goodsText + " to " + r.campName,
      no_gift: (w, r) => w + " has no gift: pays " + r.paid + ", one is drawn for " + r.campName,
      trade: (w, r) => w + " trades " + r.gaveText + " for " + r.tookText,
      full_camp: (w, r) => w + " pays " + r.paid + " for the full " + r.campName + ": " + r.tookText,
      drawn: (w, r) => (r.good ? r.goodsText : "a good") + " drawn " + (r.camp !== undefined ? "for " + r.campName : "by " + w),
      bought: (w, r) => w + " buys " + r.count + " for " + r.paid,
      oasis_penalty: (w, r) => w + " cannot pay the oasis: loses " + r.lose + " goods",
      lost: (w, r) => w + " gives back " + (r.goodsText || "goods"),
      sold: (w, r) => w + " sells " + r.goodsText + " for " + r.pays + (r.covered ? " (covered)" : ""),
      cannot_sell: (w, r) => w + " cannot sell: shows " + r.shownText + ", pays " + r.paid,
      eliminated: (w) => w + " is out of the game",
      ran_out: () => "The goods ran out: everyone cuts to 12",
      cut: (w, r) => w + " gives back " + r.count + " goods",
      nothing_to_draw: () => "Nothing left to draw",
      won: (w, r) => w + " reaches " + r.money + " and wins!",
    },
  };
  const KINDS = ["yellow", "green", "red", "blue", "white", "black"];
  const COLOURS = { yellow: "#e6bf1e", green: "#3f9b45", red: "#c8372d", blue: "#2f5fb3", white: "#f6f2e6", black: "#232323" };
  const SEAT_COLOURS = ["#b5461f", "#2f6b5a", "#6a3fa0", "#c07a00", "#1b6fa8"];

  let ui = null;
  let snap = null;
  const $ = (id) => ui.$(id);

  /* ---------------------------------------------------------- words and goods */
  const kindName = (k) => (snap.view.edition === "1998" ? TEXT.kinds1998 : TEXT.kinds20)[k] || k;
  const goodsText = (goods) => {
    const parts = KINDS.filter((k) => goods && goods[k]).map((k) => goods[k] + " " + kindName(k));
    return parts.length ? parts.join(", ") : TEXT.noGoods;
  };
  const spaceName = (id) => {
    const v = snap.view;
    if (id === null || id === undefined) return TEXT.nowhere;
    if (v.board) { const s = v.board.spaces.find((sp) => sp.id === id); if (s) return s.name; }
    return id.replace(/^camp/, TEXT.types.camp + " ").replace(/^city/, TEXT.types.city + " ");
  };
  const campName = (i) => spaceName(snap.view.camps[i].space);

  function chip(kind, n, props) {
    const label = (n > 1 ? n + "×" : "") + TEXT.letters[kind];
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
    if (h.type === "camp") return h.full ? TEXT.full(h.count, h.capacity) : TEXT.campField(h.count, h.capacity) + (h.no_gift_fee ? " · " + TEXT.noGiftFee : "");
    if (h.type === "oasis") return TEXT.oasisHelp(h.one, h.four) + (h.penalty ? " · " + TEXT.oasisPenalty : "");
    const markets = h.markets.map((m, i) => kindName(m) + (i === h.closed ? " (" + TEXT.closed + ")" : "")).join(" + ");
    return TEXT.cityHelp(markets) + " · " + (h.best ? TEXT.bestHelp(goodsText(h.best.goods), h.best.pays) : TEXT.cannotSellHelp);
  }

  function recordText(r) {
    const names = ui.names();
    const who = r.seat === null || r.seat === undefined ? "" : names[r.seat];
    const line = TEXT.log[r.kind];
    if (!line) return null;
    const facts = Object.assign({}, r, {
      where: spaceName(r.space),
      campName: r.camp !== undefined && r.camp !== null ? campName(r.camp) : "",
      goodsText: r.goods ? goodsText(r.goods) : (r.good ? goodsText({ [r.good]: 1 }) : ""),
      tookText: goodsText(r.took), gaveText: goodsText(r.gave), shownText: goodsText(r.shown),
    });
    if (r.kind === "drawn" && r.camp === undefined && !r.good) return null;
    return line(who, facts);
  }

  function statusText(s) {
    const v = s.view;
    if (v.phase === "over") return v.winner !== null ? TEXT.winner(ui.names()[v.winner], v.players[v.winner].money) : TEXT.phases.over;
    if (v.phase === "draw" || v.phase === "cut") return TEXT.phases[v.phase];
    return TEXT.turn(ui.names()[v.turn]) + ": " + TEXT.phases[v.phase];
  }

  /* ---------------------------------------------------------- choosing goods */
  function picker(goods, onChange) {
    /* toggle buttons, one per good held: returns {node, chosen()} */
    const chosen = {};
    const node = ui.el("div", { className: "buttons sk-picker" });
    for (const k of KINDS) {
      for (let i = 0; i < (goods[k] || 0); i++) {
        const b = ui.button(TEXT.letters[k], () => {
          b.classList.toggle("chosen");
          chosen[k] = (chosen[k] || 0) + (b.classList.contains("chosen") ? 1 : -1);
          if (onChange) onChange();
        }, { className: "sk-good-button sk-" + k, title: kindName(k) });
        b.dataset.kind = k;
        node.append(b);
      }
    }
    return { node, chosen: () => Object.fromEntries(Object.entries(chosen).filter(([, n]) => n > 0)) };
  }
  const count = (goods) => Object.values(goods).reduce((a, b) => a + b, 0);

  /* ---------------------------------------------------------- the phone's controls */
  function freeForm(kind) {
    const { el, button, decide } = ui;
    const type = el("select", { id: "free-type" }, ...["camp", "oasis", "city"].map((t) => el("option", { value: t, textContent: TEXT.types[t] })));
    const number = el("input", { id: "free-number", type: "number", min: 1, max: 10, value: 1 });
    const capacity = el("input", { id: "free-capacity", type: "number", min: 4, max: 6, placeholder: "4–6" });
    const one = el("input", { id: "free-one", type: "number", value: 5 });
    const four = el("input", { id: "free-four", type: "number", value: 25 });
    const markets = el("input", { id: "free-markets", placeholder: "red, wild" });
    const go = button(TEXT.freeGo, () => {
      const t = type.value;
      const space = { type: t };
      if (t === "camp") { space.number = Number(number.value); if (capacity.value) space.capacity = Number(capacity.value); }
      if (t === "oasis") { space.one = Number(one.value); space.four = Number(four.value); }
      if (t === "city") { space.number = Number(number.value); if (markets.value.trim()) space.markets = markets.value.split(",").map((m) => m.trim()); }
      decide(kind, { space });
    }, { id: "free-go" });
    return el("div", { className: "form" }, el("h2", { textContent: TEXT.freeTitle }),
      el("label", {}, TEXT.freeType + " ", type), el("label", {}, TEXT.freeNumber + " ", number),
      el("label", {}, TEXT.freeCapacity + " ", capacity), el("label", {}, TEXT.freeOne + " ", one),
      el("label", {}, TEXT.freeFour + " ", four), el("label", {}, TEXT.freeMarkets + " ", markets), go);
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
              el("li", { textContent: TEXT.face(f) + ": " + ids.map((id) => spaceName(id) + " (" + spaceHelp(help.spaces[id]) + ")").join(" / ") }))));
          }
        } else {
          box.push(freeForm("move"));
        }
        box.push(button(TEXT.rollButton(help.roll_cost || 5), () => decide("roll", {}), { id: "roll", disabled: help.free ? !Object.keys(help.roll || {}).length : !help.can_roll }));
        break;
      case "steer":
        box.push(h2(TEXT.steerTitle(help.die)));
        box.push(help.reach ? moveButtons(help.reach, help.spaces) : freeForm("move"));
        break;
      case "gift":
        box.push(h2(TEXT.giftTitle), el("div", { className: "buttons" }, ...(help.gift || []).map((k) => {
          const b = button("", () => decide("gift", { good: k }), { className: "sk-good-button sk-" + k, title: kindName(k) });
          b.append(TEXT.letters[k] + " " + kindName(k));
          b.dataset.gift = k;
          return b;
        })));
        break;
      case "trade": {
        box.push(h2(TEXT.tradeTitle));
        const take = picker(help.field || {}), give = picker(you.goods);
        take.node.id = "trade-take"; give.node.id = "trade-give";
        box.push(el("p", { textContent: TEXT.take }), take.node, el("p", { textContent: TEXT.give }), give.node,
          button(TEXT.tradeGo, () => decide("trade", { take: take.chosen(), give: give.chosen() }), { id: "trade-go", disabled: !help.can_trade }));
        if (help.extra_move) {
          box.push(el("p", { textContent: TEXT.moveOn }), help.exits ? moveButtons(help.exits, help.spaces) : freeForm("move"));
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
        const pick = picker(you.goods);
        box.push(h2(v.phase === "lose" ? TEXT.loseTitle(n) : TEXT.cutTitle(n)), pick.node,
          button(v.phase === "lose" ? TEXT.loseGo : TEXT.cutGo, () => decide(v.phase, { goods: pick.chosen() }), { id: "give-back" }));
        break;
      }
      case "sell": {
        box.push(h2(TEXT.sellTitle));
        const chips = help.chips || [];
        let lift = null;
        if (help.chip_needed) {
          box.push(el("p", { textContent: TEXT.chipTitle }), el("div", { className: "buttons" }, ...chips.map((c) => {
            const b = button(TEXT.chipOff(kindName(c)), () => {
              lift = c;
              for (const other of b.parentNode.children) other.classList.toggle("chosen", other === b);
            });
            b.dataset.chip = c;
            return b;
          })));
        }
        const best = help.best;
        box.push(el("div", { className: "buttons big" }, ...(help.sales || []).map((s, i) => {
          const isBest = best && s.market === best.market && s.count === best.count && s.pays === best.pays;
          const label = TEXT.sale(goodsText(s.goods)) + " — " + TEXT.pays(s.pays) + (s.covered ? " (" + TEXT.covered + ")" : "") + (isBest ? " ★ " + TEXT.best : "");
          const b = button(label, () => {
            const data = { market: s.market };
            if (s.symbol === "wild") data.kinds = Object.keys(s.goods); else data.count = s.count;
            if (help.chip_needed && !chips.includes(s.symbol)) data.chip = lift;
            decide("sell", data);
          }, { className: isBest ? "chosen" : "" });
          b.dataset.sale = String(i);
          if (isBest) b.dataset.best = "1";
          return b;
        })));
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

  function boardSvg() {
    const v = snap.view, board = v.board;
    const root = svg("svg", { viewBox: "0 0 " + (5 * W) + " " + (4 * H), class: "sk-board", role: "img" });
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
          const mx = x + 8 + i * 60, my = y + 28;
          const cell = svg("g", { "data-market": s.id + ":" + i });
          cell.append(goodSquare(m, mx, my, 26));
          if (chips.includes(m)) cell.append(svg("rect", { x: mx - 3, y: my - 3, width: 32, height: 32, rx: 6, fill: "#9fd3ff", "fill-opacity": 0.55, stroke: "#2f5fb3", "data-chip": m }));
          if (v.token && v.token[0] === s.id && v.token[1] === i) {
            cell.append(svg("line", { x1: mx - 2, y1: my - 2, x2: mx + 28, y2: my + 28, stroke: "#111", "stroke-width": 4, "data-token": s.id + ":" + i }));
            cell.append(svg("line", { x1: mx + 28, y1: my - 2, x2: mx - 2, y2: my + 28, stroke: "#111", "stroke-width": 4 }));
          }
          g.append(cell);
        });
      }
      v.players.filter((p) => p.position === s.id).forEach((p, i) => {
        const fx = x + 14 + i * 26, fy = y + h - 14;
        g.append(svg("circle", { cx: fx, cy: fy, r: 11, fill: SEAT_COLOURS[p.seat], stroke: p.seat === v.turn ? "#000" : "#fff", "stroke-width": 2.5, "data-figure": p.seat }));
        g.append(svg("text", { x: fx, y: fy + 4, "font-size": 11, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, String(p.seat + 1)));
      });
      root.append(g);
    }
    root.append(...arrows);
    return root;
  }

  function goodSquare(kind, x, y, size) {
    const s = size || 18;
    const g = svg("g", {});
    const fill = kind === "wild" ? "url(#none)" : COLOURS[kind];
    g.append(svg("rect", { x, y, width: s, height: s, rx: 3, fill: kind === "wild" ? "#ffffff" : fill, stroke: "#333", "stroke-width": 1 }));
    g.append(svg("text", { x: x + s / 2, y: y + s / 2 + 4, "font-size": s * 0.6, "text-anchor": "middle", "font-weight": 700, fill: ["white", "yellow", "wild"].includes(kind) ? "#222" : "#fff" }, TEXT.letters[kind]));
    return g;
  }

  function freeBoard() {
    const v = snap.view, el = ui.el;
    const rows = v.camps.map((c) => el("li", {}, spaceName(c.space) + " (" + (c.capacity || TEXT.unknown) + "): ", goodsRow(c.field)));
    const cities = Object.entries(v.cities).map(([id, m]) => el("li", { textContent: spaceName(id) + ": " + m.map(kindName).join(" + ") }));
    return el("div", {}, el("p", { textContent: TEXT.freeBoard }), el("ul", { className: "sk-camps" }, ...rows, ...cities));
  }

  /* ---------------------------------------------------------- shared sections */
  function renderMarkers() {
    const v = snap.view;
    if (v.edition === "1998") {
      const chips = (v.chips || []).filter((c) => c);
      $("markers").textContent = chips.length ? TEXT.chips + chips.map(kindName).join(", ") : TEXT.chipsNone;
    } else {
      $("markers").textContent = v.token ? TEXT.token(spaceName(v.token[0]), kindName(v.cities[v.token[0]][v.token[1]])) : TEXT.tokenNone;
    }
    $("markers").dataset.markers = JSON.stringify(v.edition === "1998" ? v.chips : v.token);
    $("supply").textContent = v.edition === "1998" ? TEXT.deck(v.supply) : TEXT.bag(v.supply);
  }

  function renderLog() {
    const items = snap.view.records.slice(-14).reverse().map(recordText).filter(Boolean);
    $("log").replaceChildren(...items.map((t) => ui.el("li", { textContent: t })));
  }

  function renderProof() {
    const p = snap.view.proof, box = $("proof");
    box.hidden = !p;
    if (p) box.replaceChildren(ui.el("strong", { textContent: TEXT.proof(ui.names()[p.seat], goodsText(p.shown), p.paid) }), goodsRow(p.shown));
  }

  function renderPlayers() {
    const { el } = ui, v = snap.view;
    const head = el("tr", {}, ...TEXT.players.map((h) => el("th", { textContent: h })));
    const rows = v.players.map((p) => el("tr", { className: p.seat === v.turn ? "sk-turn" : "" },
      el("td", {}, el("span", { className: "sk-dot sk-seat" + p.seat, textContent: String(p.seat + 1) }), " " + p.name),
      el("td", { textContent: p.money === undefined ? TEXT.hidden : String(p.money), className: "sk-money" }),
      el("td", {}, p.goods ? goodsRow(p.goods) : String(p.goods_count)),
      el("td", { textContent: p.eliminated ? TEXT.eliminated : spaceName(p.position) })));
    $("players").replaceChildren(el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  function renderScores() {
    const score = snap.score, box = $("scores-box");
    box.hidden = !score;
    if (score) $("scores").textContent = snap.view.winner !== null ? TEXT.winner(ui.names()[snap.view.winner], snap.view.players[snap.view.winner].money) : "";
  }

  function renderTable() {
    const v = snap.view;
    $("board").replaceChildren(v.board ? boardSvg() : freeBoard());
    renderMarkers();
    renderPlayers();
    renderProof();
    renderLog();
    renderScores();
  }

  /* ---------------------------------------------------------- pages */
  const render = {
    player(s, shell) {
      ui = shell; snap = s;
      const { el } = ui;
      const v = snap.view, you = v.you, me = v.players[you.seat];
      $("me").replaceChildren(
        el("h1", { textContent: me.name }),
        el("p", { className: "secret", textContent: TEXT.piasters(you.money) }),
        el("p", { textContent: me.eliminated ? TEXT.eliminated : TEXT.at(spaceName(me.position)) }));
      $("goods").replaceChildren(goodsRow(you.goods));
      const box = controls();
      $("controls-box").hidden = !box.length;
      $("controls").replaceChildren(...box);
      renderMarkers();
      renderProof();
      renderLog();
      renderScores();
    },
    table(s, shell) { ui = shell; snap = s; renderTable(); },
    host(s, shell) { ui = shell; snap = s; renderTable(); },
  };

  Samarkand.register({
    render,
    statusText(s, shell) { ui = shell; snap = s; return statusText(s); },
    seatLabel(p) { return TEXT.seat(p.seat + 1); },
  });
})();
