"""The game review at the web table (issue 26): computed in the worker pool in slices,
stored with the table and read back, one in flight per seat, rate limited, shown to the
seat only in a game with hidden information, and the same whatever the other seats held.
On a real store, SQLite then PostgreSQL (``db_url``), through FastAPI's TestClient and the
server's real worker processes; tiny iteration budgets (deterministic)."""

from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("pebble")

from fastapi.testclient import TestClient  # noqa: E402

from hidden_cards import played, twins  # noqa: E402
from regalia.core.record import GameRecord  # noqa: E402
from regalia.review import Budget, review_game  # noqa: E402
from regalia.web import create_app  # noqa: E402
from regalia.web.identity import new_token, token_hash  # noqa: E402
from regalia.web.store import OVER, SeatRow, now_iso  # noqa: E402
from regalia.web.store.reviews import ReviewStore  # noqa: E402

#: a review's search per decision in these tests: few iterations, and a time cap per
#: decision (the slice) far above what they take, so that reviews are deterministic
ITERATIONS = 6


def make_app(db_url, **settings):
    options = dict(pace=0, rate_limits={"request": "off"}, review_iterations=ITERATIONS,
                   review_slice=5.0, review_seconds=600.0,
                   allowed_origins=("http://testserver",))
    options.update(settings)
    return create_app(db_url, **options)


@pytest.fixture
def client(db_url):
    app = make_app(db_url)
    with TestClient(app) as c:
        c.app = app
        yield c
    app.state.rooms.store.close()


def stored(client, state, labels=("Ada", "Brendan")) -> tuple[str, list[str]]:
    """A finished game written into the store as a table whose seats are people (the
    store is the server's truth: the table is rebuilt from it); its id and seat tokens."""
    store = client.app.state.rooms.store
    tid = new_token()[:12]
    tokens = [new_token() for _ in labels]
    game = state.game
    store.create_table(tid, game.info.name, game.params, 1,
                       [SeatRow(i, "here", None, label, token_hash(tokens[i]))
                        for i, label in enumerate(labels)],
                       {"hints": False, "pace": 0.0, "dealer": state.dealer_name})
    store.append_actions(tid, 0, state.history(), status=OVER)
    return tid, tokens


def seat_header(token):
    return {"x-seat-token": token} if token else {}


def reviewed(client, tid, token=None, seat=None, timeout=180.0) -> dict:
    """Ask for the review (POST) and wait until it is stored; the last GET's answer."""
    query = "" if seat is None else f"?seat={seat}"
    r = client.post(f"/api/tables/{tid}/review{query}", headers=seat_header(token))
    assert r.status_code in (200, 202), r.text
    end = time.monotonic() + timeout
    while True:
        r = client.get(f"/api/tables/{tid}/review{query}", headers=seat_header(token))
        assert r.status_code == 200, r.text
        d = r.json()
        if d["status"] != "running":
            assert d["status"] == "done", d
            return d
        assert time.monotonic() < end, "the review did not finish"
        time.sleep(0.05)


def test_a_review_is_stored_with_the_table_and_read_back(db_url, client):
    state = played("kingdomino", 4, None, players=2)
    tid, tokens = stored(client, state)
    # before: nothing stored; the board of a decision cannot be asked yet
    r = client.get(f"/api/tables/{tid}/review", headers=seat_header(tokens[0]))
    assert r.json() == {"seat": 0, "status": "none", "done": 0, "total": None,
                        "review": None, "error": None}
    assert client.get(f"/api/tables/{tid}/review/0",
                      headers=seat_header(tokens[0])).status_code == 409
    d = reviewed(client, tid, tokens[0])
    review = d["review"]
    # every decision of seat 0, judged as the review package judges it (the same seed and
    # budget), without the observations (the boards come one by one)
    direct = review_game(GameRecord.from_state(state.clone(), ["Ada", "Brendan"]), 0,
                         Budget(ITERATIONS, seconds=5.0, total_seconds=600.0),
                         seed=client.app.state.settings.review_seed)
    assert [x["played"]["notation"] for x in review["decisions"]] == \
        [x["played"]["notation"] for x in direct["decisions"]]
    assert [(x["label"], x["cost"]) for x in review["decisions"]] == \
        [(x["label"], x["cost"]) for x in direct["decisions"]]
    assert d["done"] == d["total"] == review["decision_count"] == len(review["decisions"])
    assert review["complete"] and review["players"] == ["Ada", "Brendan"]
    assert all("observation" not in x for x in review["decisions"])
    assert client.app.state.reviewer.started == 1
    # a second request reads it back (200), and so does a server started afresh
    r = client.post(f"/api/tables/{tid}/review", headers=seat_header(tokens[0]))
    assert r.status_code == 200 and r.json() == d
    app = make_app(db_url)
    with TestClient(app) as again:
        r = again.post(f"/api/tables/{tid}/review", headers=seat_header(tokens[0]))
        assert r.status_code == 200 and r.json() == d
        assert app.state.reviewer.started == 0
    app.state.rooms.store.close()
    row = ReviewStore(client.app.state.rooms.store.engine).get(tid, 0)
    assert row.status == "done" and json.loads(row.review)["decisions"][0]["observation"]
    # a decision's board: the played move ringed in orange, the better one in blue (and
    # the squares both take, e.g. a domino turned round, in the double ring)
    bad = next(x for x in review["decisions"] if x["better"] and x["better"]["clicks"])
    b = client.get(f"/api/tables/{tid}/review/{bad['index']}",
                   headers=seat_header(tokens[0])).json()
    assert b["index"] == bad["index"]
    for role in ("played", "better"):
        assert any(f'filter="url(#rv-{r}-r' in b["svg"] for r in (role, "both")), role
    for bad_index in ("99", "-1", "x"):
        r = client.get(f"/api/tables/{tid}/review/{bad_index}", headers=seat_header(tokens[0]))
        assert r.status_code in (404, 422), r.text
    # the purge of old finished tables deletes their reviews too (a foreign key)
    assert client.app.state.rooms.store.purge(now_iso(10)) >= 1
    assert ReviewStore(client.app.state.rooms.store.engine).get(tid, 0) is None


def test_a_review_runs_in_slices_with_its_progress_stored(db_url):
    """Slices of a few milliseconds: the review goes through the pool in many jobs, its
    progress stored after each, and comes out whole."""
    app = make_app(db_url, review_slice=0.01)
    with TestClient(app) as c:
        c.app = app
        tid, tokens = stored(c, played("kingdomino", 5, None, players=2))
        seen = set()
        c.post(f"/api/tables/{tid}/review", headers=seat_header(tokens[1]))
        while True:
            d = c.get(f"/api/tables/{tid}/review", headers=seat_header(tokens[1])).json()
            seen.add(d["done"])
            if d["status"] == "running" and d["review"] is not None:
                assert len(d["review"]["decisions"]) == d["done"] < d["total"]
            if d["status"] == "done":
                break
            time.sleep(0.01)
        reviewer = app.state.reviewer
        assert reviewer.started == 1 and reviewer.slices > 1
        assert d["review"]["complete"] and d["done"] == d["total"]
        assert [x["index"] for x in d["review"]["decisions"]] == list(range(d["total"]))
    app.state.rooms.store.close()


def test_one_review_in_flight_per_seat(client):
    tid, tokens = stored(client, played("kingdomino", 6, None, players=2))
    answers = []

    def ask():
        r = client.post(f"/api/tables/{tid}/review", headers=seat_header(tokens[0]))
        answers.append((r.status_code, r.json()["status"]))
    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {a for a in answers} <= {(202, "running"), (200, "done")}, answers
    reviewed(client, tid, tokens[0])
    assert client.app.state.reviewer.started == 1   # six asks, one review
    # another seat's review is a review of its own
    reviewed(client, tid, tokens[1])
    assert client.app.state.reviewer.started == 2


def test_one_review_per_table_at_a_time(db_url):
    """While seat 0's review runs, seat 1's is refused with a clear 409 (nothing started);
    once it is stored, seat 1's runs."""
    # the second request comes milliseconds after the first, long before the worker has
    # rebuilt and judged 20-odd decisions
    app = make_app(db_url, review_iterations=200)
    with TestClient(app) as c:
        c.app = app
        tid, _tokens = stored(c, played("kingdomino", 9, None, players=2))
        assert c.post(f"/api/tables/{tid}/review?seat=0").status_code == 202
        r = c.post(f"/api/tables/{tid}/review?seat=1")
        assert r.status_code == 409, r.text
        assert "seat 0" in r.json()["detail"] and "one review per table" in r.json()["detail"]
        assert c.get(f"/api/tables/{tid}/review?seat=1").json()["status"] == "none"
        assert app.state.reviewer.started == 1
        reviewed(c, tid, None, seat=0)
        reviewed(c, tid, None, seat=1)
        assert app.state.reviewer.started == 2
    app.state.rooms.store.close()


def test_a_review_is_refused_while_the_pool_is_busy(db_url):
    """``review_busy`` jobs waiting refuse a review (503, ask again); 0 refuses every one."""
    app = make_app(db_url, review_busy=0)
    with TestClient(app) as c:
        c.app = app
        tid, _tokens = stored(c, played("kingdomino", 10, None, players=2))
        r = c.post(f"/api/tables/{tid}/review?seat=0")
        assert r.status_code == 503 and "busy" in r.json()["detail"], r.text
        assert c.get(f"/api/tables/{tid}/review?seat=0").json()["status"] == "none"
        assert app.state.reviewer.started == 0
    app.state.rooms.store.close()


def test_a_review_over_its_budget_is_stopped_with_its_decisions_kept(db_url):
    """A review that has not finished within ``review_seconds`` (and one slice) is stopped:
    ``failed``, saying so, the decisions judged so far kept; asking again goes on."""
    app = make_app(db_url, review_iterations=200_000, review_slice=0.001,
                   review_seconds=0.001)
    with TestClient(app) as c:
        c.app = app
        tid, _tokens = stored(c, played("kingdomino", 11, None, players=2))
        assert c.post(f"/api/tables/{tid}/review?seat=0").status_code == 202
        end = time.monotonic() + 120
        while (d := c.get(f"/api/tables/{tid}/review?seat=0").json())["status"] == "running":
            assert time.monotonic() < end
            time.sleep(0.05)
        assert d["status"] == "failed", d
        assert "used its budget" in d["error"] and "ask again" in d["error"]
        assert 0 < d["done"] < d["total"] and len(d["review"]["decisions"]) == d["done"]
        assert not d["review"]["complete"]
    app.state.rooms.store.close()


def test_who_may_see_a_review(client):
    """Hidden information: the seat's own token only. Perfect information: anyone, any
    seat. Not before the end."""
    tid, tokens = stored(client, played("inheritors", 12, None, players=2))
    for token, query in ((None, ""), (None, "?seat=0"), (tokens[1], "?seat=0"),
                         (tokens[0], "?seat=1")):
        for method in ("post", "get"):
            r = getattr(client, method)(f"/api/tables/{tid}/review{query}",
                                        headers=seat_header(token))
            assert r.status_code == 403, (token, query, r.text)
            assert "hides each player's cards" in r.json()["detail"]
        r = client.get(f"/api/tables/{tid}/review/0{query}", headers=seat_header(token))
        assert r.status_code == 403
    r = client.get(f"/api/tables/{tid}/review", headers=seat_header("not a token"))
    assert r.status_code == 403 and "not valid" in r.json()["detail"]
    assert reviewed(client, tid, tokens[1])["seat"] == 1
    # perfect information: a spectator reads any seat's review; a seat reads the other's
    ktid, ktokens = stored(client, played("kingdomino", 7, None, players=2))
    assert reviewed(client, ktid, None, seat=1)["seat"] == 1
    assert reviewed(client, ktid, ktokens[0], seat=1)["review"]["seat"] == 1
    assert client.get(f"/api/tables/{ktid}/review").status_code == 422   # whose?
    for seat in ("2", "-1", "x", "0" * 40):
        assert client.get(f"/api/tables/{ktid}/review?seat={seat}").status_code == 422
    # an unfinished game is not reviewed
    live, live_tokens = stored(client, played("kingdomino", 7, 30, players=2))
    r = client.post(f"/api/tables/{live}/review", headers=seat_header(live_tokens[0]))
    assert r.status_code == 409 and "over" in r.json()["detail"]
    assert client.post("/api/tables/nosuchtable/review").status_code == 404


def test_reviews_are_rate_limited(db_url):
    app = make_app(db_url, rate_limits={"request": "off", "review": "1/minute"})
    with TestClient(app) as c:
        c.app = app
        tid, _tokens = stored(c, played("kingdomino", 8, None, players=2))
        assert c.post(f"/api/tables/{tid}/review?seat=0").status_code == 202
        # while it runs, or once stored, asking again starts nothing and is not counted
        assert c.post(f"/api/tables/{tid}/review?seat=0").status_code in (200, 202)
        r = c.post(f"/api/tables/{tid}/review?seat=1")    # a second review: one a minute
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert "review" in r.json()["detail"]
        assert 'regalia_refused_total{limit="review"} 1.0' in c.get("/metrics").text
        reviewed(c, tid, None, seat=0)
    app.state.rooms.store.close()


def test_a_review_of_hidden_information_is_the_same_whatever_the_others_held(client,
                                                                         monkeypatch):
    """The attacker test through the web layer: two finished Inheritors games that differ
    in a card seat 0 never saw (another outcome dealt to the other seat, the rest
    replayed). Seat 0's review is the same, decision by decision and board by board; the
    worker was handed seat 0's seat record, the file seat 0 may download, and nothing
    else of the game."""
    game_a = played("inheritors", 12, None, players=2)
    ply, game_b = next(twins(game_a, 0, tries=300))
    assert game_a.history() != game_b.history()
    # the other seat really held something else
    assert any(x.observation(1) != y.observation(1)
               for x, y in ((_after(game_a, k), _after(game_b, k))
                            for k in range(ply + 1, len(game_a.history()))))
    sent = []
    computer = client.app.state.reviewer.computer
    submit = computer.submit

    def spy(job):
        if job.fn.__name__ == "review":
            sent.append(job.args)
        return submit(job)
    monkeypatch.setattr(computer, "submit", spy)
    answers, boards = [], []
    for state in (game_a, game_b):
        tid, tokens = stored(client, state)
        d = reviewed(client, tid, tokens[0])
        answers.append(json.dumps(d, sort_keys=True))
        boards.append([client.get(f"/api/tables/{tid}/review/{i}",
                                  headers=seat_header(tokens[0])).json()["svg"]
                       for i in range(d["total"])])
        record = client.get(f"/api/tables/{tid}/record", headers=seat_header(tokens[0])).text
        assert sent[-1][2] == record             # the worker's input: the seat's own record
        assert json.loads(record)["format"] == "regalia-seat-record"
        assert json.loads(record)["seat"] == 0
    assert answers[0] == answers[1]
    assert boards[0] == boards[1] and len(boards[0]) > 20


def _after(state, k):
    from hidden_cards import replayed
    return replayed(state.game, state.history()[:k])
