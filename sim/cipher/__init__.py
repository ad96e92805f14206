"""FE Cipher: an exact rules engine for fe_cipher.md with rulings C-1..C-4 and FE-1..FE-6
(and the project's own FE-7 onward, docs/rules/cipher.md). `load_game("cipher")`."""
from sim.cipher.game import CipherGame
from sim.cipher.params import CipherParams
from sim.cipher.rules import CipherState

__all__ = ["CipherGame", "CipherParams", "CipherState"]
