"""`regalia games` and `regalia agents`."""

from regalia import list_games
from regalia.agents import list_agents


def test_games_lists_kingdomino_with_variants_and_provenance(cli):
    result = cli("games")
    assert result.exit_code == 0, result.output
    out = result.output
    for info in list_games():
        assert info.name in out
        assert info.title in out
    assert "2-4" in out
    for variant in ("dynasty", "middle-kingdom", "harmony", "mighty-duel"):
        assert variant in out
    assert "48 verified" in out


def test_agents_lists_every_agent_and_human(cli):
    result = cli("agents")
    assert result.exit_code == 0, result.output
    for name, description in list_agents().items():
        assert name in result.output
        assert description.split()[0] in result.output
    assert "human" in result.output


def test_agents_lists_each_games_recommended_opponents(cli):
    from regalia.core.registry import game_strengths

    result = cli("agents")
    assert result.exit_code == 0, result.output
    out = "".join(result.output.split())  # lines may wrap
    assert "Recommendedopponents" in out
    for game in ("kingdomino", "two-heirs", "inheritors"):
        st = game_strengths(game)
        assert st is not None
        for spec in (st.easy, st.normal, st.strong):
            assert spec.replace(" ", "") in out, (game, spec)
