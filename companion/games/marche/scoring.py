"""Final scoring of Le Marché, in the rules' order, with every part shown per player.

The rulebook's order (docs/rules/marche.md, "End of the game and scoring"): money podium, discard down
to camel capacity, least-bought type, equal values, empty camel spaces. The discard is the
optimal one from `discard.best_keep` unless the table overrides it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from companion.core.errors import RuleError
from companion.games.marche.discard import best_keep, card_count, set_bonus
from companion.games.marche.rules import podium_points

EMPTY_SPACE_COST = 2


@dataclass(frozen=True, slots=True)
class Holdings:
    """What one player has when the game ends."""

    name: str
    sells: str | None  # the goods type this player sells, so cannot buy
    money: int
    camels: tuple[int, ...]
    goods: Mapping[str, tuple[int, ...]]  # type -> values of the cards bought


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's breakdown."""

    name: str
    money_points: int
    capacity: int
    kept: dict[str, list[int]]
    discarded: dict[str, list[int]]
    least_type: str | None
    least_type_points: int
    set_points: int
    set_values: dict[int, int]  # value -> points it scored
    empty_space_penalty: int  # subtracted from the total
    total: int
    overridden: bool  # the table chose the discard, not the advice

    def to_dict(self) -> dict:
        data = asdict(self)
        data["set_values"] = {str(v): p for v, p in self.set_values.items()}
        return data


@dataclass(frozen=True, slots=True)
class GameScore:
    players: list[PlayerScore]
    winners: list[str]

    def to_dict(self) -> dict:
        return {"players": [p.to_dict() for p in self.players], "winners": list(self.winners)}


def money_points(moneys: Sequence[int]) -> list[int]:
    """Podium points: rank = 1 + number strictly richer, so ties share the rank."""
    podium = podium_points(len(moneys))
    ranks = [sum(other > money for other in moneys) for money in moneys]
    return [podium[rank] if rank < len(podium) else 0 for rank in ranks]


def least_type_points(
    kept: Mapping[str, Sequence[int]], buyable_types: Sequence[str]
) -> tuple[str | None, int]:
    """The least-bought type and its points.

    A buyable type with no card scores 0 (that type is returned). Otherwise the type with
    the fewest cards; on a tie the player takes the best sum (the first such type).
    """
    if not buyable_types:
        return None, 0
    fewest = min(len(kept.get(t, ())) for t in buyable_types)
    tied = [t for t in buyable_types if len(kept.get(t, ())) == fewest]
    least = max(tied, key=lambda t: sum(kept.get(t, ())))
    return least, sum(kept.get(least, ()))


def set_points(values: Sequence[int], set_scoring: str = "rulebook") -> tuple[int, dict[int, int]]:
    """Points for equal values across all types, and which values scored them."""
    if values:
        set_bonus(0, set_scoring)  # an unknown option is refused even when no value repeats
    scored = {value: set_bonus(n, set_scoring) for value, n in sorted(Counter(values).items()) if n > 1}
    return sum(scored.values()), scored


def score_player(
    h: Holdings,
    types_in_play: Sequence[str],
    set_scoring: str,
    money_pts: int,
    keep: Mapping[str, Sequence[int]] | None = None,
) -> PlayerScore:
    """One player's breakdown; `keep` is the table's own discard choice, else the advice."""
    buyable = [t for t in types_in_play if t != h.sells]
    capacity = sum(h.camels)
    goods = h.goods
    if keep is None:
        kept = best_keep(goods, capacity, buyable, set_scoring)
    else:
        kept = checked_keep(h.name, goods, capacity, keep)
    discarded = {t: _left_over(goods[t], kept[t]) for t in goods}
    all_kept = [v for values in kept.values() for v in values]
    least, least_pts = least_type_points(kept, buyable)
    sets, set_values = set_points(all_kept, set_scoring)
    penalty = EMPTY_SPACE_COST * max(0, capacity - len(all_kept))
    return PlayerScore(
        name=h.name,
        money_points=money_pts,
        capacity=capacity,
        kept=kept,
        discarded=discarded,
        least_type=least,
        least_type_points=least_pts,
        set_points=sets,
        set_values=set_values,
        empty_space_penalty=penalty,
        total=money_pts + least_pts + sets - penalty,
        overridden=keep is not None,
    )


def _left_over(held: Sequence[int], kept: Sequence[int]) -> list[int]:
    """The held values not kept, highest first; `kept` must be drawn from `held`."""
    rest = sorted(held, reverse=True)
    for v in kept:
        rest.remove(v)
    return rest


def checked_keep(
    name: str, goods: Mapping[str, Sequence[int]], capacity: int, keep: Mapping[str, Sequence[int]]
) -> dict[str, list[int]]:
    """The table's keep set, refused unless it is a legal discard of this player's goods."""
    for t, values in keep.items():
        if t not in goods:
            raise RuleError("{name} keeps {goods} but holds no such goods", name=name, goods=t)
        if not isinstance(values, (list, tuple)):
            raise RuleError("{name}'s keep for {goods} must be a list of card values", name=name, goods=t)
        extra = Counter(values) - Counter(goods[t])
        if extra:
            raise RuleError(
                "{name} keeps {goods} cards {cards} not held",
                name=name,
                goods=t,
                cards=str(sorted(extra.elements())),
            )
    held, count = card_count(goods), card_count(keep)
    must = min(held, capacity)
    if count != must:
        raise RuleError(
            "{name} must keep exactly {must} goods cards (capacity {capacity}, holds {held}), not {count}",
            name=name,
            must=must,
            capacity=capacity,
            held=held,
            count=count,
        )
    return {t: sorted(keep.get(t, ()), reverse=True) for t in goods}


def score_game(
    players: Sequence[Holdings],
    types_in_play: Sequence[str],
    set_scoring: str = "rulebook",
    overrides: Mapping[str, Mapping[str, Sequence[int]]] | None = None,
) -> GameScore:
    """Everyone's breakdown and the winners (every player on the highest total)."""
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise RuleError("player names must be unique: {names}", names=str(names))
    overrides = dict(overrides or {})
    unknown = sorted(set(overrides) - set(names))
    if unknown:
        raise RuleError("discard override for unknown player {name}", name=repr(unknown[0]))
    set_bonus(0, set_scoring)  # refuse an unknown option before scoring anyone
    pts = money_points([p.money for p in players])
    scores = [
        score_player(p, types_in_play, set_scoring, m, overrides.get(p.name)) for p, m in zip(players, pts)
    ]
    top = max(s.total for s in scores) if scores else 0
    return GameScore(scores, [s.name for s in scores if s.total == top])
