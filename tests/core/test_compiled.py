"""The optional compiled engine loads a module's build only while its source is unchanged."""

import importlib.machinery
import re

import pytest

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


def test_a_module_is_stale_when_a_module_its_pxd_cimports_changed(tmp_path, monkeypatch):
    # games/venus/actions.pxd cimports flow's index helpers: a build of actions holds flow's
    # C functions, so it must not load beside a flow run as Python (edited since the build)
    flow, rule = tmp_path / "flow.py", tmp_path / "rule.py"
    flow.write_text("def unit_ix(p, pl, t=0):\n    return p * 24 + pl * 3 + t\n")
    (tmp_path / "flow.pxd").write_text(
        "cpdef Py_ssize_t unit_ix(Py_ssize_t p, Py_ssize_t pl, Py_ssize_t t=*) noexcept\n")
    rule.write_text("from cosmodrome.games.x.flow import unit_ix\n")
    (tmp_path / "rule.pxd").write_text("from cosmodrome.games.x.flow cimport unit_ix\n")
    monkeypatch.setattr(compiled, "source_of", lambda m: tmp_path / (m.rsplit(".", 1)[1] + ".py"))
    before = digest(rule)
    flow.write_text("def unit_ix(p, pl, t=0):\n    return p * 24 + pl * 3 + t + 0\n")
    assert digest(rule) != before


@pytest.mark.parametrize("helpers, users, declared", [
    ("cosmodrome.games.venus.flow", ("actions", "cards", "combat", "crises", "phases", "scoring", "observation"),
     {"N_PLANETS", "planet_steps", "unit_ix", "building_ix", "stock_ix", "building_stock_ix", "encode_unit_at",
      "orbit_units", "surface_units", "units_of_type", "encode_gunrunner", "gunrunner_planet", "gunrunner_card",
      "encode_crisis", "crisis_planet", "crisis_level"}),
    ("cosmodrome.games.cosmic_run.grid", ("movement", "mines", "scoring", "rounds", "combat", "technologies", "actions",
                                          "observation"),
     {"SHEET_TRACKS", "TRACK_COLUMNS", "SHEET_TECHS", "ship_ix", "ship_sheet", "ship_parts", "circle_ix", "circle_row",
      "circle_parts", "tech_ix",
      "track_ix"}),
])
def test_the_rule_modules_cimport_what_their_helpers_declare(helpers, users, declared):
    # each .pxd that cimports the index helpers (and the constants beside them: Venus's
    # N_PLANETS, Cosmic Run's SHEET_TRACKS) names only what the helpers' .pxd declares, and the module imports the same
    # names for the pure-Python engine; every module cimporting them is compiled, and so are
    # the helpers (Venus's flow.pxd also declares the frames' classes, which the rules cimport)
    helpers_pxd = source_of(helpers).with_suffix(".pxd").read_text()
    classes = set(re.findall(r"^cdef class (\w+)", helpers_pxd, re.M))
    assert set(re.findall(r"cpdef \w+ (\w+)\(", helpers_pxd)) | set(re.findall(r"^cdef \w+ (\w+)$", helpers_pxd,
                                                                                re.M)) == declared
    package = helpers.rsplit(".", 1)[0]
    for m in users:
        src = source_of(f"{package}.{m}")
        pxd = src.with_suffix(".pxd").read_text()
        assert set(compiled.cimports(pxd)) == {helpers}
        names = set(re.findall(r"\w+", " ".join(re.findall(rf"from {re.escape(helpers)} cimport ([^\n]*)", pxd))))
        imported = re.search(rf"from {re.escape(helpers)} import (\([^)]*\)|[^\n]*)", src.read_text()).group(1)
        assert names <= declared | classes and names <= set(re.findall(r"\w+", imported)), m
        assert f"{package}.{m}" in compiled.MODULES
    assert helpers in compiled.MODULES


def test_a_module_whose_cimported_module_has_no_build_loads_as_python(tmp_path, monkeypatch):
    # actions' build is current, but flow's library is gone: actions must load as Python too
    monkeypatch.setattr(compiled, "OUT", tmp_path)
    (tmp_path / "actions.so").write_bytes(b"")
    (tmp_path / "flow.so").write_bytes(b"")
    acts, flow = "cosmodrome.games.venus.actions", "cosmodrome.games.venus.flow"
    built = {acts: {"file": "actions.so", "source": digest(source_of(acts))},
             flow: {"file": "flow.so", "source": digest(source_of(flow))}}
    assert CompiledFinder(built).find_spec(acts) is not None
    (tmp_path / "flow.so").unlink()
    assert CompiledFinder(built).find_spec(acts) is None
