"""``/docs`` (the pages of ``src/cosmodrome/web/`` are served in the reader's language by
:mod:`.webpages`, the rest of it is mounted as static files by
:func:`~cosmodrome.server.app.create_app`): ``/docs``, the API described from
``/openapi.json`` as one plain HTML page (no script and nothing from another site, so it
works offline and behind the same guards as the rest)."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(include_in_schema=False)


@router.get("/docs")
async def docs(request: Request):
    return HTMLResponse(api_page(request.app.openapi()))


def _ref(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if schema.get("type") == "array":
        return f"list of {_ref(schema.get('items', {}))}"
    if "anyOf" in schema:
        return " or ".join(_ref(s) for s in schema["anyOf"])
    return schema.get("type") or ("const " + json.dumps(schema["const"]) if "const" in schema else "any")


def _model(name: str, schema: dict[str, Any]) -> str:
    rows = "".join(f"<tr><td><code>{escape(k)}</code>{' *' if k in schema.get('required', []) else ''}</td>"
                   f"<td>{escape(_ref(v))}</td><td>{escape(v.get('description', ''))}</td></tr>"
                   for k, v in (schema.get("properties") or {}).items())
    more = " (and more fields)" if schema.get("additionalProperties", False) is not False else ""
    return (f"<h3 id='{escape(name)}'>{escape(name)}</h3><p>{escape(schema.get('description', ''))}{more}</p>"
            f"<table><tr><th>field (* required)</th><th>type</th><th>what</th></tr>{rows}</table>")


def api_page(spec: dict[str, Any]) -> str:
    """The API as HTML: each endpoint with its summary, parameters, body, answer and errors,
    then each model's fields."""
    parts = [f"<h1>{escape(spec['info']['title'])} API</h1><p>Machine-readable: <a href='/openapi.json'>"
             "/openapi.json</a>. Errors are <code>{\"error\": sentence, \"kind\": name}</code>. A seat's token "
             "goes in the <code>X-Cosmodrome-Token</code> header, never the URL.</p>"]
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            params = ", ".join(f"{p['name']} ({p['in']})" for p in op.get("parameters", []))
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            answers = []
            for code, r in op.get("responses", {}).items():
                schema = r.get("content", {}).get("application/json", {}).get("schema")
                answers.append(f"{code} {escape(r.get('description', ''))}"
                               + (f" → {escape(_ref(schema))}" if schema else ""))
            parts.append(f"<h2><code>{method.upper()} {escape(path)}</code> — {escape(op.get('summary', ''))}</h2>"
                         f"<p>{escape(op.get('description', ''))}</p>"
                         + (f"<p>Parameters: {escape(params)}</p>" if params else "")
                         + (f"<p>Body: {escape(_ref(body))}</p>" if body else "")
                         + "<ul>" + "".join(f"<li>{a}</li>" for a in answers) + "</ul>")
    for name, schema in (spec.get("components", {}).get("schemas") or {}).items():
        parts.append(_model(name, schema))
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Cosmodrome API</title>"
            "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}h2{font-size:1.05em;margin-top:1.5em}"
            "</style></head><body>" + "".join(parts) + "</body></html>")


def endpoints(app) -> list[tuple[str, str, str]]:
    """Every route of ``app`` as (method, path, errors): the errors column of docs/SERVER.md's
    table (an API route's declared error statuses; "WS" for the socket; static files left out)."""
    from fastapi.routing import APIRoute, APIWebSocketRoute
    from starlette.routing import Route

    spec = app.openapi()
    out = []
    stack = list(app.router.routes)
    while stack:
        r = stack.pop(0)
        if hasattr(r, "original_router"):  # an included router (FastAPI keeps it as one route)
            stack[:0] = list(r.original_router.routes)
        elif isinstance(r, APIWebSocketRoute):
            out.append(("WS", r.path, "error frame, then close (4000 + status)"))
        elif isinstance(r, (APIRoute, Route)):
            for method in sorted(r.methods - {"HEAD"}):
                op = spec["paths"].get(r.path, {}).get(method.lower(), {})
                out.append((method, r.path, ", ".join(sorted(c for c in op.get("responses", {}) if c[0] != "2"))))
    return out

