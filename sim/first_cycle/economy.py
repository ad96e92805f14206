"""The First Cycle free-to-play economy (ruling FC-11), day by day.

- Each player gets `free_packs_per_day` (2) free packs per allowance day. An allowance
  day starts at `reset_hour`:00 (00:00) in `reset_timezone` (Europe/Paris): at each
  reset the free allowance is set back to exactly 2; unused free packs expire and
  never accumulate. A player who starts at 23:30 Paris time gets a fresh allowance 30
  minutes later. Days follow the Paris wall clock, so a DST-change day lasts 23 or 25
  hours of real time.
- A player starts with `starting_tokens` (200); a shop pack costs `pack_price` (200).
  Bought packs carry over across resets; when opening, free packs go first.
- Signing in grants the foil collector card bearing the player's name, once per account
  (`Account.sign_in`); it joins the collection, and no deck may hold it (decks.py).

`Account` is the time-driven state machine (aware datetimes only); `iter_days` /
`simulate_days` play a simple free-to-play policy (sign in on day 1; each allowance day:
buy whatever tokens afford, open every pack) and snapshot the collection each day;
`first_day_can_build` answers "on which day can this player first build this deck"
(day 1 = the start day), checking ownership with `decks.validate_deck(collection=...)`.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import numpy as np

from sim.core.errors import InvalidParamsError, TcglabError
from sim.core.params import Params, param
from sim.core.seeding import make_rng
from sim.first_cycle.cards import CardSet, load_card_set
from sim.first_cycle.decks import Deck, get_deck, validate_deck
from sim.first_cycle.packs import Collection, PackParams, open_pack
from sim.first_cycle.params import FirstCycleParams


class EconomyError(TcglabError, ValueError):
    """An economy action that is not possible (no tokens, no pack, naive datetime, time going back)."""


class EconomyParams(Params, game="first_cycle_economy"):
    """The numbers of the First Cycle economy (FC-11)."""

    free_packs_per_day: int = param(2, 0, 20, "free packs granted at each daily reset (reset, not added)")
    starting_tokens: int = param(200, 0, 1_000_000, "tokens a new player starts with")
    pack_price: int = param(200, 1, 1_000_000, "tokens per shop pack")
    reset_timezone: str = param("Europe/Paris", doc="IANA time zone of the daily reset")
    reset_hour: int = param(0, 0, 23, "local hour of the daily reset")

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.reset_timezone, str):
            raise InvalidParamsError(f"{self.game} param 'reset_timezone' must be a string")
        try:
            ZoneInfo(self.reset_timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise InvalidParamsError(
                f"{self.game} param 'reset_timezone'={self.reset_timezone!r} is not a known time zone") from None

    @property
    def tz(self) -> ZoneInfo:
        """The reset time zone."""
        return ZoneInfo(self.reset_timezone)


def _check_aware(t: datetime) -> None:
    if not isinstance(t, datetime) or t.tzinfo is None or t.utcoffset() is None:
        raise EconomyError(f"times must be timezone-aware datetimes, got {t!r}")


def _utc(t: datetime) -> datetime:
    """`t` in UTC: aware datetimes sharing a tzinfo compare by wall clock, so compare in UTC."""
    return t.astimezone(UTC)


def reset_at(day: date, params: EconomyParams | None = None) -> datetime:
    """The instant (aware, in the reset zone) at which the allowance day `day` begins."""
    p = params or EconomyParams()
    local = datetime.combine(day, time(p.reset_hour), tzinfo=p.tz)
    # A wall time inside a DST gap does not exist: round-trip through UTC to normalise it.
    return local.astimezone(UTC).astimezone(p.tz)


def allowance_day(t: datetime, params: EconomyParams | None = None) -> date:
    """The allowance day (a local calendar date of the reset zone) that contains instant `t`."""
    _check_aware(t)
    p = params or EconomyParams()
    local = t.astimezone(p.tz)
    d = local.date()
    return d if _utc(t) >= _utc(reset_at(d, p)) else d - timedelta(days=1)


def next_reset(t: datetime, params: EconomyParams | None = None) -> datetime:
    """The first reset strictly after instant `t` (aware, in the reset zone)."""
    p = params or EconomyParams()
    return reset_at(allowance_day(t, p) + timedelta(days=1), p)


class Account:
    """One player's wallet over time: free allowance, tokens, bought packs and collection."""

    def __init__(self, now: datetime, params: EconomyParams | None = None,
                 collection: Collection | None = None, name: str | None = None):
        """An account opened at `now` with `collection` (copied; empty by default); with a
        `name`, the player signs in at once (`sign_in`)."""
        _check_aware(now)
        self.params = params or EconomyParams()
        self.now = now
        self.day = allowance_day(now, self.params)
        self.free_packs = self.params.free_packs_per_day
        self.tokens = self.params.starting_tokens
        self.bought_packs = 0
        self.collection = collection.copy() if collection is not None else Collection()
        if name is not None:
            self.sign_in(name)

    def sign_in(self, name: str) -> bool:
        """Sign in as `name`: the first sign-in of the account grants the foil collector card
        bearing that name (FC-11); later ones grant nothing. Returns whether it was granted."""
        if not isinstance(name, str) or not name:
            raise EconomyError(f"signing in needs the player's name, got {name!r}")
        if self.collection.signin_foil is not None:
            return False
        self.collection.add_signin_foil(name)
        return True

    def advance(self, now: datetime) -> None:
        """Move the clock to `now`; at a new allowance day the free packs reset to exactly the allowance."""
        _check_aware(now)
        if _utc(now) < _utc(self.now):
            raise EconomyError(f"time cannot go back: {now.isoformat()} is before {self.now.isoformat()}")
        self.now = now
        day = allowance_day(now, self.params)
        if day != self.day:
            self.day = day
            self.free_packs = self.params.free_packs_per_day  # unused free packs expire

    def packs_available(self) -> int:
        """Free plus bought packs that can be opened now."""
        return self.free_packs + self.bought_packs

    def can_buy(self) -> bool:
        """Whether the tokens pay for one shop pack."""
        return self.tokens >= self.params.pack_price

    def buy_pack(self) -> None:
        """Spend `pack_price` tokens on one pack (it carries over until opened)."""
        if not self.can_buy():
            raise EconomyError(f"a pack costs {self.params.pack_price} tokens, {self.tokens} left")
        self.tokens -= self.params.pack_price
        self.bought_packs += 1

    def open_pack(self, rng: np.random.Generator, card_set: CardSet | None = None,
                  pack_params: PackParams | None = None) -> tuple[str, list[str]]:
        """Open one pack, a free one first; returns ("free" | "bought", the 5 print ids)."""
        if self.free_packs > 0:
            self.free_packs -= 1
            source = "free"
        elif self.bought_packs > 0:
            self.bought_packs -= 1
            source = "bought"
        else:
            raise EconomyError("no pack to open (free allowance used, no bought pack)")
        cards = open_pack(rng, card_set, pack_params)
        self.collection.add_cards(cards)
        return source, cards


@dataclass
class DaySnapshot:
    """What happened on one allowance day and the collection at its end."""

    day: int
    date: date
    at: datetime
    free_opened: int
    bought_opened: int
    tokens: int
    bought_packs_left: int
    packs: list[list[str]] = field(repr=False)
    collection: Collection = field(repr=False)


def iter_days(start: datetime, seed: int | np.random.SeedSequence, card_set: CardSet | None = None,
              params: EconomyParams | None = None, pack_params: PackParams | None = None,
              collection: Collection | None = None, buy: bool = True,
              open_bought: bool = True, name: str | None = "player") -> Iterator[DaySnapshot]:
    """Endless allowance days from `start` (day 1) for a free-to-play player.

    Each day: the player logs in (at `start` on day 1, at the reset afterwards), buys
    every pack the tokens afford (`buy`), opens the free packs, then the bought ones
    (`open_bought`). On day 1 the player signs in as `name` and receives the sign-in foil
    (None: never signs in). Every snapshot holds its own copy of the collection.
    """
    p = params or EconomyParams()
    cs = card_set or load_card_set()
    rng = make_rng(seed)
    acct = Account(start, p, collection, name)
    first_day = acct.day
    k = 0
    while True:
        k += 1
        day = first_day + timedelta(days=k - 1)
        at = start if k == 1 else reset_at(day, p)
        acct.advance(at)
        while buy and acct.can_buy():
            acct.buy_pack()
        opened: list[list[str]] = []
        free_n = bought_n = 0
        while acct.free_packs > 0 or (open_bought and acct.bought_packs > 0):
            source, cards = acct.open_pack(rng, cs, pack_params)
            opened.append(cards)
            if source == "free":
                free_n += 1
            else:
                bought_n += 1
        yield DaySnapshot(day=k, date=day, at=at, free_opened=free_n, bought_opened=bought_n,
                          tokens=acct.tokens, bought_packs_left=acct.bought_packs, packs=opened,
                          collection=acct.collection.copy())


def simulate_days(start: datetime, days: int, seed: int | np.random.SeedSequence,
                  card_set: CardSet | None = None, params: EconomyParams | None = None,
                  pack_params: PackParams | None = None, collection: Collection | None = None,
                  buy: bool = True, open_bought: bool = True,
                  name: str | None = "player") -> list[DaySnapshot]:
    """The first `days` allowance days from `start` (see `iter_days`), one snapshot per day."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 0:
        raise EconomyError(f"days must be a non-negative int, got {days!r}")
    it = iter_days(start, seed, card_set, params, pack_params, collection, buy, open_bought, name)
    return [next(it) for _ in range(days)]


def first_day_can_build(deck: Deck | str | dict, start: datetime, seed: int | np.random.SeedSequence,
                        max_days: int = 3650, card_set: CardSet | None = None,
                        params: EconomyParams | None = None, pack_params: PackParams | None = None,
                        game_params: FirstCycleParams | None = None,
                        collection: Collection | None = None) -> int | None:
    """The first day (1 = the start day) whose end-of-day collection covers `deck` (FC-8), or None.

    Uses the same days as `simulate_days(start, ..., seed)` with the same arguments. A deck
    that breaks a rule other than ownership can never be built: InvalidDeckError is raised.
    """
    from sim.first_cycle.decks import check_deck

    cs = card_set or load_card_set()
    d = get_deck(deck)
    check_deck(d, cs, game_params)
    for snap in iter_days(start, seed, cs, params, pack_params, collection):
        if not validate_deck(d, cs, game_params, collection=snap.collection):
            return snap.day
        if snap.day >= max_days:
            return None
    return None  # pragma: no cover (iter_days is endless)
