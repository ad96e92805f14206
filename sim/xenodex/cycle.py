"""The XenodeX cycle outside Battle (xenodex.md "The Cycle", "Income & Emission", "Summon",
"Deploy", "XenodeX Anchors & Upgrades", "Healing & Sustain", "Proving Slots", "Winning";
rulings XD-1, XD-2, XD-4..XD-8, XD-10 and ours XD-11, XD-14..XD-17, XD-19, XD-21, XD-25,
XD-26, XD-28 in docs/rules/xenodex.md).

Order (XD-1): Echoes (when on) -> Income & Emission -> Summon -> Deploy -> Battle ->
Recovery -> Results; each phase asks the seats one at a time clockwise from the lead, and
the lead moves one seat clockwise every cycle.
- Income: +base CDX plus emission of each active anchor: solo value, or the contested value
  while a rival has an active anchor in that slot (XD-11); characters drawn up to the hand
  size and 2 TX drawn (XD-2, XD-7).
- Summon: characters from hand, anchors from the pool, upgrades of active anchors
  (raising BP by the table's difference, XD-15).
- Deploy: staged units to slots; one anchor per player per slot; an unescorted anchor only
  where no rival has a live anchor, an escorted one anywhere (XD-4), the escort counted when
  the anchor plugs in (XD-25).
- Recovery: Regen and Mender first, then paid healing (to full, or as much as the seat can
  pay) and anchor repair (to full, waking a disabled anchor) (XD-5, XD-6, XD-16, XD-17).
- Results: clean control, proven slots against the control remembered at the top of the
  cycle (XD-8, XD-26), convergence; the cycle limit (XD-8) and playing on (XD-14).
"""
from __future__ import annotations

from array import array

from sim.core.board import seat_name
from sim.xenodex import battle as bt
from sim.xenodex import effects as fx
from sim.xenodex.state import GONE, HAND, NONE, STAGED


def controllers(s) -> list[int]:
    """The clean controller of each slot (-1: none): the only live anchor there, and active."""
    n, K = s.n, s.K
    out = []
    alvl, abp = s.alvl, s.abp
    for k in range(K):
        who = -1
        for p in range(n):
            if alvl[p * K + k] >= 0:
                if who != -1:
                    who = -2
                    break
                who = p
        out.append(who if who >= 0 and abp[who * K + k] > 0 else -1)
    return out


def emission(s, p: int) -> int:
    """CDX seat p's active anchors emit this cycle (solo or contested, plus an Echo surge)."""
    g = s.game
    n, K = s.n, s.K
    alvl, abp = s.alvl, s.abp
    surge = g.echo_surge[s.echo]
    total = 0
    for k in range(K):
        idx = p * K + k
        lvl = alvl[idx]
        if lvl < 0 or abp[idx] <= 0:
            continue
        contested = False
        for q in range(n):  # a loop, not any(<generator>): this runs for every seat per view
            if q != p and alvl[q * K + k] >= 0 and abp[q * K + k] > 0:
                contested = True
                break
        total += (g.contested[lvl] if contested else g.emission[lvl]) + surge
    return total


def cycle_start(s) -> None:
    """Top of a cycle: remember clean control, Echoes, Ancients, Income; queue the phases."""
    s._events.append(("cycle", s.cycle, s.lead))
    s.start_ctrl = controllers(s)
    params = s.params
    if params.echoes:
        s.phase = "echoes"
        fx.flip_echo(s)
    if params.ancients:
        spawn_ancient(s)
    income(s)
    tasks = s.tasks
    tasks.append(("results",))
    tasks.append(("recovery",))
    tasks.append(("battle_next", 0))
    tasks.append(("turn", "deploy", 0))
    tasks.append(("turn", "summon", 0))


def spawn_ancient(s) -> None:
    """With probability `ancient_chance`, a random Ancient appears in a random slot (XD-21)."""
    g = s.game
    n, D = s.n, s.D
    base = n * D
    free = [base + a for a in range(s.params.max_ancients) if s.loc[base + a] in (NONE, GONE)]
    rng = s.rng
    if not free or rng.random() >= s.params.ancient_chance:
        return
    c = g.ancient_ids[int(rng.integers(len(g.ancient_ids)))]
    k = int(rng.integers(s.K))
    a = free[0]
    s.set_card(a, c)
    s.bp[a] = g.u_bp[c]
    s.used[a] = 0
    s.flags[a] = 0
    s.loc[a] = k
    s.board[k].append(a)
    s._events.append(("ancient", a, c, k))


def income(s) -> None:
    """Income & Emission (XD-2, XD-7, XD-11)."""
    s.phase = "income"
    g = s.game
    params = s.params
    n = s.n
    redirect = g.echo_redirect[s.echo]
    for o in range(n):
        p = (s.lead + o) % n
        em = emission(s, p)
        if s.starved[p]:
            em = 0
            s.starved[p] = False
        to = (p + 1) % n if redirect else p
        s.cdx[p] += params.base_income
        s.cdx[to] += em
        s._events.append(("income", p, params.base_income, em, to))
        hand = s.hand[p]
        deck = s.deck[p]
        kind = "opening_hand" if s.cycle == 1 else "draw"     # cycle 1 deals the first hands
        while len(hand) < params.hand_size and deck:
            i = deck.pop()
            hand.append(i)
            s.loc[i] = HAND
            s._events.append((kind, p, s.card[i]))
        draw_tx(s, p, params.tx_draw)
        s.tx_left[p] = params.tx_plays


def draw_tx(s, p: int, count: int) -> None:
    """Draw TX; an empty TX deck is refilled by shuffling its discard (XD-19)."""
    deck = s.tx_deck[p]
    for _ in range(count):
        if not deck:
            disc = s.tx_disc[p]
            if not disc:
                return
            perm = s.rng.permutation(len(disc))
            deck.extend(disc[x] for x in perm)
            disc.clear()
            s._events.append(("tx_reshuffle", p))
        t = deck.pop()
        s.tx_hand[p].append(t)
        s._events.append(("tx_draw", p, t))


def turn(s, phase: str, o: int) -> None:
    """Ask the seat `o` places clockwise from the lead to act in `phase`."""
    n = s.n
    if o >= n:
        return
    s.phase = phase
    p = (s.lead + o) % n
    s.tasks.append(("turn", phase, o + 1))
    s.pending = (phase, p)


def recovery(s) -> None:
    """Recovery: Regen and Mender, then each seat's paid healing and repair."""
    s.phase = "recovery"
    fx.recovery_triggers(s)
    s.tasks.append(("turn", "recovery", 0))


# ----------------------------------------------------------------------------- costs
def heal_amount(s, j: int) -> int:
    """BP a paid heal of character j restores now (XD-6, XD-16): its missing BP, or as many
    as its owner's CDX pays for at `heal_cost_per_bp` each; 0 when it cannot be healed."""
    missing = s.game.u_bp[s.card[j]] - s.bp[j]
    rate = s.params.heal_cost_per_bp
    if rate and missing > 0:
        return min(missing, s.cdx[j // s.D] // rate)
    return missing


def heal_cost(s, j: int) -> int:
    """CDX the paid heal of character j offered now costs (`heal_amount` BP, XD-6)."""
    return heal_amount(s, j) * s.params.heal_cost_per_bp


def repair_cost(s, p: int, k: int) -> int:
    """CDX to repair seat p's anchor in slot k to full BP (XD-5, XD-17)."""
    idx = p * s.K + k
    missing = s.game.anchor_bp[s.alvl[idx]] - s.abp[idx]
    rate = s.params.repair_bp_per_cdx
    return -(-missing // rate)


def anchor_deployable(s, p: int, k: int) -> str:
    """"" when seat p may plug a staged anchor into slot k now, else the reason (XD-4)."""
    K = s.K
    if s.alvl[p * K + k] >= 0:
        return f"{seat_name(p)} already has an anchor in {s.game.slot_labels[k]}"
    if any(q != p and s.alvl[q * K + k] >= 0 for q in range(s.n)):
        D = s.D
        if not any(j // D == p for j in s.board[k]):
            return (f"a rival has a live anchor in {s.game.slot_labels[k]} and the anchor is "
                    f"unescorted (no character of {seat_name(p)} there)")
    return ""


def escorted(s, p: int, k: int) -> bool:
    """Whether seat p has a character in slot k (an anchor plugged in now is escorted)."""
    D = s.D
    return any(j // D == p for j in s.board[k])


# ----------------------------------------------------------------------------- phase actions
def buy_character(s, p: int, c: int) -> None:
    """Summon: pay a character's cost and move it from hand to staging."""
    card = s.card
    i = min(j for j in s.hand[p] if card[j] == c)
    s.hand[p].remove(i)
    s.staged[p].append(i)
    s.loc[i] = STAGED
    s.cdx[p] -= s.game.u_cost[c]
    s._events.append(("summon", p, c))


def buy_anchor(s, p: int) -> None:
    """Summon: pay for an anchor from the pool into staging."""
    s.pool[p] -= 1
    s.astaged[p] += 1
    s.cdx[p] -= s.params.anchor_cost
    s._events.append(("summon_anchor", p))


def pay_upgrade(s, p: int, k: int) -> None:
    """Summon: pay for and upgrade an active anchor one level."""
    s.cdx[p] -= s.params.upgrade_costs[s.alvl[p * s.K + k]]
    fx.upgrade_anchor(s, p, k)


def deploy_character(s, p: int, c: int, k: int) -> None:
    """Deploy: a staged character of card c to slot k."""
    card = s.card
    i = min(j for j in s.staged[p] if card[j] == c)
    s.staged[p].remove(i)
    s.board[k].append(i)
    s.loc[i] = k
    s._events.append(("deploy", p, c, k))


def deploy_anchor(s, p: int, k: int) -> None:
    """Deploy: a staged anchor plugs into p's seat in slot k at Lv0, full BP (XD-4)."""
    idx = p * s.K + k
    esc = escorted(s, p, k)
    s.astaged[p] -= 1
    s.alvl[idx] = 0
    s.abp[idx] = s.game.anchor_bp[0]
    s._events.append(("deploy_anchor", p, k, esc))


def heal_character(s, p: int, j: int) -> None:
    """Recovery: pay to heal character j by `heal_amount` BP: to full, or as far as p's CDX
    goes (XD-6, XD-16)."""
    amount = heal_amount(s, j)
    s.cdx[p] -= amount * s.params.heal_cost_per_bp
    got = bt.heal_unit(s, j, amount)
    s._events.append(("heal", p, j, got, "paid"))


def repair_anchor(s, p: int, k: int) -> None:
    """Recovery: pay to repair p's anchor in slot k to full BP; a disabled one wakes (XD-5)."""
    cost = repair_cost(s, p, k)
    idx = p * s.K + k
    s.cdx[p] -= cost
    s.abp[idx] = s.game.anchor_bp[s.alvl[idx]]
    s._events.append(("repair", p, k, cost))


# ----------------------------------------------------------------------------- results
def results(s) -> None:
    """Results: clean control, proven slots, convergence, the cycle limit (XD-8, XD-14, and the
    variant tiebreak XD-30)."""
    s.phase = "results"
    n, K = s.n, s.K
    ctrl = controllers(s)
    start = s.start_ctrl
    s.proven = [c if c >= 0 and start[k] == c else -1 for k, c in enumerate(ctrl)]
    s._events.append(("results", tuple(ctrl), tuple(s.proven)))
    for p in range(n):
        if all(c == p for c in ctrl) and not any(
                s.alvl[q * K + k] >= 0 and s.abp[q * K + k] > 0
                for q in range(n) if q != p for k in range(K)):
            s.finish(p, "convergence")
            return
    params = s.params
    if s.cycle >= params.cycle_limit:
        counts = [s.proven.count(p) for p in range(n)]
        best = max(counts)
        leaders = [p for p in range(n) if counts[p] == best]
        if len(leaders) == 1:
            s.finish(leaders[0], "proven_slots")
            return
        if s.cycle >= params.cycle_limit + params.overtime_cycles:
            if params.limit_tiebreak == "control":
                leaders = tie_break(s, leaders, ctrl)
                if len(leaders) == 1:
                    s.finish(leaders[0], "tiebreak")
                    return
            s.finish(-1, "draw")
            return
    end_cycle(s)


def tie_break(s, leaders: list[int], ctrl: list[int]) -> list[int]:
    """The variant tiebreak of seats tied for most proven slots (XD-30): the most slots
    controlled now, then the most anchor levels standing (each active anchor counts its level
    plus one), then the most CDX banked; the seats still tied."""
    K = s.K
    def key(p: int) -> tuple[int, int, int]:
        levels = sum(s.alvl[p * K + k] + 1 for k in range(K) if s.alvl[p * K + k] >= 0 and s.abp[p * K + k] > 0)
        return ctrl.count(p), levels, s.cdx[p]
    best = max(key(p) for p in leaders)
    return [p for p in leaders if key(p) == best]


def end_cycle(s) -> None:
    """Unplayed TX are discarded, per-cycle effects end, the lead moves clockwise."""
    for p in range(s.n):
        s.tx_disc[p].extend(s.tx_hand[p])
        s.tx_hand[p] = []
        s.tx_left[p] = 0
    size = len(s.used)
    s.used = array("i", [0]) * size
    s.flags = array("i", [0]) * size
    s.bstr = [0] * len(s.bstr)
    s.bdef = [0] * len(s.bdef)
    s.fstr = s.fdef = 0
    if s.echo:
        s.echo_disc.append(s.echo)
    s.echo = 0
    s.echo_slot = -1
    s.lead = (s.lead + 1) % s.n
    s.cycle += 1
    s.tasks.append(("cycle_start",))
