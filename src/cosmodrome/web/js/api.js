// Small helpers shared by the lobby, the table and the replay viewer.

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

export async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, "Cannot reach the server. Check your connection; nothing was sent.");
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `the server answered ${res.status}`;
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  return data;
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

/** The headline of a finished game: a co-operative team wins or loses as one. */
export function resultText(res) {
  if (res.cooperative) return res.all_lose ? "The team lost!" : "The team won!";
  return res.all_lose ? "Everyone lost!" : `Winner: ${res.winner_names.join(" & ")}`;
}
