"""Leave out of the doctest run the modules whose optional packages are not installed (the
extras ``ml`` and ``rl``); CI installs them all."""

from importlib.util import find_spec

_NEEDS = {
    "src/fourgames/encoding/*.py": "numpy",
    "src/fourgames/adapters/*.py": "numpy",
    "src/fourgames/adapters/pettingzoo.py": "pettingzoo",
    "src/fourgames/adapters/gymnasium.py": "gymnasium",
    "src/fourgames/adapters/openspiel.py": "pyspiel",
}

collect_ignore_glob = [path for path, module in _NEEDS.items() if find_spec(module) is None]
