"""The First Cycle board as text: `str(state)`, `state.board_text()` and the envs' `render_mode="ansi"`.

A spectator's view built from the engine's per-seat observations: both players' public
facts (Leader HP, RAM, deck, hand and discard sizes, every fighter with its power and
state), the battle and pending choice in progress, then the hand of the player to act
and the labels of their legal actions (the frame of sim/core/board.py). Nothing here feeds
an agent.
"""
from __future__ import annotations

from typing import Any

from sim.core.board import seat_name, two_player_board
from sim.first_cycle.observation import Fighter


def _fighter_line(cards: Any, f: int, fd: Fighter | None) -> str:
    if fd is None:
        return f"  [{f}] -"
    spec = cards[fd.card]
    flags = []
    if fd.exhausted:
        flags.append("exhausted")
    if fd.attached:
        flags.append(f"+{fd.attached} RAM")
    if fd.used:
        flags.append("used")
    mods = fd.mod_turn + fd.mod_battle
    if mods:
        flags.append(f"mod {mods:+d}")
    keywords = [k for k, on in (("Rush", spec.rush), ("Guard", spec.guard)) if on]
    where = "Leader" if f == 0 else f"[{f}]"
    text = f"  {where} {spec.code} {spec.name} power {fd.power}"
    if keywords:
        text += " (" + ", ".join(keywords) + ")"
    if flags:
        text += " - " + ", ".join(flags)
    return text


def _player_block(cards: Any, view: dict, seat: int, tags: str) -> list[str]:
    lines = [(f"{seat_name(seat)}{tags}: HP {view['hp']}  RAM ready {view['ram_ready']}, exhausted "
             f"{view['ram_exhausted']}, supply {view['ram_supply']}  deck {view['deck_size']}  "
             f"hand {view['hand_size']}  discard {len(view['discard'])}")]
    lines += [_fighter_line(cards, f, fd) for f, fd in enumerate(view["fighters"])]
    return lines


def _battle_line(cards: Any, battle: dict) -> str:
    a = battle["attacking_player"]
    return (f"Battle: {seat_name(a)}'s fighter [{battle['attacker']}] attacks {seat_name(1 - a)}'s "
            f"[{battle['target']}]")


def render_board(state: Any) -> str:
    """A readable text board of a First Cycle state (see the module docstring)."""
    obs = state.observation(0)
    return two_player_board(state, state.game.card_set.by_number,
                            f"First Cycle - turn {obs['turn']}, {seat_name(obs['active'])}'s turn",
                            _player_block, _battle_line)
