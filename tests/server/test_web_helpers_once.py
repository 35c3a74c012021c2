"""The page scripts share api.js's helpers (el, svg, banner, ...) rather than keeping copies
that drift apart: a script may wrap one (importing it under another name), not write its own."""

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "cosmodrome" / "web" / "js"


def test_no_page_script_writes_its_own_copy_of_a_shared_helper():
    api = (WEB / "api.js").read_text(encoding="utf-8")
    shared = set(re.findall(r"^export function (\w+)\(", api, re.M))
    assert {"el", "svg", "banner"} <= shared
    copies = []
    for path in sorted(WEB.rglob("*.js")):
        if path.name == "api.js":
            continue
        js = path.read_text(encoding="utf-8")
        for name in shared:
            if re.search(rf"^\s*(export )?function {name}\(", js, re.M) and not re.search(
                    rf"\b{name} as \w+\b[^;]*from \"(\./|\.\./)api\.js\"", js):
                copies.append(f"{path.relative_to(WEB)}: {name}")
    assert not copies, f"copies of api.js's helpers: {copies}"
