"""Game parameters at table creation, the score table's headings and the typed-move example
(issue 13's web-layer gaps), through FastAPI's TestClient on a real SQLite store."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")




def post(web_client, game, players, seats, **extra):
    return web_client.post("/api/tables", json={"game": game, "players": players,
                                            "seats": seats, **extra})


def test_the_catalogue_offers_each_games_parameters_but_no_file():
    from regalia.web.catalogue import games_catalogue
    params = {g["name"]: {p["name"]: p for p in g["params"]} for g in games_catalogue()}
    assert set(params["cascadito"]) == {"sheet"}
    assert params["cascadito"]["sheet"]["defaults"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    assert set(params["two-heirs"]) == {"sets", "roads", "level"}
    # level is a solo parameter: a default for 1 player only, so the form hides it at 2
    assert params["two-heirs"]["level"]["defaults"] == {"1": 2}
    assert params["two-heirs"]["roads"]["type"] == "bool"
    assert params["two-heirs"]["sets"]["defaults"]["2"] == ["travel", "land-industry",
                                                            "trade-church"]
    assert params["two-heirs"]["level"]["help"].startswith("Heinrich's level in the solo game")
    # the lobby's words: the rulebook's terms, no markup, no issue or ruling numbers
    texts = [p["help"] for ps in params.values() for p in ps.values()] + [
        text for g in games_catalogue() for text in g["variants"].values()]
    for text in texts:
        assert "``" not in text and "issue" not in text and "ruling R" not in text, text
    # custom data files and the engine choice are not offered
    assert all("data" not in p and "engine" not in p for p in params.values())


def test_a_table_plays_the_chosen_sheet_sets_roads_and_level(web_client):
    r = post(web_client, "cascadito", 2, [{"kind": "here"}, {"kind": "computer"}],
             params={"sheet": 3})
    assert r.status_code == 201, r.text
    v = web_client.get(f"/api/tables/{r.json()['table']}").json()
    assert v["params"]["sheet"] == 3 and v["observation"]["params"]["sheet"] == 3
    r = post(web_client, "two-heirs", 1, [{"kind": "here"}],
             params={"level": 1, "roads": False, "sets": "war,patrol,crafts"})
    assert r.status_code == 201, r.text
    v = web_client.get(f"/api/tables/{r.json()['table']}").json()
    assert (v["params"]["level"], v["params"]["roads"]) == (1, False)
    assert sorted(v["params"]["sets"]) == ["crafts", "patrol", "war"]


@pytest.mark.parametrize("game,players,params,words", [
    ("cascadito", 2, {"sheet": 9}, "sheet must be a play sheet number"),
    ("cascadito", 2, {"sheet": "two"}, "sheet must be a play sheet number"),
    ("cascadito", 2, {"data": "/etc/passwd"}, "cannot read files on the server"),
    ("kingdomino", 2, {"data": "/etc/passwd"}, "cannot read files on the server"),
    ("kingdomino", 2, {"engine": "pure"}, "no parameter 'engine'"),
    ("two-heirs", 2, {"level": 1}, "level is a solo parameter"),
    ("two-heirs", 1, {"level": 7}, "level must be 1"),
    ("two-heirs", 2, {"sets": "war"}, "sets"),
    ("two-heirs", 2, {"roads": "maybe"}, "roads must be"),
    ("two-heirs", 2, {"players": 1}, "own 'players' field"),
    ("two-heirs", 2, [1, 2], "params must be an object"),
    ("inheritors", 2, {"colour": "red"}, "its parameters: none"),
])
def test_bad_parameters_get_a_clear_422_and_create_nothing(web_client, game, players, params,
                                                           words):
    before = web_client.get("/api/tables").json()
    seats = [{"kind": "here"}] * players
    r = post(web_client, game, players, seats, params=params)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]
    assert web_client.get("/api/tables").json() == before


@pytest.mark.parametrize("game,players,params,example", [
    ("kingdomino", 2, {}, "d5-e5"), ("cascadito", 2, {}, "pink c5"),
    ("two-heirs", 2, {}, "end"), ("inheritors", 2, {}, "play purple 1")])
def test_each_game_names_its_seats_in_the_score_table_and_its_own_example(
        web_client, game, players, params, example):
    seats = [{"kind": "here", "label": "Ann"}, {"kind": "here", "label": "Bo"}]
    r = post(web_client, game, players, seats, params=params)
    assert r.status_code == 201, r.text
    v = web_client.get(f"/api/tables/{r.json()['table']}").json()
    assert v["notation_example"] == example
    # one corner heading, then one per seat named after the seat
    assert v["score_table"]["headings"] == ["Scoring item", "Ann", "Bo"]
    assert all(len(row["cells"]) == 2 for row in v["score_table"]["rows"])


def test_a_solo_score_table_names_the_person_and_heinrich(web_client):
    r = post(web_client, "two-heirs", 1, [{"kind": "here", "label": "Ann"}])
    v = web_client.get(f"/api/tables/{r.json()['table']}").json()
    assert v["score_table"]["headings"] == ["Scoring item", "Ann", "Heinrich"]


def test_a_computer_move_the_store_refuses_stops_the_table_visibly(web_client, monkeypatch):
    """Issue 13, bug (b): a computer seat shown "thinking" for ever. A move that cannot be
    committed (the store busy past its timeout) was lost in the pool thread with the
    marker still shown; now the table says so and no seat is left thinking."""
    tables = web_client.app_tables
    r = post(web_client, "kingdomino", 2, [{"kind": "here"}, {"kind": "here"}])
    tid = r.json()["table"]
    t = tables.get(tid)

    def busy(*_args, **_kwargs):
        raise RuntimeError("database is locked")

    tok = r.json()["seats"]
    tokens = [s["token"] for s in tok]
    v = web_client.get(f"/api/tables/{tid}").json()
    while v["current_player"] != 1:
        me = tokens[v["current_player"]]
        mine = web_client.get(f"/api/tables/{tid}", headers={"x-seat-token": me}).json()
        v = web_client.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": me},
                        json={"action": mine["legal"][0]["id"]}).json()
    # now the second seat becomes a computer player whose moves the store refuses
    monkeypatch.setitem(t.agents, 1, ("greedy", 5.0))   # (spec, budget in seconds)
    monkeypatch.setattr(tables.store, "append_actions", busy)
    with t.lock:
        t.future = None
        t.thinking = None
    ply = v["ply"]
    tables.computer.advance(t)
    tables.wait(tid)
    v = web_client.get(f"/api/tables/{tid}").json()
    assert v["thinking"] is None and v["current_player"] == 1 and v["ply"] == ply
    assert "could not be stored" in v["error"] and "database is locked" in v["error"]
