"""The research API: PettingZoo, Gymnasium and OpenSpiel adapters, a NumPy batch simulator, Ray.

Import the submodule you need (``from ginrummy.rl import ginrummy_v0``); this package itself
imports nothing heavy, so the ``ginrummy`` command can list ``selfplay`` without NumPy.
"""
