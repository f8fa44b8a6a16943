"""The core's worked example: a tiny game that uses every part of the contract.

An urn of numbered balls, one to four players. Play goes round the table in seat order:
the seat to act either ``want``s ``n`` balls (each drawn blind, seen by that seat alone)
or ``note``s a word and passes. A table that plays with a real urn may first have to
``label`` it: an entry the host types (a word of letters), which no list of values could
offer. When the urn is empty the game is over and each seat scores the sum of its balls.

Read it beside companion/core/game.py: ``new_state`` checks the setup, ``advance`` checks
everything before changing anything, ``chance_request`` names what is drawn and who sees
it, ``input_request`` asks for data with its own validator, ``to_act`` says whose turn it
is, ``view`` hides other seats' balls, ``result`` ranks the seats. The registration at the
bottom is all the appliance needs to run it (``SAMARKAND_GAMES=toy_game``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from companion.core.bot import Bot
from companion.core.errors import RuleError
from companion.core.game import (
    CHANCE,
    ENTRY,
    ChanceRequest,
    Event,
    Game,
    InputRequest,
    Result,
    places_by,
    seat_names,
)
from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, Option, register_game


@dataclass
class Urn:
    names: tuple[str, ...]
    left: tuple[int, ...]
    wanted: int = 0
    turn: int = 0  # the seat to act
    label: str | None = ""  # None: the table must enter it first
    drawn: list[tuple[int, ...]] = field(default_factory=list)  # each seat's balls
    notes: tuple[str, ...] = ()


def check_label(value) -> str:
    if not isinstance(value, str) or not value.isalpha() or len(value) > 12:
        raise RuleError("the urn's label is one word of up to 12 letters")
    return value


class UrnGame(Game[Urn]):
    decisions = frozenset({"want", "note"})

    def new_state(self, setup):
        names = seat_names({"players": 1, **setup})
        rules = setup.get("rules") or {}
        balls = setup.get("balls", rules.get("balls", (1, 1, 1, 2)))
        label = None if rules.get("label_at_table") else ""
        return Urn(
            names, tuple(sorted(balls)), setup.get("wanted", 0), label=label, drawn=[() for _ in names]
        )

    def copy(self, state):
        return replace(state, drawn=list(state.drawn))

    def names(self, state):
        return state.names

    def chance_request(self, state):
        if state.label is None or not (state.wanted and state.left):
            return None
        return ChanceRequest("urn", Counter(state.left), seen_by=state.turn)

    def input_request(self, state):
        if state.label is not None:
            return None
        return InputRequest("label", "Write the urn's label (one word)", "Amphora", check_label)

    def to_act(self, state):
        if self.is_over(state) or self.chance_request(state) or self.input_request(state):
            return ()
        return (state.turn,)

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [Event("want", seat, {"n": n}) for n in range(1, len(state.left) + 1)]

    def advance(self, state, event):
        if event.kind == ENTRY:
            if self.input_request(state) is None or event.data.get("name") != "label":
                raise RuleError("nothing is waiting to be entered")
            state.label = check_label(event.data.get("value"))
            return
        if event.kind == CHANCE:
            card = event.data["card"]
            if self.chance_request(state) is None or card not in state.left:
                raise RuleError("ball {card} cannot be drawn now", card=repr(card))
            left = list(state.left)
            left.remove(card)
            state.left, state.wanted = tuple(left), state.wanted - 1
            state.drawn[state.turn] += (card,)
            if not state.wanted:
                self._pass(state)
            return
        if event.kind not in ("want", "note"):
            raise RuleError("unknown action {kind}", kind=repr(event.kind))
        if self.input_request(state) is not None:
            raise RuleError("the urn's label must be entered first")
        if self.chance_request(state) is not None:
            raise RuleError("a ball must be drawn first")
        if event.actor != state.turn:
            raise RuleError("it is {name}'s turn", name=state.names[state.turn])
        if event.kind == "want":
            n = event.data.get("n")
            if type(n) is not int or not 1 <= n <= len(state.left):
                raise RuleError("want 1 to {left} balls, not {n}", left=len(state.left), n=repr(n))
            state.wanted = n
        else:
            state.notes += (str(event.data.get("word")),)
            self._pass(state)

    @staticmethod
    def _pass(state):
        state.turn = (state.turn + 1) % len(state.names)

    def secret_twin(self, state, seat):
        """A seat's balls are its own until the urn is empty."""
        twin = self.copy(state)
        if not self.is_over(state):
            twin.drawn[seat] = tuple(ball + 100 for ball in state.drawn[seat])
        return twin

    def view(self, state, viewer):
        over = self.is_over(state)
        players = [
            {
                "seat": seat,
                "name": name,
                "balls": len(state.drawn[seat]),
                **({"drawn": list(state.drawn[seat])} if seat == viewer or over else {}),
            }
            for seat, name in enumerate(state.names)
        ]
        return {
            "phase": "over" if over else "playing",
            "turn": state.turn,
            "left": len(state.left),
            "label": state.label,
            "players": players,
            "drawn": list(state.drawn[viewer]) if viewer is not None else [],
            "notes": list(state.notes),
        }

    def is_over(self, state):
        return not state.left

    def standing(self, state):
        return tuple(sum(balls) for balls in state.drawn)

    def moment(self, before, event, after):
        """The last ball: the urn is empty."""
        return Phrase("the urn is empty") if after.left != before.left and not after.left else None

    def result(self, state):
        scores = self.standing(state)
        return Result(scores, places_by([(s,) for s in scores]), {"balls": [list(b) for b in state.drawn]})


def want(n: int = 1, seat: int = 0) -> Event:
    return Event("want", seat, {"n": n})


def note(word: str, seat: int = 0) -> Event:
    return Event("note", seat, {"word": word})


class Greedy(Bot):
    """It never needs to see anything but its turn."""

    style = "greedy"
    title = Phrase("greedy")
    summary = Phrase("always wants one ball")

    def decide(self, view, seat):
        return want(1, seat)


class Chatty(Bot):
    style = "chatty"
    title = Phrase("chatty")
    summary = Phrase("sometimes notes a word instead of wanting a ball")

    def decide(self, view, seat):
        return note("hm", seat) if self.rng.random() < 0.3 else want(1, seat)


SPEC = register_game(
    GameSpec(
        name="urn",
        title="The urn (the core's toy game)",
        min_players=1,
        max_players=4,
        engine=UrnGame,
        options=(
            Option("balls", [1, 1, 1, 2, 3, 5], "the balls in the urn"),
            Option("label_at_table", False, "the table enters the urn's label first"),
        ),
        bots={"greedy": Greedy, "chatty": Chatty},
        renderer="toy_game",
    )
)
