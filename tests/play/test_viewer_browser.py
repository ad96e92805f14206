"""The match viewer in a real headless browser (Debian's Chromium, installed by `make browser`):
no console errors, stepping changes the board, the last step shows the logged result, pages
stay under 1 MB, search visits show for a re-run MCTS seat, and the report links to pages."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from experiments import RunConfig, run
from experiments.batch.shards import read_table
from experiments.play import write_viewer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
MB = 1_000_000


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM and DRIVER, "Chromium and its driver are missing: `make browser` installs them"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def _text(browser, id_: str) -> str:
    from selenium.webdriver.common.by import By
    return browser.find_element(By.ID, id_).get_attribute("textContent")


def _open(browser, page: Path) -> None:
    browser.get(page.resolve().as_uri())
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == [], severe


@pytest.mark.parametrize("game,players,seat", [("xenodex", 4, 3), ("xenodex", 4, None), ("first_cycle", None, 1),
                                               ("first_cycle", None, None)])
def test_the_viewer_steps_through_a_match_and_ends_on_the_logged_result(tmp_path, browser, game, players, seat):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    out = tmp_path / "run"
    agents = ("random",) if game == "xenodex" else ("greedy", "random")  # random: XenodeX's longest matches
    run(RunConfig(game=game, agents=agents, matches=1, seed=8, out=str(out), progress=False,
                  num_players=players, log_decisions=True))
    page = write_viewer(out, 0, seat=seat)
    assert page.stat().st_size < MB
    _open(browser, page)
    first = _text(browser, "board")
    assert first and _text(browser, "where").startswith("step 0 of ")
    browser.find_element(By.ID, "next").click()
    assert _text(browser, "where").startswith("step 1 of ")
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(40):
        body.send_keys(Keys.ARROW_RIGHT)
    assert _text(browser, "board") != first
    body.send_keys(Keys.END)
    row = read_table(out, "matches").iloc[0]
    result = _text(browser, "result")
    winner = "a draw" if row["winner"] < 0 else f"P{row['winner'] + 1} won"
    assert result.startswith(f"Result: {winner} ({row['end_reason']})"), result
    total = int(_text(browser, "where").split(" of ")[1])
    assert total == row["decisions"]
    slider = browser.find_element(By.ID, "slider")
    browser.execute_script("arguments[0].value = 0; arguments[0].dispatchEvent(new Event('input'))", slider)
    assert _text(browser, "board") == first and _text(browser, "result") == ""


def test_a_rerun_search_shows_its_root_visits_only_in_its_own_view(tmp_path, browser):
    out = tmp_path / "run"
    run(RunConfig(game="first_cycle", agents=("mcts:iterations=20", "random"), matches=1, seed=2, out=str(out),
                  progress=False, swap_seats=False, params=(("max_turns", 6),)))
    own, other = write_viewer(out, 0, seat=0), write_viewer(out, 0, seat=1)
    _open(browser, own)
    assert browser.find_element("id", "visits-box").is_displayed()   # step 0: the MCTS seat decides
    assert '"v":' not in other.read_text()


def test_the_report_links_each_listed_match_to_its_viewer_page(tmp_path, browser):
    from selenium.webdriver.common.by import By

    from experiments.analysis.report import write_report
    out = tmp_path / "run"
    run(RunConfig(agents=("greedy", "random"), matches=4, seed=5, out=str(out), progress=False,
                  params=(("max_turns", 20),)))
    _open(browser, write_report(out, viewer_matches=3))
    links = browser.find_elements(By.CSS_SELECTOR, "ul.matches a")
    assert [a.text for a in links] == ["match 0", "match 1", "match 2"]
    links[1].click()
    assert "match 1 of run" in browser.title and _text(browser, "board")
