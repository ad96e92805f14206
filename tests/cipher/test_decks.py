"""FE-1 deck-building rules and C-4 malformed decks."""
from __future__ import annotations

import pytest

from sim import load_game
from sim.cipher.decks import Deck, check_deck, get_deck, starter_decks, validate_deck
from sim.cipher.params import CipherParams
from sim.core.errors import InvalidDeckError
from tests.cipher.helpers import CS, GAME

STARTERS = ["red_starter", "blue_starter", "white_starter", "black_starter"]


def _swap(deck: Deck, old: str, new: str, n: int = 1) -> Deck:
    cards = list(deck.cards)
    for _ in range(n):
        cards[cards.index(old)] = new
    return Deck(deck.name, deck.mc, tuple(cards))


def test_fe1_starters_in_order_are_legal():
    assert list(starter_decks()) == STARTERS
    for deck in starter_decks().values():
        assert validate_deck(deck) == [] and len(deck.cards) == 50
        assert CS.card(deck.mc).cost == 1


def test_fe1_deck_at_least_50_cards_including_the_mc_and_no_maximum():
    red = starter_decks()["red_starter"]
    short = Deck("short", red.mc, red.cards[:-1])
    assert validate_deck(short) == ["FE-1 deck size: 49 cards including the MC, need at least 50"]
    big = Deck("big", red.mc, red.cards + tuple(starter_decks()["blue_starter"].cards[:30]))
    assert len(big.cards) == 80 and validate_deck(big) == []


def test_fe1_copy_limit_per_card_name_mc_included():
    red = starter_decks()["red_starter"]
    five = _swap(red, "FE003", "FE001")            # a fifth Marth, Prince of Altea (the MC's card)
    assert validate_deck(five) == [("FE-1 copies: FE001 'Marth, Prince of Altea' has 5 copies, at most 4 "
                                   "(the MC counts)")]
    # different card names of one character are separate names
    assert sum(CS.card(c).character == "Marth" for c in red.cards) == 10 and validate_deck(red) == []


def test_fe1_mc_must_be_a_deck_card_of_deploy_cost_one():
    red = starter_decks()["red_starter"]
    assert validate_deck(Deck("x", "FE002", red.cards)) == [
        "FE-1 MC: FE002 'Marth, Star of Hope' has deploy cost 4, the MC must cost 1"]
    assert validate_deck(Deck("x", "FE016", red.cards)) == [
        "FE-1 MC: FE016 'Chrom, Prince of Ylisse' is not one of the deck's cards"]
    assert validate_deck(Deck("x", "FE999", red.cards)) == ["FE-1 MC: unknown card 'FE999'"]


def test_fe1_every_violation_is_reported_naming_its_rule():
    red = starter_decks()["red_starter"]
    bad = Deck("bad", "FE002", red.cards[:40] + ("FE777",) + ("FE001",) * 2)
    v = validate_deck(bad)
    assert all(m.startswith("FE-1 ") for m in v) and len(v) == 4
    with pytest.raises(InvalidDeckError) as e:
        check_deck(bad)
    assert e.value.violations == v


def test_fe1_limits_are_params():
    red = starter_decks()["red_starter"]
    assert validate_deck(red, CS, CipherParams(min_deck=60))[0].startswith("FE-1 deck size")
    assert validate_deck(_swap(red, "FE003", "FE001"), CS, CipherParams(max_copies=5)) == []


def test_c4_malformed_deck_dicts_and_names():
    with pytest.raises(InvalidDeckError, match="unknown deck name 'green_starter'"):
        get_deck("green_starter")
    with pytest.raises(InvalidDeckError, match="unknown key 'leader'"):
        Deck.from_dict({"leader": "FE001", "mc": "FE001", "cards": {"FE001": 1}})
    with pytest.raises(InvalidDeckError, match="'cards'\\['FE001'\\] must map a card code to a positive int"):
        Deck.from_dict({"mc": "FE001", "cards": {"FE001": 0}})
    with pytest.raises(InvalidDeckError, match="'mc' must be a card code"):
        Deck.from_dict({"cards": {"FE001": 1}})
    with pytest.raises(InvalidDeckError, match="FE Cipher needs 2 decks"):
        GAME.new_state(0, ["red_starter"])
    red = starter_decks()["red_starter"]
    with pytest.raises(InvalidDeckError, match="deck size"):
        GAME.new_state(0, [Deck("s", red.mc, red.cards[:10]).to_dict(), "blue_starter"])


def test_new_state_takes_starter_names_deck_dicts_or_none():
    red = starter_decks()["red_starter"]
    a = GAME.new_state(9, ["red_starter", "blue_starter"])
    b = GAME.new_state(9, [red.to_dict(), starter_decks()["blue_starter"]])
    c = GAME.new_state(9)
    assert a.to_dict() == b.to_dict() == c.to_dict()
    assert [d.name for d in GAME.default_decks()] == ["red_starter", "blue_starter"]
    assert load_game("cipher").card_set is CS


def test_resolve_deck_and_the_lists_the_bench_and_runner_use():
    d = GAME.resolve_deck("white_starter")
    assert d.leader_number(CS) == d.mc_id(CS) == CS.card("Ryoma, Crown Prince").id
    assert len(d.numbers(CS)) == 49
    s = GAME.new_state_from_lists(4, [(d.leader_number(CS), d.numbers(CS))] * 2)
    assert s.to_dict() == GAME.new_state(4, ["white_starter", "white_starter"]).to_dict()
    with pytest.raises(InvalidDeckError, match="FE-1 deck size"):
        GAME.resolve_deck(Deck("s", d.mc, d.cards[:20]))
