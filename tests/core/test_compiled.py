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
