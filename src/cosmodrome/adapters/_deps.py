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
    """Import ``module`` or raise an ImportError that says how to install it (its ``name``
    the module missing).

    >>> require("json").__name__
    'json'
    >>> try:
    ...     require("no_such_pkg")
    ... except ImportError as exc:
    ...     print(exc.name, "|", exc)  # doctest: +NORMALIZE_WHITESPACE
    no_such_pkg | this Cosmodrome adapter needs the optional package 'no_such_pkg' (module
    'no_such_pkg' is not installed); install it with: pip install no_such_pkg
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if getattr(exc, "install_hint", False):     # an adapter's own: it says what to install
            raise
        top = module.split(".")[0]
        pin, extra = _EXTRAS.get(top, (top, ""))
        missing = exc.name if isinstance(exc, ModuleNotFoundError) and exc.name else None
        reason = (f"module {missing!r} is not installed" if missing
                  else f"module {module!r} could not be imported: {exc}")
        hint = f"pip install 'cosmodrome[{extra}]' (or pip install {pin})" if extra else f"pip install {pin}"
        err = ImportError(f"this Cosmodrome adapter needs the optional package {pin.split('==')[0]!r} "
                          f"({reason}); install it with: {hint}", name=missing or top)
        err.install_hint = True
        raise err from None
