"""Every command has --help with a one-line description and examples."""

import pytest

COMMANDS = [
    (["games"], "List the games"),
    (["agents"], "List the computer players"),
    (["play"], "Play a game yourself"),
    (["match"], "Watch computer players"),
    (["replay"], "Replay a recorded game"),
    (["score"], "Score a kingdom"),
    (["data", "check"], "Validate a component data file"),
]


@pytest.mark.parametrize("args,summary", COMMANDS, ids=[" ".join(c[0]) for c in COMMANDS])
def test_command_help(cli, args, summary):
    result = cli(*args, "--help")
    assert result.exit_code == 0, result.output
    assert summary in result.output
    assert "Examples" in result.output
    assert "regalia " + args[0] in result.output.split("Examples", 1)[1]


def test_root_help_lists_every_command(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for args, _ in COMMANDS:
        assert args[0] in result.output


def test_no_arguments_shows_help(cli):
    result = cli()
    assert "Usage" in result.output
    assert "match" in result.output


def test_data_group_help(cli):
    result = cli("data", "--help")
    assert result.exit_code == 0
    assert "check" in result.output


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0
    assert "regalia" in result.output
