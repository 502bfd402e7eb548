"""Adapters to the RL and game-AI ecosystems (extra ``rl``): `fourgames.adapters.pettingzoo`,
`fourgames.adapters.gymnasium` and `fourgames.adapters.openspiel`. Each drives a game one index
of its `fourgames.encoding` at a time; each module imports its own package only."""
