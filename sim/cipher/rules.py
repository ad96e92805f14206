"""FE Cipher decisions: legal actions and `apply`, as a task stack with one pending choice.

Implements fe_cipher.md with rulings C-1..C-4, FE-1..FE-5 and ours FE-8, FE-12, FE-18,
FE-22, FE-23, FE-26 (docs/rules/cipher.md maps each paragraph to its code and test). The
flow itself (set-up, turn, battle, primitives) is in `flow.py`; this module decides what
may be done now:
- set-up: keep or mulligan the whole hand (once);
- Bond Phase: at most one card from hand into the bonds, face-up (or none);
- Deployment Phase (FE-2): deploy to the front or rear line, class change (promotion
  cost, onto an unpromoted unit of the same character name), level up (deploy cost,
  a higher-cost card of the same character, promoted units too); the total cost per
  turn within the bond count, a face-up bond of the card's color, one unit per
  character name;
- Action Phase: activated skills (bond-reversal and tap costs, once per turn), moving
  between lines (tap), attacking within range (FE-3; the first player not on turn 1);
- answers to pending choices: attack target, skill target, critical and evasion discards
  (FE-5), which bonds to reverse or flip, which card to retrieve, trigger order.

Actions name cards by card id and units by character id (one unit per character name per
side), so the flat action space does not grow with hands or fields. Every action is checked
before anything changes, so an IllegalActionError leaves the state exactly as it was (C-4).
"""
from __future__ import annotations

from sim.cipher import effects as fx
from sim.cipher import hidden, scenario
from sim.cipher import observation as views
from sim.cipher.board import render_board
from sim.cipher.cardspec import MAX_ACTIVATED
from sim.cipher.flow import Flow
from sim.cipher.state import StateData
from sim.core.protocol import State
from sim.core.two_player import TwoPlayerRules


class CipherState(TwoPlayerRules, Flow, StateData, State):
    """An FE Cipher position implementing the game protocol of sim.core.protocol."""

    __slots__ = ()

    determinize = hidden.determinize
    observation = views.observe
    action_label = views.label
    to_dict = scenario.state_to_dict
    _illegal_reason = views.illegal_reason

    def board_text(self) -> str:
        """The board as text (sim/cipher/board.py); `str(state)` gives it too."""
        return render_board(self)

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        if self.done:
            return []
        pending = self.pending
        if pending is None:
            return self._main_actions()
        g = self.game
        kind, p = pending[0], pending[1]
        pl = self.players[p]
        if kind == "mulligan":
            return [g.a_pass, g.a_mulligan]
        if kind == "attack_target":
            opp = self.players[1 - p]
            return sorted(g.a_enemy + opp.u_char[k] for k in self.attack_targets(p, pl.index_of(pending[2])))
        if kind == "target":
            out = []
            for tp, uid in pending[2]:
                tpl = self.players[tp]
                out.append((g.a_own if tp == p else g.a_enemy) + tpl.u_char[tpl.index_of(uid)])
            return sorted(out)
        if kind in ("critical", "evasion"):
            return [g.a_pass] + [g.a_card + c - 1 for c in self.discard_options(p)]
        if kind in ("reverse", "flip"):
            up = kind == "reverse"
            return [g.a_card + c - 1 for c in sorted({c for c, u in zip(pl.bonds, pl.bond_up) if u == up})]
        if kind == "retrieve":
            return [g.a_card + c - 1 for c in self.retrieve_options(p, pending[2])]
        if kind == "order":
            return [g.a_order + k for k in range(min(len(pending[2]), self.params.max_order))]
        raise AssertionError(f"unknown pending kind {kind!r}")

    def _main_actions(self) -> list[int]:
        g = self.game
        p = self.active
        pl = self.players[p]
        phase = self.phase
        out = [g.a_pass]
        if phase == "bond":
            a = g.a_bond - 1
            out.extend(a + c for c in set(pl.hand))
        elif phase == "deploy":
            budget = len(pl.bonds) - pl.spent
            colors = {g.color[b] for b, up in zip(pl.bonds, pl.bond_up) if up}
            cost, promo, char = g.cost, g.promo, g.char
            for c in set(pl.hand):
                if g.color[c] not in colors:
                    continue
                i = pl.index_of_char(char[c])
                if i < 0:
                    if cost[c] <= budget:
                        out.append(g.a_front + c - 1)
                        out.append(g.a_rear + c - 1)
                else:
                    if promo[c] and not pl.u_promoted[i] and promo[c] <= budget:
                        out.append(g.a_class_change + c - 1)
                    if cost[pl.u_stack[i][-1]] < cost[c] <= budget:
                        out.append(g.a_level_up + c - 1)
        elif phase == "action":
            may_attack = self.may_attack(p)
            activated = g.activated
            for i, ch in enumerate(pl.u_char):
                acts = activated[pl.u_stack[i][-1]]
                if acts:
                    for j in range(len(acts)):
                        if self.can_use(p, i, j):
                            out.append(g.a_skill + ch * MAX_ACTIVATED + j)
                if not pl.u_tapped[i]:
                    out.append(g.a_move + ch)
                    if may_attack and self.attack_targets(p, i):
                        out.append(g.a_attack + ch)
        out.sort()
        return out

    def may_attack(self, p: int) -> bool:
        """The first player may not attack on their first turn (turn 1) unless the params say so."""
        return not (self.turn == 1 and p == self.first_player and not self.params.first_player_attacks)

    def attack_targets(self, p: int, i: int) -> list[int]:
        """Indices of the enemy units unit i of p may attack (FE-3)."""
        g = self.game
        c = self.players[p].u_stack[i][-1]
        opp_front = self.players[1 - p].u_front
        r2 = g.r2[c]
        if self.players[p].u_front[i]:
            r1 = g.r1[c]
            return [k for k, f in enumerate(opp_front) if (r1 if f else r2)]
        return [k for k, f in enumerate(opp_front) if f] if r2 else []

    def can_use(self, p: int, i: int, j: int) -> bool:
        """Whether activated skill j of unit i of p can be used now (cost payable, not used)."""
        pl = self.players[p]
        c = pl.u_stack[i][-1]
        sk = self.cards[c].skills[self.game.activated[c][j]]
        if sk.tap and pl.u_tapped[i]:
            return False
        if sk.once_per_turn and pl.u_used[i] >> j & 1:
            return False
        if sk.reverse and pl.face_up_count() < sk.reverse:
            return False
        return fx.condition_holds(self, p, i, sk)

    def discard_options(self, p: int) -> list[int]:
        """Hand cards p may discard for a critical (attacker) or an evasion (defender): same character."""
        pl = self.players[p]
        i = fx.battle_unit(self, p)
        if i < 0:
            return []
        ch = pl.u_char[i]
        char = self.game.char
        return sorted({c for c in pl.hand if char[c] == ch})

    # ------------------------------------------------------------------ apply
    def _apply_main(self, block: str, idx: int) -> None:
        p = self.active
        pl = self.players[p]
        g = self.game
        if block == "pass":
            if self.phase == "bond":
                self.phase = "deploy"
            elif self.phase == "deploy":
                self.phase = "action"
            else:
                self._end_turn()
            return
        if block == "move":
            i = pl.index_of_char(idx)
            pl.u_tapped[i] = True
            pl.u_front[i] = not pl.u_front[i]
            self._events.append(("move", p, pl.u_stack[i][-1], "front" if pl.u_front[i] else "rear"))
            return
        if block == "attack":
            self.pending = ("attack_target", p, pl.u_uid[pl.index_of_char(idx)])
            return
        if block == "skill":
            ch, j = divmod(idx, MAX_ACTIVATED)
            i = pl.index_of_char(ch)
            c = pl.u_stack[i][-1]
            si = g.activated[c][j]
            sk = self.cards[c].skills[si]
            if sk.tap:
                pl.u_tapped[i] = True
            if sk.once_per_turn:
                pl.u_used[i] |= 1 << j
            self._events.append(("use", p, c, si))
            self.tasks.append(("skill", p, pl.u_uid[i], c, si))
            if sk.reverse:
                self.reverse_bonds(p, sk.reverse)
            return
        c = idx + 1
        self.remove_from_hand(pl, c)
        if block == "bond":
            pl.bonds.append(c)
            pl.bond_up.append(True)
            pl.bonded += 1
            self._events.append(("bond", p, c))
            if pl.bonded >= self.params.bonds_per_turn or not pl.hand:
                self.phase = "deploy"
        elif block in ("deploy_front", "deploy_rear"):
            pl.spent += g.cost[c]
            pl.add_unit(c, g.char[c], block == "deploy_front", self.next_uid)
            self.next_uid += 1
            self._events.append(("deploy", p, c, "front" if block == "deploy_front" else "rear"))
            self._push_triggers(self._unit_triggers(p, len(pl.u_uid) - 1, "on_deploy"))
        elif block == "class_change":
            i = pl.index_of_char(g.char[c])
            pl.spent += g.promo[c]
            pl.u_stack[i] = pl.u_stack[i] + (c,)
            pl.u_promoted[i] = True
            pl.u_used[i] = 0
            self._events.append(("class_change", p, c))
            self.draw(p, self.params.class_change_draw)     # the draw first, then the effects
            self._push_triggers(self._unit_triggers(p, i, "on_class_change"))
        elif block == "level_up":
            i = pl.index_of_char(g.char[c])
            pl.spent += g.cost[c]
            pl.u_stack[i] = pl.u_stack[i] + (c,)
            pl.u_used[i] = 0
            self._events.append(("level_up", p, c))
            self._push_triggers(self._unit_triggers(p, i, "on_level_up"))
        else:
            raise AssertionError(f"unknown main action block {block!r}")

    def _apply_choice(self, pending: tuple, block: str, idx: int) -> None:
        kind, p = pending[0], pending[1]
        pl = self.players[p]
        if kind == "mulligan":
            if block == "mulligan":
                pl.deck.extend(pl.hand)
                pl.hand = []
                pl.revealed = []
                perm = self.rng.permutation(len(pl.deck))
                pl.deck = [pl.deck[k] for k in perm]
                pl.mulligans += 1
                self._events.append(("mulligan", p))
                self.draw(p, self.params.opening_hand, event="opening_hand")
                self.tasks.append(("mulligan_ask", p))
        elif kind == "attack_target":
            opp = self.players[1 - p]
            self._declare_attack(p, pending[2], opp.u_uid[opp.index_of_char(idx)])
        elif kind == "target":
            tp = p if block == "own" else 1 - p
            tpl = self.players[tp]
            card, si = pending[3], pending[4]
            skill = self.cards[card].skills[si]
            fx.EFFECTS[skill.effect].resolve(self, p, skill, (tp, tpl.u_uid[tpl.index_of_char(idx)]))
        elif kind in ("critical", "evasion"):
            if block == "card":
                c = idx + 1
                self.remove_from_hand(pl, c)
                pl.retreat.append(c)
                self._events.append((kind, p, c))
                if kind == "critical":
                    self.b_crit = True
                else:
                    self.b_evaded = True
        elif kind in ("reverse", "flip"):
            up = kind == "reverse"
            self.turn_bond(p, idx + 1, up)
            if pending[2] > 1:
                self._bond_flips(p, pending[2] - 1, up)
        elif kind == "retrieve":
            self.take_from_retreat(p, idx + 1)
        elif kind == "order":
            entries = list(pending[2])
            first = entries.pop(idx)
            self.tasks.append(("triggers", tuple(entries)))
            self.tasks.append(("skill",) + first)
        else:
            raise AssertionError(f"unknown pending kind {kind!r}")
