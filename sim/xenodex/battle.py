"""The XenodeX Battle phase: per slot, strikes clockwise from the lead (xenodex.md "Battle",
"Capture", "Abilities", "XenodeX Anchors & Upgrades", "Ancients"; rulings XD-1, XD-3, XD-5, XD-9
and ours XD-13, XD-21..XD-24, XD-27 in docs/rules/xenodex.md).

- A battle is fought in each slot, S1 upward, where two or more sides are present (units or
  live anchors) and at least one unit stands (XD-13).
- Turns run clockwise from the lead (XD-24); on its turn a side acts with one available
  character (strike, capture, an activated ability, or stand down) or holds: it acts no more
  in this battle. A denied character (Jam, Mind Command) cannot strike; a readied one
  (Rally, Tactical Relay) must strike with its extra action. A character acts `strikes_per_cycle` times per cycle in each battle
  (Flurry: more); First Strike characters act in an opening round (XD-23).
- A strike deals max(0, STR + roll - DEF), roll uniform on roll_min..roll_max (XD-3), to a
  rival character or a rival's vulnerable anchor (active, not guarded, no taunter, XD-22);
  Cleave hits more targets with the same roll; Counter and Aegis hit back (flat damage).
- An anchor at 0 BP is disabled and drops a level (XD-5); an unsupported rival anchor (no
  character of its owner in the slot) may be captured: it is destroyed.
- Auras of an active anchor reach its owner's characters in the slot (XD-3): Bulwark +DEF,
  Overcharge +STR, Aegis (attackers take damage back); Regen acts in Recovery (cycle.py).
- The slot resolves when one side is left; with two or more after every action is spent it
  is a siege and is fought again next cycle.
- Ancients (XD-9, XD-21) are the neutral side n: they act after every seat in a round, each
  striking once a cycle at the weakest unit it may strike.
"""
from __future__ import annotations

from sim.xenodex.state import DENIED, GONE, RALLIED, READY, STRUCK


# ----------------------------------------------------------------------------- stats
def strength(s, i: int, k: int) -> int:
    """Current STR of unit `i` in slot `k`: printed, Overcharge, TX buffs, Echo; floor 0."""
    g = s.game
    return _stat(s, i, k, g.u_str, s.fstr, g.lv_overcharge, g.overcharge, s.bstr)


def defense(s, i: int, k: int) -> int:
    """Current DEF of unit `i` in slot `k`: printed, Bulwark, TX buffs, Echo; floor 0."""
    g = s.game
    return _stat(s, i, k, g.u_def, s.fdef, g.lv_bulwark, g.bulwark, s.bdef)


def _stat(s, i: int, k: int, printed: list[int], field: int, aura_level: int, aura: int,
          buffs: list[int]) -> int:
    """A stat of unit `i` in slot `k`: its card's `printed` value, the Echo's `field` bonus and,
    for a seat's unit, its anchor's `aura` from `aura_level` on (while the anchor works) and
    the seat's TX `buffs` in the slot; floor 0."""
    v = printed[s.card[i]] + field
    p = i // s.D
    if p < s.n:
        idx = p * s.K + k
        if s.alvl[idx] >= aura_level and s.abp[idx] > 0:
            v += aura
        v += buffs[idx]
    return max(0, v)


def slot_bonuses(s, k: int) -> tuple[list[int], list[int]]:
    """Per side (seats, then the Ancients at index n): the STR and DEF that `strength` and
    `defense` add to its characters' printed values in slot k, before the floor at 0, for
    readers that need every unit of a slot (observations) and look each side up once."""
    g = s.game
    n, K = s.n, s.K
    alvl, abp, bstr, bdef = s.alvl, s.abp, s.bstr, s.bdef
    fstr, fdef = s.fstr, s.fdef
    str_bonus = []
    def_bonus = []
    for q in range(n):
        idx = q * K + k
        lvl = alvl[idx]
        live = abp[idx] > 0
        str_bonus.append(fstr + bstr[idx] + (g.overcharge if live and lvl >= g.lv_overcharge else 0))
        def_bonus.append(fdef + bdef[idx] + (g.bulwark if live and lvl >= g.lv_bulwark else 0))
    str_bonus.append(fstr)
    def_bonus.append(fdef)
    return str_bonus, def_bonus


def anchor_defense(s, q: int, k: int) -> int:
    """DEF of seat q's anchor in slot k: the level table plus Fortify of q's characters there."""
    g = s.game
    v = g.anchor_def[s.alvl[q * s.K + k]]
    D = s.D
    fort = g.u_fortify
    card = s.card
    for j in s.board[k]:
        if j // D == q and fort[card[j]]:
            v += fort[card[j]]
    return v


def max_strikes(s, i: int) -> int:
    """Actions a character has per cycle (Flurry raises it)."""
    return s.game.u_strikes[s.card[i]]


def can_act(s, i: int, stage: int) -> bool:
    """Whether unit i may still act in this battle stage (0: the First Strike round). A
    denied character cannot strike (Jam, Mind Command: "cannot strike"), so it is available
    only while it has another action: a capture or an activated ability with a target."""
    if stage == 0:
        ok = s.used[i] == 0 and s.game.u_first[s.card[i]]
    else:
        ok = s.used[i] < s.game.u_strikes[s.card[i]]
    if ok and s.flags[i] & DENIED:
        return has_other_action(s, i)
    return ok


def has_other_action(s, i: int) -> bool:
    """Whether character i (in a slot) has an action besides striking and standing down: a
    capture, or an activated ability with a candidate. A readied character's action must be
    a strike (Rally: "may strike again"), and Ancients have none."""
    p = i // s.D
    if p >= s.n or s.flags[i] & READY:
        return False
    k = s.loc[i]
    if capturable(s, p, k):
        return True
    return any(ok(s, p, k, i, ab) for ok, ab in s.game.u_act_cands[s.card[i]])


def side_mask(s, k: int) -> int:
    """Bit q set for every side with a unit or a live anchor in slot k."""
    D = s.D
    m = 0
    for i in s.board[k]:
        m |= 1 << (i // D)
    K = s.K
    alvl = s.alvl
    for p in range(s.n):
        if alvl[p * K + k] >= 0:
            m |= 1 << p
    return m


def rel(s, p: int, q: int) -> int:
    """Seat q relative to seat p (0: p itself; the neutral side is n)."""
    return q if q >= s.n else (q - p) % s.n


def unabs(s, p: int, r: int) -> int:
    """The absolute side of relative index r seen from seat p."""
    return r if r >= s.n else (p + r) % s.n


# ----------------------------------------------------------------------------- damage
def roll(s) -> int:
    """A combat roll from the state's generator (C-1)."""
    g = s.game
    return int(s.rng.integers(g.roll_lo, g.roll_hi + 1))


def knock_out(s, j: int) -> None:
    """Unit j leaves the board: a character to its owner's public discard (XD-3)."""
    k = s.loc[j]
    s.board[k].remove(j)
    s.loc[j] = GONE
    s.used[j] = 0
    s.flags[j] = 0
    q = j // s.D
    if q < s.n:
        s.discard[q].append(j)
    s._events.append(("ko", q, j, s.card[j], k))


def damage_unit(s, j: int, amount: int, source: str) -> bool:
    """Flat damage to unit j (no DEF); returns whether it was knocked out."""
    if amount <= 0:
        return False
    s.bp[j] -= amount
    s._events.append(("damage", j // s.D, j, amount, source))
    if s.bp[j] <= 0:
        s.bp[j] = 0
        knock_out(s, j)
        return True
    return False


def damage_anchor(s, q: int, k: int, amount: int, source: str) -> None:
    """Damage seat q's anchor in slot k; at 0 BP it is disabled and drops a level (XD-5)."""
    idx = q * s.K + k
    if amount <= 0 or s.abp[idx] <= 0:
        return
    s.abp[idx] -= amount
    s._events.append(("anchor_damage", q, k, amount, source))
    if s.abp[idx] <= 0:
        s.abp[idx] = 0
        if s.alvl[idx] > 0:
            s.alvl[idx] -= 1
        s._events.append(("anchor_disabled", q, k, s.alvl[idx]))


def heal_unit(s, j: int, amount: int) -> int:
    """Heal unit j up to its printed BP; returns the BP healed."""
    top = s.game.u_bp[s.card[j]]
    got = min(amount, top - s.bp[j])
    if got > 0:
        s.bp[j] += got
        return got
    return 0


def move_unit(s, j: int, k2: int) -> None:
    """Move a unit on the board to slot k2. It keeps its BP, any denial and whether it has
    struck; its strikes count afresh there, since a character strikes once per cycle *in
    each battle* (XD-13), so a readied action it had not spent is superseded."""
    k = s.loc[j]
    s.board[k].remove(j)
    s.board[k2].append(j)
    s.loc[j] = k2
    s.used[j] = 0
    s.flags[j] &= ~READY
    s._events.append(("move", j // s.D, j, k, k2))


# ----------------------------------------------------------------------------- targets
def rival_units(s, p: int, k: int) -> tuple[dict[int, list[int]], dict[int, list[int]], int]:
    """The units in slot k of every side but p, as `strike_targets` reads them: (side ->
    its units, side -> its Taunt units, a bit per side with a Guard unit there)."""
    D = s.D
    g = s.game
    card, taunt, guard = s.card, g.u_taunt, g.u_guard
    chars: dict[int, list[int]] = {}
    taunts: dict[int, list[int]] = {}
    guarded = 0
    for j in s.board[k]:
        q = j // D
        if q == p:
            continue
        chars.setdefault(q, []).append(j)
        c = card[j]
        if taunt[c]:
            taunts.setdefault(q, []).append(j)
        if guard[c]:
            guarded |= 1 << q
    return chars, taunts, guarded


def strike_targets(s, p: int, k: int) -> list[tuple[int, int, bool]]:
    """(side, unit or -1 for the anchor, is_anchor) a unit of side p may strike in slot k:
    a rival side's Taunt units if it has any there, else all its units; then each rival
    seat's live anchor there unless that side has a Taunt or a Guard unit in the slot."""
    chars, taunts, guarded = rival_units(s, p, k)
    out = []
    for q in sorted(chars):
        for j in taunts.get(q) or chars[q]:
            out.append((q, j, False))
    K = s.K
    for q in range(s.n):
        if q == p:
            continue
        idx = q * K + k
        if s.alvl[idx] >= 0 and s.abp[idx] > 0 and q not in taunts and not guarded >> q & 1:
            out.append((q, -1, True))
    return out


def capturable(s, p: int, k: int) -> list[int]:
    """Seats whose anchor in slot k is unsupported (no character of theirs there), for p."""
    D = s.D
    present = 0
    for j in s.board[k]:
        present |= 1 << (j // D)
    K = s.K
    return [q for q in range(s.n)
            if q != p and s.alvl[q * K + k] >= 0 and not present >> q & 1]


# ----------------------------------------------------------------------------- strikes
def strike(s, p: int, i: int, k: int, q: int, j: int, is_anchor: bool, atk: int | None = None) -> None:
    """Unit i (side p) strikes side q's unit j (or q's anchor) in slot k.

    `atk` is STR + roll; None rolls now (a Cleave follow-up reuses the first roll)."""
    if atk is None:
        r = roll(s)
        atk = strength(s, i, k) + r
        s._events.append(("roll", p, i, r))
    if is_anchor:
        dmg = atk - anchor_defense(s, q, k)
        dmg = max(0, dmg)
        s._events.append(("strike", p, i, q, -1, k, dmg))
        damage_anchor(s, q, k, dmg, "strike")
        return
    dmg = atk - defense(s, j, k)
    dmg = max(0, dmg)
    s._events.append(("strike", p, i, q, j, k, dmg))
    g = s.game
    ko = False
    if dmg:
        s.bp[j] -= dmg
        if s.bp[j] <= 0:
            s.bp[j] = 0
            knock_out(s, j)
            ko = True
    back = 0
    if not ko:
        back += g.u_counter[s.card[j]]
    if q < s.n:
        idx = q * s.K + k
        if s.alvl[idx] >= g.lv_aegis and s.abp[idx] > 0:
            back += g.aegis
    if back and s.loc[i] == k:
        damage_unit(s, i, back, "counter")


def capture(s, p: int, i: int, k: int, q: int) -> None:
    """Unit i of seat p captures q's unsupported anchor in slot k: it is destroyed."""
    idx = q * s.K + k
    s.alvl[idx] = -1
    s.abp[idx] = 0
    s._events.append(("capture", p, i, q, k))


def ancient_strike(s, a: int, k: int) -> None:
    """An Ancient's fixed policy (XD-21): among the units it may strike (Taunt and guards
    apply), the character with the lowest BP (ties: seat order from the lead, then arrival
    in the slot), else the active anchor with the lowest BP (same ties)."""
    n = s.n
    lead = s.lead
    s.used[a] += 1
    best = None
    for order, (q, j, is_anchor) in enumerate(strike_targets(s, n, k)):
        hp = s.abp[q * s.K + k] if is_anchor else s.bp[j]
        key = (is_anchor, hp, (q - lead) % n, order)
        if best is None or key < best[0]:
            best = (key, q, j, is_anchor)
    if best is not None:
        strike(s, n, a, k, best[1], best[2], best[3])


# ----------------------------------------------------------------------------- battle flow
def battle_next(s, k0: int) -> None:
    """Start the next slot's battle from slot k0 on, if any (XD-13)."""
    for k in range(k0, s.K):
        if not s.board[k]:
            s.siege[k] = False
            continue
        m = side_mask(s, k)
        if m & (m - 1):
            s.bslot = k
            s.bstage = 0
            s.bptr = 0
            s.bpassed = 0
            s._events.append(("battle", k))
            s.tasks.append(("battle_next", k + 1))
            s.tasks.append(("strike_turn",))
            return
        s.siege[k] = False
    s.bslot = -1


def strike_turn(s) -> None:
    """Ask the next side clockwise with an available character to strike, or end the battle."""
    k = s.bslot
    m = side_mask(s, k)
    if not m & (m - 1):
        end_battle(s, k, m)
        return
    n = s.n
    S = s.sides
    D = s.D
    stage = s.bstage
    board = s.board[k]
    for step in range(S):
        pos = (s.bptr + step) % S
        side = (s.lead + pos) % n if pos < n else n
        if s.bpassed >> side & 1:
            continue
        for i in board:
            if i // D == side and can_act(s, i, stage):
                s.bptr = pos
                if side == n:
                    ancient_strike(s, i, k)
                    s.bptr = (pos + 1) % S
                    s.tasks.append(("strike_turn",))
                else:
                    s.pending = ("strike", side, k)
                return
    if stage == 0:
        s.bstage = 1
        s.bptr = 0
        s.bpassed = 0
        s.tasks.append(("strike_turn",))
        return
    end_battle(s, k, m)


def end_battle(s, k: int, mask: int) -> None:
    """The slot resolves (one side left) or becomes a siege (two or more remain)."""
    siege = bool(mask & (mask - 1))
    s.siege[k] = siege
    s._events.append(("siege" if siege else "resolved", k))
    s.bslot = -1


def next_turn(s, p: int) -> None:
    """Seat p has acted: the turn passes clockwise."""
    s.bptr = ((p - s.lead) % s.n + 1) % s.sides
    s.tasks.append(("strike_turn",))


def rally_ok(s, j: int) -> bool:
    """Whether character j may be readied (Rally, Tactical Relay: "a character that has
    struck"): it has struck this cycle, has spent its actions, is not denied and was not
    readied already this cycle (XD-23)."""
    f = s.flags[j]
    return bool(f & STRUCK and not f & (DENIED | RALLIED)
                and s.used[j] >= s.game.u_strikes[s.card[j]])


def rally(s, j: int) -> None:
    """Ready character j to strike once more this cycle (Rally, Tactical Relay): that action
    must be a strike (`rules._actor_actions`)."""
    s.used[j] = s.game.u_strikes[s.card[j]] - 1
    s.flags[j] |= RALLIED | READY
    s._events.append(("rally", j // s.D, j))
