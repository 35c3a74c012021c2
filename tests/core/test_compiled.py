"""The optional compiled engine loads a module's build only while its source is unchanged."""

import importlib.machinery

from cosmodrome import compiled
from cosmodrome.compiled import CompiledFinder, digest, source_of

MOD = "cosmodrome.core.rng"


def test_a_build_of_the_current_source_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "OUT", tmp_path)
    (tmp_path / "rng.so").write_bytes(b"")
    spec = CompiledFinder({MOD: {"file": "rng.so", "source": digest(source_of(MOD))}}).find_spec(MOD)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(tmp_path / "rng.so")


def test_a_stale_or_missing_build_leaves_the_module_to_python(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "OUT", tmp_path)
    (tmp_path / "rng.so").write_bytes(b"")
    assert CompiledFinder({MOD: {"file": "rng.so", "source": "0" * 64}}).find_spec(MOD) is None
    assert CompiledFinder({MOD: {"file": "gone.so", "source": digest(source_of(MOD))}}).find_spec(MOD) is None
    assert CompiledFinder({}).find_spec(MOD) is None


def test_the_environment_switch_keeps_everything_python(monkeypatch):
    monkeypatch.setenv("COSMODROME_PURE", "1")
    assert compiled.install() is False
    assert set(compiled.status().values()) == {"python"}


def test_a_changed_pxd_makes_its_module_stale(tmp_path):
    # a module's C declarations (e.g. core/events.pxd) are part of what a build was made from
    src = tmp_path / "events.py"
    src.write_text("class Event:\n    pass\n")
    alone = digest(src)
    (tmp_path / "events.pxd").write_text("cdef class Event:\n    cdef public object kind\n")
    declared = digest(src)
    (tmp_path / "events.pxd").write_text("cdef class Event:\n    cdef public object kind, data\n")
    assert len({alone, declared, digest(src)}) == 3


def test_the_event_class_has_its_declaration_beside_it():
    # the build compiles Event from this .pxd; its fields are the Python class's slots
    from cosmodrome.core.events import Event

    pxd = source_of("cosmodrome.core.events").with_suffix(".pxd").read_text()
    line = next(x for x in pxd.splitlines() if "cdef public object" in x)
    fields = [f.strip() for f in line.split("cdef public object", 1)[1].split(",")]
    assert fields == list(Event.__slots__)
