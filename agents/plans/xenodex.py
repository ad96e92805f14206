"""The XenodeX home-slot plan: hold one slot with everything, keep a reserve, spoil late.

Why (docs/agents.md, "The home-slot plan"): at 4 seats the board settles into sieges.
Upgraded anchors and their auras make a slot that two sides hold with characters nearly
impossible to clear, so a game is won by the one seat that holds a slot cleanly from the
top of the last cycle through its Results while no rival does the same elsewhere. Agents
that spread anchors and characters over the board end most games in a draw, with nothing
left to contest a rival's clean slot once their decks run out. The plan:

- home: until the spoil cycle the seat keeps at most `anchors` anchors on the board and in
  staging (no more anchor buys beyond that); it plugs its anchor into a slot with the
  fewest rival anchors, and deploys characters only into slots where it has an anchor;
- reserve: it leaves its last `reserve` staged characters in staging until the spoil cycle;
- spoil: from cycle `cycle_limit - spoil` on, while a rival cleanly controls a slot where
  the seat has no anchor, it buys an anchor (and the cheapest character when it has no
  escort), deploys every staged character into that slot and then plugs the anchor in
  with them (XD-4). A slot still contested at the top of the last cycle cannot prove for
  anyone that cycle (XD-8), whatever the battle does afterwards.

The plan never adds an action: it returns a non-empty subset of the legal list (one action
when it forces a spoil step), and leaves every other decision (what to buy, upgrades,
battle, recovery, transmissions) to the search. It reads `state.public_board()` (public
facts, and the seat's own staging), the seat to act and the game's action codec.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from agents.base import AgentConfig


@dataclasses.dataclass(frozen=True)
class HomeSlotSettings(AgentConfig):
    """Settings of the home-slot plan."""

    anchors: int = 1
    """Anchors the seat keeps on the board and in staging before the spoil cycle."""
    reserve: int = 3
    """Staged characters kept back (not deployed) until the spoil cycle."""
    spoil: int = 1
    """Spoiling starts `spoil` cycles before the limit (1: the second-to-last cycle)."""

    def __post_init__(self) -> None:
        for name in ("anchors", "reserve", "spoil"):
            if getattr(self, name) < 0:
                raise ValueError(f"HomeSlotSettings.{name} must be >= 0, got {getattr(self, name)}")


class HomeSlotPlan:
    """`(state, legal) -> allowed`: the home-slot plan for `state.current_player`."""

    __slots__ = ("settings",)

    def __init__(self, settings: HomeSlotSettings) -> None:
        self.settings = settings

    def __call__(self, state: Any, legal: list[int]) -> list[int]:
        if len(legal) < 2:
            return legal
        g = state.game
        lo, hi = g.a_buy, g.a_deploy_anchor + len(g.slot_labels)
        if not any(lo <= a < hi for a in legal):  # not a Summon or Deploy decision
            return legal
        board = state.public_board()
        p = state.current_player
        if board.cycle >= board.cycle_limit - self.settings.spoil:
            forced = self._spoil_step(g, board, p, legal)
            return [forced] if forced is not None else legal
        return self._home(g, board, p, legal) or legal

    def _home(self, g: Any, board: Any, p: int, legal: list[int]) -> list[int]:
        K = len(board.slots)
        mine = [k for k, slot in enumerate(board.slots) if slot[2][p] is not None]
        staged_chars = len(board.seats[p][2])
        anchors_held = len(mine) + board.seats[p][3]
        rivals = [sum(1 for q, a in enumerate(slot[2]) if a is not None and q != p)
                  for slot in board.slots]
        fewest = min(rivals)
        deploy_lo, deploy_hi = g.a_deploy, g.a_deploy + g.C * K
        anchor_lo = g.a_deploy_anchor
        out = []
        anchor_moves = []
        for a in legal:
            if a == g.a_buy_anchor:
                if anchors_held >= self.settings.anchors:
                    continue
            elif anchor_lo <= a < anchor_lo + K:
                k = a - anchor_lo
                if len(mine) >= self.settings.anchors or rivals[k] > fewest:
                    continue
                anchor_moves.append(a)
            elif deploy_lo <= a < deploy_hi:
                k = (a - deploy_lo) % K
                if (mine and k not in mine) or staged_chars <= self.settings.reserve:
                    continue
            out.append(a)
        if anchor_moves and not mine:
            return anchor_moves  # a staged anchor and none on the board: plug it in first
        return out

    def _spoil_step(self, g: Any, board: Any, p: int, legal: list[int]) -> int | None:
        K = len(board.slots)
        targets = [k for k, (ctrl, _start, anchors, _units) in enumerate(board.slots)
                   if ctrl >= 0 and ctrl != p and anchors[p] is None]
        if not targets:
            return None
        k = targets[0]
        seat = board.seats[p]
        staged_chars, staged_anchors = len(seat[2]), seat[3]
        escorted = any(u[0] == p for u in board.slots[k][3])
        if g.a_buy_anchor in legal and staged_anchors < len(targets):
            return g.a_buy_anchor
        if not escorted and staged_chars == 0:
            buys = [a for a in legal if g.a_buy <= a < g.a_buy + g.C]
            if buys:
                return min(buys, key=lambda a: g.u_cost[a - g.a_buy + 1])
        if staged_anchors or escorted:
            for a in legal:
                if g.a_deploy <= a < g.a_deploy + g.C * K and (a - g.a_deploy) % K == k:
                    return a
        a = g.a_deploy_anchor + k
        return a if a in legal else None


def make(**settings: Any) -> HomeSlotPlan:
    """The home-slot plan with `settings` overriding the defaults of `HomeSlotSettings`."""
    return HomeSlotPlan(HomeSlotSettings().replace(**settings))
