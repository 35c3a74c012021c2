// Small helpers shared by the lobby, the table and the replay viewer.
import { language, levelWord, pgettext, t, tn } from "./i18n.js";

export { language, pgettext, t, tn };

// The reader's language rides on every request (server/languages.py), so views, prompts,
// options, log lines and error sentences come back in it.
export function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
}

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// A seat token travels in this header (REST) or the socket's first frame, never in a URL:
// web servers and proxies write URLs to their logs.
export const TOKEN_HEADER = "X-Cosmodrome-Token";

export async function api(method, path, body, token) {
  let res;
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  if (token) headers[TOKEN_HEADER] = token;
  try {
    res = await fetch(withLang(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, t("Cannot reach the server. Check your connection; nothing was sent."));
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || t("the server answered {status}", { status: res.status });
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  return data;
}

/** Show ``text`` in the page's banner (#banner) as a sentence (its first letter capital: the
 *  server's refusals are written to be read inside a sentence too), at ``level`` (error,
 *  warning, info), hidden again after ``ms`` milliseconds (0: it stays). */
export function banner(text, level = "error", ms = 7000) {
  const b = document.getElementById("banner");
  const s = String(text ?? "");
  b.className = `banner ${level}`;
  b.textContent = s.charAt(0).toLocaleUpperCase(language()) + s.slice(1);
  b.hidden = false;
  clearTimeout(banner.t);
  if (ms) banner.t = setTimeout(() => (b.hidden = true), ms);
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function params() {
  return new URLSearchParams(location.search);
}

// The seat tokens of this page: from the fragment (#token=T or #token=T1,T2), which the browser
// never sends to the server. An old link with ?token= in its query still works: the token is
// moved into the fragment, so it is not sent again (reloads, the address bar, bookmarks).
export function seatTokens() {
  const q = new URLSearchParams(location.search);
  const h = new URLSearchParams(location.hash.slice(1));
  let tok = h.get("token") || "";
  if (q.has("token")) {
    tok = tok || q.get("token");
    q.delete("token");
    history.replaceState(null, "", `${location.pathname}?${q}${tok ? `#token=${tok}` : ""}`);
  }
  return tok.split(",").map(t => t.trim()).filter(Boolean);
}

// Save a JSON answer of the API as a file (the token goes in the header, not in a link).
export async function download(path, token, filename) {
  const data = await api("GET", path, undefined, token);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A renderer module per game: js/renderers/<game>.js, else the generic JSON view.
const cache = {};
export async function loadRenderer(game) {
  if (cache[game]) return cache[game];
  let mod;
  try {
    mod = await import(`./renderers/${game}.js`);
  } catch (e) {
    mod = await import("./renderers/generic.js");
  }
  cache[game] = mod;
  return mod;
}

// The same as el() for SVG elements (attributes set as given; "text" sets the text content).
const SVGNS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.setAttribute("class", v);
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of kids.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// ----- tooltips: the table's help boxes (one shown at a time) -------------------------------------
let tip = null;
/** Hide the tooltip shown (if any): a renderer calls it when it draws the table again or acts. */
export function hideTip() { if (tip) { tip.remove(); tip = null; } }

/** Give ``node`` (HTML or SVG) a help box shown on hover and touch, and return it. ``help`` is
 *  ``[title, text, source]`` as the views hand them out (in the reader's language already; text
 *  and source may be empty; no help: nothing is done). Options: ``extra``, a line about this very
 *  thing (its count, its owner) under the text; ``box``, the box's CSS class (the renderer's look);
 *  ``testid``, the box's data-testid; ``names``: the help names the node (its aria-label, after
 *  the words it shows, and a role that allows a label) rather than describes it (its
 *  aria-description; a label only where it shows no words: a name that left the visible words
 *  out would not match what a speech-input user says). */
export function tipOn(node, help, { extra = null, box = "tip", testid = null, names = false } = {}) {
  if (!help) return node;
  const [title, text, source] = help;
  const show = () => {
    hideTip();
    tip = el("div", { class: box, role: "tooltip", "data-testid": testid }, el("b", { text: title }),
      text ? el("div", { text }) : null, extra ? el("div", { class: "ex", text: extra }) : null,
      source ? el("div", { class: "src", text: source }) : null);
    document.body.append(tip);
    const r = node.getBoundingClientRect();
    const w = tip.offsetWidth, h = tip.offsetHeight;
    const x = Math.min(window.innerWidth - w - 8, Math.max(8, r.left + r.width / 2 - w / 2));
    const below = r.bottom + 8 + h < window.innerHeight;
    tip.style.left = `${x}px`;
    tip.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - h - 6)}px`;
  };
  node.addEventListener("mouseenter", show);
  node.addEventListener("mouseleave", hideTip);
  node.addEventListener("touchstart", show, { passive: true });
  if (names) {
    if (!node.getAttribute("role")) node.setAttribute("role", node instanceof SVGElement ? "img" : "group");
    const label = `${title}${extra ? ` (${extra})` : ""}: ${text}`;
    const shown = node instanceof SVGElement ? "" : node.textContent.trim();
    node.setAttribute("aria-label", shown && !label.startsWith(shown) ? `${shown}: ${label}` : label);
  } else {
    node.setAttribute("aria-description", `${title}: ${text}`);
    if (!node.textContent.trim()) node.setAttribute("aria-label", title);
  }
  return node;
}

/** The headline of a finished game: a co-operative team wins or loses as one. */
export function resultText(res) {
  if (res.cooperative) return res.all_lose ? t("The team lost!") : t("The team won!");
  return res.all_lose ? t("Everyone lost!") : tn("Winner: {names}", "Winners: {names}", res.winner_names.length, { names: res.winner_names.join(" & ") });
}

/** A number with ``digits`` decimals as the reader's language writes it ("7.8"; Hungarian "7,8"). */
export function decimal(x, digits = 1) {
  return Number(x).toLocaleString(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A number as the reader's language writes it, with at most ``most`` decimals ("0.5", "2";
 * Hungarian "0,5"). */
export function numeral(x, most = 2) {
  return Number(x).toLocaleString(language(), { maximumFractionDigits: most });
}

/** A name in a list of players as people read it: a bot ("bot random") by its level. */
export function playerName(name) {
  const s = String(name || "");
  return s.startsWith("bot ") ? t("bot {level}", { level: botLabel(s.slice(4)) }) : s;
}

// A bot level as people call it; what it does (and how long it thinks) goes in a tooltip.
//   botLabel("ismcts:seconds=1") -> "Hard"; botHelp("ismcts:seconds=1") -> "Hard: searches 1 second ahead a move"
// The names come from the server's one table (GET /api/i18n "levels", server/lines.py level_word).
const searchIters = (s) => (/^ismcts:iters=(\d+)$/.test(s) ? Number(s.split("=")[1]) : null);
const searchSeconds = (s) => { const m = /^ismcts(?::seconds=([0-9.]+))?/.exec(s); return m ? Number(m[1] || 1) : null; };
export function botLabel(spec) {
  const s = String(spec || "");
  const word = levelWord(s);
  return word ? t(word) : s;
}
export function botHelp(spec) {
  const s = String(spec || "");
  const iters = searchIters(s);
  const secs = iters === null ? searchSeconds(s) : null;
  const what = s === "random" ? t("plays any allowed move at random")
    : s === "heuristic" ? t("plays by simple rules of thumb")
    : iters !== null ? tn("plays {n} game out ahead of each move", "plays {n} games out ahead of each move", iters,
                          { n: iters.toLocaleString(language()) })
    : secs !== null ? tn("searches {seconds} second ahead a move", "searches {seconds} seconds ahead a move", secs,
                         { seconds: secs.toLocaleString(language()) })
    : null;
  return what ? t("{level}: {what}", { level: botLabel(s), what }) : botLabel(s);
}
