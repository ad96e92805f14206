"""bench/train.py's figures: each update keeps its fastest run over the rounds (the same seeded
training each round), summed with the split of that run."""
from __future__ import annotations

import pytest

from bench.train import best_of, device_ratios, device_rows, main


def _update(seconds: float, rollout: float) -> dict[str, float]:
    return {"steps": 2048, "seconds": seconds, "rollout_s": rollout, "update_s": seconds - rollout,
            "env_s": rollout / 2}


def test_each_update_keeps_its_fastest_run():
    first = [_update(1.0, 0.4), _update(3.0, 1.0)]   # its second update hit a slow spell
    second = [_update(2.0, 0.5), _update(1.5, 0.7)]
    row = best_of([first, second], "batch")
    assert row["steps"] == 4096
    assert row["seconds"] == pytest.approx(2.5)
    assert row["steps_per_s"] == pytest.approx(4096 / 2.5)
    assert row["rollout_s"] == pytest.approx(0.4 + 0.7) and row["update_s"] == pytest.approx(0.6 + 0.8)
    assert row["num_envs"] == 64 and row["policy"] == "sparse"


def test_one_round_is_its_own_best():
    only = [_update(1.2, 0.3)]
    assert best_of([only], "dummy")["seconds"] == pytest.approx(1.2)


def test_two_devices_time_each_row_on_both_and_give_the_gpu_over_cpu_ratio():
    labels, row_of, device_of = device_rows(["dummy", "batch"], ["cpu", "cuda"])
    assert labels == ["dummy@cpu", "dummy@cuda", "batch@cpu", "batch@cuda"]
    assert row_of["batch@cuda"] == "batch" and device_of["batch@cuda"] == "cuda"
    best = {label: {"steps_per_s": rate} for label, rate in zip(labels, [100.0, 150.0, 400.0, 200.0])}
    assert device_ratios(best, ["cpu", "cuda"]) == {"dummy@cuda / dummy@cpu": 1.5, "batch@cuda / batch@cpu": 0.5}


def test_one_device_keeps_the_plain_row_names_and_no_device_ratio():
    labels, _, device_of = device_rows(["dummy", "batch"], ["cpu"])
    assert labels == ["dummy", "batch"] and set(device_of.values()) == {"cpu"}
    assert device_ratios({"dummy": {"steps_per_s": 1.0}}, ["cpu"]) == {}


@pytest.mark.parametrize(("device", "message"), [("tpu", "unknown device 'tpu'"),
                                                 ("cpu,cpu", "expected distinct devices")])
def test_a_bad_device_list_is_refused_before_any_training(device, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--device", device])
    assert exit_.value.code == 2 and message in capsys.readouterr().err
