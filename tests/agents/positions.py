"""Positions (First Cycle unless a game is given) and helpers shared by the agent tests."""
from __future__ import annotations

import numpy as np

import agents
from agents.greedy import GreedyAgent
from sim import load_game

GAME = load_game("first_cycle")
CIPHER = load_game("cipher")

# Turn 4, player 0 (the second player, so no defender bonus for player 1) on turn with a
# ready Leader; player 1's Leader has 1 HP and no Guard: "attack Leader with Leader" wins
# once both sides have declined support (Blitz Founder has 6 Power attacking; FC-25 asks each
# side holding a card). Six other actions do not.
WIN_IN_ONE = {"turn": 4, "first_player": 1, "players": [
    {"leader": "orange", "hand": ["Prompt Goblin", "Speedrunner", "Unicorn Pitch"], "ram": {"ready": 3},
     "deck": ["Intern Sprint"] * 5, "field": [{"card": "Prompt Goblin", "entered": 2}]},
    {"leader": "green", "hp": 1, "hand": ["Seedling Model"], "deck": ["Seedling Model"] * 5,
     "field": [{"card": "Compost Collector", "entered": 3}]}]}
WINNING_LABEL = "attack Leader with Leader"


def win_in_one():
    """The WIN_IN_ONE position."""
    return GAME.state_from_dict(WIN_IN_ONE)


def mid_game(seed: int = 5, turn: int = 6, game=GAME):
    """Greedy self-play of `game` from `seed` to global turn `turn`, stopped at a real choice."""
    state = game.new_state(seed)
    greedy = GreedyAgent()
    rng = np.random.default_rng(seed)
    while state.turn < turn or len(state.legal_actions()) < 2:
        state.apply(greedy.act(state, rng))
        assert not state.is_terminal(), "pick a seed whose game lasts longer"
    return state


def decide(spec: str, state, seed: int):
    """What a fresh agent `spec` plays from `state` with generator seed `seed`: the action,
    its root statistics (search agents) and its one-ply scores (greedy)."""
    agent = agents.make(spec)
    action = agent.act(state, np.random.default_rng(seed))
    stats = getattr(agent, "last_search_stats", None)
    scores = getattr(agent, "last_scores", None)
    return action, (stats.actions if stats is not None else None), scores


def random_positions(n: int, seed: int = 0) -> list:
    """`n` non-terminal positions with a choice, from seeded random play."""
    rng = np.random.default_rng(seed)
    out = []
    k = 0
    while len(out) < n:
        state = GAME.new_state(seed * 1000 + k)
        k += 1
        steps = int(rng.integers(5, 120))
        for _ in range(steps):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def first_cycle_scenario(hp0=5, hp1=5, field0=(), field1=(), hand0=(), hand1=(), **top):
    """A First Cycle position on turn 4, player 0 on turn, both Leaders orange, with the given
    HP, Characters in play (entered on turn 1) and hands."""
    return GAME.state_from_dict({"turn": 4, "first_player": 1, **top, "players": [
        {"leader": "orange", "hp": hp0, "hand": list(hand0), "deck": ["Intern Sprint"] * 5,
         "field": [{"card": c, "entered": 1} for c in field0]},
        {"leader": "orange", "hp": hp1, "hand": list(hand1), "deck": ["Intern Sprint"] * 5,
         "field": [{"card": c, "entered": 1} for c in field1]}]})


def cipher_scenario(orbs0=3, orbs1=3, units0=(), units1=(), hand0=0, hand1=0, bonds0=3, bonds1=3,
                    mc0=None, mc1=None, **top):
    """An FE Cipher position on turn 6, player 0 on turn, Marth (player 0) and Chrom (player 1)
    as Main Characters, with the given orbs, other units, hand sizes and bonds."""
    def player(orbs, units, hand, bonds, mc):
        return {"units": [mc or {"card": "Marth, Prince of Altea", "mc": True}, *units],
                "orbs": ["Arthur, Fighter of Justice"] * orbs, "hand": ["Effie, Knight"] * hand,
                "deck": ["Arthur, Fighter of Justice"] * 6, "bonds": ["Odin, Dark Mage"] * bonds}
    return CIPHER.state_from_dict({"turn": 6, "first_player": 1, **top, "players": [
        player(orbs0, units0, hand0, bonds0, mc0),
        player(orbs1, units1, hand1, bonds1, mc1 or {"card": "Chrom, Prince of Ylisse",
                                                      "mc": True})]})
