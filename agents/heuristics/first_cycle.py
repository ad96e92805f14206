"""The First Cycle heuristic: a weighted material count read from one observation.

`score(record, ...)` values one player's public record of the observation (the "you" or
"opponent" dict of sim/first_cycle/observation.py), and `value(observation, weights)`
is, from the observing seat's side,

    tanh((score(you) - score(opponent) + battle + threat) / scale)

with these terms (weights in `FirstCycleWeights`):

- hp: Leader HP, the win condition (5 at the start, 0 loses).
- board: the Power of each Character in play, without this turn's and this battle's
  modifiers or the attached-RAM bonus (those are temporary); plus `character` per body.
- hand: cards in hand (counted, never looked at: the opponent's hand is hidden).
- ram: installed RAM Modules (ready, exhausted or attached), the mana curve.
- tempo: the income the player about to start a turn is owed (one draw and one RAM
  install), so that ending a turn is neither rewarded nor punished by itself; and
  `exposed` per Power of an exhausted Character, which stays open to attack until its
  controller's next refresh.
- battle: during a battle, the expected result of the comparison at current Power
  (a Leader hit is worth `hp`, a KO the target's board value), so an attack is valued
  before the defender's Guard and support choices have been made.
- threat: the active player's ready fighters strong enough to hit the opposing Leader
  (worth a fraction of an HP each), so attaching RAM before an attack counts.

First Cycle has two seats: the value of seat 1 is minus that of seat 0. `value` reads an
observation; agents/heuristics/first_cycle_state.py computes the same float from the
state's public fields (`state_value`, the heuristic's path: no observation is built).
"""
from __future__ import annotations

import dataclasses
import math

from agents.base import AgentConfig
from sim.first_cycle.observation import Fighter


@dataclasses.dataclass(frozen=True)
class FirstCycleWeights(AgentConfig):
    """Weights of the First Cycle heuristic (units: one Leader HP = `hp`)."""

    hp: float = 1.0
    """Value of one Leader HP."""
    board: float = 0.12
    """Value of one point of (persistent) Character Power in play."""
    character: float = 0.1
    """Value of each Character in play, whatever its Power."""
    hand: float = 0.15
    """Value of one card in hand."""
    ram: float = 0.08
    """Value of one installed RAM Module."""
    tempo: float = 1.0
    """Multiplier of the owed income (next draw and install) of the player not on turn."""
    exposed: float = 0.04
    """Cost per Power of an exhausted Character (open to attack until its refresh)."""
    threat: float = 0.3
    """Value of each ready fighter of the active player that can hit the opposing Leader."""
    battle: float = 0.9
    """Multiplier of the expected result of a battle in progress."""
    scale: float = 3.0
    """Divisor before tanh: a lead of `scale` HP-equivalents maps to 0.76."""


def _character_value(f: Fighter, own_turn: bool, w: FirstCycleWeights) -> float:
    persistent = f.power - f.mod_turn - f.mod_battle - (f.attached if own_turn else 0)
    return w.character + w.board * max(persistent, 0)


def score(record: dict, active: bool, turn: int, w: FirstCycleWeights) -> float:
    """One player's material from their public record; `active`: it is their turn."""
    fighters = record["fighters"]
    s = w.hp * record["hp"] + w.hand * record["hand_size"]
    s += w.ram * (record["ram_ready"] + record["ram_exhausted"]
                  + sum(f.attached for f in fighters if f is not None))
    for f in fighters[1:]:
        if f is not None:
            s += _character_value(f, active, w)
            if f.exhausted:
                s -= w.exposed * f.power
    if not active:  # owed income of the next turn
        s += w.tempo * (w.hand * (record["deck_size"] > 0) + w.ram * (record["ram_supply"] > 0))
    return s


def _threat(mine: dict, theirs: dict, turn: int, w: FirstCycleWeights) -> float:
    if mine["turns_taken"] < 2:
        return 0.0
    bar = theirs["fighters"][0].power
    n = 0
    for k, f in enumerate(mine["fighters"]):
        if f is not None and not f.exhausted and f.power >= bar and (k == 0 or f.entered < turn):
            n += 1
    return w.threat * n


def _battle(obs: dict, w: FirstCycleWeights) -> float:
    """Expected swing of the battle in progress, from the observer's side."""
    b = obs["battle"]
    mine = b["attacking_player"] == obs["player"]
    att_rec, def_rec = (obs["you"], obs["opponent"]) if mine else (obs["opponent"], obs["you"])
    attacker = att_rec["fighters"][b["attacker"]]
    target = def_rec["fighters"][b["target"]]
    if attacker is None or target is None or attacker.power < target.power:
        return 0.0
    gain = w.hp if b["target"] == 0 else _character_value(target, False, w)
    return w.battle * (gain if mine else -gain)


def value(obs: dict, w: FirstCycleWeights) -> float:
    """The observing seat's value in [-1, 1] of a non-terminal position."""
    me = obs["player"]
    active = obs["active"]
    turn = obs["turn"]
    you, opp = obs["you"], obs["opponent"]
    diff = score(you, active == me, turn, w) - score(opp, active != me, turn, w)
    if obs["battle"] is not None:
        diff += _battle(obs, w)
    elif active == me:
        diff += _threat(you, opp, turn, w)
    else:
        diff -= _threat(opp, you, turn, w)
    return math.tanh(diff / w.scale)
