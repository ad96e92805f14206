"""The FE Cipher board as text (the envs' `render_mode="ansi"` and `"human"`).

A spectator's view built from the engine's per-seat observations: both players' public
facts (orbs left, hand, deck and retreat sizes, bonds face-up and face-down), every unit
with its line, power and state, the battle and pending choice in progress, then the hand
of the player to act and the labels of their legal actions (the hot-seat view a person
needs to follow or play a game). Orbs are shown only as counts: they are face-down for
everyone. Nothing here feeds an agent.
"""
from __future__ import annotations

from typing import Any


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
    lines = [(f"Player {seat}{tags}: orbs {view['orbs']}  hand {view['hand_size']}  deck "
              f"{view['deck_size']}  retreat {len(view['retreat'])}  bonds {len(view['bonds'])} "
              f"(face-up: {', '.join(up) or '-'}; face-down: {down})  spent {view['spent']}")]
    lines += [_unit_line(cards, u) for u in view["units"]] or ["  (no units)"]
    return lines


def render_board(state: Any) -> str:
    """A readable text board of an FE Cipher state (see the module docstring)."""
    cards = state.game.cards
    views = [state.observation(p) for p in (0, 1)]
    base = views[0]
    current = state.current_player
    lines = [f"FE Cipher - turn {base['turn']}, player {base['active']}'s turn, {base['phase']} "
             "phase" + (f", player {current} to decide" if current >= 0 else "")]
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
        att, dfn = battle["attacker"], battle["defender"]
        who = lambda side: cards[side["card"]].name if side else "(left the field)"  # noqa: E731
        lines.append(f"Battle: player {a}'s {who(att)} (power {att['power'] if att else '-'}) "
                     f"attacks player {1 - a}'s {who(dfn)} (power {dfn['power'] if dfn else '-'})"
                     + (", critical" if battle["critical"] else "")
                     + (", evaded" if battle["evaded"] else ""))
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
