/* The evenings remembered (/history) and a past game on the results screen
   (/history/<id>). The history is drawn from /api/history: the closed games by evening,
   then the statistics per person and per bot style, and the charts, drawn here as SVG in
   the palette of the game's own chart (companion/core/chart.py, sent with the data). The
   host's merges and hidden games go through the PIN's API, then the page is drawn again. */
import { $, _, LANGUAGE, PAGE, act, button, el, inWords, labelled, listed, ngettext, ordinal, showPast, toast } from "/static/shell.js";

const SVG = "http://www.w3.org/2000/svg";
const LOCALE = LANGUAGE === "en" ? "en-GB" : LANGUAGE;
let data = null;

/* A bot style as its game words it (a style the game no longer has: its name). */
function botStyle(game, style) { return data.styles[game]?.[style] || style; }

function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/* ``node`` with data-* attributes (a node's dataset cannot be assigned whole). */
function tagged(node, values) {
  Object.assign(node.dataset, values);
  return node;
}

/* A stored name in the reader's language ("Seat 3 (bot)", "Tara (bot)"). */
function shown(name) { return inWords(null, name); }

function average(value) {
  return value === null ? "–" : value.toLocaleString(LOCALE, { maximumFractionDigits: 2 });
}

function hostAct(command, body) {
  return act("/api/host/history/" + command, body).then((answer) => {
    if (!answer) return;
    if (answer.done) toast(answer.done);
    load();
  });
}

/* ---------------------------------------------------------- the evenings */
function resultText(g) {
  if (g.status === "abandoned") return _("Abandoned: no result");
  if (g.status === "ended") return _("Ended early by the host: no winner");
  const winners = g.seats.filter((s) => s.place === 1).map((s) => shown(s.name));
  return winners.length === 1 ? _("{name} wins", { name: winners[0] })
    : _("{names} share the win", { names: listed(winners) });
}

function gameCard(g) {
  const time = new Date(g.created).toLocaleTimeString(LOCALE, { hour: "2-digit", minute: "2-digit" });
  const seats = g.status === "finished" ? [...g.seats].sort((a, b) => a.place - b.place) : g.seats;
  const closed = g.status !== "abandoned";
  return el("article", { className: "card history-game" + (g.hidden ? " hidden-game" : ""), id: "game-" + g.id },
    el("h3", { textContent: g.title + " · " + time }),
    el("p", { className: "history-result", textContent: resultText(g) }),
    el("ol", { className: "history-seats" }, ...seats.map((s) => el("li", {
      textContent: (g.status === "finished" ? ordinal(s.place) + " · " : "") + shown(s.name) +
        (s.bot ? " · " + _("bot: {style}", { style: botStyle(g.game, s.bot) }) : "") }))),
    g.hidden ? el("p", { className: "hint", textContent: _("Hidden from the statistics") }) : null,
    closed ? el("a", { className: "open-results", href: "/history/" + g.id, textContent: _("Its results screen") }) : null,
    closed ? el("img", { className: "history-chart", src: "/history/" + g.id + "/chart.svg", loading: "lazy",
                         alt: _("The game, decision by decision") }) : null,
    data.host ? button(g.hidden ? _("Count it again") : _("Hide from the statistics"),
                       () => hostAct("hide", { game: g.id, hidden: !g.hidden }), { className: "quiet hide-game" }) : null);
}

function eveningPart(day) {
  const date = new Date(day.evening + "T12:00:00");
  return el("section", { className: "evening" },
    el("h3", { className: "evening-date", textContent: date.toLocaleDateString(LOCALE, { dateStyle: "full" }) }),
    ...day.games.map(gameCard));
}

/* ---------------------------------------------------------- the statistics */
const HEADS = () => [_("Games"), _("Wins"), _("Average place")];

function numbers(row) {
  return [el("td", { className: "played", textContent: String(row.played) }),
          el("td", { className: "wins", textContent: String(row.wins) }),
          el("td", { className: "average", textContent: average(row.average_place) })];
}

function table(className, first, rows) {
  return el("div", { className: "scroll" }, el("table", { className: "grid " + className },
    el("thead", {}, el("tr", {}, ...[first, ...HEADS()].map((text) => el("th", { scope: "col", textContent: text })))),
    el("tbody", {}, ...rows)));
}

function personRows(p) {
  const also = p.names.filter((name) => name !== p.name);
  const head = el("th", { scope: "row" }, shown(p.name),
    ...also.map((name) => el("span", { className: "also" }, " " + _("(also as {name})", { name: shown(name) }),
      data.host ? button(_("Separate"), () => hostAct("separate", { name }), { className: "quiet separate" }) : null)));
  return [tagged(el("tr", { className: "person" }, head, ...numbers(p)), { name: p.name }),
    ...p.by_game.map((g) => tagged(el("tr", { className: "by-game" },
      el("td", { className: "game-title", textContent: g.title }), ...numbers(g)), { name: p.name, game: g.game }))];
}

function mergeForm(people) {
  const names = people.flatMap((p) => p.names);
  const choice = (id) => el("select", { id }, ...names.map((name) => el("option", { value: name, textContent: shown(name) })));
  const form = el("form", { className: "merge form", id: "merge-form" },
    el("p", { className: "hint", textContent: _("Two names for one person? Count the first one's games as the second's (nothing is deleted).") }),
    el("label", {}, _("This name"), choice("merge-name")),
    el("label", {}, _("counts as"), choice("merge-into")),
    el("button", { type: "submit", textContent: _("Merge") }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    hostAct("merge", { name: $("merge-name").value, into: $("merge-into").value });
  });
  return form;
}

/* A chart of rows: each a label, a bar (or a bar of parts, one colour each) and its value. */
function rowsChart(title, rows, legend) {
  const width = 560, left = 170, right = 40, rowH = 26, top = 8 + 22 * Math.ceil(legend.length / 2);
  const most = Math.max(1, ...rows.map((r) => r.parts.reduce((a, b) => a + b, 0)));
  const scale = (width - left - right) / most;
  const height = top + rows.length * rowH + 8;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "history-svg",
                             "font-family": "sans-serif", "font-size": "15" }, svgEl("title", {}, title));
  legend.forEach((item, i) => svg.append(svgEl("g", { transform: `translate(${8 + (i % 2) * 276},${18 + Math.floor(i / 2) * 22})` },
    svgEl("rect", { x: 0, y: -11, width: 14, height: 12, fill: item.colour }),
    svgEl("text", { x: 20, y: 0 }, item.text))));
  rows.forEach((row, i) => {
    const y = top + i * rowH;
    let x = left;
    const g = svgEl("g", { class: "bar" }, svgEl("text", { x: left - 6, y: y + 17, "text-anchor": "end" }, row.label));
    row.parts.forEach((value, part) => {
      g.append(svgEl("rect", { x, y: y + 4, width: value * scale, height: rowH - 8, fill: row.colours[part] }));
      x += value * scale;
    });
    g.append(svgEl("text", { x: x + 6, y: y + 17, class: "value" }, String(row.parts.reduce((a, b) => a + b, 0))));
    svg.append(g);
  });
  return el("figure", { className: "chart history-figure" }, el("figcaption", { textContent: title }), svg);
}

function winsChart(stats) {
  const games = [...new Set(stats.people.flatMap((p) => p.by_game.map((g) => g.game)))].sort();
  const titles = Object.fromEntries(stats.people.flatMap((p) => p.by_game.map((g) => [g.game, g.title])));
  const colour = (game) => data.colours[games.indexOf(game) % data.colours.length];
  const rows = stats.people.map((p) => ({
    label: shown(p.name),
    parts: games.map((game) => (p.by_game.find((g) => g.game === game) || { wins: 0 }).wins),
    colours: games.map(colour),
  }));
  return rowsChart(_("Wins per person and game"), rows, games.map((game) => ({ text: titles[game], colour: colour(game) })));
}

function gameChart(chart, i) {
  const colour = data.colours[i % data.colours.length];
  return rowsChart(labelled(chart.title, chart.chart),
    chart.bars.map((bar) => ({ label: String(bar.label), parts: [bar.value], colours: [colour] })), []);
}

function statisticsPart(stats) {
  if (!stats.games) return [el("p", { className: "hint", textContent: _("No finished game is counted yet.") })];
  const parts = [
    el("p", { className: "hint", textContent: ngettext("{n} finished game counted; games abandoned, ended early or hidden are left out.",
                                                        "{n} finished games counted; games abandoned, ended early or hidden are left out.", stats.games) }),
    table("history-people", _("Person"), stats.people.flatMap(personRows)),
  ];
  if (data.host && stats.people.length > 1) parts.push(mergeForm(stats.people));
  parts.push(winsChart(stats));
  if (stats.bots.length) {
    parts.push(el("h3", { textContent: _("The bots, by style") }), table("history-bots", _("Bot"), stats.bots.map((b) =>
      tagged(el("tr", { className: "bot" },
        el("th", { scope: "row", textContent: b.title + " · " + botStyle(b.game, b.style) }), ...numbers(b)), { game: b.game, style: b.style }))));
  }
  parts.push(...stats.charts.map(gameChart));
  return parts;
}

/* ---------------------------------------------------------- the pages */
function load() {
  // the evenings as this reader's time zone has them, not the Pi's (often never set)
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  const url = "/api/history?zone=" + encodeURIComponent(zone);
  return fetch(url, { credentials: "same-origin" }).then((r) => r.json()).then((d) => {
    data = d;
    $("evenings").replaceChildren(...(d.evenings.length ? d.evenings.map(eveningPart)
      : [el("p", { className: "hint", textContent: _("No game has been played to its end yet.") })]));
    $("statistics").replaceChildren(...statisticsPart(d.stats));
    document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
  }).catch(() => toast(_("The table cannot be reached: check the Wi-Fi.")));
}

function loadPast() {
  const id = document.querySelector("[data-game-id]").dataset.gameId;
  fetch("/api/history/" + id, { credentials: "same-origin" }).then((r) => r.text()).then((text) => {
    const past = JSON.parse(text, inWords);
    if (past.error) { toast(past.error); return; }
    showPast(past, "/history/" + id + "/chart.svg");
  }).catch(() => toast(_("The table cannot be reached: check the Wi-Fi.")));
}

document.addEventListener("DOMContentLoaded", () => (PAGE === "history" ? load() : loadPast()));
