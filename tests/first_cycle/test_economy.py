"""FC-11 economy: free packs, Paris-midnight reset (DST included), tokens, carry-over."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest

from sim.core.errors import InvalidDeckError, InvalidParamsError
from sim.core.seeding import make_rng
from sim.first_cycle.decks import SIGNIN_FOIL_ID, Deck, starter_decks, validate_deck
from sim.first_cycle.economy import (
    Account,
    EconomyError,
    EconomyParams,
    allowance_day,
    first_day_can_build,
    next_reset,
    reset_at,
    simulate_days,
)
from sim.first_cycle.packs import Collection

PARIS = ZoneInfo("Europe/Paris")


def paris(*args: int) -> datetime:
    return datetime(*args, tzinfo=PARIS)


def test_fc11_params_defaults():
    p = EconomyParams()
    assert (p.free_packs_per_day, p.starting_tokens, p.pack_price) == (2, 200, 200)
    assert (p.reset_timezone, p.reset_hour) == ("Europe/Paris", 0)
    with pytest.raises(InvalidParamsError, match="reset_timezone"):
        EconomyParams(reset_timezone="Mars/Olympus")


def test_fc11_two_free_packs_a_day():
    acct = Account(paris(2024, 5, 1, 10, 0))
    assert acct.free_packs == 2 and acct.packs_available() == 2
    rng = make_rng(0)
    assert acct.open_pack(rng)[0] == "free" and acct.open_pack(rng)[0] == "free"
    with pytest.raises(EconomyError, match="no pack"):
        acct.open_pack(rng)
    days = simulate_days(paris(2024, 5, 1, 10, 0), 5, 1, buy=False)
    assert [d.free_opened for d in days] == [2] * 5 and [d.bought_opened for d in days] == [0] * 5
    assert [d.collection.total for d in days] == [10, 20, 30, 40, 50]


def test_fc11_unused_free_packs_expire():
    acct = Account(paris(2024, 5, 1, 10, 0))
    acct.open_pack(make_rng(0))
    acct.advance(paris(2024, 5, 1, 23, 59))
    assert acct.free_packs == 1  # same day: no new allowance
    acct.advance(paris(2024, 5, 2, 0, 0))
    assert acct.free_packs == 2  # reset to exactly 2, the unused one expired
    acct.advance(paris(2024, 5, 5, 12, 0))
    assert acct.free_packs == 2  # days without login do not accumulate


def test_fc11_tokens_buy_one_pack():
    acct = Account(paris(2024, 5, 1, 10, 0))
    assert acct.tokens == 200 and acct.can_buy()
    acct.buy_pack()
    assert (acct.tokens, acct.bought_packs) == (0, 1)
    with pytest.raises(EconomyError, match="200 tokens"):
        acct.buy_pack()
    days = simulate_days(paris(2024, 5, 1, 10, 0), 3, 2)
    assert [d.bought_opened for d in days] == [1, 0, 0] and [d.tokens for d in days] == [0, 0, 0]


def test_fc11_bought_packs_carry_over_free_first():
    acct = Account(paris(2024, 5, 1, 10, 0))
    acct.buy_pack()
    acct.advance(paris(2024, 5, 3, 9, 0))
    assert acct.bought_packs == 1 and acct.free_packs == 2
    rng = make_rng(3)
    assert [acct.open_pack(rng)[0] for _ in range(3)] == ["free", "free", "bought"]
    days = simulate_days(paris(2024, 5, 1, 10, 0), 4, 2, open_bought=False)
    assert [d.bought_packs_left for d in days] == [1, 1, 1, 1]
    assert [d.free_opened for d in days] == [2, 2, 2, 2]


def test_fc11_paris_midnight_reset_half_an_hour_after_a_2330_start():
    start = paris(2024, 5, 1, 23, 30)
    assert next_reset(start).astimezone(UTC) - start.astimezone(UTC) == timedelta(minutes=30)
    acct = Account(start)
    rng = make_rng(0)
    acct.open_pack(rng), acct.open_pack(rng)
    acct.advance(paris(2024, 5, 1, 23, 59, 59))
    assert acct.free_packs == 0
    acct.advance(paris(2024, 5, 2, 0, 0))
    assert acct.free_packs == 2
    # The same instant given in UTC behaves the same (23:30 CEST = 21:30 UTC).
    utc_start = datetime(2024, 5, 1, 21, 30, tzinfo=UTC)
    assert allowance_day(utc_start) == allowance_day(start) == start.date()
    assert allowance_day(datetime(2024, 5, 1, 22, 0, tzinfo=UTC)).isoformat() == "2024-05-02"
    days = simulate_days(utc_start, 2, 0)
    assert days[1].at.astimezone(UTC) - utc_start == timedelta(minutes=30)


def test_fc11_reset_follows_paris_clock_across_dst():
    # Spring forward (2024-03-31): that allowance day lasts 23 real hours.
    spring = [reset_at(paris(2024, 3, d).date()).astimezone(UTC) for d in (30, 31)]
    spring.append(reset_at(paris(2024, 4, 1).date()).astimezone(UTC))
    assert [t.hour for t in spring] == [23, 23, 22]
    assert spring[2] - spring[1] == timedelta(hours=23)
    # Fall back (2024-10-27): 25 real hours.
    a = reset_at(paris(2024, 10, 27).date()).astimezone(UTC)
    b = reset_at(paris(2024, 10, 28).date()).astimezone(UTC)
    assert b - a == timedelta(hours=25)
    days = simulate_days(paris(2024, 3, 30, 23, 30), 3, 0)
    assert [d.date.isoformat() for d in days] == ["2024-03-30", "2024-03-31", "2024-04-01"]
    assert [d.at.astimezone(PARIS).hour for d in days[1:]] == [0, 0]
    acct = Account(paris(2024, 3, 31, 1, 30))  # 01:30 CET, just before the jump
    acct.open_pack(make_rng(0))
    acct.advance(paris(2024, 3, 31, 23, 59))  # 21.5 real hours later: same allowance day
    assert acct.free_packs == 1
    acct.advance(datetime(2024, 3, 31, 22, 0, tzinfo=UTC))  # = 2024-04-01 00:00 CEST
    assert acct.free_packs == 2


def test_fc11_times_must_be_aware_and_forward():
    with pytest.raises(EconomyError, match="aware"):
        Account(datetime(2024, 5, 1, 10, 0))
    acct = Account(paris(2024, 5, 1, 10, 0))
    with pytest.raises(EconomyError, match="back"):
        acct.advance(paris(2024, 5, 1, 9, 0))


def test_fc11_snapshots_are_independent_and_grow():
    days = simulate_days(paris(2024, 5, 1, 8, 0), 10, 4)
    assert [d.day for d in days] == list(range(1, 11))
    for prev, cur in pairwise(days):
        for pid, n in prev.collection.counts.items():
            assert cur.collection.count(pid) >= n
        assert cur.collection.total == prev.collection.total + 5 * len(cur.packs)
    assert simulate_days(paris(2024, 5, 1, 8, 0), 10, 4)[-1].collection == days[-1].collection


def test_fc11_first_day_can_build_a_starter():
    start = paris(2024, 5, 1, 23, 30)
    deck = starter_decks()["blue_starter"]
    day = first_day_can_build(deck, start, seed=8)
    assert day is not None and day > 1
    days = simulate_days(start, day, 8)
    assert validate_deck(deck, collection=days[-1].collection) == []
    assert validate_deck(deck, collection=days[-2].collection) != []
    assert first_day_can_build("blue_starter", start, seed=8) == day
    assert first_day_can_build(deck, start, seed=8, max_days=day - 1) is None


def test_fc11_first_day_can_build_with_owned_cards_is_day_one():
    deck = starter_decks()["green_starter"]
    owned = Collection({**deck.counts(), deck.leader: 1})
    assert first_day_can_build(deck, paris(2024, 5, 1, 12, 0), seed=1, collection=owned) == 1


def test_fc11_first_day_can_build_refuses_an_illegal_deck():
    deck = starter_decks()["green_starter"]
    bad = Deck("bad", deck.leader, deck.cards[:-1])
    with pytest.raises(InvalidDeckError, match="FC-8 deck size"):
        first_day_can_build(bad, paris(2024, 5, 1, 12, 0), seed=1)


def test_fc11_signin_foil_granted_once_per_account():
    acct = Account(paris(2024, 5, 1, 10, 0))
    assert acct.collection.signin_foil is None and acct.collection.count(SIGNIN_FOIL_ID) == 0
    assert acct.sign_in("Ada") is True
    assert acct.collection.signin_foil == "Ada" and acct.collection.count(SIGNIN_FOIL_ID) == 1
    acct.advance(paris(2024, 5, 3, 10, 0))
    assert acct.sign_in("Ada") is False and acct.sign_in("Grace") is False
    assert acct.collection.signin_foil == "Ada" and acct.collection.count(SIGNIN_FOIL_ID) == 1
    assert acct.collection.total == 0                       # a collection item, not a print copy
    with pytest.raises(EconomyError, match="name"):
        acct.sign_in("")
    with pytest.raises(ValueError, match="one per account"):
        acct.collection.add_signin_foil("Grace")
    assert Account(paris(2024, 5, 1, 10, 0), name="Bo").collection.signin_foil == "Bo"


def test_fc11_simulated_player_signs_in_on_day_one_and_decks_still_refuse_the_foil():
    days = simulate_days(paris(2024, 5, 1, 8, 0), 3, 4, name="Ada")
    assert [d.collection.signin_foil for d in days] == ["Ada"] * 3
    assert simulate_days(paris(2024, 5, 1, 8, 0), 1, 4)[0].collection.signin_foil == "player"
    assert simulate_days(paris(2024, 5, 1, 8, 0), 1, 4, name=None)[0].collection.signin_foil is None
    deck = starter_decks()["green_starter"]
    owned = days[-1].collection
    owned.add(deck.leader)
    for pid, n in deck.counts().items():
        owned.add(pid, n)
    with_foil = Deck("foil", deck.leader, [*deck.cards[:-1], SIGNIN_FOIL_ID])
    assert "FC-11 sign-in foil card cannot be in a deck" in validate_deck(with_foil, collection=owned)
