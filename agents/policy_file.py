"""Compact policy files: a trained MaskablePPO policy without its optimizer or training state.

    from agents.policy_file import save_policy, load_policy
    save_policy(model.policy, "first_cycle.pt", architecture={"policy": "sparse", "net_arch": [256, 256]})
    policy = load_policy("first_cycle.pt")          # a MaskableActorCriticPolicy, eval mode

An SB3 checkpoint (.zip) carries the Adam state (twice the weights again) and pickled
Python objects; a policy file carries only what playing needs, stored with
`torch.save` and read back with `torch.load(weights_only=True)` (no code is unpickled):
the format tag, the architecture ("sparse" first layer from agents/networks.py or SB3's
dense "mlp"; hidden sizes), the observation and action sizes, and the weights in half
precision (`dtype`, default float16), which keeps the model zoo's files under 5 MB. The
loaded policy computes in float32 from those stored weights, so a policy file plays
exactly as the figures measured on that file say. Needs the 'rl' extra.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sim.core.errors import InvalidArgumentError

FORMAT = "tcglab-policy"
VERSION = 1
ARCHITECTURES = ("sparse", "mlp")
DTYPES = ("float16", "float32")


class PolicyFileError(InvalidArgumentError):
    """A policy file that is missing, not a policy file, or of an unknown version or layout."""


def policy_kwargs_for(architecture: dict[str, Any]) -> dict[str, Any]:
    """SB3 `policy_kwargs` of an architecture {"policy": "sparse"|"mlp", "net_arch": [...]}."""
    kind, net_arch = architecture.get("policy"), tuple(int(n) for n in architecture.get("net_arch", ()))
    if kind not in ARCHITECTURES:
        raise PolicyFileError(f"policy architecture {kind!r}: expected one of {', '.join(ARCHITECTURES)}")
    if not net_arch:
        raise PolicyFileError("policy architecture: net_arch is empty")
    if kind == "sparse":
        from agents.networks import sparse_policy_kwargs
        return sparse_policy_kwargs(net_arch)
    return {"net_arch": list(net_arch)}


def save_policy(policy: Any, path: str | Path, architecture: dict[str, Any], dtype: str = "float16") -> Path:
    """Write `policy` (a MaskableActorCriticPolicy) to `path` as a policy file; returns the path.

    The file is written under a temporary name and renamed, so a reader never sees half of it."""
    import torch
    if dtype not in DTYPES:
        raise ValueError(f"save_policy: dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")
    policy_kwargs_for(architecture)  # refuse an unknown architecture before writing
    path = Path(path)
    converted: dict[int, Any] = {}  # a features extractor shared by both heads appears under 3 keys: store it once

    def convert(v: Any) -> Any:
        if id(v) not in converted:
            converted[id(v)] = v.detach().to("cpu", getattr(torch, dtype)) if v.is_floating_point() else v.detach().cpu()
        return converted[id(v)]
    state = {k: convert(v) for k, v in policy.state_dict(keep_vars=True).items()}
    payload = {"format": FORMAT, "version": VERSION, "dtype": dtype,
               "architecture": {"policy": architecture["policy"],
                                "net_arch": [int(n) for n in architecture["net_arch"]]},
               "observation_dim": int(policy.observation_space.shape[0]),
               "action_dim": int(policy.action_space.n), "state_dict": state}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    torch.save(payload, tmp)
    tmp.replace(path)
    return path


def read_header(path: str | Path) -> dict[str, Any]:
    """A policy file's contents with its weights (checked: format, version, sizes)."""
    import torch
    path = Path(path)
    if not path.is_file():
        raise PolicyFileError(f"policy file {path}: no such file")
    try:
        payload = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises several kinds for a corrupt or foreign file
        raise PolicyFileError(f"policy file {path}: unreadable ({type(exc).__name__}: {exc})") from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise PolicyFileError(f"policy file {path}: not a {FORMAT} file")
    if payload.get("version") != VERSION:
        raise PolicyFileError(f"policy file {path}: version {payload.get('version')!r}, this tcglab reads {VERSION}")
    return payload


def load_policy(path: str | Path, device: str = "cpu") -> Any:
    """The MaskableActorCriticPolicy stored in the policy file `path`, in eval mode on `device`."""
    import gymnasium as gym
    import numpy as np
    import torch
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    payload = read_header(path)
    kwargs = policy_kwargs_for(payload["architecture"])
    obs_space = gym.spaces.Box(-np.inf, np.inf, (payload["observation_dim"],), np.float32)
    if payload["architecture"]["policy"] == "sparse":
        from agents.networks import SparseMaskablePolicy as policy_class
    else:
        policy_class = MaskableActorCriticPolicy
    policy = policy_class(obs_space, gym.spaces.Discrete(payload["action_dim"]),
                                       lr_schedule=lambda _: 0.0, **kwargs)
    state = {k: v.to(torch.float32) if v.is_floating_point() else v for k, v in payload["state_dict"].items()}
    try:
        policy.load_state_dict(state)
    except RuntimeError as exc:
        raise PolicyFileError(f"policy file {path}: weights do not fit its architecture ({exc})") from exc
    policy.set_training_mode(False)
    return policy.to(device)
