"""The scoring pad (``/score``) as a browser test sees it on a phone: start a game, tap the
drawing and the menus, read what the page shows (no pytest here: ``tools/pad_screenshots.py``
uses it too).

Every tap is a real touch (Playwright's ``tap`` on a touch-enabled 390x844 page) and is
followed by :func:`settle`, which waits for the page's requests to be answered and handled
(the ``PENDING_JS`` counter of :mod:`browser_driver`), never for a fixed time.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Any

from browser_driver import prepare, python_path

PHONE = {"width": 390, "height": 844}


def phone_context(browser: Any) -> Any:
    """A fresh browser context as a phone: 390x844, touch, no hover (its own storage)."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              device_scale_factor=1, accept_downloads=True)
    prepare(ctx)
    return ctx


def settle(page: Any) -> None:
    """Wait until the page has no request under way and has handled every answer."""
    page.wait_for_function("() => window.__regaliaPending() === 0")


def tap(page: Any, selector: str) -> None:
    """Touch the first element matching ``selector`` (scrolled into view), then settle."""
    el = page.locator(selector).first
    el.scroll_into_view_if_needed()
    el.tap()
    settle(page)


def open_pad(page: Any, base_url: str, game: str, **choices: Any) -> None:
    """Open ``/score``, choose ``game`` and the setup ``choices`` (by value), start."""
    page.goto(base_url + "/score")
    page.wait_for_selector("body[data-ready]")
    tap(page, f"#games button[data-game='{game}']")
    for name, value in choices.items():
        tap(page, f"#setup button[data-name='{name}'][data-value='{json.dumps(value)}']")
    tap(page, "#begin")
    page.wait_for_selector("#pad:not([hidden])")


def focus(page: Any, key: str) -> None:
    """Tap the drawing's element whose menu is ``key`` (``data-focus``)."""
    tap(page, f"#part [data-focus='{key}']")
    page.wait_for_selector("#menu:not([hidden])")


def edit_attr(edit: dict[str, Any]) -> str:
    """The ``data-edit`` attribute value of an edit (canonical JSON, as the pad writes it)."""
    return json.dumps(edit, sort_keys=True, separators=(",", ":"))


def tap_edit(page: Any, edit: dict[str, Any]) -> None:
    """Tap the drawing's element that applies ``edit`` (``data-edit``)."""
    tap(page, f"#part [data-edit='{edit_attr(edit)}']")


def choose(page: Any, label: str, group: str | None = None, where: str = "#menu-groups") -> None:
    """Tap the button labelled ``label`` (exactly, its note aside) in a group of the menu
    (or of ``where``), the group named ``group`` when given."""
    scope = page.locator(where)
    if group is not None:
        scope = scope.locator(".group", has=page.locator(f".label:text-is({json.dumps(group)})"))
    buttons = scope.locator("button")
    for i in range(buttons.count()):
        b = buttons.nth(i)
        own = b.evaluate("(b) => [...b.childNodes].filter((n) => n.nodeType === 3)"
                         ".map((n) => n.textContent).join('').trim() || b.getAttribute("
                         "'aria-label')")
        if own == label:
            b.scroll_into_view_if_needed()
            b.tap()
            settle(page)
            return
    raise AssertionError(f"no button {label!r} in {where} {group or ''}")


def step(page: Any, label: str, times: int = 1, plus: bool = True) -> None:
    """Tap + (or −) ``times`` times on the stepper labelled ``label`` in the menu."""
    for _ in range(times):
        tap(page, f"#menu-groups .group.stepper:has(> .label:text-is({json.dumps(label)})) "
                  f"button[aria-label^='{'one more' if plus else 'one less'}']")


def close_menu(page: Any) -> None:
    tap(page, "#menu-close")
    page.wait_for_selector("#menu", state="hidden")


def rename(page: Any, name: str) -> None:
    """Type the shown part's player name and rename."""
    field = page.locator("#part .group.name input")
    field.fill(name)
    tap(page, "#part .group.name button")


def show_part(page: Any, index: int) -> None:
    tap(page, f"#tabs button >> nth={index}")


def refusal(page: Any, where: str) -> str:
    """The refusal shown in place (``menu``, ``part``, ``controls``, ``text``)."""
    return page.locator(f"#{where}-refusal").inner_text()


def exported(page: Any) -> str:
    """The score text the page exports (what Copy copies and Download saves)."""
    return page.input_value("#text")


def shown_scores(page: Any) -> dict[str, Any]:
    """What the page shows: ``{"result", "ranking": [(rank, name, [keys])], "totals":
    {name: total}}``."""
    ranking = []
    for row in page.locator("#ranking tbody tr").all():
        cells = [c.inner_text() for c in row.locator("td").all()]
        ranking.append((int(cells[0]), cells[1], cells[2:]))
    totals = {}
    for s in page.locator("#steps summary").all():
        m = re.match(r"(.*): (-?\d+) points, step by step", s.inner_text())
        assert m, s.inner_text()
        totals[m.group(1)] = int(m.group(2))
    return {"result": page.locator("#result").inner_text(), "ranking": ranking,
            "totals": totals}


def regalia_score(game: str, text: str) -> str:
    """``regalia score GAME FILE`` on ``text`` (a real process), its output on one line."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        env = {**os.environ, "PYTHONPATH": python_path(), "COLUMNS": "200",
               "NO_COLOR": "1", "TERM": "dumb"}
        out = subprocess.run([sys.executable, "-m", "regalia", "score", game, f.name],
                             capture_output=True, text=True, env=env, timeout=60)
    finally:
        os.unlink(f.name)
    assert out.returncode == 0, out.stdout + out.stderr
    return " ".join(out.stdout.split())


INTERACTIVE_JS = """() => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
              '[role=button], [tabindex]:not([tabindex="-1"])';
  return [...document.querySelectorAll(sel)].filter((e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]');
  }).map((e) => {
    const r = e.getBoundingClientRect();
    return {what: (e.getAttribute('aria-label') || e.textContent || e.id || e.tagName)
              .trim().slice(0, 60), tag: e.tagName, w: r.width, h: r.height};
  });
}"""


def small_targets(page: Any, least: float = 44) -> list[dict[str, Any]]:
    """Every visible interactive element smaller than ``least`` px either way."""
    return [e for e in page.evaluate(INTERACTIVE_JS) if e["w"] < least - 0.01
            or e["h"] < least - 0.01]


__all__ = ["PHONE", "phone_context", "settle", "tap", "open_pad", "focus", "tap_edit",
           "choose", "step", "close_menu", "rename", "show_part", "refusal", "exported",
           "shown_scores", "regalia_score", "small_targets", "edit_attr"]
