"""The to_dict round trip of every game, checked at every decision of seeded random games
(issue 30): `state_from_dict(state.to_dict())` gives back an equal state, one that plays on
exactly as the original does.

`CASES` names each game and seat count once (First Cycle, FE Cipher, XenodeX at 2, 3 and 4
seats), so the round-trip tests are one parametrized test over all of them. A failure names
the case, seed and decision, which `round_trip_game(case, seed)` replays alone."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sim import load_game


@dataclass(frozen=True)
class RoundTripCase:
    """One game and seat count: how to load it and which decks seed `s` plays."""

    name: str
    game_name: str
    deck_names: tuple[str, ...]          # the shipped decks, dealt to the seats in turn
    overrides: tuple[tuple[str, Any], ...] = ()

    @cached_property
    def game(self) -> Any:
        return load_game(self.game_name, **dict(self.overrides))

    def decks(self, seed: int) -> list[Any]:
        """The decks of game `seed`: the shipped decks in turn, so every pairing is met."""
        k = len(self.deck_names)
        return [self.deck_names[(seed // k ** seat) % k] for seat in range(self.game.num_players)]


_FIRST_CYCLE_DECKS = ("black_starter", "orange_starter", "green_starter", "blue_starter")
_CIPHER_DECKS = ("red_starter", "blue_starter", "white_starter", "black_starter")
_XENODEX_DECKS = ("synth", "greys", "others")
CASES = {c.name: c for c in (
    RoundTripCase("first_cycle", "first_cycle", _FIRST_CYCLE_DECKS),
    RoundTripCase("cipher", "cipher", _CIPHER_DECKS),
    RoundTripCase("xenodex@2", "xenodex", _XENODEX_DECKS, (("num_players", 2),)),
    RoundTripCase("xenodex@3", "xenodex", _XENODEX_DECKS, (("num_players", 3),)),
    RoundTripCase("xenodex@4", "xenodex", _XENODEX_DECKS, (("num_players", 4),)),
)}


def restore(state: Any, data: dict, seat: int) -> Any:
    """`state_from_dict(data)` through JSON text (as a scenario file or replay holds it), where
    `data` is `state.to_dict()`, checked: the copy's to_dict, seat on turn, legal actions and
    `seat`'s observation equal the original's. Returns the copy."""
    back = state.game.state_from_dict(json.loads(json.dumps(data)))
    assert back.to_dict() == data, "to_dict of the restored state differs"
    assert back.current_player == state.current_player
    assert back.is_terminal() == state.is_terminal()
    assert back.legal_actions() == state.legal_actions(), "the restored state offers other actions"
    assert back.observation(seat) == state.observation(seat), f"seat {seat} observes another state"
    return back


def round_trip_game(case: RoundTripCase, seed: int) -> int:
    """Play game `seed` of `case` with uniformly random legal actions (drawn from
    `random.Random(seed)`), restoring a copy through to_dict before every decision and at the
    end (observed by the seats in turn); the copy takes the same action and must log the same
    events and reach the same state. Returns the number of decisions."""
    state = case.game.new_state(seed, case.decks(seed))
    seats = state.game.num_players
    pick = random.Random(seed)
    data = state.to_dict()
    decisions = 0
    while True:
        try:
            back = restore(state, data, decisions % seats)
            if state.is_terminal():
                return decisions
            legal = state.legal_actions()
            action = legal[int(pick.random() * len(legal))]
            state.apply(action)
            back.apply(action)
            assert back.events == state.events, "the restored state logs other events"
            data = state.to_dict()
            assert back.to_dict() == data, "the restored state plays on differently"
        except AssertionError as e:
            raise AssertionError(f"{case.name} seed {seed} decision {decisions}: {e}") from e
        except Exception as e:
            raise AssertionError(f"{case.name} seed {seed} decision {decisions}: "
                                 f"{type(e).__name__}: {e}") from e
        decisions += 1
