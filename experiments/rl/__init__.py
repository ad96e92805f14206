"""Reinforcement learning on tcglab games (needs the extra `rl`: torch, stable-baselines3, sb3-contrib).

Modules:
- `train_ppo`: masked PPO training in the single-file style of CleanRL (`tcglab train`);
- `train_checks`: the checks of `tcglab train`'s flags and --out folder, before anything is built;
- `pettingzoo_sb3`: any tcglab PettingZoo AEC env as a one-learner gymnasium env for
  Stable-Baselines3 or any other single-agent library;
- `rollout_buffer`: `ReusedRolloutBuffer`, MaskablePPO's rollout buffer reusing its memory;
- `sb3_vec`: `BatchVecEnv`, batched matches (envs.BatchEnv) as a Stable-Baselines3 VecEnv
  for MaskablePPO, the vector env `tcglab train` steps.

Nothing here is imported with `experiments`, so the core install does not need torch.
"""
