"""Optional research dependencies, imported only when an adapter needs them."""

from __future__ import annotations

import importlib
from types import ModuleType

_EXTRAS = {
    "pyspiel": ("open-spiel==2.0.2", "openspiel"),
    "open_spiel": ("open-spiel==2.0.2", "openspiel"),
    "pettingzoo": ("pettingzoo==1.27.0", "pettingzoo"),
    "gymnasium": ("gymnasium==1.4.0", "pettingzoo"),
    "sb3_contrib": ("sb3-contrib==2.9.2", "rl"),
    "torch": ("torch==2.13.0", "rl"),
}


def require(module: str) -> ModuleType:
    """Import ``module`` or raise an ImportError that says how to install it.

    >>> require("json").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        pin, extra = _EXTRAS.get(module.split(".")[0], (module, ""))
        hint = f"pip install 'cosmodrome[{extra}]'" if extra else f"pip install {pin}"
        raise ImportError(
            f"this Cosmodrome adapter needs the optional package {pin.split('==')[0]!r} "
            f"(module {module!r} could not be imported: {exc}); install it with: {hint} "
            f"(or pip install {pin})") from None
