"""The command line's own behaviour: simulate's output, refusals, passed-on subcommands."""

from __future__ import annotations

import io
import json
import sys
import types
from pathlib import Path

import pytest

from companion.appliance.cli import main
from companion.config import ConfigError, load_config
from companion.core.registry import data_file, game_specs

REPO = Path(__file__).resolve().parents[2]


def test_simulate_json_is_the_same_for_the_same_seed(capsys):
    assert main(["simulate", "marche", "--players", "5", "--games", "6", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["simulate", "marche", "--players", "5", "--games", "6", "--seed", "3", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    timing = ("seconds", "games_per_second")
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing
    }
    assert first["games"] == 6 and sum(first["wins_by_seat"].values()) >= 6
    assert set(first["wins_by_bot"]) <= {"collector", "miser", "camelteer"}


def test_simulate_prints_a_summary_a_person_can_read(capsys):
    assert main(["simulate", "marche", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 games of Le Marché de Samarkand with 4 players" in out and "disputes per game" in out


def test_simulate_says_each_bots_win_rate_over_the_seats_it_held(capsys):
    """Three misers win more games than one collector because they hold three seats: the
    rate over the seats each held is what compares them."""
    argv = ["simulate", "marche", "--players", "4", "--games", "8", "--seed", "2"]
    assert main([*argv, "--json", "--bots", "collector,miser,miser,miser"]) == 0
    rates = json.loads(capsys.readouterr().out)["win_rate_by_bot"]
    assert main([*argv, "--bots", "collector,miser,miser,miser"]) == 0
    (line,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("win rate")]
    said = ", ".join(f"{style} {round(100 * rate)}%" for style, rate in rates.items())
    assert line == f"win rate by bot, over the seats it held: {said} (parity 25%)"


def test_simulate_refuses_bad_rules_in_one_line(capsys):
    assert main(["simulate", "marche", "--games", "2", "--rules", '{"set_scoring": "tripling"}']) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: rule option 'set_scoring'") and err.count("\n") == 1


def test_an_unknown_benchmark_is_named(capsys):
    assert main(["bench", "nosuch"]) == 2
    assert "no benchmark 'nosuch'" in capsys.readouterr().err


def test_a_script_that_cannot_be_played_is_one_line(tmp_path, capsys):
    script = tmp_path / "s.json"
    script.write_text(
        json.dumps({"setup": {"names": ["A", "B", "C"]}, "turns": [{"picks": {"A": 7, "Zed": 3}}]})
    )
    assert main(["play", "--script", str(script)]) == 2
    assert "turns[0].picks: unknown player 'Zed'" in capsys.readouterr().err


def test_a_script_that_is_not_utf8_text_is_one_line(tmp_path, capsys):
    script = tmp_path / "s.json"
    script.write_bytes(b'\xff\xfe{"setup": {}}')
    assert main(["play", "--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {script}: cannot read (") and err.count("\n") == 1


def test_bench_and_games_without_an_action_print_their_help(capsys):
    import pytest

    for argv in (["bench", "--help"], ["games"]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 0
        assert capsys.readouterr().out.startswith(f"usage: samarkand {argv[0]}")


def test_simulate_takes_the_games_own_rule_options_as_flags(capsys):
    """Built from the registry's schema: a text option as a word, the others as JSON."""
    argv = ["simulate", "marche", "--games", "3", "--seed", "2", "--json"]
    assert main([*argv, "--set-scoring", "doubling", "--lowest-price", "0"]) == 0
    flagged = json.loads(capsys.readouterr().out)
    assert main([*argv, "--rules", '{"set_scoring": "doubling", "lowest_price": 0}']) == 0
    by_json = json.loads(capsys.readouterr().out)
    timing = ("seconds", "games_per_second")
    assert {k: v for k, v in flagged.items() if k not in timing} == {
        k: v for k, v in by_json.items() if k not in timing
    }
    with pytest.raises(SystemExit):
        main(["simulate", "marche", "--lowest-price", "zero"])
    assert "expected int as JSON" in capsys.readouterr().err
    assert main(["simulate", "marche", "--games", "1", "--camel-refill", "sometimes"]) == 2
    assert "rule option 'camel_refill' must be one of" in capsys.readouterr().err


def test_a_games_help_lists_the_values_each_option_takes(capsys):
    """The descriptions say the choices in words, as the host's form does: the flags' help
    lists what the command line types."""
    with pytest.raises(SystemExit):
        main(["simulate", "samarkand", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--open-money {by_edition,open,secret} money public or secret: as the edition says" in shown
    assert "--target INT" in shown
    with pytest.raises(SystemExit):
        main(["simulate", "marche", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--hidden-goods {false,true}" in shown and "--lowest-price {1,0}" in shown


def test_simulate_sets_the_bots_styles_rotated_round_the_table(capsys):
    """One collector against three misers, each game the collector a seat further on: its win
    rate is its wins over the games it played, one seat in each."""
    argv = ["simulate", "marche", "--players", "4", "--games", "8", "--seed", "2", "--json"]
    assert main([*argv, "--bots", "collector,miser,miser,miser"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["average_score_by_bot"]) == {"collector", "miser"}
    wins = summary["wins_by_bot"]
    assert summary["win_rate_by_bot"]["collector"] == round(wins.get("collector", 0) / 8, 3)
    assert summary["win_rate_by_bot"]["miser"] == round(wins.get("miser", 0) / 24, 3)
    assert main([*argv, "--bots", "camelteer"]) == 0
    assert set(json.loads(capsys.readouterr().out)["wins_by_bot"]) <= {"camelteer"}


def test_simulate_refuses_an_unknown_or_empty_bot_style_in_one_line(capsys):
    assert main(["simulate", "marche", "--games", "2", "--bots", "collector,wizard"]) == 2
    err = capsys.readouterr().err
    assert "has no bot 'wizard'" in err and "collector" in err and err.count("\n") == 1
    with pytest.raises(SystemExit) as done:
        main(["simulate", "marche", "--bots", "collector,,miser"])
    assert done.value.code == 2 and "comma-separated list of bot styles" in capsys.readouterr().err


PASSED_ON = {
    "bench": "companion.bench.main",
    "bridge": "firmware_bridge.flash.main",
    "doctor": "companion.appliance.doctor.main",
    "wiring-check": "hardware.wiring_check.main",
}


def _raises(exc: BaseException):
    def main(argv):
        raise exc

    return main


@pytest.mark.parametrize("command", sorted(PASSED_ON))
def test_ctrl_c_ends_a_passed_on_subcommand_quietly(command, monkeypatch, capsys):
    monkeypatch.setattr(PASSED_ON[command], _raises(KeyboardInterrupt()))
    try:
        code = main([command])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C ended it with a traceback")
    assert code == 130
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", sorted(PASSED_ON))
def test_a_closed_pipe_ends_a_passed_on_subcommand_quietly(command, tmp_path, monkeypatch, capsys):
    """``samarkand doctor | head -1``: the reader has all it wanted."""
    monkeypatch.setattr(PASSED_ON[command], _raises(BrokenPipeError(32, "Broken pipe")))
    with open(tmp_path / "out", "w") as stdout:  # a real file: its descriptor is sent to /dev/null
        monkeypatch.setattr("sys.stdout", stdout)
        assert main([command]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [["score", "marche"], ["advise", "market"], ["play", "--script"]])
def test_json_nested_too_deeply_is_one_line(command, tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert main([*command, str(deep)]) == 2
    assert capsys.readouterr().err == f"error: {deep}: JSON nested too deeply to read\n"


@pytest.mark.parametrize("option", ["--rules", "--lowest-price"])
def test_rule_options_nested_too_deeply_are_one_line(option, capsys):
    with pytest.raises(SystemExit) as done:
        main(["simulate", "marche", option, "[" * 100_000])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.endswith(f"argument {option}: JSON nested too deeply to read\n")


def test_a_deck_file_in_toml_may_be_pasted_as_the_help_says(capsys):
    """``--market-deck "$(cat deck.toml)"``: the flag takes the text the option reads, as
    ``--rules '{"market_deck": "…"}'`` does."""
    deck = data_file("companion.games.market", "sample_deck.toml")
    argv = ["simulate", "market", "--games", "2", "--seed", "4", "--json"]
    assert main([*argv, "--market-deck", deck]) == 0
    pasted = json.loads(capsys.readouterr().out)
    assert main([*argv, "--rules", json.dumps({"market_deck": deck})]) == 0
    by_rules = json.loads(capsys.readouterr().out)
    timing = ("seconds", "games_per_second")
    assert {k: v for k, v in pasted.items() if k not in timing} == {
        k: v for k, v in by_rules.items() if k not in timing
    }
    assert main([*argv, "--market-deck", "[[card]]\nname = "]) == 2
    assert "market_deck: not valid TOML or JSON" in capsys.readouterr().err


def test_each_options_default_is_shown_as_it_is_typed_back(capsys):
    """``(default: false)``, not Python's False, which the flag would refuse."""
    with pytest.raises(SystemExit):
        main(["simulate", "marche", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for flag in ("--hidden-goods", "--set-scoring", "--turns"):
        default = shown.rsplit(flag, 1)[1].split("(default: ", 1)[1].split(")", 1)[0]  # not the usage
        argv = ["simulate", "marche", "--games", "1", "--json", flag, default]
        assert main(argv) == 0, capsys.readouterr().err
        assert json.loads(capsys.readouterr().out)["games"] == 1


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit):
        main(argv)
    return " ".join(capsys.readouterr().out.split())


def test_the_help_the_readme_names_lists_each_games_options(capsys):
    readme = " ".join((REPO / "README.md").read_text().split())
    named = readme.split(" list each game's options")[0].rsplit("`samarkand ", 1)[1].split("`")[0]
    for spec in game_specs():
        shown = _help(named.replace("GAME", spec.name).split(), capsys)
        assert all(f"--{option.name.replace('_', '-')} " in shown for option in spec.options), named


def test_the_help_a_bad_lobby_game_names_lists_the_games(capsys):
    with pytest.raises(ConfigError) as refused:
        load_config(None, {"lobby": {"game": ""}})
    named = str(refused.value).split("(samarkand ", 1)[1].split(" lists them")[0]
    shown = _help(named.split(), capsys)
    assert all(spec.name in shown for spec in game_specs()), named


def test_a_path_is_no_benchmark(capsys):
    """``samarkand bench ../companion/bench``: a .py file there, but not a benchmark."""
    assert main(["bench", "../companion/bench"]) == 2
    assert "no benchmark '../companion/bench'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--json"], []], ids=["json", "not a terminal"])
def test_bench_tells_its_progress_only_to_a_person(argv, monkeypatch, capsys):
    """As simulate's bar: standard error stays empty for --json or a log."""
    monkeypatch.setattr("companion.bench._load", lambda name: types.SimpleNamespace(run=lambda: {"x": 1}))
    assert main(["bench", "simulate", *argv]) == 0
    assert capsys.readouterr().err == ""


def test_bench_tells_a_person_at_a_terminal_which_benchmark_runs(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("companion.bench._load", lambda name: types.SimpleNamespace(run=lambda: {"x": 1}))
    monkeypatch.setattr("sys.stderr", Terminal())
    assert main(["bench", "simulate"]) == 0
    assert sys.stderr.getvalue() == "simulate…\n"


def test_the_top_level_help_is_plain_text(capsys):
    shown = _help(["--help"], capsys)
    assert "samarkand: the appliance and its tools on one command line." in shown and "``" not in shown
