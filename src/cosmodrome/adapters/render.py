"""``render_mode="rgb_array"``: a seat's view drawn by the browser table's own renderer.

The table draws each game with a JavaScript renderer (src/cosmodrome/web/js/renderers/<game>.js,
SVG and HTML). :class:`BoardRenderer` opens Debian's chromium headless through Playwright
once, loads a page holding only the board and the table's style sheets, hands the renderer a
view and takes a screenshot: an ``H x W x 3`` ``uint8`` array, the same picture a player sees
at the table. It is drawn from the view it is given (``state.view(seat)``), so it shows what
that seat may see and nothing more.

- Nothing leaves the machine: the page and every file it asks for are answered from the
  package's own static files (route interception); any other request is refused.
- One browser per renderer, reused frame after frame; :meth:`BoardRenderer.close` ends it
  (the environments call it in ``close()``).
- The frame has a fixed size (``width`` x ``height``, 1280 x 960 by default): a board larger
  than that is scaled down to fit.
- Without Playwright or chromium, the first frame raises :class:`RenderError` naming what is
  missing and how to install it.

>>> BoardRenderer("venus").game
'venus'
"""

from __future__ import annotations

import base64
import mimetypes
import os
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

import numpy as np

from cosmodrome.core.errors import CosmodromeError

#: the browser of the project's tests and renders (Debian's package; never downloaded)
CHROMIUM = os.environ.get("COSMODROME_CHROMIUM", "/usr/bin/chromium")
#: flags of a headless chromium that asks nothing of the network
ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run")
WEB = Path(__file__).resolve().parents[1] / "web"
#: a made-up origin the page is served from (every request to it is answered locally)
ORIGIN = "http://cosmodrome.invalid"
#: the games with their own renderer under web/js/renderers (others fall back to the raw view)
RENDERERS = tuple(sorted(p.stem for p in (WEB / "js" / "renderers").glob("*.js")
                         if p.stem not in ("generic", "places")))

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>board</title>
<link rel="stylesheet" href="/css/style.css"><link rel="stylesheet" href="/css/venus.css">
<link rel="stylesheet" href="/css/online.css"><link rel="stylesheet" href="/css/help.css">
<style>html, body { margin: 0; overflow: hidden; } #board { margin: 0; }</style>
</head><body><main class="table-page" style="display:block;padding:8px"><div class="board" id="board"></div></main>
</body></html>
"""

# draw the view with the game's renderer, wait for its style sheets and fonts, scale it to fit
_DRAW = """async ({game, ctx, width, height}) => {
  let mod;
  try { mod = await import(`/js/renderers/${game}.js`); } catch (e) { mod = await import("/js/renderers/generic.js"); }
  // a new element each frame, after a frame painted without it: the board is painted whole, so
  // the same view always gives the same pixels
  const root = document.createElement("div");
  root.id = "board"; root.className = "board";
  document.getElementById("board").replaceWith(document.createElement("div"));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  document.querySelector("main").replaceChildren(root);
  mod.render(root, Object.assign(ctx, {decision: null, waiting: null, dice: null, log: [], mode: "replay",
                                       status: ctx.result ? "finished" : "running", onAction: () => {}}));
  await Promise.all([...document.querySelectorAll('link[rel="stylesheet"]')].map(l => l.sheet ? null :
    new Promise(r => { l.addEventListener("load", r); l.addEventListener("error", r); })));
  await document.fonts.ready;
  document.getAnimations().forEach(a => a.finish());
  const w = Math.max(root.scrollWidth, 1) + 16, h = Math.max(root.scrollHeight, 1) + 16;
  const k = Math.min(1, width / w, height / h);
  root.style.zoom = k < 1 ? String(k) : "";
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""

# the screenshot's pixels: the PNG decoded by the browser itself (no imaging library needed)
_PIXELS = """async (png) => {
  const img = new Image();
  img.src = "data:image/png;base64," + png;
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext("2d", {colorSpace: "srgb"});
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let s = "";
  for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
  return [c.width, c.height, btoa(s)];
}"""


class RenderError(CosmodromeError, RuntimeError):
    """A frame that cannot be drawn: Playwright or chromium is missing, or the browser failed."""


def _serve(route: Any) -> None:
    """Answer a request of the page from the package's static files; refuse anything else."""
    url = route.request.url
    if not url.startswith(ORIGIN + "/"):
        route.abort()
        return
    path = url[len(ORIGIN) + 1:].split("?", 1)[0].split("#", 1)[0]
    if path in ("", "board.html"):
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=_PAGE)
        return
    file = (WEB / path).resolve()
    if WEB not in file.parents or not file.is_file():
        route.fulfill(status=404, content_type="text/plain", body="not found")
        return
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(status=200, content_type=kind, body=file.read_bytes())


class BoardRenderer:
    """Frames of one game's board, drawn by its table renderer in a headless chromium.

    ``frame(view, seat)`` returns a ``height x width x 3`` ``uint8`` array; the browser starts
    at the first frame and lives until :meth:`close`."""

    def __init__(self, game: str, width: int = 1280, height: int = 960,
                 seat_names: Sequence[str] = (), title: str = "") -> None:
        self.game, self.width, self.height = game, int(width), int(height)
        self.seat_names, self.title = list(seat_names), title or game
        self._pw = self._browser = self._page = None

    @staticmethod
    def check() -> None:
        """Raise :class:`RenderError` naming what is missing when Playwright or chromium is."""
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError as exc:
            raise RenderError(
                f"render_mode='rgb_array' needs the Python package 'playwright' ({exc}); install it with "
                "pip install 'cosmodrome[pettingzoo]' (never 'playwright install': it uses Debian's "
                "chromium)") from None
        if not os.path.exists(CHROMIUM):
            raise RenderError(f"render_mode='rgb_array' needs chromium at {CHROMIUM}, which is missing: "
                              "install Debian's package (apt-get install -y chromium) or set COSMODROME_CHROMIUM")

    def _open(self) -> Any:
        if self._page is not None:
            return self._page
        self.check()
        from playwright.sync_api import sync_playwright
        try:
            self._pw = sync_playwright().start()
            self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=list(ARGS), headless=True)
            page = self._browser.new_page(viewport={"width": self.width, "height": self.height})
            page.route("**/*", _serve)
            page.goto(f"{ORIGIN}/board.html")
        except Exception as exc:
            self.close()
            raise RenderError(
                f"chromium at {CHROMIUM} could not be started for render_mode='rgb_array': {exc}") from None
        self._page = page
        return page

    def frame(self, view: Mapping[str, Any], seat: Optional[int] = None,
              result: Optional[Mapping[str, Any]] = None) -> np.ndarray:
        """The board of ``view`` (the view of ``seat``; ``None``: the spectators') as RGB pixels."""
        page = self._open()
        seats = [{"seat": i, "name": n} for i, n in enumerate(self.seat_names)]
        name = "Spectator" if seat is None else (
            self.seat_names[seat] if seat < len(self.seat_names) else f"Seat {seat}")
        ctx = {"view": view, "seat": seat, "seatName": name, "seats": seats, "title": self.title,
               "result": dict(result) if result else None}
        game = self.game if self.game in RENDERERS else "generic"
        page.evaluate(_DRAW, {"game": game, "ctx": ctx, "width": self.width, "height": self.height})
        png = page.screenshot(type="png", animations="disabled", caret="hide")
        w, h, raw = page.evaluate(_PIXELS, base64.b64encode(png).decode("ascii"))
        rgba = np.frombuffer(base64.b64decode(raw), dtype=np.uint8).reshape(h, w, 4)
        return np.ascontiguousarray(rgba[:, :, :3])

    def close(self) -> None:
        """End the browser (a later frame starts a new one)."""
        for closer in (self._browser, self._pw):
            if closer is not None:
                try:
                    closer.close() if closer is self._browser else closer.stop()
                except Exception:  # pragma: no cover - a browser already gone
                    pass
        self._pw = self._browser = self._page = None

    @classmethod
    def for_game(cls, game: Any, players: int, **kwargs: Any) -> "BoardRenderer":
        """A renderer of ``game`` (a core Game) for ``players`` seats, with its seat names and
        title; raises :class:`RenderError` at once when Playwright or chromium is missing."""
        cls.check()
        return cls(game.name, seat_names=[game.seat_name(i, players) for i in range(players)],
                   title=game.title or game.name, **kwargs)

    def __del__(self) -> None:  # pragma: no cover - a renderer dropped without close()
        if self._page is not None:
            try:
                self.close()
            except Exception:
                pass
