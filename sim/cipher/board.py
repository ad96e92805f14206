"""The FE Cipher board as text: `str(state)`, `state.board_text()` and the envs' `render_mode="ansi"`.

A spectator's view built from the engine's per-seat observations: both players' public
facts (orbs left, hand, deck and retreat sizes, bonds face-up and face-down), every unit
with its line, power and state, the battle and pending choice in progress, then the hand
of the player to act and the labels of their legal actions (the frame of
sim/core/board.py). Orbs are shown only as counts: they are face-down for
everyone. Nothing here feeds an agent.
"""
from __future__ import annotations

from typing import Any

from sim.core.board import seat_name, two_player_board


def _unit_line(cards: Any, u: dict) -> str:
    spec = cards[u["card"]]
    flags = [u["line"]]
    if u["mc"]:
        flags.append("MC")
    if u["tapped"]:
        flags.append("tapped")
    if u["promoted"]:
        flags.append("promoted")
    if u["mod"]:
        flags.append(f"mod {u['mod']:+d}")
    if u["under"]:
        flags.append(f"{len(u['under'])} under")
    return (f"  {spec.code} {spec.name} (cost {spec.cost}, range {spec.range_text}) power "
            f"{u['power']} - " + ", ".join(flags))


def _player_block(cards: Any, view: dict, seat: int, tags: str) -> list[str]:
    up = [cards[c].code for c, face_up in view["bonds"] if face_up]
    down = sum(1 for _, face_up in view["bonds"] if not face_up)
    lines = [(f"{seat_name(seat)}{tags}: orbs {view['orbs']}  hand {view['hand_size']}  deck "
              f"{view['deck_size']}  retreat {len(view['retreat'])}  bonds {len(view['bonds'])} "
              f"(face-up: {', '.join(up) or '-'}; face-down: {down})  spent {view['spent']}")]
    lines += [_unit_line(cards, u) for u in view["units"]] or ["  (no units)"]
    return lines


def _battle_line(cards: Any, battle: dict) -> str:
    a = battle["attacking_player"]
    att, dfn = battle["attacker"], battle["defender"]
    who = lambda side: cards[side["card"]].name if side else "(left the field)"  # noqa: E731
    return (f"Battle: {seat_name(a)}'s {who(att)} (power {att['power'] if att else '-'}) "
            f"attacks {seat_name(1 - a)}'s {who(dfn)} (power {dfn['power'] if dfn else '-'})"
            + (", critical" if battle["critical"] else "")
            + (", evaded" if battle["evaded"] else ""))


def render_board(state: Any) -> str:
    """A readable text board of an FE Cipher state (see the module docstring)."""
    obs = state.observation(0)
    return two_player_board(state, state.game.cards,
                            f"FE Cipher - turn {obs['turn']}, {seat_name(obs['active'])}'s turn, "
                            f"{obs['phase']} phase", _player_block, _battle_line)
