"""A run folder names every code version that played matches into it, and `tcglab run` says
so: a run continued under other code (a new commit) lists both versions in its manifest and
its produced-by line, and a resume that plays nothing adds none. Done for real in a clone of
this repository with a commit between the two invocations."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from experiments.codeversion import code_versions, describe_code
from tests.process_output import read_until

ROOT = Path(__file__).resolve().parents[2]


def test_describe_code_and_the_versions_of_an_older_manifest():
    assert describe_code(["a1b2c3d"]) == "a1b2c3d"
    assert describe_code([]) == "unknown"
    assert describe_code(["a1", "b2"]) == ("a1, then b2 (the run was continued under other code: "
                                           "its matches come from each)")
    assert code_versions({"versions": {"git": "abc1234"}}) == ["abc1234"]
    assert code_versions({"versions": {}}) == ["unknown"]
    assert code_versions({"code_versions": ["a", "b"], "versions": {"git": "b"}}) == ["a", "b"]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _run(repo: Path, out: Path, matches: int, note: str | None = None) -> str:
    env = dict(os.environ, PYTHONPATH=str(repo))
    done = subprocess.run([sys.executable, "-m", "experiments.cli", "run", "--game", "first_cycle",
                           "--agents", "random,random", "--matches", str(matches), "--seed", "3",
                           "--workers", "1", "--no-progress", "--out", str(out), "--resume"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (note in done.stderr) if note else ("note:" not in done.stderr), done.stderr[-2000:]
    return done.stdout


def _commit(repo: Path, note: str) -> str:
    (repo / "NOTE.txt").write_text(note)
    _git(repo, "add", "NOTE.txt")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", note)
    return _git(repo, "rev-parse", "--short", "HEAD")


def test_a_run_continued_under_other_code_names_both_versions(tmp_path):
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True, timeout=120)
    out = tmp_path / "run"
    first = _commit(repo, "first")
    text = _run(repo, out, 4)
    assert f"code version {first}" in text and ", then " not in text
    second = _commit(repo, "second")
    text = _run(repo, out, 8, note=f"holds matches played by code version {first}; this session "
                                   f"plays with {second}, so the run's matches will come from both")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["code_versions"] == [first, second]
    assert f"code version {first}, then {second} (the run was continued under other code" in text
    _commit(repo, "third")
    text = _run(repo, out, 8)  # nothing left to play: the third version plays no match
    assert json.loads((out / "manifest.json").read_text())["code_versions"] == [first, second]
    assert f"code version {first}, then {second} (" in text


def test_a_strength_run_names_the_code_it_started_with_after_a_commit_mid_run(tmp_path):
    """A commit made while `python -m experiments.strength` plays does not change the code it
    runs, so its produced-by line names the commit it started with."""
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True, timeout=120)
    first = _commit(repo, "first")
    env = dict(os.environ, PYTHONPATH=str(repo))
    proc = subprocess.Popen([sys.executable, "-m", "experiments.strength", "--games", "40",
                             "--pair", "mcts:iterations=40,random", "--seed", "1", "--workers", "1"],
                            cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = read_until(proc, proc.stderr, b"matches, score")  # a match is played: the code version was read before it
    second = _commit(repo, "second")
    still_running = proc.poll() is None
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, (started + err)[-2000:]
    assert still_running, "the run ended before the commit: make it longer"
    assert f"code version {first})" in out and second not in out


def test_a_strength_log_continued_under_other_code_names_both_versions(tmp_path):
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True, timeout=120)
    log = tmp_path / "m.jsonl"
    env = dict(os.environ, PYTHONPATH=str(repo))

    def strength(games: int) -> str:
        done = subprocess.run([sys.executable, "-m", "experiments.strength", "--games", str(games),
                               "--pair", "random,random", "--seed", "2", "--log", str(log)],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    first = _commit(repo, "first")
    assert f"code version {first})" in strength(4)
    second = _commit(repo, "second")
    out = strength(8)
    assert f"code version {first}, then {second} (the run was continued under other code" in out
    rows = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert [r["code"] for r in rows] == [first] * 4 + [second] * 4


def test_only_edits_that_can_change_play_make_a_checkout_dirty(tmp_path):
    """Docs, Markdown and the zoo's cards (which `tcglab zoo evaluate` rewrites, so a second
    evaluation in a row would name '+dirty' code) leave the version clean; code and a policy
    file do not."""
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True, timeout=120)
    head = _git(repo, "rev-parse", "--short", "HEAD")

    def version() -> str:
        return subprocess.run([sys.executable, "-c", "from experiments.codeversion import versions; "
                               "print(versions()['git'])"], cwd=repo, env=dict(os.environ, PYTHONPATH=str(repo)),
                              check=True, capture_output=True, text=True, timeout=60).stdout.strip()

    for path in ("docs/rl.md", "README.md", "agents/zoo/first_cycle.json"):
        with open(repo / path, "a", encoding="utf-8") as f:
            f.write("\n")
    assert version() == head
    with open(repo / "agents/zoo/first_cycle.pt", "ab") as f:
        f.write(b"\0")
    assert version() == f"{head}+dirty"
    _git(repo, "checkout", "--", "agents/zoo/first_cycle.pt")
    with open(repo / "sim/xenodex/params.py", "a", encoding="utf-8") as f:
        f.write("# edited\n")
    assert version() == f"{head}+dirty"
