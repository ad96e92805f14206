"""`tcglab play` as a process driven through a pipe, as a script or an impatient person drives
it: bad lines and the end of the input mid-game, Ctrl-C, and kill -9 (during the game, and
while the game is being saved). The --out folder ends with no game or a whole replayable one."""
from __future__ import annotations

import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from experiments.batch.replay import replay_lines
from experiments.batch.shards import read_table
from experiments.play import terminal
from tests.process_output import read_until

ROOT = Path(__file__).resolve().parents[2]
PLAY = [sys.executable, "-m", "experiments.cli", "play", "--seed", "4"]
PROMPT = terminal.PROMPT.encode()


def _replays_as_left(out: Path) -> None:
    lines = list(replay_lines(out, 0, boards=False))
    assert lines[-1].startswith("result: left by the human after ")
    assert read_table(out, "matches").loc[0, "end_reason"] == "left"


def test_scripted_bad_lines_get_one_line_hints_and_the_end_of_input_saves_a_whole_game(tmp_path):
    out = tmp_path / "game"
    done = subprocess.run([*PLAY, "--out", str(out)], input="99\nzzz\n\n0\n1\n1\n", capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    for hint in ("no action 99: choose 1..", "'zzz' matches no action", "no action 0: choose 1.."):
        assert hint in done.stdout
    assert "end of input: left the game; seed 4; saved: " in done.stdout
    _replays_as_left(out)


def test_ctrl_c_at_the_prompt_saves_the_game_as_left(tmp_path):
    out = tmp_path / "game"
    child = subprocess.Popen([*PLAY, "--out", str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=ROOT)
    child.stdin.write(b"1\n")
    child.stdin.flush()
    before = read_until(child, child.stdout, PROMPT, count=2)  # the first move is played; the prompt waits for the next
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 130, stderr
    assert re.search(r"interrupted: left the game; seed \d+; saved: ", before + stdout.decode())
    _replays_as_left(out)


def test_kill_9_mid_game_leaves_no_game_folder(tmp_path):
    out = tmp_path / "game"
    child = subprocess.Popen([*PLAY, "--out", str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, cwd=ROOT)
    child.stdin.write(b"1\n1\n")
    child.stdin.flush()
    read_until(child, child.stdout, PROMPT, count=3)  # two moves played, the game waits for the third
    child.kill()
    child.wait(timeout=30)
    assert not out.exists()


def test_kill_9_while_saving_leaves_no_half_written_game(tmp_path):
    """Killed between writing the tables and the manifest: `out` holds no game at all (the
    old code left its tables there without a manifest, a folder nothing could read or reuse)."""
    out = tmp_path / "game"
    script = textwrap.dedent(f"""
        import os, signal
        import experiments.play.record as record
        from experiments.play.terminal import play_in_terminal
        def die(*a, **k):
            os.kill(os.getpid(), signal.SIGKILL)
        record.write_manifest = die
        answers = iter(["1", "1"])
        def read(prompt):
            for answer in answers:
                return answer
            raise EOFError
        config = record.human_config("first_cycle", 0, ("random",), 4, {str(out)!r})
        play_in_terminal(config, 0, read=read, say=lambda line: None)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert not out.exists() or not [p for p in out.iterdir() if not p.name.startswith(".")]
