"""One suite that every registered game passes, the core's toy urn included: a fifth game
gets it by being registered.

Like OpenSpiel's API and playthrough tests, it plays seeded games between the game's own
bots through the contract alone (companion/core/game.py, the registry), the real-time part
driven by a simulated clock, and checks at every step what any game must hold: the game
ends and is the same for the same seed; the log replays to every state; undo then redo
gives the state back; every draw is one its request allowed, and a table entering the
draws is refused exactly the cards that are not left; every view is JSON and tells no
viewer what ``secret_twin`` declares another seat's own; the listed actions are accepted,
others refused with the state untouched and in words the French catalog knows.
``test_a_broken_game_fails_the_suite`` shows each check failing on a broken urn.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import toy_game
from babel.messages.pofile import read_po

from companion.core import registry
from companion.core.arbiter import BuzzerEvent
from companion.core.bot import Bot
from companion.core.chance import EnteredChance, SeededChance, check_remaining
from companion.core.errors import RuleError
from companion.core.game import CHANCE, ENTRY, Event, Game, chance_event, entry_event
from companion.core.match import Match, replay
from companion.core.registry import GameSpec, game_spec, game_specs

MAX_EVENTS = 5000
"""A game between bots that has not ended after this many events fails the suite, said so."""
CATALOG = Path(__file__).resolve().parents[2] / "web/translations/fr/LC_MESSAGES/messages.po"
GAMES = sorted(
    {spec.name for spec in game_specs() if spec.renderer.startswith("companion.games.")}
    | {toy_game.SPEC.name}
)
"""The games the appliance ships and the core's toy urn (not the broken games other tests
register for a moment)."""
SEEDS = ("a", "b")


@dataclass
class Step:
    """One event of a played game, with the states around it."""

    before: Any
    event: Event
    after: Any


@dataclass
class Played:
    spec: GameSpec
    setup: dict[str, Any]
    steps: list[Step] = field(default_factory=list)

    @property
    def log(self) -> list[Event]:
        return [step.event for step in self.steps]

    @property
    def final(self) -> Any:
        return self.steps[-1].after


def table(spec: GameSpec, players: int, seed: str, rules: dict | None = None) -> Iterator[Step]:
    """A game at a simulated table (with the rule options ``rules``): draws from a seeded
    source, entries as the game's own example, decisions from the game's bots (each from
    its seat's view), and the real-time part (a countdown, a buzzer roll) on a simulated
    clock."""
    game = spec.engine()
    state = game.new_state(spec.setup(players, rules))
    chance, rng = SeededChance(seed), random.Random(f"bots/{seed}")
    styles = list(spec.bots)  # every style plays: a seat per style in turn
    bots = {
        seat: spec.bots[styles[seat % len(styles)]](random.Random(rng.random())) for seat in range(players)
    }
    clock = (
        Clock(spec.realtime.from_settings(spec.realtime.settings({})), bots, rng) if spec.realtime else None
    )
    for step in range(MAX_EVENTS):
        if clock is not None:
            clock.realtime.follow(state, clock.now)
        if game.is_over(state):
            return
        if (request := game.chance_request(state)) is not None:
            event = chance_event(request.deck, chance.draw(request, step), request.seen_by)
        elif (entry := game.input_request(state)) is not None:
            event = entry_event(entry, entry.check(entry.example))
        elif seats := game.to_act(state):
            event = bots[seats[0]].decide(game.seat_view(state, seats[0]), seats[0])
        elif clock is not None:
            event = clock.next_event(state)
        else:
            pytest.fail(f"{spec.name} waits for nothing and is not over (step {step})")
        after = game.apply(state, event)
        yield Step(state, event, after)
        state = after
    pytest.fail(f"{spec.name}: {players} bots did not end a game in {MAX_EVENTS} events (seed {seed})")


@dataclass
class Clock:
    """The real-time part on a simulated clock that jumps to its next deadline or to the
    next press the bots planned; each bot presses at most once until something is due."""

    realtime: Any
    bots: dict[int, Any]
    rng: random.Random
    now: int = 0
    planned: dict[int, tuple[int, int]] = field(default_factory=dict)
    pressed: set[int] = field(default_factory=set)

    def next_event(self, state: Any) -> Event:
        while True:
            if hasattr(self.realtime, "plan_presses"):
                keen = {seat: bot for seat, bot in self.bots.items() if seat not in self.pressed}
                self.planned = self.realtime.plan_presses(state, keen, self.now, self.rng, self.planned)
            for seat, (at, _held) in sorted(self.planned.items()):
                if at <= self.now:
                    self.realtime.press(BuzzerEvent(seat, True, at))
                    self.pressed.add(seat)
                    del self.planned[seat]
            if (due := self.realtime.due(state, self.now)) is not None:
                self.pressed.clear()
                return due.event
            times = [at for at, _ in self.planned.values()]
            if (deadline := self.realtime.next_deadline(self.now)) is not None:
                times.append(deadline)
            assert times, "the real-time part waits for nothing while the game waits for it"
            self.now = max(self.now + 1, min(times))


@cache
def played(name: str, players: int, seed: str) -> Played:
    spec = game_spec(name)
    return Played(spec, spec.setup(players), list(table(spec, players, seed)))


def tables() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name in GAMES
        for players in sorted({game_spec(name).min_players, game_spec(name).max_players})
    ]


TABLES = pytest.mark.parametrize(("name", "players"), tables())


@cache
def catalog() -> frozenset[str]:
    with CATALOG.open("rb") as po:
        return frozenset(message.id for message in read_po(po) if message.id)


def refused(game: Game, state: Any, event: Event, spec: GameSpec) -> RuleError:
    """``event`` must be refused, the state untouched, in words the catalog knows (a game
    outside companion.games, the toy urn, has no catalog of its own)."""
    kept = game.copy(state)
    with pytest.raises(RuleError) as refusal:
        game.apply(state, event)
    assert state == kept, f"refusing {event} changed the state"
    if spec.renderer.startswith("companion.games."):
        assert refusal.value.phrase.template in catalog(), (
            f"not in the catalog: {refusal.value.phrase.template!r}"
        )
    return refusal.value


def sample(steps: list[Step], count: int) -> list[Step]:
    """``count`` steps spread over the game, always its first and last."""
    if len(steps) <= count:
        return steps
    return [steps[round(i * (len(steps) - 1) / (count - 1))] for i in range(count)]


# ----------------------------------------------------------------------------- the checks
def check_ends_and_repeats(name: str, players: int, seed: str) -> None:
    first = played(name, players, seed)
    game = first.spec.engine()
    assert first.steps and game.is_over(first.final)
    again = list(table(first.spec, players, seed))
    assert [step.event for step in again] == first.log, "the same seed played another game"
    result = game.result(first.final)
    assert len(result.scores) == len(result.places) == players and 1 in result.places
    json.dumps(result.to_dict())


def check_replay(game: Game, played: Played) -> None:
    state = game.new_state(played.setup)
    for step in played.steps:
        stored = Event.from_dict(json.loads(json.dumps(step.event.to_dict())))
        state = game.apply(state, stored)
        assert state == step.after, f"replaying {stored} gave another state"
    assert replay(game, played.setup, played.log) == played.final


def check_undo_redo(game: Game, played: Played) -> None:
    log = played.log
    for index in sorted({len(log) // 3, len(log) // 2, len(log) - 1, len(log)}):
        match = Match(game, played.setup, SeededChance("unused"), log[:index])
        try:
            dropped = match.undo()
        except RuleError:
            continue  # nothing undoable yet
        assert match.log == log[: index - len(dropped)]
        assert match.state == replay(game, played.setup, match.log)
        for event in dropped:
            match.state = game.apply(match.state, event)
            match.log.append(event)
        assert match.state == played.steps[index - 1].after


def check_entries_undone(game: Game, played: Played) -> None:
    """At a physical table, undo takes back the last card, face or value a person entered
    on its own, and the table awaits it again: a typo is mended by entering it again."""
    typed = [index for index, step in enumerate(played.steps) if step.event.kind in (CHANCE, ENTRY)]
    for index in sample(typed, 12):
        match = Match(game, played.setup, EnteredChance(), played.log[: index + 1])
        assert match.undo() == [played.log[index]]
        assert match.state == played.steps[index].before


def check_draws(game: Game, played: Played, spec: GameSpec) -> None:
    draws = [step for step in played.steps if step.event.kind == CHANCE]
    for step in draws:
        request = game.chance_request(step.before)
        assert request is not None and request.deck == step.event.data["deck"]
        assert request.seen_by == step.event.data.get("seen_by")
        check_remaining(request, step.event.data["card"])
    for step in sample(draws, 12):  # a table entering the draws
        request = game.chance_request(step.before)
        for card, left in request.remaining.items():
            event = chance_event(request.deck, card, request.seen_by)
            if left > 0:
                game.apply(step.before, event)
            else:
                refused(game, step.before, event, spec)
        refused(game, step.before, chance_event(request.deck, "no such card", request.seen_by), spec)


def check_views(game: Game, played: Played, every: int) -> None:
    players = game.players(played.final)
    viewers = (None, *range(players))
    told = False  # whether some twin showed its own seat something else
    for step in played.steps[::every] + played.steps[-1:]:
        state = step.after
        kept = game.copy(state)
        views = {viewer: game.view(state, viewer) for viewer in viewers}
        for viewer, view in views.items():
            assert json.loads(json.dumps(view)) == view, f"the view of {viewer} is not JSON"
            for event in (step.event,):
                json.dumps(game.redact(event, viewer))
        for seat in range(players):
            twin = game.secret_twin(state, seat)
            assert state == kept, "secret_twin changed the state it was given"
            told = told or game.view(twin, seat) != views[seat]
            for viewer in viewers:
                if viewer == seat:
                    continue
                where = f"seat {seat}'s secret, as seen by {viewer} after {step.event}"
                assert game.view(twin, viewer) == views[viewer], where
                assert game.to_act_shown(twin, viewer) == game.to_act_shown(state, viewer), where
                if viewer is not None:
                    assert game.seat_view(twin, viewer) == game.seat_view(state, viewer), where
    if any(game.secret_twin(step.after, 0) != step.after for step in played.steps):
        assert told, "secret_twin changes nothing any seat sees: it declares no secret"


def check_actions(game: Game, played: Played, spec: GameSpec) -> None:
    for step in sample(played.steps, 25):
        state = step.before
        waiting = game.to_act(state)
        for seat in range(game.players(state)):
            refused(game, state, Event("no such move", seat, {}), spec)
            listed = game.legal_actions(state, seat)
            if listed is None:
                continue
            if seat not in waiting:
                assert listed == [], f"seat {seat} is not to act but has actions"
            for event in listed[:40]:
                kept = game.copy(state)
                game.apply(state, event)
                assert state == kept, f"accepting {event} changed the state it was applied to"
            for event in listed[:5]:  # the same moves from a seat not to act
                for other in range(game.players(state)):
                    if other not in waiting:
                        refused(game, state, Event(event.kind, other, event.data), spec)


REPR = re.compile(r"\{'|\['|': |\b(True|False|None)\b")
"""Python's own spelling of a value (a dict, a list, a flag): never what a person reads."""


def check_keyboard(game: Game, played: Played, spec: GameSpec) -> None:
    """The keyboard seat (companion/runtime/terminal.py) reads in words what it holds and,
    exactly when it is to decide, what to do: each seat, from its own view, at steps spread
    over the game where someone is to decide."""
    assert spec.narration is not None
    deciding = [step for step in played.steps if game.to_act(step.before)]
    typed = set()
    for step in sample(deciding, 60):
        state, waiting = step.before, game.to_act(step.before)
        for seat in range(game.players(state)):
            held, to_do = spec.narration.yours(game.view(state, seat))
            for text in (held, to_do or ""):
                assert not REPR.search(text), f"seat {seat} reads {text!r}"
            assert (to_do is not None) == (seat in waiting), f"seat {seat} (to act: {waiting}): {to_do!r}"
            for keys in re.findall(OFFERED[spec.name], to_do or ""):
                try:  # what the line offers is accepted as typed
                    game.apply(state, spec.narration.command(state, seat, keys))
                except RuleError as refusal:
                    pytest.fail(f"seat {seat} is offered {keys!r} in {to_do!r}: {refusal}")
                typed.add(keys.split()[0])
            for word in typed:  # a typo is refused in words, whatever it holds
                for typo in (f"{word} ²", f"{word} ² ²", f"{word} 1.²x²", f"{word} x"):
                    with contextlib.suppress(RuleError):
                        game.apply(state, spec.narration.command(state, seat, typo))
    assert len(typed) >= 2, f"keys typed as offered: {typed}"  # the patterns read the lines


AFTER = r"(?:(?<=: )|(?<=· ))"
"""Where a line offers keys: after a colon or a dot, never inside a word ("camp's 1 red")."""
OFFERED = {
    "marche": AFTER + r"(?:p \d+|c [^·]+?(?= ·|$))",
    "market": AFTER + r"(?:p \d+|s -|s(?= ·)|d [YBRGK]+)",
    "bazaar": AFTER + r"(?:t \d+(?: r)?|b \d+|x [YGRBW]+|[rd]\b)",
    "samarkand": AFTER + r"(?:[mgb] [a-z0-9]+|s \d [a-z0-9,]+(?: [a-z]+)?|[rd]\b)",
}
"""The keys a game's keyboard line offers as they are typed (not the placeholders, SPACE
or N): each is typed at the seat it is offered to."""


# ----------------------------------------------------------------------------- the suite
@TABLES
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_games_between_bots_end_and_repeat(name, players, seed):
    check_ends_and_repeats(name, players, seed)


@TABLES
def test_the_log_replays_to_every_state(name, players):
    first = played(name, players, SEEDS[0])
    check_replay(first.spec.engine(), first)


@TABLES
def test_undo_then_redo_gives_the_state_back(name, players):
    first = played(name, players, SEEDS[0])
    check_undo_redo(first.spec.engine(), first)


@TABLES
def test_at_a_physical_table_undo_takes_back_the_last_entry_alone(name, players):
    first = played(name, players, SEEDS[0])
    check_entries_undone(first.spec.engine(), first)


@TABLES
def test_every_draw_is_allowed_and_a_table_may_enter_exactly_the_cards_left(name, players):
    first = played(name, players, SEEDS[0])
    check_draws(first.spec.engine(), first, first.spec)


@TABLES
def test_every_view_is_json_and_holds_no_other_seats_secret(name, players):
    first = played(name, players, SEEDS[0])
    check_views(first.spec.engine(), first, every=3)


@TABLES
def test_listed_actions_are_accepted_and_others_refused_untouched_in_known_words(name, players):
    first = played(name, players, SEEDS[0])
    check_actions(first.spec.engine(), first, first.spec)


@pytest.mark.parametrize(
    ("name", "players"), [(name, players) for name, players in tables() if game_spec(name).narration]
)
def test_the_keyboard_seat_is_told_what_it_holds_and_when_it_decides_what_to_do(name, players):
    first = played(name, players, SEEDS[0])
    check_keyboard(first.spec.engine(), first, first.spec)


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_style_is_named_and_said_how_it_plays(name):
    """The host picks a bot by its name and a line on how it plays, in the reader's language;
    the table seats the default styles when nobody chose one."""
    spec = game_spec(name)
    assert spec.bots and spec.default_styles()
    for style, bot in spec.bots.items():
        assert bot.style == style and bot.title is not Bot.title and bot.summary is not Bot.summary, style
        if spec.renderer.startswith("companion.games."):
            assert {bot.title.template, bot.summary.template} <= catalog(), style
    assert len({bot.summary for bot in spec.bots.values()}) == len(spec.bots)


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_option_is_described_in_words_not_in_codes(name):
    """The host's form names an option by its description and shows its choices in words
    ("as the edition says", not by_edition); the command line lists the codes it types
    (``simulate GAME --help``), so a description spells none of them."""
    spelt = [
        (option.name, code)
        for option in game_spec(name).options
        for code in option.choices
        if isinstance(code, str)
        and (f"({code})" in option.description or ("_" in code and code in option.description))
    ]
    assert spelt == []


def bad_values(option: Any, players: int) -> list[Any]:
    """Values ``option`` must refuse: one of another type, one beside its choices, one past
    each of its bounds (a seat's are 1 and the number of players)."""
    bad: list[Any] = [{"bool": "yes", "int": "1", "str": 7, "list": 7}[option.kind]]
    if option.choices and option.kind == "str":
        bad.append("nonesuch")
    elif option.choices and option.kind == "int":
        bad.append(max(option.choices) + 1)
    low, high = (1, players) if option.seat else (option.low, option.high)
    if low is not None:
        bad.append(low - 1)
    if high is not None:
        bad.append(high + 1)
    return bad


@pytest.mark.parametrize("name", [name for name in GAMES if name != toy_game.SPEC.name])
def test_every_rule_option_refuses_a_bad_value_naming_the_option_and_the_value(name):
    """Every option of every game the appliance ships: a bad value is refused before any
    game, from the host's form (the registry) as from a stored or hand-made setup (the
    engine), in words that name the option and the value and that the catalog knows; an
    unknown option is refused naming the known ones."""
    spec = game_spec(name)
    players = spec.min_players
    setup = spec.setup(players)
    known = ", ".join(option.name for option in spec.options)
    tries = [(option.name, value) for option in spec.options for value in bad_values(option, players)]
    for option_name, value in [*tries, ("nonesuch", 1)]:
        for make in (
            lambda: spec.setup(players, {option_name: value}),
            lambda: spec.engine().new_state({**setup, "rules": {**setup["rules"], option_name: value}}),
        ):
            with pytest.raises(RuleError) as refusal:
                make()
            said = str(refusal.value)
            assert refusal.value.phrase.template in catalog(), said
            if option_name == "nonesuch":
                assert said == f"there is no rule option 'nonesuch' (options: {known})"
            else:
                assert option_name in said and repr(value) in said, (option_name, value, said)


# ------------------------------------------------------------------- the suite can fail
class LeakyUrn(toy_game.UrnGame):
    """Shows every seat's balls to everyone."""

    def view(self, state, viewer):
        shown = super().view(state, viewer)
        shown["all_drawn"] = [list(balls) for balls in state.drawn]
        return shown


class DrawnAnyhowUrn(toy_game.UrnGame):
    """Takes any ball asked for, even one no longer in the urn."""

    def advance(self, state, event):
        if event.kind == CHANCE and event.data["card"] not in state.left:
            state.left += (event.data["card"],)
        super().advance(state, event)


class ShuffledUrn(toy_game.UrnGame):
    """Draws by hidden state that the seed does not hold: every other game it sets up
    offers only the largest ball left, the others only the smallest, so the same seed
    plays another game. (A shuffle by the global random let both plays draw alike about
    one run in ten, and the suite seemed to pass a broken game.)"""

    games = itertools.count()

    def new_state(self, setup):
        self.backwards = next(self.games) % 2 == 1
        return super().new_state(setup)

    def chance_request(self, state):
        request = super().chance_request(state)
        if request is not None:
            ball = sorted(request.remaining, reverse=self.backwards)[0]
            request = type(request)(request.deck, {ball: request.remaining[ball]}, request.seen_by)
        return request


@pytest.mark.parametrize(
    ("broken", "check", "why"),
    [
        (LeakyUrn, lambda game, played, spec: check_views(game, played, every=1), "seat 0's secret"),
        (DrawnAnyhowUrn, check_draws, "DID NOT RAISE"),
        (ShuffledUrn, lambda game, played, spec: check_ends_and_repeats(spec.name, 3, "a"), "another game"),
    ],
)
def test_a_broken_game_fails_the_suite(broken: type[Game], check: Callable, why: str, monkeypatch):
    broken_spec = replace(game_spec("urn"), engine=broken)
    monkeypatch.setitem(registry._specs, "urn", broken_spec)
    played.cache_clear()
    try:
        with pytest.raises((AssertionError, pytest.fail.Exception), match=why):
            urn = played("urn", 3, "a")
            check(broken(), urn, broken_spec)
    finally:
        played.cache_clear()
