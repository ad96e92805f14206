"""Policy files (agents/policy_file.py): what is saved plays as saved; bad files are refused."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy  # noqa: E402

from agents.policy_file import PolicyFileError, load_policy, policy_kwargs_for, save_policy  # noqa: E402

ARCH = {"policy": "sparse", "net_arch": [32, 16]}


def _policy(arch=ARCH, obs=120, actions=9):
    torch.manual_seed(0)
    return MaskableActorCriticPolicy(gym.spaces.Box(-np.inf, np.inf, (obs,), np.float32), gym.spaces.Discrete(actions),
                                     lr_schedule=lambda _: 1e-3, **policy_kwargs_for(arch))


def _probs(policy, obs, mask):
    with torch.no_grad():
        return policy.get_distribution(torch.as_tensor(obs), action_masks=mask).distribution.probs.numpy()


@pytest.mark.parametrize("arch", [ARCH, {"policy": "mlp", "net_arch": [16, 16]}])
def test_a_saved_policy_loads_with_the_same_weights_rounded_to_half_precision(tmp_path, arch):
    policy = _policy(arch)
    path = save_policy(policy, tmp_path / "p.pt", arch)
    loaded = load_policy(path)
    for (k, v), (k2, v2) in zip(policy.state_dict().items(), loaded.state_dict().items()):
        assert k == k2 and torch.equal(v.half().float(), v2)
    rng = np.random.default_rng(0)
    obs = (rng.random((5, 120)) < 0.05).astype(np.float32)
    mask = np.ones((5, 9), bool)
    mask[:, 3] = False
    assert np.allclose(_probs(policy, obs, mask), _probs(loaded, obs, mask), atol=2e-3)
    assert not loaded.training and not list(tmp_path.glob("*.tmp"))


def test_the_shared_first_layer_is_stored_once(tmp_path):
    policy = _policy(obs=2000)
    path = save_policy(policy, tmp_path / "p.pt", ARCH)
    first_layer_bytes = 2000 * 32 * 2
    assert first_layer_bytes < path.stat().st_size < 2 * first_layer_bytes


def test_bad_policy_files_are_refused_naming_the_file(tmp_path):
    with pytest.raises(PolicyFileError, match="no such file"):
        load_policy(tmp_path / "missing.pt")
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a torch file at all")
    with pytest.raises(PolicyFileError, match=r"junk.pt: unreadable"):
        load_policy(junk)
    other = tmp_path / "other.pt"
    torch.save({"weights": torch.zeros(3)}, other)
    with pytest.raises(PolicyFileError, match="not a tcglab-policy file"):
        load_policy(other)
    good = save_policy(_policy(), tmp_path / "good.pt", ARCH)
    truncated = tmp_path / "truncated.pt"
    truncated.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    with pytest.raises(PolicyFileError, match="truncated.pt: unreadable"):
        load_policy(truncated)
    payload = torch.load(good, weights_only=True)
    torch.save({**payload, "version": 99}, tmp_path / "future.pt")
    with pytest.raises(PolicyFileError, match="version 99"):
        load_policy(tmp_path / "future.pt")
    torch.save({**payload, "architecture": {"policy": "sparse", "net_arch": [64, 16]}}, tmp_path / "mismatch.pt")
    with pytest.raises(PolicyFileError, match="weights do not fit"):
        load_policy(tmp_path / "mismatch.pt")
    with pytest.raises(PolicyFileError, match="'transformer'"):
        save_policy(_policy(), tmp_path / "x.pt", {"policy": "transformer", "net_arch": [8]})
    with pytest.raises(ValueError, match="dtype"):
        save_policy(_policy(), tmp_path / "x.pt", ARCH, dtype="int8")
