"""Gin Rummy: the reference rules engine, computer players, terminal and browser play, research API."""

from ginrummy.core import *  # noqa: F403
from ginrummy.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"
