"""What the text boards of every game share: the names of the seats, the end-of-game line,
the legal-action list, and the whole frame of a two-player board (First Cycle, FE Cipher).

Every text a person reads names seat q "P{q+1}" (`seat_name`: P1..Pn, as the XenodeX
rulebook does, in every game), with the env's agent name beside it where a program's name
matters (`seat_and_agent`: "P2 (player_1)"); data (logs, observations, API arguments) keeps
the 0-based seat numbers.

A two-player board is, top to bottom: a headline (the game's own, then who decides), the
result once the game is over, each player's block (the game's own), the battle and the
pending choice in progress, and the hand and legal actions of the player to act (the
hot-seat view a person needs to follow or play a game). A game supplies the parts that
are its own to `two_player_board`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def seat_name(seat: int) -> str:
    """"P2" for seat 1: the name of a seat in every text a person reads (P1..Pn)."""
    return f"P{seat + 1}"


def seat_and_agent(seat: int) -> str:
    """"P2 (player_1)" for seat 1: the seat's name and the env's agent name for it."""
    return f"P{seat + 1} (player_{seat})"


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
    """The board of a two-player state: `headline` (e.g. "First Cycle - turn 3, P1's
    turn"), `player_block(cards, record, seat, tags)` for each player's public record and
    `battle_line(cards, battle)` for a battle in progress; `cards[c]` has `code` and `name`."""
    views = [state.observation(p) for p in (0, 1)]
    base = views[0]
    current = state.current_player
    lines = [headline + (f", {seat_name(current)} to decide" if current >= 0 else "")]
    lines += game_over_lines(base, seat_name)
    for p in (0, 1):
        tags = " (first player)" if base["first_player"] == p else ""
        lines += player_block(cards, views[p]["you"], p, tags)
    battle = base["battle"]
    if battle is not None:
        lines.append(battle_line(cards, battle))
    pending = base["pending"]
    if pending is not None:
        lines.append(f"Pending: {pending['kind']} choice for {seat_name(pending['player'])}")
    if current >= 0:
        hand = views[current]["you"]["hand"]
        names = ", ".join(f"{cards[c].code} {cards[c].name}" for c in hand) or "(empty)"
        lines.append(f"Hand of {seat_name(current)}: {names}")
        lines += legal_action_lines(state)
    return "\n".join(lines)
