"""The server stays readable: no function of ``src/cosmodrome/server`` is longer than about
100 lines (issue 25, "A server one can read and change")."""

from __future__ import annotations

import ast
from pathlib import Path

import cosmodrome.server

SERVER = Path(cosmodrome.server.__file__).resolve().parent
LONGEST = 100


def long_functions(root: Path = SERVER, longest: int = LONGEST) -> list[str]:
    """``path:line name (n lines)`` for every function or method under ``root`` longer than
    ``longest`` lines, decorators and docstring included."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                n = node.end_lineno - first + 1
                if n > longest:
                    out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({n} lines)")
    return out


def test_no_server_function_is_longer_than_100_lines():
    assert long_functions() == []


def test_the_walk_finds_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    (tmp_path / "m.py").write_text(f"def short():\n    pass\n\n\nasync def long():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path) == ["m.py:5 long (101 lines)"]
