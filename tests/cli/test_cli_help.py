"""Every command has --help with a one-line description and examples."""

import pytest

COMMANDS = [
    (["games"], "List the games"),
    (["agents"], "List the computer players"),
    (["play"], "Play a game yourself"),
    (["match"], "Watch computer players"),
    (["replay"], "Replay a recorded game"),
    (["score"], "Score a finished position from a physical game"),
    (["data", "check"], "Validate a component data file"),
    (["tournament"], "Run a tournament"),
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


def test_root_help_documents_the_exit_codes(cli):
    out = " ".join(cli("--help").output.split())
    assert "Exit codes" in out
    for code in ("0 done", "1 an input file whose content fails its check", "2 bad usage",
                 "130 interrupted"):
        assert code in out


@pytest.mark.parametrize("args", [[], ["data"]] + [c[0] for c in COMMANDS],
                         ids=lambda a: " ".join(a) or "regalia")
def test_help_pages_are_clean(cli, args):
    """No type placeholder after -h/--help, no braces around arguments in the usage."""
    out = cli(*args, "-h").output
    assert "--help" in out
    assert "<bool>" not in out
    assert "{" not in out.split("Usage:", 1)[1].splitlines()[0]


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
