/* The urn's pages (the core's toy game): what a seat drew, whose turn it is, a button to
   want a ball or note a word. The smallest page module a game can have. */
"use strict";

(() => {
  function players(snap, ui) {
    return snap.view.players.map((p) => ui.el("li", {
      textContent: ui.called(p.seat) + ": " + p.balls + " ball(s)" + (p.drawn ? " " + p.drawn.join(",") : "") +
        (p.seat === snap.view.turn ? " ← to act" : ""),
    }));
  }

  function common(snap, ui) {
    ui.$("urn-left").textContent = snap.view.left + " ball(s) left · label " + (snap.view.label || "?");
    ui.$("urn-players").replaceChildren(...players(snap, ui));
  }

  Samarkand.register({
    render: {
      player(snap, ui) {
        common(snap, ui);
        const mine = snap.table.to_act.includes(snap.viewer);
        ui.$("urn-actions").replaceChildren(
          ui.button("Want a ball", () => ui.decide("want", { n: 1 }), { disabled: !mine }),
          ui.button("Note a word", () => ui.decide("note", { word: "hm" }), { disabled: !mine }));
      },
      table: common,
      host: common,
    },
    statusText(snap) { return "Seat " + (snap.view.turn + 1) + " to act"; },
    breakdown(score, seat) { return ["Balls: " + score.breakdown.balls[seat].join(" + ")]; },
    glance(snap, ui) { return [ui.el("p", { className: "urn-glance", textContent: "Each ball scores its number." })]; },
  });
})();
