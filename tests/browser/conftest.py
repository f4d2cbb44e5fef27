"""Browser tests of the web table (issue 12): a real ``regalia serve`` process on the
loopback, driven by Playwright in a headless Chromium (Debian's, never a downloaded one).

Chromium is found at ``$REGALIA_CHROMIUM`` or ``/usr/bin/chromium``. Without it (or without
the ``playwright`` package or the web extra) the tests are skipped with the reason, unless
``REGALIA_REQUIRE_BROWSER=1`` (set by ``.ci/run``): then they fail, so CI cannot pass by
skipping them.

Fixtures:

* ``server``: one server process for the session (its own SQLite file in a temporary
  directory), with a small JSON client (:class:`Server`); every test makes its own tables.
* ``chromium_browser``: the headless Chromium (session); ``new_page()`` makes a fresh
  browser context (its own cookies and storage, as a separate person's browser) and a page.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))   # browser_driver, shared with tools/
from browser_driver import DEFAULT_CHROMIUM, Server, chromium_path, prepare  # noqa: E402

#: the default time Playwright waits for a DOM condition (ms); a greedy move takes far less
WAIT_MS = 20_000
#: console errors that are the browser reporting what the server answered, not a broken
#: client: a refused request (4xx), and a server that is down (a test kills one)
NOT_BUGS = ("status of 4", "net::ERR_CONNECTION_REFUSED", "WebSocket connection to")


def unavailable(reason: str) -> None:
    """Skip the test for a missing browser part, or fail it where CI requires the browser."""
    if os.environ.get("REGALIA_REQUIRE_BROWSER") == "1":
        pytest.fail(f"REGALIA_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def browser_parts() -> str:
    """The Chromium executable, once the parts the browser tests need are all there (checked
    before any server starts, so a skip is quick); skip or fail (see :func:`unavailable`)."""
    for module, extra in (("fastapi", "web"), ("uvicorn", "web"), ("websockets", "web"),
                          ("sqlalchemy", "web"), ("playwright", "browser")):
        try:
            __import__(module)
        except ImportError:
            unavailable(f"{module} is not installed (pip install '.[{extra}]')")
    exe = chromium_path()
    if exe is None:
        unavailable(f"no Chromium at {os.environ.get('REGALIA_CHROMIUM') or DEFAULT_CHROMIUM} "
                    f"(apt-get install chromium, or set REGALIA_CHROMIUM)")
    return str(exe)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, browser_parts: str) -> Iterator[Server]:
    # the tests click as fast as the page answers, from one address, and make many
    # tables: far more than a person's rate (tests/web/test_hostile_*.py test the limits)
    # (and each browser context asks for a player key of its own: issue 25)
    srv = Server(tmp_path_factory.mktemp("regalia-serve"), "--rate-limit", "request=off",
                 "--rate-limit", "create=off", "--rate-limit", "player=off",
                 "--rate-limit", "join=off")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def chromium_browser(browser_parts: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=browser_parts, headless=True)
        yield b
        b.close()


@pytest.fixture
def new_page(chromium_browser: Any) -> Iterator[Callable[..., Any]]:
    """``new_page(width=1280, height=800, locale=None)`` -> a page in a fresh browser
    context of that viewport (and browser language: ``"de-DE"`` sends ``Accept-Language:
    de-DE``); closed after the test. Console errors and uncaught page errors fail the test
    (a broken client)."""
    contexts, errors = [], []

    def make(width: int = 1280, height: int = 800, locale: str | None = None,
             **options: Any) -> Any:
        ctx = chromium_browser.new_context(viewport={"width": width, "height": height},
                                            accept_downloads=True,
                                            **({"locale": locale} if locale else {}),
                                            **options)
        ctx.set_default_timeout(WAIT_MS)
        prepare(ctx)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        page.on("console", lambda msg: errors.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error" and not any(x in msg.text for x in NOT_BUGS) else None)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, "the client reported errors:\n" + "\n".join(errors)
