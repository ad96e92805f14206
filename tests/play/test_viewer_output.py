"""What the viewer page and the replay say, and how the page is written: what produced the
game (run and game seeds, params, code version), events in words with seats P1..Pn, a page
written whole (a failed write leaves no half page) and a damaged log named as such."""
from __future__ import annotations

import json
import re

import pyarrow.parquet as pq
import pytest

from experiments import RunConfig, run
from experiments.batch.match import setup_for
from experiments.batch.replay import replay_lines
from experiments.batch.shards import read_manifest, shard_files
from experiments.play import page as page_module
from experiments.play.match_data import match_data
from experiments.play.page import write_viewer
from sim.core.errors import TcglabError


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "run"
    run(RunConfig(game="first_cycle", agents=("random",), matches=1, seed=4, out=str(out), progress=False,
                  log_decisions=True, params=(("max_turns", 12),)))
    return out


def test_the_page_and_the_replay_say_what_produced_the_game(logged):
    versions = read_manifest(logged)["versions"]
    header = next(iter(replay_lines(logged, 0, boards=False)))
    page = write_viewer(logged, 0, seat=None).read_text()
    seat_page = write_viewer(logged, 0, seat=1).read_text()
    for text in (header, page, seat_page):
        assert "max_turns=12" in text                    # the params, not only their id
        assert f"git {versions['git'] or 'unknown'}" in text and f"tcglab {versions['tcglab']}" in text
    for text in (header, page):
        assert "run seed 4" in text                      # the seed the run was given, not only the match's


def test_a_seats_page_withholds_what_would_re_deal_its_hidden_cards(logged):
    """The seeds re-deal every card, and the run id (a hash of the config, seed included) and a
    run folder's name give the seed away: a page for one seat names none of them."""
    manifest = read_manifest(logged)
    config = RunConfig.from_json(manifest["config"], progress=False)
    setup = setup_for(config, 0, 2)
    page = write_viewer(logged, 0, seat=1).read_text()
    for secret in (f"seed {config.seed}", str(setup.game_seed), manifest["run_id"], str(logged)):
        assert secret not in page, secret
    assert "seeds, run id and run folder withheld on a seat's page" in page
    everything = write_viewer(logged, 0, seat=None).read_text()
    assert str(setup.game_seed) in everything and manifest["run_id"] in everything


def test_events_name_seats_p1_to_pn_and_cards_by_name(logged):
    data = match_data(logged, 0, seat=0)
    events = [e for step in data["steps"] for e in step["ev"]]
    assert events
    bare = [e for e in events if re.match(r"^\w+ -?\d", e)]      # 'draw 0 15': a 0-based seat, a card id
    assert not bare, bare[:5]
    assert any(re.match(r"^turn: \d+, P[12]$", e) for e in events)
    assert any(re.match(r"^draw: P1, #\d{3} \S", e) for e in events)          # own draws by name
    assert any(e == "draw: P2, a hidden card" for e in events)                 # the other's draws hidden


def test_a_failed_write_leaves_the_earlier_page_and_no_half_page(logged, monkeypatch):
    path = write_viewer(logged, 0, seat=0)
    before = path.read_text()
    good = page_module.render_page
    # a page the disk cannot take (an encoding failure stands in for a full disk mid-write)
    monkeypatch.setattr(page_module, "render_page", lambda data: good(data) + "\ud800")
    with pytest.raises(UnicodeEncodeError):
        write_viewer(logged, 0, seat=0)
    assert path.read_text() == before
    assert not [p.name for p in path.parent.iterdir() if p.name.startswith(".")]     # no temporary left


def test_a_log_whose_actions_do_not_replay_is_named_as_such(logged, tmp_path):
    import shutil
    bad = tmp_path / "bad"
    shutil.copytree(logged, bad)
    manifest = json.loads((bad / "manifest.json").read_text())
    config = json.loads(manifest["config"])
    config["seed"] = 99                                     # another deal: the logged moves no longer fit
    manifest["config"] = json.dumps(config)
    (bad / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(TcglabError, match="logged actions do not replay at decision"):
        match_data(bad, 0, seat=0)
    with pytest.raises(TcglabError, match="logged actions do not replay"):
        list(replay_lines(bad, 0))


def test_a_truncated_shard_is_one_line_naming_the_file(logged, tmp_path):
    import shutil
    bad = tmp_path / "bad"
    shutil.copytree(logged, bad)
    shard = shard_files(bad / "decisions")[0]
    pq.read_table(shard)                                    # readable before
    shard.write_bytes(shard.read_bytes()[:200])
    with pytest.raises(TcglabError, match="unreadable shard"):
        match_data(bad, 0, seat=0)
