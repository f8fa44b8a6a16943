/* The urn's pages (the core's toy game): what a seat drew, whose turn it is, a button to
   want a ball or note a word. The smallest page module a game can have. */
import { $, button, called, decide, el, names, register } from "/static/shell.js";

function players(snap) {
  return snap.view.players.map((p) => el("li", {
    textContent: called(p.seat) + ": " + p.balls + " ball(s)" + (p.drawn ? " " + p.drawn.join(",") : "") +
      (p.seat === snap.view.turn ? " ← to act" : ""),
  }));
}

function common(snap) {
  $("urn-left").textContent = snap.view.left + " ball(s) left · label " + (snap.view.label || "?");
  $("urn-players").replaceChildren(...players(snap));
}

register({
  render: {
    player(snap) {
      common(snap);
      $("me").textContent = names()[snap.viewer];
      const mine = snap.table.to_act.includes(snap.viewer);
      $("urn-actions").replaceChildren(
        button("Want a ball", () => decide("want", { n: 1 }), { disabled: !mine }),
        button("Note a word", () => decide("note", { word: "hm" }), { disabled: !mine }));
    },
    table: common,
    host: common,
  },
  statusText(snap) { return "Seat " + (snap.view.turn + 1) + " to act"; },
  breakdown(score, seat) { return ["Balls: " + score.breakdown.balls[seat].join(" + ")]; },
  glance() { return [el("p", { className: "urn-glance", textContent: "Each ball scores its number." })]; },
});
