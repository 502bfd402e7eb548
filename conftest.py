"""Leave out of the doctest run the modules and pages whose optional packages are not installed
(the extras ``ml`` and ``rl``); CI installs them all."""

from importlib.util import find_spec

_NEEDS = {
    "src/fourgames/encoding/*.py": ("numpy",),
    "src/fourgames/adapters/*.py": ("numpy",),
    "src/fourgames/adapters/pettingzoo.py": ("pettingzoo",),
    "src/fourgames/adapters/gymnasium.py": ("gymnasium",),
    "src/fourgames/adapters/openspiel.py": ("pyspiel",),
    "docs/rl.md": ("pettingzoo", "gymnasium", "pyspiel"),
}

collect_ignore_glob = [
    path for path, modules in _NEEDS.items() if any(find_spec(module) is None for module in modules)
]
