"""Le Marché told in words: each event as the table reads it, the final score sheet,
and the keyboard seat's commands."""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.registry import Narration
from companion.games.marche.final import final_score
from companion.games.marche.state import BANK, CAMEL, CLAIMING, COUNTDOWN, PICKING, MarcheState


def target_name(state: MarcheState, target) -> str:
    """A card on offer in English, for the terminal (which reads every line in English)."""
    if target == CAMEL:
        return "the camel"
    if target == BANK:
        return f"the bank's {state.bank_type}"
    if target is None:
        return "nothing"
    return f"{state.names[target]}'s {state.sells[target]}"


def describe(event: Event, before: MarcheState, after: MarcheState) -> list[Phrase]:
    """What a person at the table should read about ``event`` (public facts only): the
    terminal prints the English, the host console reads the first line in its language
    ("Undone: …"). The names are plain parameters, so the console can put the names
    people joined under in their place."""
    names = after.names
    if event.kind == "stop":
        first, *rest = event.data["stoppers"]
        stoppers = ", ".join([names[first[0]], *(f"{names[s]} +{o / 1000:.1f} ms" for s, o in rest)])
        return [Phrase("Stop at {count}: {stoppers}", count=event.data["count"], stoppers=stoppers)]
    if event.kind == "chance" and event.data["deck"] == "camels":
        return [Phrase("A camel ({card}) is turned up", card=event.data["card"])]
    lines = [_record_line(after, r) for r in after.records[len(before.records) :]]
    if event.kind == "claim" and not lines:  # secret until every stopper has named one
        lines.append(Phrase("{name} names a card", name=names[event.actor]))
    if before.turn != after.turn or (after.phase == "over" and before.phase != "over"):
        lines.append(Phrase("End of turn {turn}.", turn=before.turn))
    if before.phase in ("picking", "reveal") and after.phase not in ("picking", "reveal"):
        # the offers are told when they are shown: at a physical table of three, once the
        # bank's card is entered (until then they are secret, ``MarcheGame.secret_twin``)
        lines.append(Phrase("Turn {turn} — Dean {dean}", turn=after.turn, dean=names[after.dean]))
        offers = ", ".join(f"{target_name(after, s)} {c}" for s, c in after.offers.items() if s != BANK)
        lines.append(Phrase("On offer: {offers}", offers=offers))  # never a first line
    if event.kind == "chance" and event.data["deck"] == "bank":
        lines.append(Phrase("The bank offers {goods} {card}", goods=after.bank_type, card=event.data["card"]))
    return lines


def _record_line(state: MarcheState, r: dict) -> Phrase:
    """A payment in words: one template for each kind and card (the owner is a parameter of
    its own, never inside another phrase, so the console can rename it)."""
    who, kind, target, due = state.names[r["seat"]], r["kind"], r["target"], r["due"]
    if kind == "false_stop":
        if r.get("why") == "cannot pay":
            return Phrase("{who}: false stop (cannot pay), 1 dirham to the bank", who=who)
        return Phrase("{who}: false stop (named no card), 1 dirham to the bank", who=who)
    if target == CAMEL:
        if kind == "buy":
            return Phrase("{who} buys the camel for {due}", who=who, due=due)
        if kind == "dispute":
            return Phrase("{who} disputed the camel and pays {due}", who=who, due=due)
        return Phrase("{who} yields the camel to the Dean", who=who)
    if target == BANK:
        goods = state.bank_type
        if kind == "buy":
            return Phrase(
                "{who} buys the bank's {goods} ({card}) for {due}",
                who=who,
                goods=goods,
                card=r["card"],
                due=due,
            )
        if kind == "dispute":
            return Phrase("{who} disputed the bank's {goods} and pays {due}", who=who, goods=goods, due=due)
        return Phrase("{who} yields the bank's {goods} to the Dean", who=who, goods=goods)
    owner, goods = state.names[target], state.sells[target]
    if kind == "buy":
        return Phrase(
            "{who} buys {owner}'s {goods} ({card}) for {due}",
            who=who,
            owner=owner,
            goods=goods,
            card=r["card"],
            due=due,
        )
    if kind == "dispute":
        return Phrase(
            "{who} disputed {owner}'s {goods} and pays {due}", who=who, owner=owner, goods=goods, due=due
        )
    return Phrase("{who} yields {owner}'s {goods} to the Dean", who=who, owner=owner, goods=goods)


def signed(n: int) -> str:
    """A whole number as it is read: a negative one with a true minus sign (U+2212)."""
    return f"\N{MINUS SIGN}{-n}" if n < 0 else str(n)


def score_table(score) -> str:
    """The final score breakdown as a text table (no empty camel space: a penalty of 0);
    "podium" is the money podium's points, not the dirhams (docs/rules/marche.md)."""
    rows = [("player", "podium", "capacity", "kept", "least", "sets", "penalty", "total")]
    for p in score.players:
        kept = sum(len(v) for v in p.kept.values())
        rows.append(
            (
                p.name,
                str(p.money_points),
                str(p.capacity),
                str(kept),
                f"{p.least_type_points}",
                str(p.set_points),
                signed(-p.empty_space_penalty),
                signed(p.total),
            )
        )
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
        if not rest.isdecimal():
            raise RuleError("say which card to offer: p 3")
        return Event("pick", seat, {"card": int(rest)})
    if word == "c":
        return Event("claim", seat, {"target": _target(state, rest)})
    raise RuleError("keys: {keys}", keys=KEYBOARD_HELP)


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
    raise RuleError("no player or goods called {word}", word=repr(word))


def yours(view: dict) -> tuple[str, str | None]:
    """The keyboard seat's cards to offer, money, camels and goods bought, and what it has
    to do now with the keys for it (from its own view: its pick is its own)."""
    you = view["you"]
    seat, players = you["seat"], view["players"]
    me = players[seat]
    held = (
        f"your {me['sells']} to offer: {_values(you['hand'])} · {you['money']} dirhams · "
        f"camels: {_values(you['camels'])} · bought: "
        + (", ".join(f"{kind} {_values(cards)}" for kind, cards in me["goods"].items()) or "none")
    )
    phase, stop = view["phase"], view["stop"]
    if phase == PICKING and you["pick"] is None and you["hand"]:
        return held, "offer a card in secret: " + " · ".join(f"p {card}" for card in sorted(set(you["hand"])))
    if phase == COUNTDOWN:
        return held, "Enter (your buzzer) stops the countdown: you then name what you buy"
    if phase == CLAIMING and seat in (s["seat"] for s in stop["stoppers"]) and seat not in stop["claimed"]:
        names = [  # a player never buys their own card
            BANK if seller == BANK else players[int(seller)]["name"]
            for seller in view["offers"]
            if seller != str(seat)
        ]
        targets = [*names, *([CAMEL] if view["camel_up"] is not None else []), "-"]
        return held, f"you stopped at {stop['count']}: name what you buy: " + " · ".join(
            f"c {t}" for t in targets
        )
    return held, None


def _values(cards: list[int]) -> str:
    return " ".join(map(str, cards)) or "none"


NARRATION = Narration(describe, score_sheet, command, KEYBOARD_HELP, yours)
"""The game told on the Pi's terminal and typed at its keyboard (GameSpec.narration)."""
