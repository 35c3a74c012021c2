"""The page scripts share api.js's helpers (el, svg, banner, tipOn, ...) rather than keeping copies
that drift apart: a script may wrap one (importing it under another name), not write its own."""

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "web" / "js"


def own_definition(js, name):
    """Whether the script ``js`` defines ``name`` itself: a function, or an arrow function or a
    function expression kept in a constant or a variable."""
    return bool(re.search(rf"^\s*(export )?(async )?function\*? {name}\s*\(", js, re.M)
                or re.search(rf"^\s*(export )?(const|let|var) {name}\s*=", js, re.M))


def copies_of(shared):
    copies = []
    for path in sorted(WEB.rglob("*.js")):
        if path.name == "api.js":
            continue
        js = path.read_text(encoding="utf-8")
        for name in shared:
            if own_definition(js, name) and not re.search(
                    rf"\b{name} as \w+\b[^;]*from \"(\./|\.\./)api\.js\"", js):
                copies.append(f"{path.relative_to(WEB)}: {name}")
    return copies


def test_no_page_script_writes_its_own_copy_of_a_shared_helper():
    api = (WEB / "api.js").read_text(encoding="utf-8")
    shared = set(re.findall(r"^export function (\w+)\(", api, re.M))
    assert {"el", "svg", "banner", "tipOn", "hideTip"} <= shared
    copies = copies_of(shared)
    assert not copies, f"copies of api.js's helpers: {copies}"


def test_every_renderer_shows_its_tooltips_through_api_js():
    """One tooltip helper (api.js tipOn/hideTip) for every game's table: no renderer keeps its own,
    whatever its arguments, and those that show tooltips import the shared one."""
    renderers = sorted((WEB / "renderers").glob("*.js"))
    assert {"venus.js", "cosmic-run.js"} <= {p.name for p in renderers}
    own = [f"{p.name}: {name}" for p in renderers for name in ("tipOn", "hideTip")
           if own_definition(p.read_text(encoding="utf-8"), name)]
    assert not own, f"renderers with their own tooltip helper: {own}"
    for p in renderers:
        js = p.read_text(encoding="utf-8")
        if re.search(r"\btipOn\(", js):
            assert re.search(r"import \{[^}]*\btipOn\b[^}]*\} from \"\.\./api\.js\"", js), p.name


def test_the_check_sees_a_copy_in_any_form():
    for js in ("function tipOn(node, title, text, src) {", "  function tipOn (node, help, extra) {",
               "const tipOn = (node, help) => node;", "export let tipOn = function (node) {}"):
        assert own_definition(js, "tipOn"), js
    for js in ("tipOn(node, help, TIP);", "const tipOnce = 1;", "function tipOnNode(x) {}"):
        assert not own_definition(js, "tipOn"), js
