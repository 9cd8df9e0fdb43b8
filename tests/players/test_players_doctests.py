"""The examples in the players' docstrings stay true."""

from __future__ import annotations

import doctest

import pytest

from ginrummy.players import coach, report
from ginrummy.players.expert import knobs


@pytest.mark.parametrize("module", [coach, report, knobs], ids=lambda m: m.__name__)
def test_players_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
