"""Faults injected for real into runs: kills, two writers, corrupt and foreign files.

Each fault is done to a real `tcglab run` process or run folder, then the folder is
resumed and compared with an uninterrupted run of the same seed: nothing lost, nothing
mixed, nothing left running.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from experiments import RunConfig, read_table, run
from experiments.batch.runner import TIMING_COLUMNS
from experiments.batch.shards import CorruptLogError
from experiments.cli import main
from tests.folder_checks import snapshot

ROOT = Path(__file__).resolve().parents[2]
# 400 matches: about 2 s of play after start-up, so a signal sent once two shards exist lands
# mid-run even on a loaded machine (with 160 a fast run could finish first).
ARGS = ["--agents", "greedy,random", "--matches", "400", "--seed", "4", "--shard-size", "8", "--no-progress",
        "--log-decisions"]
CONFIG = RunConfig(agents=("greedy", "random"), matches=400, seed=4, shard_size=8, progress=False,
                   log_decisions=True)
TABLES = ("matches", "cards", "decisions")
SORT = {"matches": ["match_id"], "cards": ["match_id", "player", "card", "event"],
        "decisions": ["match_id"]}


def comparable(df: pd.DataFrame, table: str) -> pd.DataFrame:
    df = df.drop(columns=[c for c in TIMING_COLUMNS if c in df.columns])
    return df.sort_values(SORT[table], kind="stable").reset_index(drop=True)


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> Path:
    """The uninterrupted run every faulty one must end up equal to."""
    out = tmp_path_factory.mktemp("whole") / "run"
    run(CONFIG.replace(out=str(out)))
    return out


def assert_same_run(folder: Path, whole: Path) -> None:
    for table in TABLES:
        a, b = read_table(folder, table), read_table(whole, table)
        pd.testing.assert_frame_equal(comparable(a, table), comparable(b, table))
        plain = pd.read_parquet(folder / table)  # the README's way reads it too
        assert len(plain) == len(b)
    assert not list(folder.rglob("*.tmp"))


_STARTED: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def _nothing_left_running():
    """At each test's end, a `tcglab` process it started that still runs (a failed test's: a
    driver that never stopped) is killed with its whole tree, so that one failure leaves
    nothing running to slow or disturb the tests after it."""
    yield
    while _STARTED:
        proc = _STARTED.pop()
        if proc.poll() is None:
            tree = descendants(proc.pid)
            proc.kill()
            proc.communicate(timeout=60)
            for pid in alive(tree):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


def launch(*args: str, new_session: bool = False) -> subprocess.Popen:
    """`tcglab <args>` in a new process, its output piped; reaped if the test fails."""
    return started([sys.executable, "-m", "experiments.cli", *args], new_session)


def started(command: list[str], new_session: bool = False) -> subprocess.Popen:
    """`command` in a new process from the repository root, its output piped; reaped if the
    test fails."""
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=new_session)
    _STARTED.append(proc)
    return proc


def test_a_started_process_takes_ctrl_c_even_when_the_suite_ignores_it():
    """The Ctrl-C tests below are only real if the CLI processes they start have Python's
    SIGINT handler. tests/conftest.py puts it back when the suite itself was started with
    SIGINT ignored (in the background of a script), which every child would inherit."""
    probe = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    out, err = started([sys.executable, "-c", probe]).communicate(timeout=60)
    assert out.strip() == "True", err


def start(out: Path, *extra: str, new_session: bool = False) -> subprocess.Popen:
    return launch("run", *ARGS, "--workers", "2", "--out", str(out), *extra,
                  new_session=new_session)


def wait_for_shards(out: Path, n: int, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        if len(list((out / "matches").glob("part-*.parquet"))) >= n if (out / "matches").is_dir() else False:
            return
        time.sleep(0.02)
    raise AssertionError(f"no {n} shards in {out} (process exit {proc.poll()})")


def descendants(pid: int) -> list[int]:
    """Pids of every process below `pid` in the process tree (from /proc)."""
    kids = children_by_parent()
    found, todo = [], [pid]
    while todo:
        below = kids.get(todo.pop(), [])
        found += below
        todo += below
    return found


def children_by_parent() -> dict[int, list[int]]:
    """`{parent pid: [child pids]}` of every process (from /proc)."""
    out: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            out.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    return out


def children(pid: int) -> list[int]:
    """Pids whose parent is `pid` (from /proc)."""
    return children_by_parent().get(pid, [])


def alive(pids: list[int]) -> list[int]:
    still = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            still.append(pid)
    return still


def resume(out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments.cli", "run", *ARGS, "--workers", "2",
                           "--out", str(out), "--resume"], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ray_driver_killed_leaves_no_ray_process_and_resumes_to_the_whole_run(tmp_path, whole):
    import ray  # noqa: F401 - the `ray` extra, installed by make test: fail, not skip, without it
    out = tmp_path / "run"
    proc = start(out, "--backend", "ray", new_session=True)
    wait_for_shards(out, 2, proc, timeout=240)
    tree = descendants(proc.pid)
    names = " ".join(Path(f"/proc/{pid}/cmdline").read_text() for pid in alive(tree))
    assert "raylet" in names and "ray::" in names, "a local Ray cluster should be running"
    proc.kill()
    proc.communicate(timeout=60)
    deadline = time.time() + 30
    while alive(tree) and time.time() < deadline:
        time.sleep(0.1)
    assert alive(tree) == [], "Ray processes outlived the driver killed with SIGKILL"
    done = resume(out)
    assert done.returncode == 0, done.stderr
    assert_same_run(out, whole)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_driver_killed_leaves_no_worker_and_resumes_to_the_whole_run(tmp_path, whole, sig):
    out = tmp_path / "run"
    proc = start(out)
    wait_for_shards(out, 2, proc)
    workers = children(proc.pid)
    assert len(workers) >= 2, "two local workers should be running"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    deadline = time.time() + 10
    while alive(workers) and time.time() < deadline:
        time.sleep(0.05)
    assert alive(workers) == [], f"workers outlived the driver after {sig.name}"
    if sig != signal.SIGKILL:
        assert proc.returncode == (143 if sig == signal.SIGTERM else 130)
        assert "Traceback" not in err
        assert "matches are safe in" in err and "continue with: tcglab run" in err and "--resume" in err
    done = resume(out)
    assert done.returncode == 0, done.stderr
    assert_same_run(out, whole)


def test_a_second_writer_is_refused_and_the_first_run_stays_whole(tmp_path, whole, capsys):
    out = tmp_path / "run"
    first = start(out)
    wait_for_shards(out, 1, first)
    assert main(["run", *ARGS, "--out", str(out)]) == 2
    assert main(["run", *ARGS, "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("is in use by another writer") == 2 and f"pid {first.pid}" in err
    first.communicate(timeout=120)
    assert first.returncode == 0
    assert_same_run(out, whole)


def _damage(out: Path, table: str, how: str) -> Path:
    shards = sorted((out / table).glob("part-*.parquet"))
    victim = shards[3]
    if how == "truncated":
        data = victim.read_bytes()
        victim.write_bytes(data[: len(data) // 2])
    elif how == "deleted":
        victim.unlink()
    elif how == "foreign":
        other = pq.read_table(victim)
        meta = dict(other.schema.metadata)
        meta[b"tcglab.run_id"] = b"0123456789ab"
        pq.write_table(other.replace_schema_metadata(meta), victim)
    elif how == "overlapping":  # a second file covering part of the same matches
        data = pq.read_table(victim)
        start = int(data.schema.metadata[b"tcglab.start"]) + 2
        part = data.filter(pa.compute.greater_equal(data["match_id"], start))
        part = part.replace_schema_metadata({**data.schema.metadata, b"tcglab.start": str(start).encode()})
        stop = int(data.schema.metadata[b"tcglab.stop"])
        victim = out / table / f"part-{start:09d}-{stop - 1:09d}.parquet"
        pq.write_table(part, victim)
    elif how == "stray":
        victim = out / table / "notes.parquet"
        victim.write_text("not a shard")
    return victim


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("how", ["truncated", "deleted", "foreign", "overlapping", "stray"])
def test_a_bad_shard_is_moved_aside_and_its_matches_played_again(tmp_path, whole, table, how, capsys):
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    victim = _damage(out, table, how)
    assert main(["run", *ARGS, "--out", str(out), "--resume"]) == 0
    err = capsys.readouterr().err
    if how != "deleted" and not (how == "overlapping" and table != "matches"):
        assert victim.name in err and "moved to quarantine/" in err
        assert list((out / "quarantine").rglob(victim.name + "*"))
    if how == "deleted" and table != "matches":
        assert f"has no whole {table} shard" in err
    assert_same_run(out, whole)


@pytest.mark.parametrize("table", ["matches", "decisions"])
def test_report_replay_and_view_name_a_corrupt_shard_in_one_line(tmp_path, whole, capsys, table):
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    victim = _damage(out, table, "truncated")
    match = str(int(victim.name.split("-")[1]))
    commands = [["replay", str(out), match], ["view", str(out), match, "--out", str(tmp_path / "m.html")]]
    for command in commands + ([["report", str(out)]] if table == "matches" else []):  # reports read no decisions
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and victim.name in err and "--resume" in err and "Traceback" not in err
    assert not (tmp_path / "m.html").exists()


@pytest.mark.parametrize("how", ["overlapping", "stray", "copy"])
def test_a_table_with_a_stray_or_overlapping_file_is_refused_not_counted_twice(tmp_path, whole, capsys, how):
    """A copy of a shard beside it (what a file manager's copy-paste makes) once added its
    matches to every count of `read_table` and `tcglab report`."""
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    if how == "copy":
        first = sorted((out / "matches").glob("part-*.parquet"))[0]
        victim = first.with_name(first.stem + " copy.parquet")
        shutil.copy(first, victim)
    else:
        victim = _damage(out, "matches", how)
    with pytest.raises(CorruptLogError, match=re.escape(victim.name)):
        read_table(out, "matches")
    assert main(["report", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and victim.name in err and "Traceback" not in err
    assert not (out / "report").exists()


def test_shards_without_a_manifest_are_never_adopted(tmp_path, whole, capsys):
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    (out / "manifest.json").unlink()
    assert main(["run", *ARGS, "--seed", "5", "--out", str(out), "--resume"]) == 2
    assert main(["run", *ARGS, "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("but no manifest.json") == 2
    assert len(pd.read_parquet(out / "matches")) == CONFIG.matches  # untouched


def test_a_corrupt_manifest_is_one_line(tmp_path, whole, capsys):
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    (out / "manifest.json").write_text("{not json")
    assert main(["run", *ARGS, "--out", str(out), "--resume"]) == 2
    assert main(["replay", str(out), "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("unreadable manifest") == 2 and "Traceback" not in err


@pytest.mark.parametrize("config", ['{not json', {"game": "first_cycle"}, '{"matches": 4}'])
def test_a_hand_edited_manifest_config_is_one_line(tmp_path, whole, capsys, config):
    """Its config once replayed as a traceback (not JSON, or an object), or silently as
    First Cycle (no game)."""
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    manifest = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**manifest, "config": config}))
    for command in (["replay", str(out), "3"], ["view", str(out), "3"], ["run", *ARGS, "--out", str(out), "--resume"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "its config is not a run config's JSON" in err and err.count("\n") == 1, command


def test_replay_and_view_say_what_a_folder_is_when_it_is_not_a_run(tmp_path, capsys):
    empty = tmp_path / "empty"
    assert main(["run", "--matches", "0", "--out", str(empty), "--no-progress"]) == 0
    (tmp_path / "sweep").mkdir()
    (tmp_path / "sweep" / "sweep.json").write_text("{}")
    (tmp_path / "afile").write_text("")
    expected = {"empty": "the run has no matches", "sweep": "a sweep folder, whose runs are its cells/",
                "afile": "a file, not a run folder", "nowhere": "no such folder"}
    for name, text in expected.items():
        for command in ("replay", "view"):
            assert main([command, str(tmp_path / name), "0", *(["--out", str(tmp_path / "v.html")]
                                                               if command == "view" else [])]) == 2
            err = capsys.readouterr().err
            assert text in err and err.count("\n") == 1, (name, command, err)


def test_a_resume_with_other_settings_names_them_and_leaves_the_folder_as_it_was(tmp_path, whole, capsys):
    out = tmp_path / "run"
    shutil.copytree(whole, out)
    before = snapshot(out)
    assert main(["run", *ARGS, "--seed", "9", "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "seed: 4 vs 9" in err and "only --matches may grow" in err
    assert snapshot(out) == before  # the last writer's .writer.json included


def test_a_run_refusing_a_foreign_folder_writes_nothing_there(tmp_path, capsys):
    """It once left its .lock and .writer.json among the folder's own files."""
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    assert main(["run", "--matches", "2", "--out", str(other), "--no-progress"]) == 2
    assert "holds notes.txt but no manifest.json" in capsys.readouterr().err
    assert snapshot(other) == {"notes.txt": b"mine"}


def test_a_run_is_extended_by_a_larger_matches(tmp_path, whole):
    out = tmp_path / "run"
    run(CONFIG.replace(out=str(out), matches=60))
    run(CONFIG.replace(out=str(out), resume=True))  # 60 -> 400, the last shard of the first part is short
    assert_same_run(out, whole)
    with pytest.raises(Exception, match="cannot shrink|not shrink"):
        run(CONFIG.replace(out=str(out), resume=True, matches=50))


def test_a_lost_local_worker_is_replaced_and_the_run_completes(tmp_path, whole):
    out = tmp_path / "run"
    proc = start(out)
    try:
        wait_for_shards(out, 1, proc)
        victim = children(proc.pid)[0]
        os.kill(victim, signal.SIGKILL)
        _, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:  # a hung run (what this test once caught) must not outlive it
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert_same_run(out, whole)


DIES_MID_RESULT = r"""
import os, signal, sys, time
from multiprocessing import connection
from experiments.batch.backends import stop_pool, local_pool

def half_a_result_then_die():
    '''In the worker: send the first half of the (large) result message, then be killed.'''
    send = connection.Connection._send
    def half_then_die(self, buf, *args):
        if len(buf) > 100_000:
            send(self, bytes(buf[: len(buf) // 2]))
            os.kill(os.getpid(), signal.SIGKILL)
        send(self, buf, *args)
    connection.Connection._send = half_then_die
    return b"x" * 1_000_000

pool = local_pool(2)
future = pool.submit(half_a_result_then_die)
processes = list(pool._processes.values())
while all(p.is_alive() for p in processes):
    time.sleep(0.01)
time.sleep(0.2)  # the manager thread is now blocked reading the rest of the message
stop_pool(pool)
print("shut down", flush=True)
"""


def test_a_worker_killed_while_sending_its_result_leaves_no_driver_hanging_at_exit(tmp_path):
    """A worker killed halfway through writing a shard to the driver (Ctrl-C under load) once
    left the pool's manager thread waiting forever for the rest, and the driver hung at exit."""
    done = subprocess.run([sys.executable, "-c", DIES_MID_RESULT], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "shut down"


def test_an_interrupted_deck_search_exits_130_and_leaves_no_worker(tmp_path):
    """Ctrl-C in `tcglab decksearch` with two workers in the middle of a round: the search
    stops with the interrupt's exit code and one line, and no gauntlet worker outlives it."""
    search = tmp_path / "search.toml"
    search.write_text('game = "first_cycle"\nseed = 3\nagent = "greedy"\n[gauntlet]\nmatches = 40\n'
                      '[search]\niterations = 50\nbatch_size = 8\nemitters = 1\n'
                      '[[measures]]\nname = "mean_cost"\nbins = 3\n')
    proc = launch("decksearch", str(search), "--out", str(tmp_path / "out"), "--workers", "2",
                  "--no-progress")
    deadline = time.time() + 120
    while len(children(proc.pid)) < 2 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    workers = children(proc.pid)
    assert len(workers) >= 2, "two gauntlet workers should be running"
    time.sleep(1.0)  # well into the first round's matches
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    deadline = time.time() + 10
    while alive(workers) and time.time() < deadline:
        time.sleep(0.05)
    assert alive(workers) == [], "gauntlet workers outlived the interrupted search"
    assert proc.returncode == 130 and "Traceback" not in err, err
