"""Tests of the envs layer: PettingZoo/gymnasium contracts, encoder, leaks, masks, speed."""
