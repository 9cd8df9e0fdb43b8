"""Published learning baselines: PPO and DQN trained on the vector env, their evaluation over
mirrored deals, and the small policy shipped as the ``learned`` player (see docs/research.md,
"Baselines")."""
