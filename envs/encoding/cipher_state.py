"""FE Cipher's observe-and-encode fast path: one seat's vector read straight from the
engine state, equal to `encoder.encode(state.observation(seat))` without building the
observation dict.

    from envs.encoding.cipher import CipherEncoder

    encoder = CipherEncoder(game)
    vec = encoder.encode_seat(state, seat)        # == encoder.encode(state.observation(seat))
    rows = encoder.encode_seats(states, seats)    # == encoder.encode_batch(observations)

The AEC env and BatchEnv call these. `gather_state` lists the same entries as
`CipherEncoder.gather` of the observation, and reads the state only where
sim/cipher/observation.py reads it for that seat (ruling C-3): the seat's own hand and
set-aside MC, the opponent's hand size and the hand cards the seat saw enter it (the
retreat area's), deck and orb counts, and the public areas, units, battle and pending
choice; units' power, the battle and the pending choice come from the very functions
`observe` uses (`unit_powers`, `battle_view`, `pending_choice_view`). Of decks and orbs only
their sizes are read. `encode_seats` runs the column-wise batch of
envs/encoding/cipher_batch.py on the same pieces. tests/envs/test_cipher_fast_encoding.py
checks the equality over seeded games and that states differing only in what the seat may
not see encode the same.
"""
from __future__ import annotations

from typing import Any

from envs.encoding.base import gather_counts
from envs.encoding.cipher_layout import (
    COUNT_SCALE,
    MOD_CAP,
    POWER_CAP,
    POWER_SCALE,
    SIZE_CAP,
    STACK_SCALE,
)
from sim.cipher.observation import battle_view, pending_choice_view, unit_powers


def gather_state(enc: Any, state: Any, me: int, ones: list[int], idx: list[int],
                 val: list[float]) -> None:
    """Append the nonzero entries of seat `me`'s view of `state` (a valid seat) for the
    CipherEncoder `enc`, exactly as `enc.gather(state.observation(me), ...)` would."""
    may_attack = gather_facts(enc, state, me, ones, idx, val)
    powers = (unit_powers(state, 0), unit_powers(state, 1))
    _gather_units(enc, state, me, may_attack, powers, ones, idx, val)
    gather_battle_and_pending(enc, state, me, powers, ones, idx, val)


def gather_facts(enc: Any, state: Any, me: int, ones: list[int], idx: list[int],
                 val: list[float]) -> bool:
    """Append every entry of `gather_state` but the units', the battle's and the pending
    choice's; returns whether attacks are allowed this turn."""
    may_attack = gather_header(enc, state, me, ones)
    players = state.players
    you = players[me]
    opp = players[1 - me]
    turn = state.turn

    # ---- cards by id (the count slices do not depend on the cards' order)
    counts = enc._counts
    gather_counts(((counts[0], you.hand), (counts[1], you.retreat), (counts[2], opp.retreat),
                   (counts[3], opp.revealed)), idx, val)
    you_bonds = you.bonds
    opp_bonds = opp.bonds
    you_up = opp_up = 0
    if you_bonds:
        i, v, o, you_up = enc._bonds[0].split_entries(you_bonds, you.bond_up)
        idx += i
        val += v
        ones += o
    if opp_bonds:
        i, v, o, opp_up = enc._bonds[1].split_entries(opp_bonds, opp.bond_up)
        idx += i
        val += v
        ones += o

    # ---- scalars (the same products as `gather`, so the same floats)
    inv_deck = enc._inv_deck
    inv_orbs = enc._inv_orbs
    inv_turns = enc._inv_turns
    you_nb = len(you_bonds)
    opp_nb = len(opp_bonds)
    idx += enc._scalar_idx
    scalars = (turn * inv_turns, len(you.orbs) * inv_orbs, len(opp.orbs) * inv_orbs,
               len(you.hand) * COUNT_SCALE, len(opp.hand) * COUNT_SCALE,
               len(you.deck) * inv_deck, len(opp.deck) * inv_deck,
               len(you.retreat) * inv_deck, len(opp.retreat) * inv_deck,
               you_nb * COUNT_SCALE, opp_nb * COUNT_SCALE,
               you_up * COUNT_SCALE, opp_up * COUNT_SCALE,
               (you_nb - you.spent) * COUNT_SCALE, (opp_nb - opp.spent) * COUNT_SCALE,
               len(you.u_stack) * COUNT_SCALE, len(opp.u_stack) * COUNT_SCALE,
               you.turns_taken * inv_turns, opp.turns_taken * inv_turns)
    if max(scalars) > SIZE_CAP or min(scalars) < 0.0:  # rare: clip each to its bounds
        scalars = tuple(min(max(x, lo), hi) for x, lo, hi in zip(scalars, *enc._scalar_bounds))
    val += scalars
    return may_attack


def gather_header(enc: Any, state: Any, me: int, ones: list[int]) -> bool:
    """Append the game facts (turn header, phase, may_attack, bonded, mulligans) and the
    set-aside MC and support cards; returns whether attacks are allowed this turn."""
    players = state.players
    you = players[me]
    opp = players[1 - me]
    active = state.active
    first = state.first_player
    if first == me:
        ones.append(enc.o_first)
    if active == me:
        ones.append(enc.o_your_turn)
    current = state.current_player
    if current == me:
        ones.append(enc.o_to_act)
    elif current >= 0:
        ones.append(enc.o_to_act + 1)
    if state.done:
        winner = state.winner
        if winner == me:
            ones.append(enc.o_outcome)
        elif winner >= 0:
            ones.append(enc.o_outcome + 1)
    ones.append(enc._phase[state.phase])
    may_attack = enc._first_attacks or not (state.turn == 1 and active == first)
    if may_attack:
        ones.append(enc.o_may_attack)
    if you.bonded:
        ones.append(enc.o_bonded)
    if opp.bonded:
        ones.append(enc.o_bonded + 1)
    if you.mulligans:
        ones.append(enc.o_mulligans)
    if opp.mulligans:
        ones.append(enc.o_mulligans + 1)
    if you.setaside >= 0:
        ones.append(enc.o_setaside + you.setaside - 1)
    if you.support >= 0:
        ones.append(enc.o_own_support + you.support - 1)
    if opp.support >= 0:
        ones.append(enc.o_opp_support + opp.support - 1)
    return may_attack


def _gather_units(enc: Any, state: Any, me: int, may_attack: bool,
                  powers: tuple[list[int], list[int]], ones: list[int], idx: list[int],
                  val: list[float]) -> None:
    """Append the entries of both sides' units (`powers`: each player's `unit_powers`)."""
    players = state.players
    you = players[me]
    opp = players[1 - me]
    active = state.active
    done = state.done
    char = enc._char
    r1 = enc._r1
    r2 = enc._r2
    for pl, slots, owner, enemy, stacked in ((you, enc._own_slots, me, opp, enc._under[0]),
                                             (opp, enc._opp_slots, 1 - me, you, enc._under[1])):
        stacks = pl.u_stack
        if not stacks:
            continue
        (o_unit, o_card, o_front, o_tapped, o_prom, o_mc, o_power, o_mod, o_under, o_used,
         o_can) = slots
        if may_attack and owner == active and not done:
            lines = enemy.u_front
            e_front = any(lines)
            e_rear = not all(lines)
        else:
            e_front = e_rear = False
        mc_uid = pl.mc
        under_all: list[int] = []
        for st, front, tapped, promoted, uid, p, m, used in zip(
                stacks, pl.u_front, pl.u_tapped, pl.u_promoted, pl.u_uid, powers[owner],
                pl.u_mod, pl.u_used):
            c = st[-1]
            k = char[c]
            ones.append(o_unit + k)
            ones.append(o_card + c)
            if front:
                ones.append(o_front + k)
            if tapped:
                ones.append(o_tapped + k)
            elif (r1[c] and e_front or r2[c] and e_rear) if front else (r2[c] and e_front):
                ones.append(o_can + k)
            if promoted:
                ones.append(o_prom + k)
            if uid == mc_uid:
                ones.append(o_mc + k)
            if p:
                idx.append(o_power + k)
                x = p * POWER_SCALE
                val.append(x if x < POWER_CAP else POWER_CAP)
            if m:
                idx.append(o_mod + k)
                x = m * POWER_SCALE
                val.append(MOD_CAP if x > MOD_CAP else -MOD_CAP if x < -MOD_CAP else x)
            if used:
                if used & 1:
                    ones.append(o_used + 2 * k)
                if used & 2:
                    ones.append(o_used + 2 * k + 1)
            if len(st) > 1:
                idx.append(o_under + char[st[-2]])  # a stack is one character's cards
                x = (len(st) - 1) * STACK_SCALE
                val.append(x if x < SIZE_CAP else SIZE_CAP)
                under_all += st[:-1]
        if under_all:
            i, v = stacked.entries(under_all)
            idx += i
            val += v


def gather_battle_and_pending(enc: Any, state: Any, me: int,
                              powers: tuple[list[int], list[int]] | None, ones: list[int],
                              idx: list[int], val: list[float]) -> None:
    """Append the entries of the battle and the pending choice, from the views the
    observation holds (`powers`: each player's `unit_powers`, needed in a battle)."""
    if state.b_att >= 0:
        enc._gather_battle(battle_view(state, powers), me, ones, idx, val)
    if state.pending is not None:
        enc._gather_pending(pending_choice_view(state), me, ones, idx, val)
