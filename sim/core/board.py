"""What the text boards of every game share: the end-of-game line, the legal-action list,
and the whole frame of a two-player board (First Cycle, FE Cipher).

A two-player board is, top to bottom: a headline (the game's own, then who decides), the
result once the game is over, each player's block (the game's own), the battle and the
pending choice in progress, and the hand and legal actions of the player to act (the
hot-seat view a person needs to follow or play a game). A game supplies the parts that
are its own to `two_player_board`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def game_over_lines(obs: dict, winner_name: Callable[[int], str]) -> list[str]:
    """`["Game over: <winner> wins (<reason>)"]` (or a draw) once the game is over, else `[]`."""
    if not obs["done"]:
        return []
    winner = obs["winner"]
    result = f"{winner_name(winner)} wins" if winner >= 0 else "draw"
    return [f"Game over: {result} ({obs['end_reason']})"]


def legal_action_lines(state: Any) -> list[str]:
    """The legal actions of the seat to act, one `id: label` line each, under a heading."""
    return ["Legal actions:"] + [f"  {a:>3}: {state.action_label(a)}" for a in state.legal_actions()]


def two_player_board(state: Any, cards: Any, headline: str,
                     player_block: Callable[[Any, dict, int, str], list[str]],
                     battle_line: Callable[[Any, dict], str]) -> str:
    """The board of a two-player state: `headline` (e.g. "First Cycle - turn 3, player 0's
    turn"), `player_block(cards, record, seat, tags)` for each player's public record and
    `battle_line(cards, battle)` for a battle in progress; `cards[c]` has `code` and `name`."""
    views = [state.observation(p) for p in (0, 1)]
    base = views[0]
    current = state.current_player
    lines = [headline + (f", player {current} to decide" if current >= 0 else "")]
    lines += game_over_lines(base, lambda w: f"player {w}")
    for p in (0, 1):
        tags = " (first player)" if base["first_player"] == p else ""
        lines += player_block(cards, views[p]["you"], p, tags)
    battle = base["battle"]
    if battle is not None:
        lines.append(battle_line(cards, battle))
    pending = base["pending"]
    if pending is not None:
        lines.append(f"Pending: {pending['kind']} choice for player {pending['player']}")
    if current >= 0:
        hand = views[current]["you"]["hand"]
        names = ", ".join(f"{cards[c].code} {cards[c].name}" for c in hand) or "(empty)"
        lines.append(f"Hand of player {current}: {names}")
        lines += legal_action_lines(state)
    return "\n".join(lines)
