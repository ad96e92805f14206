"""XenodeX rules: the game protocol, legal actions and `apply`, as a task stack with one
pending choice (xenodex.md, rulings C-1, C-2, C-4, XD-1..XD-10; ours XD-12, XD-20 and the
rest in docs/rules/xenodex.md).

Every decision is a pending choice `(kind, seat, ...)`; the seat is `current_player`:
- home decisions of a phase: ("summon", p), ("deploy", p), ("strike", p, slot),
  ("recovery", p); "done" ends the seat's part (holds, in battle);
- sub-choices of a compound play: ("actor", p, slot, unit) what a selected character does;
  ("cleave", p, slot, unit, left, atk, hits) extra Cleave targets; ("ability", p, slot,
  unit, index) an ability's target; ("tx", p, tx, home) a transmission's target. A
  sub-choice with a single candidate is made at once (XD-20).
A transmission may be played at any decision of its player, sub-choices included; the
interrupted decision resumes after it (XD-7, XD-12, `_resume`).
`apply` checks the action against the cached legal list before changing anything, so an
IllegalActionError names the reason and leaves the state exactly as it was (C-4); then it
runs tasks (cycle.py, battle.py) until the next decision or the end.
"""
from __future__ import annotations

from sim.core.checks import check_action
from sim.core.errors import IllegalActionError
from sim.core.protocol import State
from sim.core.rules import GameRules
from sim.xenodex import battle as bt
from sim.xenodex import cycle as cy
from sim.xenodex import effects as fx
from sim.xenodex import hidden, scenario
from sim.xenodex import observation as ob
from sim.xenodex.board import render_board
from sim.xenodex.state import DENIED, READY, STRUCK, StateData

HOME = frozenset({"summon", "deploy", "strike", "recovery"})


class XenodexState(GameRules, StateData, State):
    """A XenodeX position implementing the game protocol of sim.core.protocol."""

    __slots__ = ()

    # ------------------------------------------------------------------ protocol
    def board_text(self) -> str:
        """The board as text (sim/xenodex/board.py); `str(state)` gives it too."""
        return render_board(self)

    @property
    def current_player(self) -> int:
        if self.done or self.pending is None:
            return -1
        return self.pending[1]

    def returns(self) -> list[float]:
        """Winner +1, every other seat -1/(n-1); all 0 on a draw or before the end."""
        n = self.n
        if not self.done or self.winner < 0:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == self.winner else lose for p in range(n)]

    @property
    def num_players(self) -> int:
        """Seats in this game."""
        return self.n

    @property
    def first_player(self) -> int:
        """Cycle 1's lead (random, XD-1); the lead moves one seat clockwise each cycle."""
        return (self.lead - (self.cycle - 1)) % self.n

    @property
    def turn(self) -> int:
        """XenodeX counts cycles: the current cycle (for logs that record turns)."""
        return self.cycle

    determinize = hidden.determinize
    determinize_public = hidden.determinize_public
    observation = ob.observe
    public_board = ob.public_board  # what heuristics score, cheaper than observation
    action_label = ob.label
    to_dict = scenario.state_to_dict

    @classmethod
    def scenario_params(cls, data: dict) -> dict:
        """The params of `data`, with `num_players` from a scenario's seat count."""
        params = dict(data.get("params", {}))
        if "players" in data and isinstance(data["players"], int):
            params.setdefault("num_players", data["players"])
        return params

    def _close_game(self) -> None:
        self.phase = "over"
        self.bslot = -1

    # ------------------------------------------------------------------ encoding helpers
    def enc_unit(self, p: int, j: int) -> int:
        """The `target` action id of unit j as seen from seat p."""
        D = self.D
        q = j // D
        return self.game.a_target + bt.rel(self, p, q) * (D + self.K) + (j - q * D)

    def enc_anchor(self, p: int, q: int, k: int) -> int:
        """The `target` action id of seat q's anchor in slot k as seen from seat p."""
        return self.game.a_target + bt.rel(self, p, q) * (self.D + self.K) + self.D + k

    def dec_target(self, p: int, idx: int) -> tuple[int, int, int]:
        """(side, unit or -1, slot of the anchor or -1) of a `target` block index."""
        D, K = self.D, self.K
        r, u = divmod(idx, D + K)
        q = bt.unabs(self, p, r)
        if u >= D:
            return q, -1, u - D
        return q, q * D + u, -1

    def enc_choice(self, p: int, kind: str, x: int) -> int:
        """The action id answering a sub-choice of `kind` ("unit", "slot", "seat") with x."""
        g = self.game
        if kind == "unit":
            return self.enc_unit(p, x)
        if kind == "slot":
            return g.a_slot + x
        return g.a_seat + bt.rel(self, p, x) - 1

    def dec_choice(self, p: int, kind: str, block: str, idx: int) -> int:
        """The unit, slot or seat an answer to a sub-choice names."""
        if kind == "unit":
            return self.dec_target(p, idx)[1]
        if kind == "slot":
            return idx
        return bt.unabs(self, p, idx + 1)

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        if self.done or self.pending is None:
            return []
        pend = self.pending
        kind, p = pend[0], pend[1]
        g = self.game
        if kind in HOME:
            # Every home decision: "done", the phase's own plays, a transmission (XD-7, XD-12).
            out = [g.a_done]
            if kind == "strike":
                D = self.D
                stage = self.bstage
                base = g.a_select - p * D
                for i in self.board[pend[2]]:
                    if i // D == p and bt.can_act(self, i, stage):
                        out.append(base + i)
            elif kind == "summon":
                self._summon_actions(p, out)
            elif kind == "deploy":
                self._deploy_actions(p, out)
            else:
                self._recovery_actions(p, out)
            self._tx_actions(p, out)
        else:
            if kind == "actor":
                out = self._actor_actions(p, pend[2], pend[3])
            elif kind == "cleave":
                out = [g.a_done] + self._cleave_ids(p, pend[2], pend[6])
            elif kind == "ability":
                ab = g.u_activated[self.card[pend[3]]][pend[4]]
                ckind, cands, _ = fx.ACTIVATED[ab.effect]
                out = [self.enc_choice(p, ckind, x) for x in cands(self, p, pend[2], pend[3], ab)]
            elif kind == "tx":
                ckind, cands = fx.tx_choices(self, p, pend[2])
                out = [self.enc_choice(p, ckind, x) for x in cands]
            else:
                raise AssertionError(f"unknown pending kind {kind!r}")
            self._tx_actions(p, out)                  # sub-choices are decision points too (XD-12)
        out.sort()
        return out

    def _tx_actions(self, p: int, out: list[int]) -> None:
        g = self.game
        if self.tx_left[p] <= 0 or g.echo_dead_air[self.echo]:
            return
        seen = set()
        for t in self.tx_hand[p]:
            if t not in seen:
                seen.add(t)
                if fx.tx_choices(self, p, t)[1]:
                    out.append(g.a_tx + t - 1)

    def _strike_ids(self, p: int, k: int) -> list[int]:
        """The `target` ids of `bt.strike_targets(self, p, k)`, in its order, in one pass (the
        legal list of every strike decision builds it)."""
        D, K, n = self.D, self.K, self.n
        chars, taunts, guarded = bt.rival_units(self, p, k)
        stride = D + K
        base = self.game.a_target
        out = []
        for q in sorted(chars):
            at = base + (q if q >= n else (q - p) % n) * stride - q * D
            out += [at + j for j in taunts.get(q) or chars[q]]
        alvl, abp = self.alvl, self.abp
        for q in range(n):
            idx = q * K + k
            if (q != p and alvl[idx] >= 0 and abp[idx] > 0 and q not in taunts
                    and not guarded >> q & 1):
                out.append(base + (q - p) % n * stride + D + k)
        return out

    def _cleave_ids(self, p: int, k: int, hits: tuple) -> list[int]:
        """Cleave's extra targets: "more rival units" the strike has not hit, so never an
        Ancient (XD-21)."""
        n = self.n
        out = []
        for q, j, is_anchor in bt.strike_targets(self, p, k):
            if q < n:
                a = self.enc_anchor(p, q, k) if is_anchor else self.enc_unit(p, j)
                if a not in hits:
                    out.append(a)
        return out

    def _actor_actions(self, p: int, k: int, i: int) -> list[int]:
        """Stand down, strikes (not when denied: "cannot strike"), captures and activated
        abilities (not with a readied action: Rally's "may strike again")."""
        g = self.game
        f = self.flags[i]
        out = [g.a_done] if f & DENIED else [g.a_done] + self._strike_ids(p, k)
        if f & READY:
            return out
        for q in bt.capturable(self, p, k):
            out.append(g.a_capture + bt.rel(self, p, q) - 1)
        for x, ab in enumerate(g.u_activated[self.card[i]]):
            if fx.ACTIVATED[ab.effect][1](self, p, k, i, ab):
                out.append(g.a_ability + x)
        return out

    def _summon_actions(self, p: int, out: list[int]) -> None:
        g = self.game
        cdx = self.cdx[p]
        card = self.card
        cost = g.u_cost
        seen = set()
        for i in self.hand[p]:
            c = card[i]
            if c not in seen:
                seen.add(c)
                if cost[c] <= cdx:
                    out.append(g.a_buy + c - 1)
        if self.pool[p] > 0 and cdx >= self.params.anchor_cost:
            out.append(g.a_buy_anchor)
        K = self.K
        ups = self.params.upgrade_costs
        for k in range(K):
            lvl = self.alvl[p * K + k]
            if 0 <= lvl < g.max_level and self.abp[p * K + k] > 0 and cdx >= ups[lvl]:
                out.append(g.a_upgrade + k)

    def _deploy_actions(self, p: int, out: list[int]) -> None:
        g = self.game
        K = self.K
        card = self.card
        for c in {card[i] for i in self.staged[p]}:
            base = g.a_deploy + (c - 1) * K
            out.extend(range(base, base + K))
        if self.astaged[p]:
            for k in range(K):
                if not cy.anchor_deployable(self, p, k):
                    out.append(g.a_deploy_anchor + k)

    def _recovery_actions(self, p: int, out: list[int]) -> None:
        g = self.game
        cdx = self.cdx[p]
        D, K = self.D, self.K
        ubp, card, bp = g.u_bp, self.card, self.bp
        rate = self.params.heal_cost_per_bp
        for k in range(K):
            for j in self.board[k]:
                if j // D == p and bp[j] < ubp[card[j]] and rate <= cdx:   # at least 1 BP (XD-16)
                    out.append(g.a_heal + j - p * D)
            idx = p * K + k
            if self.alvl[idx] >= 0 and self.abp[idx] < g.anchor_bp[self.alvl[idx]] \
                    and cy.repair_cost(self, p, k) <= cdx:
                out.append(g.a_repair + k)

    # ------------------------------------------------------------------ apply
    def apply(self, action: int) -> None:
        """As `GameRules.apply` (C-4), for an int action id only (bools, floats and strings are
        refused); every decision answers a pending choice (see the module docstring)."""
        if self.done:
            raise IllegalActionError(f"action {action!r}: the game is over")
        g = self.game
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # A Python int in the legal list is an id of the action space: the checks below are
        # for everything else (search applies legal ints thousands of times a second).
        a = action
        if a.__class__ is not int or a not in legal:
            a = check_action(action, g.action_space_size)
            if a not in legal:
                block, idx = g.codec.decode(a)
                raise IllegalActionError(
                    f"action {a} ({block} {idx}): {ob.illegal_reason(self, block, idx)}")
        block, idx = g.codec.decode(a)
        self._legal = None
        self._events = []
        pend = self.pending
        self.pending = None
        kind = pend[0]
        if block == "tx":
            self._play_tx(pend[1], idx + 1, pend)
        elif kind in HOME:
            self._apply_home(pend, block, idx)
        elif kind == "actor":
            self._apply_actor(pend, block, idx)
        elif kind == "cleave":
            self._apply_cleave(pend, block, idx)
        elif kind == "ability":
            p, k, i = pend[1], pend[2], pend[3]
            ab = g.u_activated[self.card[i]][pend[4]]
            ckind, _, resolve = fx.ACTIVATED[ab.effect]
            resolve(self, p, k, i, ab, self.dec_choice(p, ckind, block, idx))
            bt.next_turn(self, p)
        elif kind == "tx":
            p, t = pend[1], pend[2]
            ckind = fx.tx_choices(self, p, t)[0]
            self._resolve_tx(p, t, self.dec_choice(p, ckind, block, idx), pend[3])
        self._run()

    def _apply_home(self, pend: tuple, block: str, idx: int) -> None:
        kind, p = pend[0], pend[1]
        if block == "done":
            if kind == "strike":
                self.bpassed |= 1 << p
                bt.next_turn(self, p)
                self._events.append(("hold", p, pend[2]))
            return
        if block == "select":
            self.pending = ("actor", p, pend[2], p * self.D + idx)
            return
        K = self.K
        if block == "buy":
            cy.buy_character(self, p, idx + 1)
        elif block == "buy_anchor":
            cy.buy_anchor(self, p)
        elif block == "upgrade":
            cy.pay_upgrade(self, p, idx)
        elif block == "deploy":
            c, k = divmod(idx, K)
            cy.deploy_character(self, p, c + 1, k)
        elif block == "deploy_anchor":
            cy.deploy_anchor(self, p, idx)
        elif block == "heal":
            cy.heal_character(self, p, p * self.D + idx)
        elif block == "repair":
            cy.repair_anchor(self, p, idx)
        self.pending = pend

    def _apply_actor(self, pend: tuple, block: str, idx: int) -> None:
        _, p, k, i = pend
        g = self.game
        self.used[i] += 1
        flags = self.flags
        if flags[i] & READY:
            flags[i] &= ~READY
        if block == "done":
            self._events.append(("stand_down", p, i))
        elif block == "target":
            flags[i] |= STRUCK
            q, j, _ = self.dec_target(p, idx)
            r = bt.roll(self)
            atk = bt.strength(self, i, k) + r
            self._events.append(("roll", p, i, r))
            bt.strike(self, p, i, k, q, j, j < 0, atk)
            extra = g.u_cleave[self.card[i]]
            if extra and self.loc[i] == k:
                hits = (g.a_target + idx,)
                if self._cleave_ids(p, k, hits):
                    self.pending = ("cleave", p, k, i, extra, atk, hits)
                    return
        elif block == "capture":
            bt.capture(self, p, i, k, bt.unabs(self, p, idx + 1))
        elif block == "ability":
            ab = g.u_activated[self.card[i]][idx]
            _, cands, resolve = fx.ACTIVATED[ab.effect]
            self._events.append(("ability", p, i, ab.effect))
            options = cands(self, p, k, i, ab)
            if len(options) > 1:
                self.pending = ("ability", p, k, i, idx)
                return
            resolve(self, p, k, i, ab, options[0])
        bt.next_turn(self, p)

    def _apply_cleave(self, pend: tuple, block: str, idx: int) -> None:
        _, p, k, i, left, atk, hits = pend
        if block == "target":
            q, j, _ = self.dec_target(p, idx)
            bt.strike(self, p, i, k, q, j, j < 0, atk)
            hits = hits + (self.game.a_target + idx,)
            if left > 1 and self.loc[i] == k and self._cleave_ids(p, k, hits):
                self.pending = ("cleave", p, k, i, left - 1, atk, hits)
                return
        bt.next_turn(self, p)

    def _play_tx(self, p: int, t: int, home: tuple) -> None:
        """Play TX t: it goes to the public discard; with no plays left the rest follow (XD-12)."""
        hand = self.tx_hand[p]
        hand.remove(t)
        self.tx_disc[p].append(t)
        self.tx_left[p] -= 1
        if self.tx_left[p] <= 0 and hand:
            self.tx_disc[p].extend(hand)
            hand.clear()
        self._events.append(("tx", p, t))
        ckind, cands = fx.tx_choices(self, p, t)
        if ckind == "none" or len(cands) == 1:
            self._resolve_tx(p, t, cands[0], home)
        else:
            self.pending = ("tx", p, t, home)

    def _resolve_tx(self, p: int, t: int, choice: int, home: tuple) -> None:
        spec = self.game.tx[t]
        fx.TX_RESOLVE[spec.effect](self, p, spec, choice)
        self._events.append(("tx_resolved", p, t, choice))
        self._resume(p, home)

    def _resume(self, p: int, home: tuple) -> None:
        """Return to the decision `home` a transmission interrupted (XD-12). A battle turn is
        asked afresh (the battle may have changed); a play begun that the transmission left
        without its actor or any target ends there ("fizzle"), an action spent stays spent; a
        sub-choice left with one candidate is made at once (XD-20)."""
        kind = home[0]
        if kind == "strike":
            self.tasks.append(("strike_turn",))
        elif kind in HOME:
            self.pending = home
        elif kind == "actor":
            k, i = home[2], home[3]
            m = bt.side_mask(self, k)
            if self.loc[i] == k and m & (m - 1) and bt.can_act(self, i, self.bstage):
                self.pending = home
            else:
                self.tasks.append(("strike_turn",))
        elif kind == "cleave":
            k, i = home[2], home[3]
            if self.loc[i] == k and self._cleave_ids(p, k, home[6]):
                self.pending = home
            else:
                bt.next_turn(self, p)
        elif kind == "ability":
            k, i = home[2], home[3]
            ab = self.game.u_activated[self.card[i]][home[4]]
            _, cands, resolve = fx.ACTIVATED[ab.effect]
            options = cands(self, p, k, i, ab) if self.loc[i] == k else []
            if len(options) > 1:
                self.pending = home
                return
            if options:
                resolve(self, p, k, i, ab, options[0])
            else:
                self._events.append(("fizzle", p, "ability", i))
            bt.next_turn(self, p)
        else:                                          # "tx": the interrupted transmission
            t = home[2]
            cands = fx.tx_choices(self, p, t)[1]
            if len(cands) > 1:
                self.pending = home
            elif cands:
                self._resolve_tx(p, t, cands[0], home[3])
            else:
                self._events.append(("fizzle", p, "tx", t))
                self._resume(p, home[3])

    # ------------------------------------------------------------------ task machine
    def _run(self) -> None:
        tasks = self.tasks
        while self.pending is None and not self.done and tasks:
            task = tasks.pop()
            kind = task[0]
            if kind == "strike_turn":
                bt.strike_turn(self)
            elif kind == "turn":
                cy.turn(self, task[1], task[2])
            elif kind == "battle_next":
                self.phase = "battle"
                bt.battle_next(self, task[1])
            elif kind == "recovery":
                cy.recovery(self)
            elif kind == "results":
                cy.results(self)
            elif kind == "cycle_start":
                cy.cycle_start(self)
            else:
                raise AssertionError(f"unknown task {kind!r}")

