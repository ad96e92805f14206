"""FC-8 deck-building rules, FC-11 sign-in foil, C-4 malformed decks."""
from __future__ import annotations

import pytest

from sim.core.errors import InvalidDeckError
from sim.first_cycle.cards import load_card_set
from sim.first_cycle.decks import (
    SIGNIN_FOIL_ID,
    Deck,
    check_deck,
    get_deck,
    starter_decks,
    validate_deck,
)
from sim.first_cycle.packs import Collection
from sim.first_cycle.params import FirstCycleParams

CS = load_card_set()


def _replace(deck: Deck, old: str, new: str, n: int = 1) -> Deck:
    cards = list(deck.cards)
    for _ in range(n):
        cards[cards.index(old)] = new
    return Deck(deck.name, deck.leader, tuple(cards))


@pytest.fixture
def black() -> Deck:
    return starter_decks()["black_starter"]


def test_fc8_starters_exist_in_order():
    assert list(starter_decks()) == ["black_starter", "orange_starter", "green_starter", "blue_starter"]


@pytest.mark.parametrize("name", ["black_starter", "orange_starter", "green_starter", "blue_starter"])
def test_fc8_starter_is_legal(name):
    deck = starter_decks()[name]
    assert validate_deck(deck) == []
    check_deck(deck, CS, FirstCycleParams())
    leader = CS.card_of_print(deck.leader)
    assert leader.kind == "leader" and f"{leader.color}_starter" == name
    colors = {CS.card_of_print(p).color for p in deck.cards}
    assert leader.color in colors and len(colors) == 2
    allied = [p for p in deck.cards if CS.card_of_print(p).color != leader.color]
    assert 1 <= len(allied) <= 10
    zero = {"black": "Context Window", "orange": "Circuit Breaker", "green": "Power Governor",
            "blue": "Counterfactual"}[leader.color]
    assert CS.by_name(zero).prints[0].print_id in deck.cards
    costs = [CS.card_of_print(p).cost for p in deck.cards]
    assert sum(c <= 2 for c in costs) >= 12 and max(costs) <= 6


def test_fc8_deck_numbers_and_round_trip(black):
    assert len(black.numbers(CS)) == 30
    assert black.leader_number(CS) == CS.number_of_print(black.leader)
    d = black.to_dict()
    assert set(d) == {"name", "leader", "cards"} and sum(d["cards"].values()) == 30
    assert Deck.from_dict(d) == black


def test_fc8_deck_size(black):
    short = Deck(black.name, black.leader, black.cards[:-1])
    assert "FC-8 deck size: 29 main-deck cards, need exactly 30" in validate_deck(short)
    long = Deck(black.name, black.leader, black.cards + ("FC003",))
    assert any(v.startswith("FC-8 deck size: 31") for v in validate_deck(long))
    assert validate_deck(short, params=FirstCycleParams().replace(deck_size=29)) == []


def test_fc8_leader_must_be_leader(black):
    char = CS.by_name("Null Pointer").prints[0].print_id
    bad = Deck(black.name, char, black.cards)
    assert f"FC-8 leader: {char} is a character, not a leader" in validate_deck(bad)


def test_fc8_leader_not_in_main_deck(black):
    bad = _replace(black, black.cards[0], black.leader)
    assert f"FC-8 main deck: {black.leader} is a leader" in validate_deck(bad)


def test_fc8_unknown_print(black):
    bad = _replace(black, black.cards[0], "FC999")
    assert "FC-8 unknown print: FC999" in validate_deck(bad)
    assert "FC-8 unknown print: FC998" in validate_deck(Deck("x", "FC998", black.cards))


def test_fc8_ram_module_not_a_deck_card(black):
    bad = _replace(black, black.cards[0], "AIM07")
    assert any(v.startswith("FC-8 main deck: AIM07 is a RAM Module") for v in validate_deck(bad))


def _allied_swap(deck: Deck, color: str, n: int) -> Deck:
    """Replace n primary-color cards by allied cards of `color` (copies kept <= 3)."""
    leader_color = CS.card_of_print(deck.leader).color
    pool = [c.prints[0].print_id for c in CS if c.color == color and c.kind != "leader"
            and c.deck_limit == 3 and c.prints[0].print_id not in deck.cards]
    cards = list(deck.cards)
    idx = [i for i, p in enumerate(cards) if CS.card_of_print(p).color == leader_color]
    for k in range(n):
        cards[idx[k]] = pool[k // 3]
    return Deck(deck.name, deck.leader, tuple(cards))


def test_fc8_allied_color_limit():
    orange = starter_decks()["orange_starter"]  # orange + 10 black
    bad = _allied_swap(orange, "black", 2)
    assert "FC-8 colors: 12 allied-color cards (black), at most 10" in validate_deck(bad)
    assert validate_deck(bad, params=FirstCycleParams().replace(max_allied=12)) == []


def test_fc8_only_one_allied_color():
    orange = starter_decks()["orange_starter"]
    blacks = [p for p in orange.cards if CS.card_of_print(p).color == "black"]
    blue = CS.by_name("Notebook Scribe").prints[0].print_id
    bad = _replace(orange, blacks[0], blue, 1)
    msgs = validate_deck(bad)
    assert "FC-8 colors: cards of two allied colors (black, blue); only one allied color allowed" in msgs
    assert not any("allied-color cards" in m for m in msgs)  # still 10 off-color cards


def test_fc8_copies_across_prints(black):
    # Kill Switch Engineer: 2 copies of FC011 in the starter; add its ALT twice -> 4 copies.
    ks = CS.by_name("Kill Switch Engineer")
    std, alt = ks.prints[0].print_id, ks.prints[1].print_id
    assert black.cards.count(std) == 2
    others = [p for p in black.cards if p != std and CS.card_of_print(p).color == "black"]
    bad = _replace(_replace(black, others[0], alt), others[-1], alt)
    assert f"FC-8 copies: {ks.code} has 4 copies across prints, at most 3" in validate_deck(bad)


def test_fc8_singularity_one_across_prints():
    green = starter_decks()["green_starter"]
    g = [p for p in green.cards if CS.card_of_print(p).color == "green"]
    ok = _replace(green, g[0], "FC039-V3")
    assert validate_deck(ok) == []
    bad = _replace(ok, g[-1], "FC039")
    assert "FC-8 singularity: #039 The Singularity at most 1 across its prints, 2 in deck" in validate_deck(bad)
    bad3 = _replace(bad, g[-2], "FC039-V2")
    assert any("#039 The Singularity at most 1" in v and "3 in deck" in v for v in validate_deck(bad3))


def test_fc8_all_violations_at_once(black):
    bad = Deck("bad", "FC008", black.cards[:28] + ("FC999",))
    msgs = validate_deck(bad)
    assert any(m.startswith("FC-8 leader:") for m in msgs)
    assert any(m.startswith("FC-8 unknown print:") for m in msgs)
    assert any(m.startswith("FC-8 deck size:") for m in msgs)
    with pytest.raises(InvalidDeckError) as e:
        check_deck(bad)
    assert e.value.violations == msgs and len(msgs) == 3


def test_fc8_collection(black):
    full = Collection(black.counts())
    full.add(black.leader)
    assert validate_deck(black, collection=full) == []
    assert validate_deck(black, collection=dict(full.counts)) == []
    ada = CS.by_name("Ada Lovelace").prints[0].print_id
    notebook = CS.by_name("Notebook Scribe").prints[0].print_id
    deck = _replace(black, notebook, ada, 2)
    owned = Collection({**deck.counts(), ada: 1, deck.leader: 1})
    assert validate_deck(deck, collection=owned) == [f"FC-8 collection: 2 copies of {ada} used, 1 owned"]
    no_leader = Collection(black.counts())
    assert validate_deck(black, collection=no_leader) == [
        f"FC-8 collection: 1 copy of {black.leader} used, 0 owned"]


def test_fc8_collection_counts_prints_separately(black):
    # Owning the ALT does not pay for the standard print.
    amanda = CS.by_name("Amanda Askell")
    chain = CS.by_name("Chain of Thought").prints[0].print_id
    deck = _replace(black, chain, amanda.prints[0].print_id, 1)
    counts = {**deck.counts(), deck.leader: 1, amanda.prints[1].print_id: 3}
    del counts[amanda.prints[0].print_id]
    owned = Collection(counts)
    assert validate_deck(deck, collection=owned) == [
        f"FC-8 collection: 1 copy of {amanda.prints[0].print_id} used, 0 owned"]


def test_fc11_signin_foil_never_in_a_deck(black):
    owned = Collection(black.counts(), signin_foil="Ada Player")
    owned.add(black.leader)
    assert owned.count(SIGNIN_FOIL_ID) == 1
    bad = _replace(black, black.cards[0], SIGNIN_FOIL_ID)
    msgs = validate_deck(bad, collection=owned)
    assert "FC-11 sign-in foil card cannot be in a deck" in msgs
    assert any(m.startswith("FC-11 sign-in foil") for m in validate_deck(Deck("x", SIGNIN_FOIL_ID, black.cards)))


def test_fc8_get_deck():
    black = starter_decks()["black_starter"]
    assert get_deck("black_starter") == black
    assert get_deck(black) is black
    assert get_deck(black.to_dict()) == black
    with pytest.raises(InvalidDeckError) as e:
        get_deck("purple_starter")
    assert "purple_starter" in str(e.value) and "black_starter" in str(e.value)


@pytest.mark.parametrize("bad,word", [
    ({"name": "x", "leader": 5, "cards": {}}, "'leader'"),
    ({"name": "x", "leader": "FC001", "cards": {"FC003": 0}}, "FC003"),
    ({"name": "x", "leader": "FC001", "cards": 7}, "'cards'"),
    ({"name": "x", "leader": "FC001", "cards": {}, "sideboard": []}, "sideboard"),
])
def test_c4_malformed_deck_dict_named(bad, word):
    with pytest.raises(InvalidDeckError, match=word):
        Deck.from_dict(bad)
