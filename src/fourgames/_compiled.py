"""Which build a module runs: the optional compiled build (docs/performance.md) ships each
compiled module as an extension module beside the ``.py`` it was compiled from, and Python
imports the extension module first."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from an extension module rather than from Python
    source."""
    return (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
