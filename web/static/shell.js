/* The pages' shell, the same for every game: the live stream, posting actions, joining a
   seat, the host's PIN and controls, the entry forms for draws and data the game waits for,
   and the new-game form built from the games' option schema. An ES module: each game's
   own module (/games/<name>/game.js) imports its helpers and registers how its pages look
   (register, at the end); `snap`, the last snapshot, is a live binding it reads.
   Every word a person reads goes through _() (or ngettext, or say() for a game's Phrase):
   English is the source, and the page carries its language's catalog (web/i18n.py). */
import { awake } from "./awake.js";

const TOKEN = document.querySelector('meta[name="action-token"]').content;
export const PAGE = document.body.dataset.page;
const GAME = document.body.dataset.game;

/* ---------------------------------------------------------- words */
const CATALOG = JSON.parse(document.getElementById("page-words").textContent);
export const LANGUAGE = CATALOG.language;

/* French elides "de" and "que" before a vowel; a placeholder's value decides: "les
   bijoux d'Ana", "c'est à Bo d'acheter" (web/i18n.py does the same on the server). */
const ELISION = /\b(de|que) \{(\w+)\}/g;
const VOWEL = /^[aeiouàâäéèêëîïôöûüù]/i;

function elided(text, params) {
  return text.replace(ELISION, (whole, word, key) =>
    VOWEL.test(String(params[key])) ? word.slice(0, -1) + "'{" + key + "}" : whole);
}

/* "{name}" filled in from params; "{{" and "}}" are literal braces (as in Python). */
function fill(text, params) {
  if (!params) return text;
  const template = LANGUAGE === "fr" ? elided(text, params) : text;
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, key) =>
    key === undefined ? whole[0] : String(params[key]));
}

/* msgid in the reader's language, its {placeholders} filled in. */
export function _(msgid, params) {
  const text = CATALOG.words[msgid];
  return fill(typeof text === "string" && text ? text : msgid, params);
}

/* The form for n: English and French have two (French says "1 cube", "0 cube"). */
export function ngettext(singular, plural, n, params) {
  const many = LANGUAGE === "fr" ? n > 1 : n !== 1;
  const forms = CATALOG.words[singular];
  const text = Array.isArray(forms) && forms[many ? 1 : 0] ? forms[many ? 1 : 0] : (many ? plural : singular);
  return fill(text, Object.assign({ n }, params || {}));
}

/* A game's Phrase from the snapshot ({text, template, params}) or a plain string, in
   the reader's language; its words (a colour, a goods type) translated too. */
export function say(phrase) {
  if (phrase === null || phrase === undefined) return "";
  if (typeof phrase === "string") return _(phrase);
  const params = {};
  for (const [key, value] of Object.entries(phrase.params || {})) {
    params[key] = typeof value === "string" ? _(value)
      : value !== null && typeof value === "object" ? say(value) : value;
  }
  return _(phrase.template, params);
}

/* "Bo, Cy and Di" (or "Bo, Cy ou Di"): a list in the reader's language. A phone older than
   Intl.ListFormat (Safari before 14.1) says it plainly rather than lose the page. */
const LISTS = { and: "conjunction", or: "disjunction" };
export function listed(items, joiner) {
  const words = items.map(String);
  if (typeof Intl.ListFormat === "function") {
    const locale = LANGUAGE === "en" ? "en-GB" : LANGUAGE;
    return new Intl.ListFormat(locale, { type: LISTS[joiner || "and"] }).format(words);
  }
  const last = words.pop();
  if (!words.length) return last === undefined ? "" : last;
  const some = words.join(", ");
  return joiner === "or" ? _("{some} or {last}", { some, last }) : _("{some} and {last}", { some, last });
}

/* "Merv: red + wild" (French: "Merv : rouge + joker"): a label and what it names, punctuated
   as the reader's language writes it. */
export function labelled(label, value) { return _("{label}: {value}", { label, value }); }

/* A seat's own name and a bot's mark, as the appliance stores them in English ("Seat 3",
   "Seat 3 (bot)", "Tara (bot)": companion/core/default_names.py, whose FORMS these follow, a
   test says), said in the reader's language wherever they appear in a snapshot (a person's
   own name can never look like these: web/identity.py); a reviver for JSON.parse. */
export function inWords(key, value) {
  if (typeof value !== "string") return value;
  let m = /^Seat (\d+) \(bot\)$/.exec(value);
  if (m) return _("Seat {n} (bot)", { n: Number(m[1]) });
  m = /^(.+) \(bot\)$/.exec(value);
  if (m) return _("{name} (bot)", { name: m[1] });
  m = /^Seat (\d+)$/.exec(value);
  return m ? _("Seat {n}", { n: Number(m[1]) }) : value;
}

let game = { render: {}, tick() {}, statusText() { return ""; },
             seatLabel(p) { return _("Seat {n}", { n: p.seat + 1 }); },
             cardLabel(value) { return _(String(value)); },  // a draw's button: a game may name its own
             points(n) { return ngettext("{n} point", "{n} points", n); },
             breakdown() { return []; }, tieBreaks() { return []; }, glance() { return []; } };
export let snap = null;   // the last snapshot received (a live binding in the games' modules)
let receivedAt = 0;       // performance.now() when it arrived

/* ---------------------------------------------------------- helpers */
export function $(id) { return document.getElementById(id); }

export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/* Puts children into parent unless they are what it already shows (the same markup,
   the same values in its fields). Every snapshot re-renders the page, so without this
   a button would be replaced whenever anything at the table changed, and a tap that
   straddles the change (pressed on the old button, released on the new) would be
   lost. A part is kept or replaced whole, so its handlers always belong together. */
export function swap(parent, ...children) {
  const fresh = document.createDocumentFragment();
  fresh.append(...children.filter((c) => c !== null && c !== undefined));
  const shown = parent.childNodes, next = fresh.childNodes;
  const same = shown.length === next.length &&
    Array.from(next).every((node, i) => node.isEqualNode(shown[i]) && sameFields(shown[i], node));
  if (!same) parent.replaceChildren(fresh);
}

const FIELDS = "input, select, textarea";

function sameFields(shown, next) {
  if (!(next instanceof Element)) return true;
  const fields = (node) => (node.matches(FIELDS) ? [node] : Array.from(node.querySelectorAll(FIELDS)));
  const a = fields(shown);
  return fields(next).every((field, i) => field.value === a[i].value && field.checked === a[i].checked);
}

/* What a person is choosing on a page (goods toggled, numbers typed), kept across
   re-renders under a key that names the decision: a snapshot arriving mid-choice undoes
   nothing, and a new decision, with a new key, starts afresh. */
const drafts = new Map();
export function draft(key) {
  if (!drafts.has(key)) {
    if (drafts.size >= 64) drafts.delete(drafts.keys().next().value);
    drafts.set(key, {});
  }
  return drafts.get(key);
}

export function button(text, onClick, props) {
  const b = el("button", Object.assign({ type: "button", textContent: text }, props || {}));
  b.addEventListener("click", onClick);
  return b;
}

export function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

export async function post(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Action-Token": TOKEN },
      body: JSON.stringify(body || {}),
    });
  } catch (e) {
    toast(_("The table cannot be reached: check the Wi-Fi."));
    throw e;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    toast(data.error || _("That did not work."));
    /* refused for who this page is (the host's login gone with a restart of the table, a seat
       freed, a page out of date): it loads again as what it now is (the PIN form, the join
       page); a wrong PIN is typed again where it is */
    if (response.status === 403 && PAGE !== "login") setTimeout(() => location.reload(), 1500);
    throw new Error(data.error);
  }
  return data;
}

export function act(url, body) { return post(url, body).catch(() => null); }

/* A seat's decision: one endpoint for every game; the engine refuses what is wrong. */
export function decide(kind, data) {
  actedSince = true;
  return act("/api/act", { kind, data: data || {} });
}

export function names() { return snap.view.players.map((p) => p.name); }

/* The phone's own seat (null on the table screen and the console): a phone addresses its
   own player as "you", never by name in the third person. */
export function me() { return PAGE === "player" && snap ? snap.viewer : null; }

/* A seat's name in a list (scores, the players): the phone's own as "Ana (you)". */
export function called(seat) {
  return seat === me() ? _("{name} (you)", { name: names()[seat] }) : names()[seat];
}

/* ---------------------------------------------------------- the stream */
let source = null;

function connect() {
  if (source) source.close();
  const url = ["table", "host", "lobby_table", "lobby_host"].includes(PAGE) ? "/stream?view=table" : "/stream";
  const mine = new EventSource(url);
  source = mine;
  mine.onmessage = (event) => {
    snap = JSON.parse(event.data, inWords);
    receivedAt = performance.now();
    $("offline").hidden = true;
    $("switching-off").hidden = !snap.switching_off;
    render();
  };
  mine.onerror = () => {
    // a table the host switched off is not coming back: the page keeps saying so
    $("offline").hidden = !$("switching-off").hidden;
    // the browser retries a dropped stream, not a refused one (too many pages open)
    if (mine.readyState === EventSource.CLOSED) {
      setTimeout(() => { if (source === mine) reconnectIfVisible(); }, 5000);
    }
  };
}

function reconnectIfVisible() {
  if (holding) return;  // the table screen is in its frame, with its own stream
  if (document.visibilityState === "visible") connect();
  keepAwake();
}

/* The table screen full screen for the whole evening. A page that loads again leaves full
   screen (the browsers' rule), and the table screen does at Start and at each new game; so
   this page stays, full screen, and shows the table screen in a frame, which loads again
   inside it. Leaving full screen (Esc) brings the plain page back. */
const FRAMED = window.top !== window;
let holding = false;

function holdFullScreen() {
  document.documentElement.requestFullscreen().then(() => {
    holding = true;
    snap = null;
    if (source) source.close();
    source = null;
    awake(false);  // the frame keeps the screen awake
    document.body.replaceChildren(el("iframe", { src: location.pathname, title: _("The table"), className: "whole-screen" }));
  }).catch(() => toast(_("This browser will not go full screen here: try its own full-screen key (F11)")));
}

function offerFullScreen() {
  if (FRAMED || !document.fullscreenEnabled) return;
  $("full-screen").hidden = false;
  $("full-screen").addEventListener("click", holdFullScreen);
  document.addEventListener("fullscreenchange", () => { if (holding && !document.fullscreenElement) location.reload(); });
}

/* ---------------------------------------------------------- what the table waits for */
function statusText() {
  const t = snap.table;
  switch (t.status) {
    case "paused": return t.after_undo ? _("Undone: the bots wait until the host resumes") : _("Paused by the host");
    case "waiting_card": return cardText(t.waiting_card);
    case "waiting_entry": return _("Waiting for the host: {prompt}", { prompt: say(t.waiting_entry.prompt) });
    case "over": return _("The game is over");
    case "ended": return _("The host ended the game");
    default: return game.statusText(snap);
  }
}

/* Who enters the draw awaited: a hidden one on its drawer's own phone, else the host. */
function cardText(card) {
  const deck = _(card.deck);
  if (card.seen_by !== null && card.seen_by === snap.viewer) return _("Enter the card you drew: {deck}", { deck });
  if (card.on_phone) return _("{name} enters their draw on their own phone: {deck}", { name: names()[card.seen_by], deck });
  return _("Waiting for the host to enter the draw: {deck}", { deck });
}

/* The draw's entry: on the host console, unless the drawer's phone enters it, and on the
   drawer's phone. The cards left with their counts, or only the deck's kinds when what
   is left is secret (it would tell the hidden hands). */
function renderCard() {
  const card = snap.table.waiting_card;
  const mine = PAGE === "player" && card && card.seen_by !== null && card.seen_by === snap.viewer;
  const shown = PAGE === "host" ? card && !card.on_phone : mine;
  $("card-box").hidden = !shown;
  if (!shown) return;
  const deck = _(card.deck), url = mine ? "/api/draw" : "/api/host/card";
  $("card-title").textContent = mine ? _("Enter the card you drew: {deck}", { deck })
                                     : _("Enter the draw: {deck}", { deck });
  $("card-note").hidden = mine || card.seen_by === null;
  $("card-note").textContent = $("card-note").hidden ? ""
    : _("This draw is {name}'s secret, but no phone of theirs is connected: entering it, you will see it.",
        { name: names()[card.seen_by] });
  swap($("card-buttons"), ...card.remaining.map(([value, n]) => button(
    n === null ? game.cardLabel(value) : _("{card} ({n} left)", { card: game.cardLabel(value), n }),
    () => act(url, { card: value }))));
}

function renderEntries() {
  const t = snap.table;
  $("entry-form").hidden = !t.waiting_entry;
  if (t.waiting_entry && $("entry-title").textContent !== say(t.waiting_entry.prompt)) {
    $("entry-title").textContent = say(t.waiting_entry.prompt);
    $("entry-value").placeholder = JSON.stringify(t.waiting_entry.example);
  }
}

/* The table's controls, each disabled when it cannot act now. */
function finished() { return snap && ["over", "ended"].includes(snap.table.status); }

function renderControls() {
  const status = snap.table.status;
  const done = finished();
  const can = { pause: !done && status !== "paused", resume: status === "paused",
                undo: status !== "ended", end: !done };     // a game's last move can be undone
  for (const [command, ok] of Object.entries(can)) {
    for (const b of document.querySelectorAll(`.controls [data-command="${command}"]`)) b.disabled = !ok;
  }
}

function entered() {
  const text = $("entry-value").value.trim();
  try { return JSON.parse(text); } catch (e) { return text; }
}

/* ---------------------------------------------------------- seats */
const SEAT_STATES = { connected: _("phone connected"), disconnected: _("phone disconnected"),
                      bot: _("bot"), free: _("free") };

/* Every page: the table waits on a seat whose phone has gone away. */
function renderSeatAlert() {
  const stalled = (snap.seats || []).filter((s) => s.waited && s.state === "disconnected");
  $("seat-alert").hidden = !stalled.length;
  $("seat-alert").textContent = stalled.length
    ? _("Waiting for {names}: phone disconnected. The host can hand the seat to a bot or move it to another phone.",
        { names: stalled.map((s) => (s.seat === me() ? _("{name} (you)", { name: s.name }) : s.name)).join(", ") })
    : "";
}

/* The host console: each seat's state, and hand it to a bot, free it, or move it. */
function seatCommand(seat, to) {
  const asks = { bot: _("Hand this seat to a bot?"), free: _("Free this seat for a new phone? Its phone loses it."),
                 move: _("Move this seat to another phone? Its phone loses it.") };
  if (!confirm(asks[to])) return;
  post("/api/host/seat", { seat, to }).then((done) => {
    const link = $("seat-link");
    link.hidden = !done.link;
    if (done.link) link.textContent = _("Open this link on the new phone: {link}", { link: done.link });
    const n = seat + 1;
    toast(to === "move" ? _("Seat {n} moves to the phone that opens the link", { n })
          : to === "bot" ? _("A bot plays seat {n}", { n }) : _("Seat {n} is free to join", { n }));
  }).catch(() => null);
}

function renderSeats() {
  swap($("seat-rows"), ...(snap.seats || []).map((s) => el("li",
    { className: "seat-row " + s.state },
    el("span", { className: "seat-name", textContent: (s.seat + 1) + ". " + s.name }),
    el("span", { className: "seat-state", textContent: SEAT_STATES[s.state] + (s.waited ? " · " + _("waited on") : "") }),
    s.state === "bot" ? null : button(_("Hand to a bot"), () => seatCommand(s.seat, "bot")),
    s.state === "free" ? null : button(_("Free"), () => seatCommand(s.seat, "free")),
    s.state === "connected" || s.state === "disconnected" ? button(_("Move to another phone"), () => seatCommand(s.seat, "move")) : null)));
}

/* The phones and the table screen: who has played each seat since when, newest first,
   so a move is known as a person's or a bot's. */
const HANDS = { person: (name) => _("{name}: a person plays this seat from here on", { name }),
                bot: (name) => _("{name}: a bot plays this seat from here on", { name }),
                timer: (name, n) => (n === 1 ? _("{name} did not decide in time: a bot decided once", { name })
                  : _("{name} did not decide in time {n} times: a bot decided each time", { name, n })) };
const MY_HANDS = { person: () => _("You play your seat from here on"),
                   bot: () => _("A bot plays your seat from here on"),
                   timer: (name, n) => (n === 1 ? _("You did not decide in time: a bot decided once for you")
                     : _("You did not decide in time {n} times: a bot decided each time for you", { n })) };

/* The changes newest first, a seat's decisions by the timer since it last changed hands
   said in one line with their count (a silent phone's seat would fill the list). */
function handLines(changes) {
  const lines = [], timed = new Map();  // seat -> its line of timer decisions
  for (const change of [...changes].reverse()) {
    const line = timed.get(change.seat);
    if (change.by === "timer" && line) {
      line.n += 1;
    } else {
      const own = { ...change, n: 1 };
      lines.push(own);
      if (change.by === "timer") timed.set(change.seat, own);
      else timed.delete(change.seat);
    }
  }
  return lines;
}

function renderHands() {
  const box = $("hands");
  if (!box) return;
  const lines = handLines(snap.hands || []).slice(0, 6);
  box.hidden = !lines.length;
  swap($("hand-rows"), ...lines.map((c) =>
    el("li", { textContent: ((c.seat === me() ? MY_HANDS : HANDS)[c.by] || ((name) => labelled(name, c.by)))(c.name, c.n) })));
}

/* ---------------------------------------------------------- the new-game form */
/* The games' coded choices in words (the codes are the command line's). */
const CHOICE_WORDS = {
  rulebook: _("as in the rulebook"), immediate: _("at once"), doubling: _("doubling"),
  last_pick: _("picks last"), sits_out: _("sits the round out"), many: _("as many as wanted"),
  auto: _("automatic"), sample: _("the sample cards"), entered: _("typed in at the table"),
  by_edition: _("as the edition says"), open: _("open"), secret: _("secret"), half: _("half"),
  none: _("none"), board: _("along the board"), free: _("free"),
};

function choiceWords(value) {
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  return CHOICE_WORDS[value] || _(String(value));
}

/* One option's field, named by its description in the reader's language (the option's
   own name is the command line's flag, not a person's word), holding ``value``. */
function optionField(option, prefix, value) {
  const name = prefix + option.name;
  const now = value ?? option.default;
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", name, checked: now });
  } else if (option.kind === "list" && option.default.some((v) => typeof v === "object")) {
    // a list of records (a deck of cards): edited as JSON; a file's own text may be pasted
    input = el("textarea", { name, rows: 4, spellcheck: false, value: JSON.stringify(now) });
    input.dataset.kind = "records";
  } else if (option.kind === "str" && String(now).includes("\n")) {
    // a file's text (a deck, a board, cards): its lines kept, as the table would paste it
    input = el("textarea", { name, rows: 6, spellcheck: false, value: now });
  } else if (option.choices.length) {
    input = el("select", { name }, ...option.choices.map((c) =>
      el("option", { value: JSON.stringify(c), textContent: choiceWords(c), selected: c === now })));
  } else {
    input = el("input", { name, value: option.kind === "list" ? now.join(",") : now,
                          type: option.kind === "int" || option.kind === "number" ? "number" : "text" });
    if (option.low != null) input.min = option.low;
    if (option.high != null) input.max = option.high;
  }
  input.dataset.kind = input.dataset.kind || option.kind;
  return el("label", {}, option.description + " ", input);
}

/* The mode and every rule option and table setting of a game, holding ``chosen``'s values. */
function optionFields(spec, chosen) {
  const mode = el("select", { name: "mode" },
    el("option", { value: "digital", textContent: _("Dealt by the companion") }),
    el("option", { value: "physical", textContent: _("Physical cards, cubes and dice (enter them)") }));
  mode.value = (chosen && chosen.mode) || "digital";
  return [el("label", {}, _("Mode") + " ", mode),
          ...spec.options.map((o) => optionField(o, "rules.", chosen && chosen.rules[o.name])),
          ...(spec.table_settings || []).map((o) => optionField(o, "table.", chosen && chosen.table[o.name]))];
}

/* What a form's option fields say: {mode, rules, table}. */
function chosenOptions(form) {
  const body = { mode: form.elements.mode.value, rules: {}, table: {} };
  for (const input of form.querySelectorAll("[data-kind]")) {
    const [part, key] = input.name.split(".");
    body[part][key] = fieldValue(input);
  }
  return body;
}

function fieldValue(input) {
  switch (input.dataset.kind) {
    case "bool": return input.checked;
    case "int": case "number": return Number(input.value);
    case "list": return input.value.split(",").map((v) => Number(v.trim()));
    case "records": try { return JSON.parse(input.value); } catch (e) { return input.value; }
    default: return input.tagName === "SELECT" ? JSON.parse(input.value) : input.value;
  }
}

function newGameForm(specs) {
  const form = $("new-game");
  const chosen = () => specs.find((s) => s.name === form.elements.game.value) || specs[0];
  const fill = () => {
    const spec = chosen();
    const players = [];
    for (let n = spec.min_players; n <= spec.max_players; n++) {
      players.push(el("option", { value: n, textContent: String(n), selected: n === Math.min(4, spec.max_players) }));
    }
    $("new-game-fields").replaceChildren(
      el("label", {}, _("Players") + " ", el("select", { name: "players" }, ...players)),
      ...optionFields(spec, null));
  };
  form.elements.game.replaceChildren(...specs.map((s) =>
    el("option", { value: s.name, textContent: s.title, selected: s.name === GAME })));
  form.elements.game.addEventListener("change", fill);
  fill();
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    // the lobby of that game, with these options: the people keep their seats there
    const body = Object.assign({ game: chosen().name, seats: Number(form.elements.players.value) },
                               chosenOptions(form));
    if (finished() || confirm(_("Open the lobby of a new game? The current one is abandoned."))) {
      act("/api/host/lobby/open", body);
    }
  });
  ready(form);
}

/* ---------------------------------------------------------- the lobby */
/* Before every game: who sits where, filled in as phones join and the host puts bots;
   on the host console, each seat's controls, the game, its options and Start. */
let gameSpecs = null;     // the games and their options (the host's lobby form)
let myName = null;        // the name this phone joined the lobby with

/* A bot style as the game words it (its name, and a line on how it plays), from the lobby. */
function styleOf(style) { return (snap.lobby?.styles || []).find((st) => st.style === style); }
function botStyle(style) { const known = styleOf(style); return known ? say(known.title) : style; }

function lobbyWho(s) {
  if (s.holder === "person") return s.connected ? s.name : _("{name} (phone disconnected)", { name: s.name });
  if (s.holder === "bot") return _("{name}: a bot ({style})", { name: s.name || _("Seat {n}", { n: s.seat + 1 }), style: botStyle(s.style) });
  return _("empty: waiting for a phone");
}

function lobbyCommand(command, body) { return act("/api/host/lobby/" + command, body); }

/* A seat's controls on the host console: a bot of a chosen style in an empty seat, and
   remove or move whoever sits in a taken one. The choices survive a re-render (drafts). */
function lobbySeatControls(s, lobby) {
  const kept = draft("lobby-seat-" + s.seat);
  const chooser = (name, options, fallback) => {
    const select = el("select", { name, ariaLabel: _("Seat {n}", { n: s.seat + 1 }) }, ...options);
    select.value = kept[name] || fallback;
    select.addEventListener("change", () => { kept[name] = select.value; });
    return select;
  };
  if (s.holder === "free") {
    const style = chooser("style", lobby.styles.map((st) => el("option", { value: st.style, textContent: say(st.title) })), s.default_style);
    const summary = el("small", { className: "style-summary" });
    const told = () => { summary.textContent = say(styleOf(style.value).summary); };
    style.addEventListener("change", told);
    told();
    const name = el("input", { name: "bot-name", maxLength: 20, value: kept.name || "",
                               placeholder: _("its name (optional)"), ariaLabel: _("its name (optional)") });
    name.addEventListener("input", () => { kept.name = name.value; });
    return [style, summary, name, button(_("Put a bot here"), () =>
      lobbyCommand("bot", { seat: s.seat, style: style.value, name: name.value.trim() || null }),
      { className: "put-bot" })];
  }
  const others = lobby.seats.filter((o) => o.seat !== s.seat);
  const to = chooser("to", others.map((o) => el("option", { value: String(o.seat), textContent: _("Seat {n}", { n: o.seat + 1 }) })), String(others[0].seat));
  return [button(_("Remove"), () => lobbyCommand("remove", { seat: s.seat })),
          to, button(_("Move"), () => lobbyCommand("move", { seat: s.seat, to: Number(to.value) }))];
}

function renderLobby() {
  const lobby = snap.lobby;
  swap($("lobby-seats"), ...lobby.seats.map((s) => el("li", { className: "seat-row " + s.holder },
    el("span", { className: "seat-name", textContent: _("Seat {n}", { n: s.seat + 1 }) }),
    el("span", { className: "seat-state", textContent: lobbyWho(s) }),
    ...(PAGE === "lobby_host" ? lobbySeatControls(s, lobby) : []))));
  renderFirst(lobby);
  $("lobby-status").textContent = lobby.problem ? say(lobby.problem)
    : _("Everybody is in: the host can start the game.");
  if (PAGE === "lobby_player") {
    const me = lobby.seats[snap.viewer];
    if (myName === null) myName = me.name;
    if (me.name !== myName) { location.reload(); return; }     // the host moved this phone
    $("lobby-you").textContent = _("You are in seat {n}, as {name}. The game begins when the host starts it.",
                                   { n: snap.viewer + 1, name: me.name });
  }
  if (PAGE === "lobby_host") {
    renderFill(lobby);
    renderLobbyForm(lobby);
  }
}

/* Start with a bot in each empty seat, of the style (and name) its controls show: the
   host who is waiting for nobody else starts in one press. */
function renderFill(lobby) {
  const free = lobby.seats.filter((s) => s.holder === "free").length;
  const start = $("lobby-fill");
  start.hidden = free === 0;
  start.textContent = ngettext("Start with {n} bot in the empty seat", "Start with {n} bots in the empty seats", free);
}

function botsForEmptySeats() {
  const rows = $("lobby-seats").children;
  return snap.lobby.seats.filter((s) => s.holder === "free").map((s) => ({
    seat: s.seat,
    style: rows[s.seat].querySelector("select[name=style]").value,
    name: rows[s.seat].querySelector("input[name=bot-name]").value.trim() || null,
  }));
}

/* Who plays first, as the rules choose it: the seat the host set, or the rule options'
   (said, so that the table knows before the host picks); the host chooses it here. */
function renderFirst(lobby) {
  const box = $("lobby-first");
  box.hidden = !lobby.first_rule;
  if (!lobby.first_rule) return;
  const rule = say(lobby.first_rule);
  const byRules = lobby.first_by_rules;
  const text = lobby.first !== null ? _("Who plays first ({rule}): seat {n}", { rule, n: lobby.first + 1 })
    : byRules === null ? _("Who plays first ({rule}): as the rule options say", { rule })
    : _("Who plays first ({rule}): seat {n}, as the rule options say", { rule, n: byRules + 1 });
  if (PAGE !== "lobby_host") { box.textContent = text; return; }
  const choice = el("select", { name: "first", ariaLabel: rule },
    el("option", { value: "", textContent: _("as the rule options say") }),
    ...lobby.seats.map((s) => el("option", { value: String(s.seat), textContent: _("Seat {n}", { n: s.seat + 1 }) })));
  choice.value = lobby.first === null ? "" : String(lobby.first);
  choice.addEventListener("change", () =>
    lobbyCommand("first", { seat: choice.value === "" ? null : Number(choice.value) }));
  swap(box, el("span", { textContent: text + " " }), choice);
}

/* The host's game, seat count and options, built once the games' schema is here. */
function renderLobbyForm(lobby) {
  const form = $("lobby-form");
  const spec = gameSpecs && gameSpecs.find((g) => g.name === lobby.game);
  if (!spec) return;
  const seats = [];
  for (let n = spec.min_players; n <= spec.max_players; n++) seats.push(el("option", { value: String(n), textContent: String(n) }));
  swap(form.elements.seats, ...seats);
  if (document.activeElement !== form.elements.seats) form.elements.seats.value = String(lobby.seats.length);
  if (form.dataset.built) return;
  form.dataset.built = "yes";
  form.elements.game.replaceChildren(...gameSpecs.map((g) =>
    el("option", { value: g.name, textContent: g.title, selected: g.name === lobby.game })));
  form.elements.game.addEventListener("change", () => lobbyCommand("game", { game: form.elements.game.value }));
  form.elements.seats.addEventListener("change", () => lobbyCommand("seats", { seats: Number(form.elements.seats.value) }));
  $("lobby-fields").replaceChildren(...optionFields(spec, lobby));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    lobbyCommand("options", chosenOptions(form)).then((done) => { if (done) toast(_("The rules are kept.")); });
  });
  ready(form);
}

/* ---------------------------------------------------------- the end of a game */
/* One results screen for every game, drawn from snap.score's standings (the core's
   Result: each seat's score and place): on the table screen and the console who won, a
   podium and every player's breakdown side by side; on a phone, first the player's own
   place, then who won, the breakdown and the standings. The game gives the words of its
   scores (points, breakdown, tieBreaks); the chart is drawn on the Pi (/chart.svg). */
export function ordinal(n) {
  switch (new Intl.PluralRules(LANGUAGE, { type: "ordinal" }).select(n)) {
    case "one": return _("{n}st", { n });
    case "two": return _("{n}nd", { n });
    case "few": return _("{n}rd", { n });
    default: return _("{n}th", { n });
  }
}

function wonText(winners) {
  const points = game.points(winners[0].score);
  return winners.length === 1 ? _("{name} wins with {points}", { name: called(winners[0].seat), points })
    : _("{names} share the win with {points}", { names: listed(winners.map((w) => called(w.seat))), points });
}

function myPlaceText(mine, shared) {
  const points = game.points(mine.score);
  if (mine.place === 1) return shared ? _("You share the win with {points}", { points }) : _("You win with {points}", { points });
  return _("You are {place} with {points}", { place: ordinal(mine.place), points });
}

function lines(items, className) {
  return el("ul", { className }, ...items.map((text) => el("li", { textContent: text })));
}

function standingCard(row, score) {
  return el("section", { className: "standing place-" + row.place },
    el("h2", {}, el("span", { className: "place", textContent: ordinal(row.place) + " " }), called(row.seat)),
    el("p", { className: "total", textContent: game.points(row.score) }),
    lines(game.breakdown(score, row.seat), "breakdown"));
}

function renderResults(chartUrl) {
  const box = $("results");
  const score = finished() ? snap.score : null;
  document.body.classList.toggle("finished", Boolean(score));
  if (!box) return;
  box.hidden = !score;
  if (!score) return;
  const rows = score.standings, winners = rows.filter((r) => r.place === 1);
  const mine = rows.find((r) => r.seat === me());
  const alone = mine && mine.place === 1 && winners.length === 1;
  $("results-title").textContent = mine ? myPlaceText(mine, winners.length > 1) : wonText(winners);
  $("results-won").textContent = mine && !alone ? wonText(winners) : "";
  $("results-ended").hidden = snap.table.status !== "ended";
  swap($("results-mine"), ...(mine ? [lines(game.breakdown(score, mine.seat), "breakdown")] : []));
  swap($("podium"), ...(mine ? [] : rows.filter((r) => r.place <= 3).map((r) => el("li", { className: "step-" + r.place },
    el("span", { className: "place", textContent: ordinal(r.place) }),
    el("span", { className: "name", textContent: called(r.seat) }),
    el("span", { className: "total", textContent: game.points(r.score) })))));
  swap($("results-players"), ...rows.map((r) => (mine ? el("p", { className: "standing-line" + (r.seat === mine.seat ? " mine" : "") },
    ordinal(r.place) + " · " + called(r.seat) + " · " + game.points(r.score)) : standingCard(r, score))));
  swap($("results-ties"), ...game.tieBreaks(score).map((text) => el("li", { textContent: text })));
  showChart(chartUrl || "/chart.svg");
}

/* A past game on the results screen, as it ended (the history's /history/<id>): ``past``
   is its end as a snapshot reads it, ``chartUrl`` its chart. */
export function showPast(past, chartUrl) {
  snap = past;
  renderResults(chartUrl);
}

/* The chart, fetched once per change of the finished game (its SVG is the Pi's own). */
let chartShown = null;
function showChart(url) {
  if (chartShown === snap.version) return;
  chartShown = snap.version;
  fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? r.text() : null)).then((text) => {
    const drawn = text && new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (!drawn || drawn.nodeName !== "svg") return;
    $("chart").hidden = false;
    $("chart-svg").replaceChildren(document.importNode(drawn, true));
    fitTableScreen();
  }).catch(() => null);
}

/* The rules at a glance, from the game's own data in the snapshot, where it gives them. */
function renderGlance() {
  const box = $("glance");
  if (!box) return;
  const parts = game.glance(snap) || [];
  box.hidden = !parts.length;
  swap($("glance-body"), ...parts);
}

/* ---------------------------------------------------------- pages */
function renderJoin() {
  swap($("seats"), ...snap.view.players.map((p) => button(
    p.joined ? _("{name} (taken)", { name: p.name }) : game.seatLabel(p),
    () => join(p.seat), { disabled: p.joined, className: "seat" })));
  $("seats-full").hidden = snap.view.players.some((p) => !p.joined);   // a late phone is told why
}

function render() {
  if (!snap) return;
  if (snap.table.game !== GAME) { location.reload(); return; }
  const lobbyPage = PAGE.startsWith("lobby_");
  if (PAGE !== "join" && lobbyPage !== Boolean(snap.lobby)) { location.reload(); return; }  // started, or a new lobby
  if ((PAGE === "player" || PAGE === "lobby_player") && snap.viewer === null) { location.reload(); return; }   // the seat is gone
  keepAwake();
  if (lobbyPage) { renderLobby(); fitTableScreen(); return; }
  if (PAGE === "join") renderJoin();
  else if (game.render[PAGE]) game.render[PAGE](snap);
  if ($("status")) $("status").textContent = statusText();
  renderResults();
  renderGlance();
  renderSeatAlert();
  renderHands();
  if (PAGE === "host" || PAGE === "player") renderCard();
  if (PAGE === "host") { renderEntries(); renderSeats(); renderControls(); }
  if (PAGE === "player") callToAct();
  fitTableScreen();
  tick();
}

/* The table screen fits its window as a display does. It is laid out for 1280×800 to
   1920×1080. In a smaller window (a laptop's browser with its bars, a tablet) the bottom of
   the game would be cut off where nobody scrolls, so the game is drawn just small enough
   to fit, in steps of 5%, down to FIT_SMALLEST (below, the page scrolls after all); in a
   larger one (a television at its full resolution) it is drawn larger, to be read from
   across the table. Laid out as a page (a phone that opens it: app.css), it scrolls as one.
   The lobby's table screen is a page laid out for 1280×800: drawn larger in a larger
   window as long as it fits, so that the seats filling up are read from across the room,
   never smaller. */
const FIT_SMALLEST = 0.6;
const LARGEST_LAYOUT = [1920, 1080];
const LOBBY_LAYOUT = [1280, 800];

function fitTableScreen() {
  const screen = document.querySelector(".table-screen");   // the table page's alone
  if (screen && getComputedStyle(screen).display === "grid") fit(screen, LARGEST_LAYOUT, FIT_SMALLEST);
  else if (screen) screen.style.zoom = "";   // laid out as a page: drawn as it is
  const lobby = document.querySelector(".lobby-screen");   // the lobby's table page's
  if (lobby) fit(lobby, LOBBY_LAYOUT, 1);
}

/* ``node`` drawn larger by the room a ``layout`` has in the window, in steps of 5%, then
   smaller while the page is taller than the window, down to ``smallest``. */
function fit(node, layout, smallest) {
  node.style.zoom = "";
  const root = document.scrollingElement;
  const room = Math.min(innerWidth / layout[0], innerHeight / layout[1]);
  let zoom = Math.max(1, Math.floor(20 * room) / 20);
  if (zoom > 1) node.style.zoom = String(zoom);
  for (let tries = 0; tries < 4 && root.scrollHeight > innerHeight + 1 && zoom > smallest; tries++) {
    zoom = Math.max(smallest, Math.floor((20 * zoom * innerHeight) / root.scrollHeight) / 20);
    node.style.zoom = zoom === 1 ? "" : String(zoom);
  }
}

/* A phone whose seat now has a decision to make says so where a glance finds it: the tab's
   title, and a short buzz where the phone can (the Vibration API, once its player has
   tapped the page since it loaded: browsers refuse it before; silent elsewhere). No buzz
   for a decision that follows the phone's own before anyone else was due (a roll, then
   where it goes): its player is looking already. */
const TITLE = document.title;
let myTurn = false;
let actedSince = false;  // this phone decided, and no other seat has been shown due since
let tapped = false;  // since the page loaded
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { tapped = true; }, { capture: true, once: true });
}

function callToAct() {
  const due = snap.table.to_act;
  const mine = !finished() && due.includes(me());
  if (due.some((seat) => seat !== me())) actedSince = false;
  if (mine && !myTurn && !actedSince && tapped && navigator.vibrate) navigator.vibrate(200);
  myTurn = mine;
  document.title = mine ? _("Your turn · {title}", { title: TITLE }) : TITLE;
}

function tick() {
  if (snap && !snap.lobby) game.tick(snap, performance.now() - receivedAt);
}

/* The table screen stays awake all evening, as nobody touches it; a phone only while a
   countdown runs (awake.js). Neither once the table is switching off. */
function keepAwake() {
  const table = PAGE === "table" || PAGE === "lobby_table";
  awake(Boolean(snap) && !snap.switching_off && (table || Boolean(snap.table.countdown)));
}

function join(seat) {
  const name = $("name").value.trim();
  if (!name) { toast(_("Type your name first.")); $("name").focus(); return; }
  post("/api/join", { seat, name }).then(() => { remember(name); location.reload(); }).catch(() => null);
}

/* The name this phone last joined with, offered on its next join page (the next game,
   next week's evening); kept on the phone alone. A browser that keeps nothing (a private
   window) just asks again. */
const NAME_KEY = "samarkand.name";
function remember(name) { try { localStorage.setItem(NAME_KEY, name); } catch { /* kept nowhere */ } }
function remembered() { try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; } }

/* The page's form handled now: its submit button, disabled in the served page so that
   a tap before the shell ran is not lost (nor sent as a plain form), is enabled. */
function ready(form) { form.querySelector("button[type=submit]").disabled = false; }

function setUp() {
  if (PAGE === "login") {
    $("login-form").addEventListener("submit", (e) => {
      e.preventDefault();
      // the phone's clock too: it dates the games where the Pi's own clock cannot
      post("/api/host/login", { pin: $("pin").value, now: Date.now() })
        .then(() => location.reload()).catch(() => null);
    });
    ready($("login-form"));
    return;
  }
  if (PAGE === "join") {
    $("join-form").addEventListener("submit", (e) => e.preventDefault());
    if (!$("name").value) $("name").value = remembered();
  }
  if (PAGE === "lobby_host") {
    $("lobby-start").addEventListener("click", () => lobbyCommand("start"));
    $("lobby-start").disabled = false;
    $("lobby-fill").addEventListener("click", () => lobbyCommand("start", { fill: botsForEmptySeats() }));
    fetch("/api/games", { credentials: "same-origin" }).then((r) => r.json()).then((d) => {
      gameSpecs = d.games;
      if (snap && snap.lobby) renderLobbyForm(snap.lobby);
    });
  }
  if (PAGE === "host") {
    $("play-again").addEventListener("click", () => {
      if (finished() || confirm(_("Play again? The current game is abandoned."))) lobbyCommand("open", { again: true });
    });
    $("play-again").disabled = false;
    for (const b of document.querySelectorAll("[data-command]")) {
      b.addEventListener("click", () => {
        if (b.dataset.command === "end" && !confirm(_("End the game now and score it?"))) return;
        const toPerson = "toPerson" in b.dataset;
        if (b.dataset.command === "undo" && !confirm(toPerson ? _("Undo back to the last decision a person made?")
                                                              : _("Undo the last decision?"))) return;
        act("/api/host/" + b.dataset.command, toPerson ? { to_person: true } : {}).then((answer) => { if (answer && answer.done) toast(answer.done); });
      });
    }
    $("entry-form").addEventListener("submit", (e) => {
      e.preventDefault();
      // cleared only if it still holds what was sent: the next prompt may come first, by the
      // stream, and the host may already be typing its answer
      const sent = $("entry-value").value;
      act("/api/host/entry", { value: entered() }).then((done) => {
        if (done && $("entry-value").value === sent) $("entry-value").value = "";
      });
    });
    fetch("/api/games", { credentials: "same-origin" }).then((r) => r.json()).then((d) => newGameForm(d.games));
  }
  if (PAGE === "host" || PAGE === "lobby_host") {
    $("logout").addEventListener("click", () => post("/api/host/logout").then(() => location.reload()).catch(() => null));
    $("logout").disabled = false;
    const off = $("switch-off");  // only where the table may switch itself off ([power])
    if (off) {
      off.addEventListener("click", () => {
        if (!confirm(_("Switch the table off? A game in progress is kept for the next start."))) return;
        act("/api/host/switch_off").then((answer) => { if (answer && answer.done) toast(answer.done); });
      });
      off.disabled = false;
    }
  }
  if (PAGE === "table" || PAGE === "lobby_table") offerFullScreen();
  if (!GAME || PAGE === "history_game") return;  // a past game has no live stream
  connect();
  document.addEventListener("visibilitychange", reconnectIfVisible);
  addEventListener("resize", fitTableScreen);
  window.addEventListener("pageshow", (e) => { if (e.persisted) reconnectIfVisible(); });
  setInterval(tick, 50);
}

/* A game's page module (/games/<name>/game.js, an ES module importing this one) registers
   how its pages look: render[page](snap), tick(snap, sinceMs), statusText(snap), points(n),
   breakdown(score, seat), tieBreaks(score), glance(snap), seatLabel(player). */
export function register(module) { game = Object.assign(game, module); }

document.addEventListener("DOMContentLoaded", setUp);
