"""The optional compiled engine: the hot rule modules built with Cython, used only when
each one matches its Python source exactly.

``make install`` runs ``cosmodrome engine build``: it compiles the modules of
:data:`MODULES` from their unchanged Python source into
``_compiled/`` beside this file, with a manifest of the source each was built from. When
the package is imported, :func:`install` puts a finder first on ``sys.meta_path`` that
loads a module's compiled form only if the manifest's hash equals the hash of the ``.py``
file now on disk (with the ``.pxd`` beside it, where a module has one: ``core/events.pxd``
makes ``Event`` a C class in the build, ``games/venus/flow.pxd`` the index helpers C
functions that ``actions.pxd`` and its kin cimport; and with the modules a ``.pxd``
cimports, see :func:`digest`): a source edited since the build (another branch, a fix in progress) is
imported as Python, never shadowed by a stale build. Without Cython or a C compiler the
build step says so and everything runs as Python. A few Venus modules type their index
variables for Cython (``i: cython.Py_ssize_t``, with ``cython`` imported when there and
``None`` otherwise): Python never evaluates those annotations.

``COSMODROME_PURE=1`` in the environment switches the compiled modules off (to measure
both paths, or to debug with Python frames); ``cosmodrome engine status`` shows which
modules load compiled and ``cosmodrome engine clean`` removes the build. The games'
results are the same either way: the same source runs, only compiled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
OUT = HERE / "_compiled"
MANIFEST = OUT / "manifest.json"

#: the modules on the path of every decision (the rules, the generator, the events); the
#: state classes stay Python (a compiled class body copies slower)
MODULES = (
    "cosmodrome.core.rng", "cosmodrome.core.events",
    # the explicit chance mode's generator and state protocol, and the perfect-recall trace
    # (the path of every decision through OpenSpiel's explicit mode)
    "cosmodrome.core.chance", "cosmodrome.core.recall",
    *(f"cosmodrome.games.venus.{m}" for m in ("flow", "actions", "combat", "cards", "phases", "crises", "scoring")),
    *(f"cosmodrome.games.cosmic_run.{m}" for m in ("grid", "movement", "actions", "rounds", "dice", "mines", "scoring",
                                                    "technologies", "combat")),
    *(f"cosmodrome.games.moon.{m}" for m in ("accidents", "cards", "turn", "jumps", "rounds", "actions", "scoring")),
    *(f"cosmodrome.games.mars.{m}" for m in ("equipment", "combat", "turn", "specials", "waves", "rounds", "actions")),
    "cosmodrome.games.lunar.dice",
    # the observation encoders (the adapters' hottest code after the rules)
    "cosmodrome.core.observation",
    *(f"cosmodrome.games.{g}.observation" for g in ("venus", "cosmic_run", "moon", "mars")),
)


def source_of(module: str) -> Path:
    """The ``.py`` file of a module of this package (without importing it).

    >>> source_of("cosmodrome.core.rng").name
    'rng.py'
    """
    return HERE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def cimports(pxd_text: str) -> list:
    """The modules of this package that a ``.pxd`` cimports (``from cosmodrome.x cimport f``).

    >>> cimports("from cosmodrome.games.venus.flow cimport unit_ix, stock_ix")
    ['cosmodrome.games.venus.flow']
    """
    return [m.group(1) for m in re.finditer(r"^\s*from\s+(cosmodrome(?:\.\w+)+)\s+cimport\b", pxd_text, re.M)]


def digest(path: Path) -> str:
    """The hash a build is checked against: the ``.py`` source, the ``.pxd`` beside it (the
    C declarations of a module's classes or functions, e.g. ``core/events.pxd``) when there
    is one, and the hashes of the modules that ``.pxd`` cimports: a module compiled against
    another's C functions (``games/venus/actions.pxd`` cimports ``flow``'s index helpers)
    loads compiled only while that one does too, so it never meets a Python ``flow``."""
    h = hashlib.sha256(path.read_bytes())
    pxd = path.with_suffix(".pxd")
    if pxd.is_file():
        text = pxd.read_bytes()
        h.update(text)
        for m in cimports(text.decode("utf-8")):
            h.update(digest(source_of(m)).encode())
    return h.hexdigest()


def manifest() -> dict:
    """``{module: {"file": name of the built library, "source": sha256 of its source}}``."""
    try:
        data = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled form of a module of the manifest whose source is unchanged."""

    def __init__(self, built: dict) -> None:
        self.built = built

    def library(self, fullname: str) -> Optional[Path]:
        """The built library of ``fullname`` if it may load: built from the source now on
        disk, and every module its ``.pxd`` cimports loadable compiled too (a compiled
        module calls their C functions, which a Python module has not)."""
        entry = self.built.get(fullname)
        if entry is None:
            return None
        lib, src = OUT / str(entry.get("file", "")), source_of(fullname)
        try:
            if not lib.is_file() or digest(src) != entry.get("source"):
                return None
            pxd = src.with_suffix(".pxd")
            needs = cimports(pxd.read_text()) if pxd.is_file() else []
        except OSError:
            return None
        return lib if all(self.library(m) is not None for m in needs) else None

    def find_spec(self, fullname: str, path=None, target=None) -> Optional[importlib.machinery.ModuleSpec]:
        lib = self.library(fullname)
        if lib is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(lib))
        return importlib.machinery.ModuleSpec(fullname, loader, origin=str(lib))


def install() -> bool:
    """Put the finder first on ``sys.meta_path`` (once); False when there is nothing to
    load or ``COSMODROME_PURE`` is set."""
    if os.environ.get("COSMODROME_PURE") or any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return False
    built = manifest()
    if not built:
        return False
    sys.meta_path.insert(0, CompiledFinder(built))
    return True


def status() -> dict:
    """Per module of :data:`MODULES`: ``"compiled"`` (it loads compiled), ``"stale"`` (its
    source, or a module its ``.pxd`` cimports, changed since the build: it loads as Python), ``"python"`` (not built, or
    ``COSMODROME_PURE`` is set)."""
    built = {} if os.environ.get("COSMODROME_PURE") else manifest()
    finder = CompiledFinder(built)
    out = {}
    for m in MODULES:
        entry = built.get(m)
        if entry is None or not (OUT / str(entry.get("file", ""))).is_file():
            out[m] = "python"
        else:
            out[m] = "compiled" if finder.library(m) is not None else "stale"
    return out


def engine() -> str:
    """How the engine runs in this process: ``"compiled (n of m modules)"`` or ``"pure Python"``."""
    n = sum(1 for m in MODULES if getattr(sys.modules.get(m), "__file__", "").endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)))
    return f"compiled ({n} of {len(MODULES)} modules)" if n else "pure Python"


def build() -> int:
    """Compile :data:`MODULES` into ``_compiled/``; 0 on success, 1 (with the reason) when
    Cython or a compiler is missing (the engine then stays pure Python)."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as exc:
        print(f"compiled engine not built ({exc}): the pure-Python engine is used")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        hashes, exts = {}, []
        for m in MODULES:
            src = source_of(m)
            hashes[m] = digest(src)
            copy = tmpdir / "src" / Path(*m.split(".")).with_suffix(".py")
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, copy)
            if src.with_suffix(".pxd").is_file():
                shutil.copyfile(src.with_suffix(".pxd"), copy.with_suffix(".pxd"))
            for d in copy.parents:   # packages, so that Cython finds a .pxd by the module's name
                if d == tmpdir / "src":
                    break
                (d / "__init__.py").touch()
            exts.append(Extension(m, [str(copy)]))
        try:
            modules = cythonize(exts, compiler_directives={"language_level": 3, "binding": True},
                                quiet=True, nthreads=0)
            dist = Distribution({"ext_modules": modules})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib, cmd.build_temp, cmd.parallel = str(tmpdir / "lib"), str(tmpdir / "tmp"), os.cpu_count()
            cmd.ensure_finalized()
            cmd.run()
        except Exception as exc:  # a missing compiler, a Cython error: stay pure Python
            print(f"compiled engine not built ({type(exc).__name__}: {exc}): the pure-Python engine is used")
            return 1
        clean()
        OUT.mkdir(exist_ok=True)
        entries = {}
        for m in MODULES:
            built = Path(cmd.get_ext_fullpath(m))
            name = m + importlib.machinery.EXTENSION_SUFFIXES[0]
            shutil.copyfile(built, OUT / name)
            entries[m] = {"file": name, "source": hashes[m]}
        MANIFEST.write_text(json.dumps(entries, indent=1, sort_keys=True))
    print(f"compiled engine built: {len(MODULES)} modules in {OUT.relative_to(HERE.parent.parent)}")
    return 0


def clean() -> None:
    """Remove the compiled modules (the engine is then pure Python)."""
    shutil.rmtree(OUT, ignore_errors=True)
