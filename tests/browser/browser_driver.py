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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running ``python -m regalia serve`` process and a JSON client for its API."""

    def __init__(self, tmp: Path):
        self.log_path = tmp / "server.log"
        db = f"sqlite:///{tmp / 'tables.sqlite'}"
        path = os.pathsep.join(p for p in (str(SRC), os.environ.get("PYTHONPATH")) if p)
        env = {**os.environ, "PYTHONPATH": path, "XDG_DATA_HOME": str(tmp)}
        for _attempt in range(3):   # a port taken between free_port() and the bind: retry
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "regalia", "serve", "--host", "127.0.0.1",
                     "--port", str(self.port), "--db", db],
                    env=env, stdout=log, stderr=subprocess.STDOUT)
            if self._wait_ready():
                return
        raise AssertionError(f"the server did not start:\n{self.log()}")

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
def create_in_lobby(page: Any, base_url: str, kinds: list[str],
                    game: str = "kingdomino") -> dict[str, Any]:
    """Create a table on the start page by choosing and clicking, as a person does.

    ``kinds``: one per seat, ``here`` | ``invited`` | ``computer`` (the computer at the
    lobby's default strength, easy = greedy). Returns the links the page shows:
    ``{"here": url or None, "invited": [url, ...], "spectator": url}``.
    """
    page.goto(base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(kinds)))
    rows = page.locator("#seats > div")
    assert rows.count() == len(kinds)
    for i, kind in enumerate(kinds):
        rows.nth(i).locator("select.kind").select_option(kind)
    page.click("#create button[type=submit]")
    page.locator("#created a").first.wait_for()
    links: dict[str, Any] = {"here": None, "invited": []}
    for a in page.locator("#created a").all():
        text, href = a.inner_text(), a.get_attribute("href")
        url = href if href.startswith("http") else base_url + href
        if text.startswith("Play here"):
            links["here"] = url
        elif text.startswith("Invitation"):
            links["invited"].append(url)
        else:
            links["spectator"] = url
    return links


#: true once the page shows a settled table: no computer thinking, and either the viewer's
#: turn (the move form shown) or the game over (the result shown)
SETTLED_JS = """() => {
  const thinking = document.getElementById('thinking');
  if (!document.getElementById('who').textContent) return false;
  if (thinking && !thinking.hidden) return false;
  return !document.getElementById('typed').hidden
      || document.getElementById('result').textContent !== '';
}"""


def wait_settled(page: Any) -> None:
    """Wait until the page shows the viewer's turn or the end of the game."""
    page.wait_for_function(SETTLED_JS)


def is_over(page: Any) -> bool:
    return page.locator("#result").inner_text() != ""


def log_lines(page: Any) -> list[str]:
    """The move log as the page shows it (notation, oldest first)."""
    return [li.text_content() for li in page.locator("#log li").all()]
