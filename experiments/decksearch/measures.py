"""Behaviour measures: the deck features that span a deck search's archive.

    measure = get_measure("first_cycle", "share_protocols")
    measure.value(pool, deck)          # a float, the deck's place on that axis
    measure.default_range(pool)        # (low, high) of the axis when the file gives none

Every measure counts each copy of a card (the head card is not counted, except FE Cipher's
MC, which is one of its 50 cards). `MEASURES[game]` lists each game's measures:

- every game: `mean_cost` (mean cost of the cards);
- First Cycle: `share_protocols`, `share_characters`, `allied_share` (cards not of the
  Leader's colour), `mean_power` (of the Characters);
- FE Cipher: `mean_power`, `mc_color_share` (cards of the MC's colour), `colors` (how many
  colours the deck uses);
- XenodeX: `mean_str`, `mean_bp`, `faction_share` (characters of the deck's own faction),
  `ability_share` (characters with at least one ability).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from experiments.decksearch.errors import DeckSearchError
from experiments.decksearch.pools import Candidate, Pool


@dataclass(frozen=True)
class Measure:
    """A named deck feature: `of(pool, deck)` and the axis range it takes by default."""

    name: str
    what: str
    of: Callable[[Pool, Candidate], float]
    default: Callable[[Pool], tuple[float, float]]

    def value(self, pool: Pool, deck: Candidate) -> float:
        """The deck's value on this axis."""
        return float(self.of(pool, deck))

    def default_range(self, pool: Pool) -> tuple[float, float]:
        """(low, high) the axis spans when the search file gives no range."""
        lo, hi = self.default(pool)
        return (float(lo), float(hi)) if hi > lo else (float(lo), float(lo) + 1.0)


def _copies(pool: Pool, deck: Candidate, keep=lambda spec: True) -> list[tuple[object, int]]:
    return [(pool.card(n), k) for n, k in deck.counts if keep(pool.card(n))]


def _mean(attr: str, keep=lambda spec: True):
    def of(pool: Pool, deck: Candidate) -> float:
        cards = _copies(pool, deck, keep)
        total = sum(k for _, k in cards)
        return sum(getattr(spec, attr) * k for spec, k in cards) / total if total else 0.0
    return of


def _share(test, among=lambda spec: True):
    def of(pool: Pool, deck: Candidate) -> float:
        cards = _copies(pool, deck, among)
        total = sum(k for _, k in cards)
        return sum(k for spec, k in cards if test(pool, deck, spec)) / total if total else 0.0
    return of


def _span(attr: str, keep=lambda spec: True):
    def default(pool: Pool) -> tuple[float, float]:
        values = [getattr(pool.card(n), attr) for n in pool.items if keep(pool.card(n))]
        return (min(values), max(values)) if values else (0.0, 1.0)
    return default


def _unit(pool: Pool) -> tuple[float, float]:
    return (0.0, 1.0)


def _fc_leader_color(pool, deck) -> str:
    return pool.card_set.card_of_print(deck.head).color


def _is_character(spec) -> bool:
    return spec.kind == "character"


MEASURES: dict[str, dict[str, Measure]] = {
    "first_cycle": {m.name: m for m in (
        Measure("mean_cost", "mean cost of the main deck", _mean("cost"), _span("cost")),
        Measure("share_protocols", "share of Protocols", _share(lambda p, d, s: s.kind == "protocol"), _unit),
        Measure("share_characters", "share of Characters", _share(lambda p, d, s: _is_character(s)), _unit),
        Measure("allied_share", "share of allied-colour cards",
                _share(lambda p, d, s: s.color != _fc_leader_color(p, d)), _unit),
        Measure("mean_power", "mean power of the Characters", _mean("power", _is_character),
                _span("power", _is_character)),
    )},
    "cipher": {m.name: m for m in (
        Measure("mean_cost", "mean deploy cost", _mean("cost"), _span("cost")),
        Measure("mean_power", "mean power", _mean("power"), _span("power")),
        Measure("mc_color_share", "share of cards of the MC's colour",
                _share(lambda p, d, s: s.color == p.card(d.head).color), _unit),
        Measure("colors", "number of colours", lambda p, d: len({p.card(n).color for n, _ in d.counts}),
                lambda p: (1, len({p.card(n).color for n in p.items}))),
    )},
    "xenodex": {m.name: m for m in (
        Measure("mean_cost", "mean CDX cost", _mean("cost"), _span("cost")),
        Measure("mean_str", "mean STR", _mean("str_"), _span("str_")),
        Measure("mean_bp", "mean BP", _mean("bp"), _span("bp")),
        Measure("faction_share", "share of the deck faction's own characters",
                _share(lambda p, d, s: s.faction == p.cards.decks[d.head].faction), _unit),
        Measure("ability_share", "share of characters with an ability",
                _share(lambda p, d, s: bool(s.abilities)), _unit),
    )},
}


def get_measure(game: str, name: str) -> Measure:
    """The measure `name` of `game`; DeckSearchError lists the known ones."""
    known = MEASURES.get(game, {})
    if name not in known:
        raise DeckSearchError(f"measures: {game} has no measure {name!r}; known: {', '.join(known)}")
    return known[name]
