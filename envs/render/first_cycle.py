"""The First Cycle board as text (the envs' `render_mode="ansi"` and `"human"`).

A spectator's view built from the engine's per-seat observations: both players' public
facts (Leader HP, RAM, deck, hand and discard sizes, every fighter with its power and
state), the battle and pending choice in progress, then the hand of the player to act
and the labels of their legal actions (the hot-seat view a person needs to follow or
play a game). Nothing here feeds an agent.
"""
from __future__ import annotations

from typing import Any

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
    lines = [(f"Player {seat}{tags}: HP {view['hp']}  RAM ready {view['ram_ready']}, exhausted "
             f"{view['ram_exhausted']}, supply {view['ram_supply']}  deck {view['deck_size']}  "
             f"hand {view['hand_size']}  discard {len(view['discard'])}")]
    lines += [_fighter_line(cards, f, fd) for f, fd in enumerate(view["fighters"])]
    return lines


def render_board(state: Any) -> str:
    """A readable text board of a First Cycle state (see the module docstring)."""
    cards = state.game.card_set.by_number
    views = [state.observation(p) for p in (0, 1)]
    base = views[0]
    current = state.current_player
    lines = [f"First Cycle - turn {base['turn']}, player {base['active']}'s turn"
             + (f", player {current} to decide" if current >= 0 else "")]
    if base["done"]:
        winner = base["winner"]
        result = f"player {winner} wins" if winner >= 0 else "draw"
        lines.append(f"Game over: {result} ({base['end_reason']})")
    for p in (0, 1):
        tags = " (first player)" if base["first_player"] == p else ""
        lines += _player_block(cards, views[p]["you"], p, tags)
    battle = base["battle"]
    if battle is not None:
        a = battle["attacking_player"]
        lines.append(f"Battle: player {a}'s fighter [{battle['attacker']}] attacks player "
                     f"{1 - a}'s [{battle['target']}]")
    pending = base["pending"]
    if pending is not None:
        lines.append(f"Pending: {pending['kind']} choice for player {pending['player']}")
    if current >= 0:
        hand = views[current]["you"]["hand"]
        names = ", ".join(f"{cards[c].code} {cards[c].name}" for c in hand) or "(empty)"
        lines.append(f"Hand of player {current}: {names}")
        lines.append("Legal actions:")
        lines += [f"  {a:>3}: {state.action_label(a)}" for a in state.legal_actions()]
    return "\n".join(lines)
