"""The examples in the sheet modules' docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

from ginrummy.sheet import model, notation


@pytest.mark.parametrize("module", [model, notation])
def test_sheet_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
