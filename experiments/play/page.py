"""The viewer page: one self-contained HTML file (data embedded as JSON, vanilla JS, no
network) that steps through a match.

    path = write_viewer("runs/demo", 12, seat=1)          # runs/demo/view/match-12-player1.html
    path = write_viewer("runs/demo", 12, seat=None)       # runs/demo/view/match-12-all.html

The page shows what produced the match (game, run, run and game seeds, params, each seat's
agent and deck, the code version that logged it; a seat's page withholds the seeds, run id and
run folder, which would re-deal the cards hidden from it), then
per decision the board, who played what, the events that followed and, where recorded,
the searching agent's root visits. Left/right arrow keys or the buttons step, Home/End
jump to the ends, the slider jumps anywhere; the last step shows the logged result.
`viewer_name(match_id, seat)` is the file name `tcglab view` writes in `RUN/view/`.
"""
from __future__ import annotations

import html
import json
import os
from pathlib import Path

from experiments.play.match_data import match_data

STYLE = ("body{font-family:sans-serif;margin:1.5em;max-width:1100px}pre{background:#f6f6f6;padding:.8em;"
         "font-size:12px;overflow-x:auto}table{border-collapse:collapse;font-size:13px}td,th{padding:2px 8px;"
         "border-bottom:1px solid #ddd;text-align:left}#controls{margin:1em 0}#slider{width:60%}"
         ".note{color:#666}#result{font-weight:bold}")

SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById('match-data').textContent);
  var steps = data.steps, i = 0;
  var el = function (id) { return document.getElementById(id); };
  var slider = el('slider');
  slider.max = steps.length - 1;
  function text(node, value) { node.textContent = value; }
  function show(k) {
    i = Math.max(0, Math.min(steps.length - 1, k));
    var s = steps[i];
    text(el('board'), s.b.map(function (id) { return data.lines[id]; }).join('\\n'));
    text(el('where'), 'step ' + i + ' of ' + (steps.length - 1));
    text(el('move'), s.who < 0 ? '' : 'P' + (s.who + 1) + ' plays: ' +
         (s.act === null ? 'a choice this seat cannot see' : s.act));
    text(el('result'), s.result || '');
    var ev = el('events');
    ev.innerHTML = '';
    s.ev.forEach(function (e) { var li = document.createElement('li'); li.textContent = e; ev.appendChild(li); });
    var v = el('visits');
    v.innerHTML = '';
    (s.v || []).forEach(function (row) {
      var tr = document.createElement('tr');
      row.forEach(function (cell) { var td = document.createElement('td'); td.textContent = cell; tr.appendChild(td); });
      v.appendChild(tr);
    });
    el('visits-box').style.display = s.v ? '' : 'none';
    slider.value = i;
  }
  el('first').onclick = function () { show(0); };
  el('prev').onclick = function () { show(i - 1); };
  el('next').onclick = function () { show(i + 1); };
  el('last').onclick = function () { show(steps.length - 1); };
  slider.oninput = function () { show(parseInt(slider.value, 10)); };
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowRight') { show(i + 1); } else if (e.key === 'ArrowLeft') { show(i - 1); }
    else if (e.key === 'Home') { show(0); } else if (e.key === 'End') { show(steps.length - 1); }
  });
  show(0);
})();
"""


def viewer_name(match_id: int, seat: int | None) -> str:
    """'match-12-player1.html', or 'match-12-all.html' for the omniscient view."""
    return f"match-{match_id}-{'all' if seat is None else f'player{seat}'}.html"


def _embed(data: dict) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(data: dict) -> str:
    """The HTML of a viewer page for `match_data(...)`."""
    e = html.escape
    run = f" of run {data['run_id']}" if data["run_id"] else ""
    title = f"{data['game']} match {data['match_id']}{run}: {data['view']}"
    seats = "".join(f"<tr><td>{e(s['name'])}</td><td>{e(s['agent'])}</td><td>{e(str(s['deck']))}</td></tr>"
                    for s in data["seats"])
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)}</title><style>{STYLE}</style>"
            f"</head><body><h1>{e(title)}</h1>"
            f"<p class=note>{'run folder ' + e(data['run_dir']) + '; ' if data['run_dir'] else ''}"
            f"{e(data['seeds'])}; {e(data['params'])}; "
            f"{e(data['code_version'])}; root visits {e(data['visits'])}</p>"
            f"<table><tr><th>seat</th><th>agent</th><th>deck</th></tr>{seats}</table>"
            "<div id=controls><button id=first>|&lt;</button> <button id=prev>&lt; prev</button> "
            "<button id=next>next &gt;</button> <button id=last>&gt;|</button> "
            "<input id=slider type=range min=0 value=0> <span id=where></span>"
            "<div class=note>arrow keys step; Home and End jump to the ends</div></div>"
            "<p id=move></p><p id=result></p><pre id=board></pre>"
            "<div id=visits-box><h3>Root visits of the search</h3><table id=visits></table></div>"
            "<h3>Events</h3><ul id=events></ul>"
            f"<script type='application/json' id='match-data'>{_embed(data)}</script>"
            f"<script>{SCRIPT}</script></body></html>")


def write_viewer(run_dir: str | Path, match_id: int, seat: int | None = 0, out: str | Path | None = None,
                 rerun: bool = False) -> Path:
    """Write the viewer page of one match (default `RUN/view/<viewer_name>`); returns its path.
    The page is written under a temporary name and renamed, so a failed write leaves no half
    page (and an earlier page of that name as it was)."""
    page = render_page(match_data(run_dir, match_id, seat=seat, rerun=rerun))
    path = Path(out) if out else Path(run_dir) / "view" / viewer_name(match_id, seat)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(page, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
