"""FE Cipher's compiled batch writers (envs/encoding/cipher_kernels.py) write the same bytes
as the numpy code they stand for (`SeatColumns._put_units`, `_put_cards`, `_put_scalars`),
over seeded games on every deck pairing the tests use (battles, stacks, face-down and
face-up bonds, class changes), from either seat; with TCGLAB_NO_NUMBA=1 the encoder keeps
the numpy code and encodes the same. The test environment installs numba (the `fast`
extra), so the compiled path is the one tests/envs/test_cipher_fast_encoding.py
exercises too.
"""
from __future__ import annotations

from envs.encoding.cipher import CipherEncoder
from tests.envs.helpers import CIPHER, game_states
from tests.envs.kernel_checks import assert_same_rows, digest_without_numba, rows_digest


def test_compiled_rows_equal_the_numpy_rows():
    compiled = CipherEncoder(CIPHER)
    plain = CipherEncoder(CIPHER)
    assert compiled._columns.kernels is not None, "numba is part of the test environment"
    plain._columns.kernels = None
    states = [s.clone() for s in game_states("cipher", 8, seed=95, every=2)]
    met = {"battle": sum(s.b_att >= 0 for s in states),
           "stacked": sum(len(st) > 1 for s in states for p in s.players for st in p.u_stack),
           "face-down bond": sum(0 in p.bond_up for s in states for p in s.players),
           "over": sum(s.done for s in states)}
    assert min(met.values()) > 0, met
    assert_same_rows(compiled, plain, states, 2)


def test_tcglab_no_numba_keeps_the_numpy_code_with_the_same_rows():
    available, digest = digest_without_numba("cipher")
    assert not available
    assert digest == rows_digest("cipher")



def _edge_states() -> list:
    """Positions edited past what play reaches, to pin the caps and clips: a card held
    beyond its copies, a huge stack, modifiers and powers over their caps, more bonds spent
    than held (a negative scalar) and a deck over twice its size."""
    out = []
    for s in game_states("cipher", 3, seed=97, every=5):
        players = s.players
        if not (players[0].u_stack and players[1].u_stack and players[0].hand):
            continue
        t = s.clone()
        a, b = t.players
        a.hand = a.hand + [a.hand[0]] * 7
        a.retreat = a.retreat + [a.u_stack[0][-1]] * 6
        a.u_stack[0] = type(a.u_stack[0])([a.u_stack[0][-1]] * 12) + a.u_stack[0]
        a.u_mod[0] = 900
        b.u_mod[0] = -700
        b.spent = len(b.bonds) + 3
        b.deck = b.deck * 3
        out.append(t)
    return out


def test_compiled_rows_equal_the_numpy_rows_past_every_cap_and_clip():
    compiled = CipherEncoder(CIPHER)
    plain = CipherEncoder(CIPHER)
    plain._columns.kernels = None
    states = _edge_states()
    assert len(states) > 20
    assert_same_rows(compiled, plain, states, 2)
