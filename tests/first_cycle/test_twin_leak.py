"""Twin games (C-3): two First Cycle states that differ only in what seat p cannot know must
look the same to p.

At many points of seeded random games (every point right after a Scan, a Cycle or a draw
from the known bottom, and a random share of the others), the state's `to_dict` is edited
into a twin: the opponent's hidden hand cards, their deck above the bottom both players saw
(Cycle) and a Scan they are ordering are re-dealt among themselves; p's own deck is
re-shuffled between the top p scanned and the known bottom. What p knows is not read from
the engine's bookkeeping (`known_top`, `known_bottom`, `revealed`): `Referee` follows the game
from its events and sets those fields in the twin, so a state whose bookkeeping claims more
than the seat can know (the cards below a Scan being ordered, a revealed copy kept after
another copy left the hand) shows p another view than its twin.

Both twins must give p the same observation, the same encoded observation (envs/encoding,
both the dict's encoding and BatchEnv's `encode_seats`, which reads the states),
the same legal actions when p is to act, and, after the same action in both (one legal in
both; p's own deck left as it is, so p's own draws match), the same events as p may see
them (`visible_events`) and the same next observation.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from envs.encoding.first_cycle import FirstCycleEncoder
from sim.first_cycle.observation import visible_events
from tests.first_cycle.helpers import GAME, scenario

ENCODER = FirstCycleEncoder(GAME)
_SCAN = GAME.codec.decode(GAME.a_scan)[0]


class Referee:
    """What each seat knows of the decks and hands, followed from the game's events alone:
    `top[q]` top cards of q's deck q saw with Scan, `bottom[q]` bottom cards both saw go there
    by Cycle, `shown[q]` the hand cards of q the opponent saw enter it (from the known bottom)."""

    def __init__(self, state) -> None:
        self.top = [0, 0]
        self.bottom = [0, 0]
        self.shown: list[list[int]] = [[], []]
        self.decks = [len(pl.deck) for pl in state.players]

    def copy(self) -> Referee:
        r = Referee.__new__(Referee)
        r.top, r.bottom, r.decks = list(self.top), list(self.bottom), list(self.decks)
        r.shown = [list(x) for x in self.shown]
        return r

    def before_apply(self, state, action: int) -> None:
        """A Scan's last order choice puts the scanned cards back on top: now known to their owner."""
        p = state.pending
        if p is not None and p[0] == "scan" and GAME.codec.decode(action)[0] == _SCAN and len(p[2]) <= 2:
            k = len(p[2]) + len(p[3])
            self.top[p[1]] += k
            self.decks[p[1]] += k

    def follow(self, events) -> None:
        """Update from the events of one `apply`, in order."""
        for e in events:
            kind = e[0]
            if kind in ("draw", "opening_hand"):
                q, c = e[1], e[2]
                if self.decks[q] <= self.bottom[q]:        # the card came from the known bottom
                    self.bottom[q] -= 1
                    self.shown[q].append(c)
                self.top[q] = max(self.top[q] - 1, 0)
                self.decks[q] -= 1
            elif kind in ("deploy", "execute", "support", "cycle"):
                q, c = e[1], e[2]
                if c in self.shown[q]:                     # whichever copy left, one known copy goes
                    self.shown[q].remove(c)
                if kind == "cycle":
                    self.bottom[q] += 1
                    self.decks[q] += 1
            elif kind == "scan":
                q, k = e[1], e[2]
                if k == 1:
                    self.top[q] = max(self.top[q], 1)
                elif k >= 2:                               # out of the deck while being ordered
                    self.top[q] = max(self.top[q] - k, 0)
                    self.decks[q] -= k
                    self.bottom[q] = min(self.bottom[q], self.decks[q])


def twin_dict(state, ref: Referee, p: int, rng: np.random.Generator, own_deck: bool) -> dict:
    """`state.to_dict()` with everything p cannot know re-dealt (see the module docstring) and
    the knowledge fields set from the referee."""
    d = state.to_dict()
    o = 1 - p
    for q in (0, 1):
        pd = d["players"][q]
        pd["known_top"], pd["known_bottom"], pd["revealed"] = ref.top[q], ref.bottom[q], list(ref.shown[q])
    opp = d["players"][o]
    shown = Counter(ref.shown[o])
    kept, hidden = [], []
    for c in opp["hand"]:
        if shown[c] > 0:
            shown[c] -= 1
            kept.append(c)
        else:
            hidden.append(c)
    deck = opp["deck"]                                     # top first
    cut = len(deck) - ref.bottom[o]
    pending = d["pending"]
    scanning = pending is not None and pending[0] == "scan" and pending[1] == o
    scan = list(pending[2]) + list(pending[3]) if scanning else []
    pool = hidden + deck[:cut] + scan
    pool = [pool[i] for i in rng.permutation(len(pool))]
    a, b = len(hidden), len(hidden) + cut
    opp["hand"] = kept + pool[:a]
    opp["deck"] = pool[a:b] + deck[cut:]
    if scanning:
        n_left = len(pending[2])
        d["pending"] = ["scan", o, sorted(pool[b:b + n_left]), pool[b + n_left:]]
    if own_deck:
        mine = d["players"][p]["deck"]
        lo, hi = ref.top[p], len(mine) - ref.bottom[p]
        middle = mine[lo:hi]
        mine[lo:hi] = [middle[i] for i in rng.permutation(len(middle))]
    return d


def _same_to(p: int, s, t, where: str) -> None:
    so, to = s.observation(p), t.observation(p)
    assert so == to, f"{where}: seat {p} observes the twins differently"
    assert np.array_equal(ENCODER.encode(so), ENCODER.encode(to)), f"{where}: encodings differ"
    rows = ENCODER.encode_seats([s, t], [p, p])  # BatchEnv's path, read from the states
    assert np.array_equal(rows[0], rows[1]), f"{where}: encode_seats tells the twins apart"
    assert s.current_player == t.current_player, f"{where}: another seat decides"
    if s.current_player == p:
        assert s.legal_actions() == t.legal_actions(), f"{where}: seat {p} is offered other actions"


def check_twins(state, ref: Referee, rng: np.random.Generator, where: str, played: int | None) -> None:
    """Both seats against their twins: the view now, then the same action in both."""
    for p in (0, 1):
        whole = GAME.state_from_dict(twin_dict(state, ref, p, rng, own_deck=True))
        _same_to(p, state, whole, f"{where}, seat {p}")
        if state.is_terminal():
            continue
        twin = GAME.state_from_dict(twin_dict(state, ref, p, rng, own_deck=False))
        _same_to(p, state, twin, f"{where}, seat {p} (opponent re-dealt)")
        common = sorted(set(state.legal_actions()) & set(twin.legal_actions()))
        assert common, f"{where}: no action legal in both twins"
        a = played if played in common else common[int(rng.integers(len(common)))]
        s2, t2 = state.clone(), twin.clone()
        s2.apply(a)
        t2.apply(a)
        label = state.action_label(a)
        assert visible_events(s2.events, p) == visible_events(t2.events, p), \
            f"{where}, after {label!r}: seat {p} sees other events: {visible_events(s2.events, p)} vs {visible_events(t2.events, p)}"
        _same_to(p, s2, t2, f"{where}, after {label!r}, seat {p}")


_KNOWLEDGE_EVENTS = {"scan", "cycle"}


def play_and_check(state, seed: int, share: float) -> int:
    """Random play from `state`, twins checked after every Scan, Cycle or known-bottom draw
    and at a `share` of the other decisions; returns how many points were checked."""
    rng = np.random.default_rng([seed, 24])
    ref = Referee(state)
    checked = decision = 0
    while True:
        legal = state.legal_actions()
        played = legal[int(rng.integers(len(legal)))] if legal else None
        events = state.events
        knowledge = (any(e[0] in _KNOWLEDGE_EVENTS for e in events) or state.pending is not None
                     and state.pending[0] == "scan" or sum(ref.bottom) + sum(map(len, ref.shown)) > 0)
        if knowledge or rng.random() < share or state.is_terminal():
            check_twins(state, ref, rng, f"seed {seed}, decision {decision}", played)
            checked += 1
        if played is None:
            return checked
        ref.before_apply(state, played)
        state.apply(played)
        ref.follow(state.events)
        decision += 1


@pytest.mark.parametrize("seed", range(16))
def test_c3_twin_games_look_the_same_to_each_seat(seed):
    assert play_and_check(GAME.new_state(seed), seed, share=0.25) > 10


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(16, 216))
def test_c3_twin_games_look_the_same_to_each_seat_soak(seed):
    assert play_and_check(GAME.new_state(seed), seed, share=1.0) > 10


# Knowledge-heavy starts: short decks, so the Cycled bottom is drawn back into hand, with Scan
# and Cycle cards and second copies in hand (a revealed card beside a hidden copy).
_KNOWING = ["Token Counter", "Prompt Engineer", "Retrieval Augment", "Chain of Thought",
            "Rate Limit", "Dataset Curator", "Beam Searcher"]


def knowing_start(seed: int):
    r = np.random.default_rng([seed, 7])
    names = [_KNOWING[i] for i in r.integers(len(_KNOWING), size=8)]
    players = []
    for q in (0, 1):
        hand = names[4 * q:4 * q + 4]
        hand = hand + [hand[0], hand[1]]
        deck = [hand[2], "Seedling Model", hand[0], "Speedrunner", hand[1]]
        players.append({"leader": "blue", "hand": hand, "deck": deck, "ram": {"ready": 4, "exhausted": 2}})
    return scenario(players, turn=5, seed=seed)


@pytest.mark.parametrize("seed", range(10))
def test_c3_twin_games_from_knowledge_heavy_starts(seed):
    assert play_and_check(knowing_start(seed), seed, share=0.3) > 3


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(10, 210))
def test_c3_twin_games_from_knowledge_heavy_starts_soak(seed):
    assert play_and_check(knowing_start(seed), seed, share=1.0) > 3
