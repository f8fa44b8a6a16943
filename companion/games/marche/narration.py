"""Le Marché told in words: each event as the table reads it, the final score sheet,
and the keyboard seat's commands."""
from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.marche.final import final_score
from companion.games.marche.state import BANK, CAMEL, MarcheState


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


def score_sheet(state: MarcheState) -> str:
    return score_table(final_score(state))


KEYBOARD_HELP = "p CARD = offer a card · c NAME|bank|camel|- = claim"


def command(state: MarcheState, seat: int, text: str) -> Event:
    """A keyboard seat's command as the event it means (``KEYBOARD_HELP``)."""
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if word == "p":
        if not rest.isdigit():
            raise RuleError("say which card to offer: p 3")
        return Event("pick", seat, {"card": int(rest)})
    if word == "c":
        return Event("claim", seat, {"target": _target(state, rest)})
    raise RuleError(f"keys: {KEYBOARD_HELP}")


def _target(state: MarcheState, word: str):
    """A claim by seller name, goods type, "bank", "camel" or "-" for nothing."""
    word = word.lower()
    if word in ("-", ""):
        return None
    if word in ("bank", CAMEL):
        return BANK if word == "bank" else CAMEL
    for seat, (name, sells) in enumerate(zip(state.names, state.sells)):
        if word in (name.lower(), sells):
            return seat
    if word == state.bank_type:
        return BANK
    raise RuleError(f"no player or goods called {word!r}")
