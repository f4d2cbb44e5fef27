"""The web table as a browser test sees it: a real ``regalia serve`` process and a page
driver that reads what the page shows (no pytest here: ``tools/screenshots.py`` uses it too).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[2] / "src"
DEFAULT_CHROMIUM = "/usr/bin/chromium"


def chromium_path() -> str | None:
    """The Chromium executable: ``$REGALIA_CHROMIUM``, else ``/usr/bin/chromium`` (or
    ``chromium`` on the PATH); None when there is none."""
    given = os.environ.get("REGALIA_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    if os.access(DEFAULT_CHROMIUM, os.X_OK):
        return DEFAULT_CHROMIUM
    return shutil.which("chromium")


def python_path() -> str:
    """PYTHONPATH for a ``python -m regalia`` subprocess: the tests' own, then this
    checkout's ``src`` (where regalia is not installed)."""
    return os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(SRC)) if p)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running ``python -m regalia serve`` process and a JSON client for its API.

    ``options``: more ``regalia serve`` options; ``port``: serve on this port (a restart on
    the same address, :meth:`restart`); by default a free one."""

    def __init__(self, tmp: Path, *options: str, port: int | None = None):
        self.tmp = tmp
        self.options = options
        self.log_path = tmp / "server.log"
        self.db_path = tmp / "tables.sqlite"   # a test may read the store (the truth)
        for _attempt in range(3 if port is None else 30):
            # a port taken between free_port() and the bind: another; the same port given
            # (a restart): wait for the old process's socket to be released
            self.port = port or free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self._start()
            if self._wait_ready():
                return
        raise AssertionError(f"the server did not start:\n{self.log()}")

    def _start(self) -> None:
        env = {**os.environ, "PYTHONPATH": python_path(), "XDG_DATA_HOME": str(self.tmp)}
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "regalia", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", f"sqlite:///{self.db_path}",
                 *self.options],
                env=env, stdout=log, stderr=subprocess.STDOUT)

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: no shutdown, as a crash)."""
        self.proc.kill()
        self.proc.wait(timeout=10)

    def restart(self) -> None:
        """Start the server again on the same port and store (after :meth:`kill`)."""
        for _attempt in range(30):
            self._start()
            if self._wait_ready():
                return
            time.sleep(0.2)   # the old socket not released yet: a process to poll again
        raise AssertionError(f"the server did not start again:\n{self.log()}")

    def _wait_ready(self, seconds: float = 30) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return True
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)   # polling a process that is starting; no DOM to wait on
        self.stop()
        return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    # ------------------------------------------------------------------ JSON API
    def request(self, method: str, path: str, body: Any = None,
                token: str | None = None) -> tuple[int, Any]:
        """``(status, decoded JSON)`` of one API request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("content-type", "application/json")
        if token:
            req.add_header("x-seat-token", token)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def create_table(self, seats: list[dict[str, Any]], game: str = "kingdomino",
                     **options: Any) -> dict[str, Any]:
        """A table made through the API (for tests about something else than the lobby):
        ``{table, seats: [{seat, kind, label, token?}]}``."""
        status, out = self.request("POST", "/api/tables",
                                   {"game": game, "players": len(seats), "seats": seats,
                                    **options})
        assert status == 201, out
        return out

    def view(self, table: str, token: str | None = None) -> dict[str, Any]:
        status, out = self.request("GET", f"/api/tables/{table}", token=token)
        assert status == 200, out
        return out


# ---------------------------------------------------------------------- the pages
def create_in_lobby(page: Any, base_url: str, kinds: list[str], game: str = "kingdomino",
                    pace: float | None = None,
                    params: dict[str, Any] | None = None,
                    setup: Any = None) -> dict[str, Any]:
    """Create a table on the start page by choosing and clicking, as a person does.

    ``kinds``: one per seat, ``here`` | ``invited`` | ``computer`` (the computer at the
    lobby's default strength, easy = greedy). ``pace``: the pause between computer moves
    typed into the page (None: the page's default). ``params``: the game's options set in
    the form the page generated (a bool ticks or clears the box, anything else is typed).
    ``setup(page)``: more choices made before the table is created (issue 25's options).
    Returns the links the page shows:
    ``{"here": url or None, "invited": [url, ...], "spectator": url}``.
    """
    page.goto(base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(kinds)))
    rows = page.locator("#seats > div")
    assert rows.count() == len(kinds)
    for i, kind in enumerate(kinds):
        rows.nth(i).locator("select.kind").select_option(kind)
    for name, value in (params or {}).items():
        field = page.locator(f"#params input[name='{name}']")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    if pace is not None:
        page.fill("#pace", str(pace))
    if setup is not None:
        setup(page)
    page.click("#create button[type=submit]")
    page.locator("#created a").first.wait_for()
    links: dict[str, Any] = {"here": None, "invited": []}
    for a in page.locator("#created a").all():   # told apart by data-link (any language)
        kind, href = a.get_attribute("data-link"), a.get_attribute("href")
        url = href if href.startswith("http") else base_url + href
        if kind == "here":
            links["here"] = url
        elif kind == "invited":
            links["invited"].append(url)
        else:
            links["spectator"] = url
    return links


#: Added to every page before its own scripts (:func:`prepare`): counts the client's
#: requests under way, each until its answer has been read and handled (the handling runs
#: in the microtasks after the body is read; the count drops one task later). A page whose
#: count is 0 has finished reacting to everything it has sent or been answered; WebSocket
#: pushes are waited for by what they show.
PENDING_JS = """(() => {
  let pending = 0;
  const done = () => setTimeout(() => { pending -= 1; }, 0);
  window.__regaliaPending = () => pending;
  const fetch0 = window.fetch;
  window.fetch = function (...args) {
    pending += 1;
    return fetch0.apply(this, args).then((r) => {
      let read = false;
      for (const name of ['json', 'text']) {
        const f = r[name].bind(r);
        r[name] = () => { read = true; return f().finally(done); };
      }
      setTimeout(() => { if (!read) done(); }, 0);   // an answer nobody reads
      return r;
    }, (e) => { done(); throw e; });
  };
})();"""


def prepare(context: Any) -> None:
    """Make the pages of a browser context waitable (:data:`PENDING_JS`)."""
    context.add_init_script(PENDING_JS)


#: The page's state once it has finished reacting: 'over' (the result shown), 'turn' (the
#: viewer's move: the drawing's targets highlighted or its buttons shown), 'waiting' (a
#: settled view that is not the viewer's turn: the others' turn, a spectator), or null
#: while the page is still working (a request under way, a computer player thinking).
STATE_JS = """() => {
  const $ = (id) => document.getElementById(id);
  if (window.__regaliaPending() > 0 || !$('who').textContent) return null;
  if (!$('result').hidden) return 'over';
  if (!$('thinking').hidden) return null;
  if ($('typed').hidden) return 'waiting';
  return document.querySelector('#board [data-click].hl, #choices button.choice')
    ? 'turn' : null;
}"""


#: what the page shows, for failure messages
DESCRIBE_JS = """() => JSON.stringify({
  who: document.getElementById('who').textContent,
  status: document.getElementById('status').textContent,
  thinking: document.getElementById('thinking').hidden ? null
            : document.getElementById('thinking').textContent,
  prompt: document.getElementById('prompt').textContent,
  error: document.getElementById('error').textContent,
  choices: [...document.querySelectorAll('#choices button')].map((b) => b.textContent),
  targets: [...document.querySelectorAll('#board [data-click].hl')].map(
    (e) => e.getAttribute('data-click')),
  log: document.querySelectorAll('#log li').length})"""


def page_state(page: Any, want: tuple[str, ...] = ("turn", "over")) -> str:
    """Wait until the page has finished reacting and is in one of ``want``
    (see :data:`STATE_JS`); returns that state."""
    handle = page.wait_for_function(
        f"(want) => {{ const s = ({STATE_JS})(); return want.includes(s) ? s : null; }}",
        arg=list(want))
    return str(handle.json_value())


def targets(page: Any) -> list[Any]:
    """The highlighted click targets of the drawing (elements with ``data-click``)."""
    return page.locator("#board [data-click].hl").all()


def choices(page: Any) -> dict[str, Any]:
    """The drawing's buttons for the move in progress, by label (Cancel left out); a
    button whose click object (``data-choice``) says rotate, place or discard is named by
    that English word whatever its label's language."""
    out = {}
    for b in page.locator("#choices button.choice").all():
        try:
            what = json.loads(b.get_attribute("data-choice") or "null")
        except ValueError:
            what = None
        word = what.get("choice") if isinstance(what, dict) else None
        out[WORDS.get(word, b.inner_text())] = b
    return out


#: a click object's ``choice`` -> the label the driver knows it by
WORDS = {"rotate": "Rotate", "place": "Place", "discard": "Discard"}
#: labels of buttons that finish a move in progress, preferred over more clicks
FINISHING = ("Place", "Discard", "Confirm", "Done")
MAX_CLICKS = 12


def play_turn_by_clicking(page: Any, rng: Any = None) -> list[str]:
    """Play the viewer's move by clicking only, reading the page: a button that finishes
    the move if offered, else a highlighted target (the first, or a random one with
    ``rng``), else another of the drawing's buttons; with ``rng``, Rotate (when offered)
    is clicked first, once or twice. Returns what was clicked (the
    targets' ``data-click`` JSON and the buttons' labels). Waits after each click until the
    page has reacted; stops when the move has been played (a new view is drawn).

    Raises:
        AssertionError: the page refused a click it highlighted, or the move took more than
            ``MAX_CLICKS`` clicks.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    clicked: list[str] = []
    log_before = page.locator("#log li").count()
    for _ in range(MAX_CLICKS):
        buttons = choices(page)
        finish = next((b for label, b in buttons.items() if label in FINISHING), None)
        hl = targets(page)
        turns = clicked.count("Rotate")
        if rng and "Rotate" in buttons and (turns == 0 or turns == 1 and rng.random() < .5):
            clicked.append("Rotate")    # turn the preview before placing, now and then
            buttons["Rotate"].click()
        elif finish is not None:
            clicked.append(finish.inner_text())
            finish.click()
        elif hl:
            # a random highlighted target (the first without rng); one that another drawn
            # element covers entirely cannot be clicked by a person either: the next one
            order = list(hl)
            if rng:
                rng.shuffle(order)
            for el in order:
                what = str(el.get_attribute("data-click"))
                try:
                    el.click(timeout=3000)
                except PlaywrightTimeout:
                    continue
                clicked.append(what)
                break
            else:
                raise AssertionError("no highlighted target can be clicked: "
                                     + page.evaluate(DESCRIBE_JS))
        elif buttons:
            label, b = next(iter(buttons.items()))
            clicked.append(label)
            b.click()
        else:
            raise AssertionError("it is the viewer's turn but the page offers nothing to "
                                 "click: " + page.evaluate(DESCRIBE_JS))
        state = page_state(page, ("turn", "over", "waiting"))
        error = page.locator("#error").inner_text()
        assert not error, f"the page refused {clicked[-1]}: {error}"
        if state != "turn" or page.locator("#log li").count() != log_before:
            return clicked    # the move was played (the page shows the position after it)
    raise AssertionError(f"no move after {MAX_CLICKS} clicks: {clicked}")


def log_lines(page: Any) -> list[str]:
    """The move log as the page shows it (notation, oldest first)."""
    return [li.text_content() for li in page.locator("#log li").all()]


# ---------------------------------------------------------------------- what a page shows
#: Every box of the page that overflows its width (``scrollWidth > clientWidth``): the
#: side panel's sections, the score table, the result, the log; and the page itself
#: (a sideways scroll of the whole page). The board's own box may scroll (a zoomed board
#: on a phone) and is left out. Returns ``[{what, scroll, client}]``.
OVERFLOW_JS = """() => {
  const out = [];
  const boxes = [...document.querySelectorAll('#side > section, #side > details, #scoretable, '
    + '#result, #story, #entries, #log, #turn, #replay, #created, main > section')];
  for (const e of boxes) {
    if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;   // not shown
    if (e.scrollWidth > e.clientWidth + 1) out.push({what: e.id || e.tagName, scroll: e.scrollWidth, client: e.clientWidth});
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) out.push({what: 'page', scroll: page.scrollWidth, client: page.clientWidth});
  return out;
}"""

#: The page's visible text (what a person reads: ``innerText`` leaves out what is hidden
#: or folded away), the board's text and its buttons' names included.
VISIBLE_TEXT_JS = """() => document.body.innerText + '\\n' +
  [...document.querySelectorAll('#board [aria-label]')].map((e) => e.getAttribute('aria-label')).join('\\n')"""

#: Developer words a person must never read: an action id (Inheritors' rulebook numbers
#: its five actions, "action 4": a one-digit action stays allowed), an agent spec, an issue
#: number, markup.
DEVELOPER_WORDS = [
    r"\baction \d{2,}", r"\billegal action\b", r"\bactions? ids?\b",
    r"\b(?:mcts|ismcts|mce|greedy|random|policy)\s*:", r"\b(?:seconds|iterations|playout|widen)=",
    r"\bissue\s*#?\d+", r"COMPONENTS\.md", r"``",
]

#: The size in CSS pixels of every highlighted target: ``[[width, height, data-click]]``.
TARGET_SIZES_JS = """() => [...document.querySelectorAll('#board [data-click].hl')].map((e) => {
  const r = e.getBoundingClientRect(); return [r.width, r.height, e.getAttribute('data-click')]; })"""


def developer_words(text: str) -> list[str]:
    """The developer words (:data:`DEVELOPER_WORDS`) found in ``text``."""
    import re
    return [m.group(0) for pattern in DEVELOPER_WORDS for m in re.finditer(pattern, text)]


def play_typed(page: Any, notation: str) -> None:
    """Play ``notation`` through the page's typed-move field and wait until the page has
    reacted (the move's answer shown, any computer reply with it)."""
    log_before = page.locator("#log li").count()
    page.fill("#move", notation)
    page.click("#typed button:not([type=button])")
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n",
                           arg=log_before)
    error = page.locator("#error").inner_text()
    assert not error, f"the page refused {notation!r}: {error}"
