"""The HTML report in a real headless browser (Debian's Chromium, installed by `make browser`)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from experiments import RunConfig, run
from experiments.analysis.report import write_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM and DRIVER, "Chromium and its driver are missing: `make browser` installs them"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def test_the_report_opens_names_what_was_run_and_sorts_on_click(tmp_path, browser):
    from selenium.webdriver.common.by import By
    out = tmp_path / "run"
    run(RunConfig(agents=("greedy", "random"), decks=("black_starter", "green_starter"), matches=24, seed=5,
                  params=(("max_turns", 40),), out=str(out), progress=False))
    page = write_report(out)
    browser.get(Path(page).resolve().as_uri())
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == [], severe
    ran = browser.find_element(By.XPATH, "//h2[text()='What was run']/following-sibling::table[1]").text
    for expected in ("greedy, random", "black_starter, green_starter", "max_turns=40", "seed 5"):
        assert expected in ran.replace("\n", " "), expected
    findings = browser.find_element(By.CSS_SELECTOR, "ul.findings").text
    assert "Going first" in findings and "95% CI" in findings
    table = browser.find_element(By.XPATH, "//h3[text()='cards']/following-sibling::table[1]")
    header = table.find_element(By.XPATH, ".//thead//th[text()='games']")
    column = [th.text for th in table.find_elements(By.XPATH, ".//thead//th")].index("games")

    def games() -> list[float]:
        return [float(row.find_elements(By.TAG_NAME, "td")[column].text)
                for row in table.find_elements(By.XPATH, ".//tbody/tr")]

    header.click()
    assert games() == sorted(games())
    header.click()
    assert games() == sorted(games(), reverse=True)
    browser.execute_script("window.scrollTo(0, 0)")
    shot = out / "report" / "screenshot.png"
    browser.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000
