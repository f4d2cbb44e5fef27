"""Hidden information through the whole stack (issue 13): two people in two real browser
contexts (two invited seats) and the computer (greedy) play 3-player Inheritors by clicking
only, and a spectator watches in a third context. After every move, everything each
browser received -- the page's DOM, every HTTP response of the API, every WebSocket frame --
is searched for the cards in another seat's hand and its Quests, leaving out what that seat
may know (its own observation, what the drawing draws from it, the plies everyone saw). The
engine's truth is rebuilt from the server's store (the stored actions replayed) at every
ply: a view says which ply it shows and is judged against the position at that ply, since
the computer may have moved again, and a card gone from the Market into a hand, by the time
the test looks; the DOM (and any answer that names no ply) is judged against the positions
since the check before last, the only ones the page can be showing. Texts are searched as
a person reads them (entities decoded, markup as spaces) and without the card data's fixed
sentences: "18 Basic Advocates (Conspirator, Spy, Advisor)", a Spy's source shown on hover,
says nothing of any hand, and left in it would let a Conspirator in a hand go unchecked. The
spectator's views never carry a hand or Quests at all."""

from __future__ import annotations

import html
import json
import random
import re
import time
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from browser_driver import page_state, play_turn_by_clicking

import regalia.games.inheritors as inheritors
from regalia.core.registry import game_drawing, load_game
from regalia.web.store import Store

from hidden_cards import hidden_names

MAX_MOVES = 600


class Capture:
    """Everything one browser context received: WebSocket frames and API responses."""

    def __init__(self, page):
        self.page = page
        self.frames: list[str] = []
        self.responses: list = []
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda f: self.frames.append(f if isinstance(f, str)
                                                          else f.decode("utf-8", "replace"))))
        page.on("response", lambda r: self.responses.append(r) if "/api/" in r.url else None)

    def drain(self) -> list[str]:
        """What arrived since the last call, and the page's DOM now."""
        out, self.frames = self.frames, []
        rs, self.responses = self.responses, []
        for r in rs:
            try:
                out.append(r.text())
            except Exception:   # a body no longer kept by the browser (a closed socket)
                pass
        out.append(self.page.content())
        return out


class Truth:
    """The engine's state at every ply of one table, from the server's store: the stored
    actions (chance outcomes included) replayed on the game's initial state."""

    def __init__(self, store: Store, tid: str) -> None:
        self.store, self.tid = store, tid
        self.states: list[Any] = []
        self._known: dict[tuple[int, int | None], tuple[set[str], str]] = {}
        self._public: dict[tuple[int, int | None, str], bool] = {}

    def update(self) -> Any:
        """Replay the actions stored since the last call; the newest state."""
        row = self.store.load(self.tid)
        if not self.states:
            self.states.append(load_game(row.game, **row.params).new_initial_state(0))
        for a in row.actions[len(self.states) - 1:]:
            state = self.states[-1].clone()
            state.apply_action(a)
            self.states.append(state)
        return self.states[-1]

    def at(self, ply: int) -> Any:
        """The state after ``ply`` actions (waiting briefly for the store to catch up with a
        view sent before its actions were read)."""
        deadline = time.monotonic() + 10
        while ply >= len(self.states) and time.monotonic() < deadline:
            time.sleep(0.05)
            self.update()
        assert ply < len(self.states), f"a view of ply {ply}, but the store has " \
                                       f"{len(self.states) - 1} actions"
        return self.states[ply]

    def secrets(self, ply: int, seat: int | None) -> tuple[set[str], str]:
        """At ``ply``: the names hidden from ``seat`` and the text of what it may know."""
        key = (ply, seat)
        if key not in self._known:
            state = self.at(ply)
            self._known[key] = (hidden_names(state, seat), known_to(state, seat))
        return self._known[key]

    def knows(self, ply: int, seat: int | None, name: str) -> bool:
        """True if what ``seat`` may know at ``ply`` names ``name`` (:func:`found` in the
        text of :meth:`secrets`, searched once per ply, seat and name: the same name is
        looked up for every text a browser received)."""
        key = (ply, seat, name)
        if key not in self._public:
            self._public[key] = found(name, self.secrets(ply, seat)[1]) is not None
        return self._public[key]


def known_to(state, seat):
    """Everything ``seat`` may know (None: a spectator): its observation, the drawing of it,
    and the notation of every ply it saw."""
    drawing = game_drawing("inheritors")
    obs = state.observation(0 if seat is None else seat)
    if seat is None:
        obs = drawing.public_observation(obs)
    full = state.history_strings()
    seen = [full[i] for i, v in enumerate(state.visibility()) if v == -1 or v == seat]
    return plain("\n".join([*strings(obs), drawing.render(obs), *seen,
                            *strings(drawing.scoring_help(obs))]))


def found(name, text):
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, re.IGNORECASE)


@cache
def fixed_sentences() -> tuple[str, ...]:
    """The card data's effect texts, sources and notes (whitespace runs as one space),
    longest first: constant text, shown on hover whatever the hands hold."""
    data = tomllib.loads((Path(inheritors.__file__).parent / "data" / "cards.toml").read_text())
    out: set[str] = set()

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str) and key in ("text", "source", "note"):
            out.add(" ".join(x.split()))
    walk(data)
    return tuple(sorted(out, key=len, reverse=True))


def plain(text: str) -> str:
    """``text`` as a person reads it: entities decoded, tags' brackets as spaces (attributes
    kept: they are read too), whitespace runs as one space, the fixed sentences taken out."""
    text = " ".join(html.unescape(text).replace("<", " ").replace(">", " ").split())
    for sentence in fixed_sentences():
        text = text.replace(sentence, " ")
    return text


def strings(x: Any, skip: str = "") -> list[str]:
    """Every string in a JSON value (keys too), but the value under the key ``skip``."""
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for k, v in x.items() if k != skip for s in [str(k), *strings(v, skip)]]
    if isinstance(x, list):
        return [s for v in x for s in strings(v, skip)]
    return []


def parse(text: str, example: str) -> tuple[int | None, str]:
    """A received text: the ply it shows (views name theirs; the DOM and other answers do
    not) and its plain words, the typed-move field's example ("e.g. play purple 1", the
    game's constant text) left out."""
    try:
        value = json.loads(text)
    except ValueError:        # the page's HTML
        return None, plain(text.replace(f'placeholder="e.g. {example}"', ""))
    ply = value.get("ply") if isinstance(value, dict) else None
    if not isinstance(ply, int) or isinstance(ply, bool):
        ply = None
    return ply, plain("\n".join(strings(value, skip="notation_example")))


def leaks(truth: Truth, seat: int | None, texts: list[str], plies: range) -> int:
    """Assert that no text shows a card hidden from ``seat``; the number of (text, name)
    pairs looked for. A text naming its ply is judged at that ply; any other at every ply in
    ``plies``: a name leaks if no position among them let ``seat`` know it."""
    checked = 0
    example = truth.states[0].NOTATION_EXAMPLE
    for raw in texts:
        ply, text = parse(raw, example)
        window = [ply] if ply is not None else list(plies)
        secrets = [truth.secrets(p, seat) for p in window]
        hidden = set().union(*(h for h, _ in secrets))
        for name in sorted(hidden):
            if any(truth.knows(p, seat, name) for p in window):
                continue          # another copy of it is public (or the seat's own)
            checked += 1
            m = found(name, text)
            assert not m, (f"seat {seat} received {name!r}, hidden from it at plies "
                           f"{window[0]}-{window[-1]}: ..."
                           f"{text[max(0, m.start() - 300):m.end() + 100]}...")
    return checked


# about 130 s on the 2-core machine (a 3-player game, 3 browsers); run in CI all the same:
# hidden information must hold before games go online
def test_no_browser_receives_another_seats_hand(server, new_page):
    out = server.create_table([{"kind": "invited", "label": "Ann"},
                               {"kind": "invited", "label": "Bo"},
                               {"kind": "computer", "strength": "easy"}],
                              game="inheritors", pace=0)
    tid = out["table"]
    tokens = [s.get("token") for s in out["seats"]]
    truth = Truth(Store(f"sqlite:///{server.db_path}"), tid)
    pages = [new_page(), new_page()]
    caps = [Capture(p) for p in pages]
    spectator = new_page()
    spy = Capture(spectator)
    for page, tok in zip(pages, tokens):
        page.goto(f"{server.url}/table/{tid}#token={tok}")
    spectator.goto(f"{server.url}/table/{tid}")
    rng = random.Random(3)
    checked = moves = 0
    before_last = last = 0        # the plies at the two previous checks
    while True:
        v = server.view(tid)
        if v["terminal"]:
            break
        cur = v["current_player"]
        if cur in (0, 1):
            page_state(pages[cur], ("turn",))
            play_turn_by_clicking(pages[cur], rng)
            moves += 1
        else:
            time.sleep(0.05)   # the computer's move: polled through the API, no DOM to wait on
            continue
        assert moves <= MAX_MOVES, "the game does not end"
        state = truth.update()
        if state.is_terminal():
            break              # every hand is shown for the final scoring
        now = len(truth.states) - 1
        for seat, cap in ((0, caps[0]), (1, caps[1]), (None, spy)):
            texts = cap.drain()
            if seat is None:
                spectator_views(texts)
            checked += leaks(truth, seat, texts, range(before_last, len(truth.states)))
        before_last, last = last, now
    assert moves > 10 and checked > 50    # the test looked for hidden cards, many times
    assert SEEN["views"] > 10                # and at many of the spectator's views


SEEN = {"views": 0}


def spectator_views(texts):
    """A spectator's views (WebSocket frames, API answers) carry no hand and no Quests."""
    for text in texts:
        try:
            view = json.loads(text)
        except ValueError:
            continue              # the page's HTML
        if isinstance(view, dict) and isinstance(view.get("observation"), dict):
            SEEN["views"] += 1
            assert view["seat"] is None
            assert not {"hand", "quests", "hands", "all_quests"} & set(view["observation"])


def test_the_search_finds_a_card_planted_in_a_view():
    """The search itself, on the engine alone: a view naming a card in another seat's hand
    fails it, at the ply the view names, even HTML-escaped in a drawing; the same name inside
    one of the card data's fixed sentences does not."""
    G = load_game("inheritors", players=3)
    truth = Truth(None, "")    # type: ignore[arg-type]  (no store: the states are given)
    state = G.new_initial_state(0)
    rng = random.Random(5)
    truth.states.append(state.clone())
    while True:
        state.apply_action(rng.choice(state.legal_actions()))
        truth.states.append(state.clone())
        hidden, known = truth.secrets(len(truth.states) - 1, None)
        if "Conspirator" in hidden and not found("Conspirator", known):
            break
        assert not state.is_terminal(), "no Conspirator ever hidden in a hand alone"
    ply = len(truth.states) - 1
    sentence = next(s for s in fixed_sentences() if "(Conspirator, Spy, Advisor)" in s)
    hover = f'<svg><g data-card="Spy"><title>Spy\n  Source: {html.escape(sentence)}</title></g>'
    assert leaks(truth, None, [hover], range(ply, ply + 1)) > 0
    planted = [json.dumps({"ply": ply, "observation": {"market": ["purple 1", "Conspirator"]}}),
               hover.replace("Spy\n", "conspirator\n"),
               '<div data-card="Conspirator"></div>']
    for text in planted:
        with pytest.raises(AssertionError, match="Conspirator"):
            leaks(truth, None, [text], range(ply, ply + 1))
    # a view is judged at the ply it names, whatever window the DOM is judged against
    with pytest.raises(AssertionError):
        leaks(truth, None, [planted[0]], range(0, 1))
