"""The table in a terminal: the countdown, what happened in words, and a keyboard seat."""
from __future__ import annotations

import sys
from typing import TextIO

from companion.core.game import Event
from companion.games.marche.state import BANK, CAMEL, MarcheState


class TerminalDisplay:
    """The countdown printed on one line per change (a CountdownDisplay)."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.out = out

    def show_count(self, count: int) -> None:
        self._line(f"  … {count}")

    def show_ready(self) -> None:
        self._line("  ready…")

    def show_stop(self, count: int) -> None:
        self._line(f"  STOP at {count}!")

    def blank(self) -> None:
        pass

    def _line(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()


def target_name(state: MarcheState, target) -> str:
    if target == CAMEL:
        return "the camel"
    if target == BANK:
        return f"the bank's {state.bank_type}"
    if target is None:
        return "nothing"
    return f"{state.names[target]}'s {state.sells[target]}"


def describe(event: Event, before: MarcheState, after: MarcheState) -> list[str]:
    """What a person at the table should read about ``event`` (public facts only)."""
    names = after.names
    if event.kind == "stop":
        first, *rest = event.data["stoppers"]
        together = "".join(f", {names[s]} +{o / 1000:.1f} ms" for s, o in rest)
        return [f"Stop at {event.data['count']}: {names[first[0]]}{together}"]
    if event.kind == "chance" and event.data["deck"] == "camels":
        return [f"A camel ({event.data['card']}) is turned up"]
    lines = [_record_line(after, r) for r in after.records[len(before.records):]]
    if before.turn != after.turn or (after.phase == "over" and before.phase != "over"):
        lines.append(f"End of turn {before.turn}.")
    if before.phase == "picking" and after.phase not in ("picking",):
        offers = ", ".join(f"{target_name(after, s)} {c}" for s, c in after.offers.items() if s != BANK)
        lines.append(f"Turn {after.turn} — Dean {names[after.dean]} — on offer: {offers}")
    if event.kind == "chance" and event.data["deck"] == "bank":
        lines.append(f"The bank offers {after.bank_type} {event.data['card']}")
    return lines


def _record_line(state: MarcheState, r: dict) -> str:
    who, what = state.names[r["seat"]], target_name(state, r["target"])
    if r["kind"] == "buy":
        card = "" if r["target"] == CAMEL else f" ({r['card']})"
        return f"{who} buys {what}{card} for {r['due']}"
    if r["kind"] == "dispute":
        return f"{who} disputed {what} and pays {r['due']}"
    if r["kind"] == "dean_priority":
        return f"{who} yields {what} to the Dean"
    return f"{who}: false stop ({r.get('why', '')}), 1 dirham to the bank"


def score_table(score) -> str:
    """The final score breakdown as a text table."""
    rows = [("player", "money", "capacity", "kept", "least", "sets", "penalty", "total")]
    for p in score.players:
        kept = sum(len(v) for v in p.kept.values())
        rows.append((p.name, str(p.money_points), str(p.capacity), str(kept),
                     f"{p.least_type_points}", str(p.set_points), f"-{p.empty_space_penalty}",
                     str(p.total)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    lines.append(f"Winner{'s' if len(score.winners) > 1 else ''}: {', '.join(score.winners)}")
    return "\n".join(lines)
