"""``ginrummy settle --show``: the knocker shows the melds it names (RULES §6.2), and the
defender's answer agrees with a brute-force enumeration of every defender arrangement and every
layoff assignment on a thousand dense hands."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from ginrummy.cli import main

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
import core_reference as reference  # noqa: E402  (the slow reference lives beside the core tests)

from ginrummy.core.cards import format_cards  # noqa: E402
from ginrummy.core.rules import rules_for  # noqa: E402

KNOCKER = "3S AD 4H 2D 5S 2C 3C AC 2S 4S"
DEFENDER = "4C 3H 5C 6D AH 5D 3D 6C 6S 5H"


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_settle_shows_the_named_melds(capsys, monkeypatch):
    status, out, err = run_cli(capsys, monkeypatch, "settle", "--rules", "eaai", "--knocker",
                               KNOCKER, "--defender", DEFENDER, "--show", "2C 2D 2S | 3S 4S 5S")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "knocker   2C 2D 2S | 3S 4S 5S  deadwood 9 (AC 3C AD 4H)"
    assert out.splitlines()[-1] == "result    knock: the knocker scores 2"


def test_cli_settle_without_show_prints_the_default_whatever_the_defender(capsys, monkeypatch):
    firsts = set()
    for defender in (DEFENDER, "KC KH QC JD TH 9D 8D 7C 6S 5H"):
        status, out, _ = run_cli(capsys, monkeypatch, "settle", "--rules", "eaai",
                                 "--knocker", KNOCKER, "--defender", defender)
        assert status == 0
        firsts.add(out.splitlines()[0])
    assert firsts == {"knocker   AC 2C 3C | 2S 3S 4S 5S  deadwood 7 (AD 2D 4H)"}


@pytest.mark.parametrize(("show", "problem"), [
    ("2C 2D 2S | 3S 4S 6S", "3S 4S 6S is not a meld"),
    ("AC 2C 3C", "leaves deadwood 21, above the knock limit 10"),
    ("2C 2D 2S | 2S 3S 4S", "2S is shown in two melds"),
    ("6S 7S 8S", "you do not hold 6S 7S 8S"),
])
def test_cli_settle_bad_show_is_one_line_and_status_2(capsys, monkeypatch, show, problem):
    status, out, err = run_cli(capsys, monkeypatch, "settle", "--rules", "eaai", "--knocker",
                               KNOCKER, "--defender", DEFENDER, "--show", show)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and problem in err


def test_cli_settle_json_lines_take_a_show_and_a_bad_one_is_answered(capsys, monkeypatch):
    lines = [
        {"knocker": KNOCKER, "defender": DEFENDER, "rules": "eaai",
         "show": [["2C", "2D", "2S"], ["3S", "4S", "5S"]]},
        {"knocker": KNOCKER, "defender": DEFENDER, "rules": "eaai", "show": 5},
        {"knocker": KNOCKER, "defender": DEFENDER, "rules": "eaai"},
    ]
    status, out, _ = run_cli(capsys, monkeypatch, "settle",
                             stdin="".join(json.dumps(line) + "\n" for line in lines))
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert answers[0]["knocker"]["melds"] == [["2C", "2D", "2S"], ["3S", "4S", "5S"]]
    assert (answers[0]["outcome"], answers[0]["points"]) == ("knock", 2)
    assert "error" in answers[1] and '"show"' in answers[1]["error"]
    assert answers[2]["knocker"]["deadwood"] == 7 and answers[2]["outcome"] == "undercut"


def dense_knock(rng: random.Random) -> tuple[list[int], list[int], list[list[int]]]:
    """A knocker within the limit, a defender from the same few suits and ranks (layoffs are
    likely), and a random arrangement the knocker may show."""
    while True:
        suits = rng.sample(range(4), rng.choice((2, 3, 4)))
        low = rng.randrange(0, 6)
        pool = [s * 13 + r for s in suits for r in range(low, min(13, low + rng.randrange(6, 10)))]
        if len(pool) < 20:
            continue
        rng.shuffle(pool)
        knocker, defender = pool[:10], pool[10:20]
        options = [melds for melds, dead in reference.arrangements(knocker)
                   if 0 < reference.total(dead) <= 10]
        if options:
            return knocker, defender, [sorted(m) for m in rng.choice(options)]


def test_cli_settle_show_agrees_with_brute_force_on_a_thousand_hands(capsys, monkeypatch):
    rng = random.Random(20261201)
    rules = rules_for("classic")
    deals = [dense_knock(rng) for _ in range(1000)]
    stdin = "".join(json.dumps({
        "knocker": format_cards(knocker), "defender": format_cards(defender),
        "show": [format_cards(meld).split() for meld in show],
    }) + "\n" for knocker, defender, show in deals)
    status, out, _ = run_cli(capsys, monkeypatch, "settle", stdin=stdin)
    assert status == 0
    for (knocker, defender, show), line in zip(deals, out.splitlines(), strict=True):
        answer = json.loads(line)
        melds = tuple(frozenset(m) for m in show)
        loose = frozenset(knocker) - frozenset().union(*melds)
        expected = reference.answer(melds, loose, defender, rules)
        assert (answer["outcome"], answer["winner"], answer["points"]) == expected
        assert sorted(answer["knocker"]["melds"]) == sorted(format_cards(m).split() for m in show)
