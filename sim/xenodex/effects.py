"""The registries of named XenodeX effects: character abilities, transmissions and Echoes.

Card files name an effect and its params (cardspec.py); this module gives each name its
behaviour, so the rules never branch on a card (XD-9). Rules implemented here:
- Abilities ("Abilities", XD-9): heal, mender (heal); jam (deny attacks: the target cannot
  strike); relocate and displace (move units, XD-27); rally (battle timing, XD-23: readies a
  character that has struck). Passive ones (taunt, cleave, flurry, guard_anchor, fortify,
  first_strike, counter) are read from the game's tables by battle.py. What a card calls a
  "rival" is another seat, never an Ancient (XD-21).
- Transmissions (XD-7, "Transmissions"): free to play; a targeted one that hits a single
  rival lets its player pick which (`rival`, `rival_unit`); a slot-wide one hits every rival
  present in the chosen slot and never its player's own units unless the card says
  `hits_own` (XD-18); when and how they are played: rules.py (XD-12).
- Echoes ("Incoming — the Echoes", XD-7): surge, field events, redirect, quiet; public.

Choices are ints: a unit instance for "unit" choices, a slot for "slot", a seat for "seat".
"""
from __future__ import annotations

from collections.abc import Callable

from sim.xenodex import battle as bt
from sim.xenodex.state import DENIED


# ----------------------------------------------------------------------------- abilities
def _heal_cands(s, p: int, k: int, i: int, ab) -> list[int]:
    D, ubp, card = s.D, s.game.u_bp, s.card
    return [j for j in s.board[k] if j // D == p and s.bp[j] < ubp[card[j]]]


def _heal(s, p: int, k: int, i: int, ab, j: int) -> None:
    got = bt.heal_unit(s, j, ab.param("amount"))
    s._events.append(("heal", p, j, got, "ability"))


def _jam_cands(s, p: int, k: int, i: int, ab) -> list[int]:
    """"A rival character in this slot": another seat's (not an Ancient, XD-21), not denied
    already, with an action left this cycle."""
    D, n = s.D, s.n
    return [j for j in s.board[k] if j // D != p and j // D < n and not s.flags[j] & DENIED
            and s.used[j] < bt.max_strikes(s, j)]


def _jam(s, p: int, k: int, i: int, ab, j: int) -> None:
    s.flags[j] |= DENIED
    s._events.append(("deny", p, j))


def _relocate_cands(s, p: int, k: int, i: int, ab) -> list[int]:
    return [k2 for k2 in range(s.K) if k2 != k]


def _relocate(s, p: int, k: int, i: int, ab, k2: int) -> None:
    bt.move_unit(s, i, k2)


def _displace_cands(s, p: int, k: int, i: int, ab) -> list[int]:
    """"Push a rival character in this slot": another seat's (not an Ancient, XD-21)."""
    if s.K < 2:
        return []
    D, n = s.D, s.n
    return [j for j in s.board[k] if j // D != p and j // D < n]


def _displace(s, p: int, k: int, i: int, ab, j: int) -> None:
    bt.move_unit(s, j, k + 1 if k + 1 < s.K else k - 1)


def _rally_cands(s, p: int, k: int, i: int, ab) -> list[int]:
    D = s.D
    return [j for j in s.board[k] if j // D == p and j != i and bt.rally_ok(s, j)]


def _rally(s, p: int, k: int, i: int, ab, j: int) -> None:
    bt.rally(s, j)


# name -> (choice kind, candidates, resolve). Activated abilities spend the actor's action.
ACTIVATED: dict[str, tuple[str, Callable, Callable]] = {
    "heal": ("unit", _heal_cands, _heal),
    "jam": ("unit", _jam_cands, _jam),
    "relocate": ("slot", _relocate_cands, _relocate),
    "displace": ("unit", _displace_cands, _displace),
    "rally": ("unit", _rally_cands, _rally),
}


def recovery_triggers(s) -> None:
    """Recovery: Regen auras (XD-6) then Mender abilities heal their owner's characters."""
    g = s.game
    n, K, D = s.n, s.K, s.D
    card = s.card
    for k in range(K):
        board = s.board[k]
        if not board:
            continue
        for o in range(n):
            p = (s.lead + o) % n
            idx = p * K + k
            amount = g.regen if s.alvl[idx] >= g.lv_regen and s.abp[idx] > 0 else 0
            amount += sum(g.u_mender[card[j]] for j in board if j // D == p)
            if amount:
                got = sum(bt.heal_unit(s, j, amount) for j in board if j // D == p)
                if got:
                    s._events.append(("regen", p, k, got))


# ----------------------------------------------------------------------------- transmissions
def tx_choices(s, p: int, t: int) -> tuple[str, list[int]]:
    """(choice kind, candidates) of TX t for seat p; kind "none" has the single candidate -1."""
    spec = s.game.tx[t]
    mode = spec.mode
    eff = spec.effect
    n, K, D = s.n, s.K, s.D
    if mode == "self":
        return "none", [-1]
    if mode == "rival":
        return "seat", [q for q in range(n) if q != p]
    if mode == "own_slot":
        return "slot", [k for k in range(K) if any(j // D == p for j in s.board[k])]
    if mode == "own_anchor":
        g = s.game
        out = []
        for k in range(K):
            idx = p * K + k
            lvl = s.alvl[idx]
            if lvl < 0:
                continue
            damaged = s.abp[idx] < g.anchor_bp[lvl]
            upgradable = s.abp[idx] > 0 and lvl < g.max_level
            if (eff == "repair_anchor" and damaged) or (eff == "free_upgrade" and upgradable):
                out.append(k)
        return "slot", out
    if mode == "own_unit":
        return "unit", [j for k in range(K) for j in s.board[k] if j // D == p and bt.rally_ok(s, j)]
    if mode == "rival_unit":
        return "unit", [j for k in range(K) for j in s.board[k] if j // D != p and j // D < n
                        and not s.flags[j] & DENIED and s.used[j] < bt.max_strikes(s, j)]
    if mode == "slot_wide":
        out = []
        for k in range(K):
            if eff == "hack_anchors":
                hit = any(q != p and s.alvl[q * K + k] >= 0 and s.abp[q * K + k] > 0 for q in range(n))
            else:
                hit = any(_slot_hit(s, p, spec, j) for j in s.board[k])
            if hit:
                out.append(k)
        return "slot", out
    raise KeyError(f"unknown TX mode {mode!r}")


def _gain(s, p, spec, x):
    s.cdx[p] += spec.param("amount")


def _heal_slot(s, p, spec, k):
    D = s.D
    got = sum(bt.heal_unit(s, j, spec.param("amount")) for j in s.board[k] if j // D == p)
    s._events.append(("heal", p, k, got, "tx"))


def _heal_all(s, p, spec, x):
    D = s.D
    got = sum(bt.heal_unit(s, j, spec.param("amount")) for b in s.board for j in b if j // D == p)
    s._events.append(("heal", p, -1, got, "tx"))


def _buff_str(s, p, spec, k):
    s.bstr[p * s.K + k] += spec.param("amount")


def _buff_def(s, p, spec, k):
    s.bdef[p * s.K + k] += spec.param("amount")


def _drain(s, p, spec, q):
    take = min(spec.param("amount"), s.cdx[q])
    s.cdx[q] -= take
    s.cdx[p] += take
    s._events.append(("drain", p, q, take))


def _starve(s, p, spec, q):
    s.starved[q] = True


def _hack(s, p, spec, k):
    K = s.K
    for q in range(s.n):
        if q != p and s.alvl[q * K + k] >= 0:
            bt.damage_anchor(s, q, k, spec.param("damage"), "tx")


def _slot_hit(s, p: int, spec, j: int) -> bool:
    """Whether slot-wide damage of seat p hits unit j: every rival character (another seat's,
    not an Ancient, XD-21), or every character there when the card says `hits_own`."""
    return spec.hits_own or j // s.D not in (p, s.n)


def _damage_slot(s, p, spec, k):
    for j in list(s.board[k]):
        if _slot_hit(s, p, spec, j):
            bt.damage_unit(s, j, spec.param("damage"), "tx")


def _deny(s, p, spec, j):
    s.flags[j] |= DENIED
    s._events.append(("deny", p, j))


def _ready(s, p, spec, j):
    bt.rally(s, j)


def _free_anchor(s, p, spec, x):
    if s.pool[p] > 0:
        s.pool[p] -= 1
        s.astaged[p] += 1


def _repair(s, p, spec, k):
    idx = p * s.K + k
    top = s.game.anchor_bp[s.alvl[idx]]
    s.abp[idx] = min(top, s.abp[idx] + spec.param("amount"))


def _upgrade(s, p, spec, k):
    upgrade_anchor(s, p, k)


TX_RESOLVE: dict[str, Callable] = {
    "gain_cdx": _gain, "heal_slot": _heal_slot, "heal_all": _heal_all, "buff_str": _buff_str,
    "buff_def": _buff_def, "drain_cdx": _drain, "starve": _starve, "hack_anchors": _hack,
    "damage_slot": _damage_slot, "deny_unit": _deny, "ready_unit": _ready,
    "free_anchor": _free_anchor, "repair_anchor": _repair, "free_upgrade": _upgrade,
}


def upgrade_anchor(s, p: int, k: int) -> None:
    """Raise seat p's anchor in slot k one level; its BP rises by the table's difference."""
    g = s.game
    idx = p * s.K + k
    lvl = s.alvl[idx]
    s.alvl[idx] = lvl + 1
    s.abp[idx] += g.anchor_bp[lvl + 1] - g.anchor_bp[lvl]
    s._events.append(("upgrade", p, k, lvl + 1))


# ----------------------------------------------------------------------------- echoes
def flip_echo(s) -> None:
    """Flip the top Echo of the shared deck (reshuffling its discard when empty) and apply it."""
    if not s.echo_deck:
        if not s.echo_disc:
            return
        perm = s.rng.permutation(len(s.echo_disc))
        s.echo_deck = [s.echo_disc[x] for x in perm]
        s.echo_disc = []
    e = s.echo_deck.pop()
    s.echo = e
    spec = s.game.echoes[e]
    s._events.append(("echo", e, spec.kind))
    eff = spec.effect
    if eff == "field_str":
        s.fstr = spec.param("amount")
    elif eff == "field_def":
        s.fdef = spec.param("amount")
    elif eff == "storm":
        k = int(s.rng.integers(s.K))
        s.echo_slot = k
        for j in list(s.board[k]):
            bt.damage_unit(s, j, spec.param("damage"), "echo")
    # surge, redirect and dead_air are read where they act (income, transmissions)
