"""The examples in the multiplayer module's docstrings run as written."""

from __future__ import annotations

import doctest

from ginrummy.core import multiplayer


def test_multiplayer_docstring_examples() -> None:
    failures, tried = doctest.testmod(multiplayer)
    assert tried > 0 and failures == 0
