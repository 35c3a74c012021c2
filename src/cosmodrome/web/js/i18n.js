// The page's language (docs/TRANSLATING.md). The same gettext catalogs the server reads are
// served as JSON (GET /api/i18n/{lang}); this module loads the reader's catalog before any
// page module renders (a top-level await: every page imports it through api.js), and
// t("English text") / tn(singular, plural, n) look texts up, falling back to the English.
//
// The language: the picker's choice (kept in localStorage, in the cosmodrome_lang cookie the
// server reads to send the pages in it, and, signed in, on the account),
// else the account's, else the first of navigator.languages the server has a catalog for,
// else English.

const STORE_KEY = "cosmodrome.lang";
// the same choice in a cookie, for the server to send the pages in it (server/routers/webpages.py)
const COOKIE = "cosmodrome_lang";
let lang = "en";
let messages = {};
let plural = n => (n !== 1 ? 1 : 0);
let languages = [{ lang: "en", name: "English" }];
let levels = {};   // bot levels named in words, in English (GET /api/i18n: the server's one table)

const VOWELS = "aáeéiíoóöőuúüű";
const VOWEL_NAMED = "aáeéiíoóöőuúüűflmnrsxy";  // letters whose Hungarian names begin with a vowel

/** The Hungarian definite article before ``word`` as it is read ("az" before a vowel sound,
 *  "a" before a consonant), as i18n.article() on the server: a number is read as a word
 *  (egy, öt, ötven, ezer: "az"; kettő, tíz, száz: "a"), an abbreviation without vowels
 *  letter by letter (S: "es"). */
export function article(word) {
  const text = String(word).replace(/^[\s"'„“”‘’«»()[\]<>\-–—#*]+/, "");
  const num = /^[0-9][0-9 \u00a0\u202f]*/.exec(text);
  if (num) {
    const digits = num[0].replace(/\D/g, "").replace(/^0+/, "");
    if (!digits) return "a";
    const lead = digits.slice(0, digits.length % 3 || 3);
    return lead[0] === "5" || lead === "1" ? "az" : "a";
  }
  const tok = /^[\p{L}\p{N}_]+/u.exec(text);
  if (!tok) return "a";
  const w = tok[0];
  const low = w.toLowerCase();
  if (w === w.toUpperCase() && w.length <= 4 && ![...low].some(c => VOWELS.includes(c))) return VOWEL_NAMED.includes(low[0]) ? "az" : "a";
  return VOWELS.includes(low[0]) ? "az" : "a";
}

// names that take no article ("Kína dob", beside "a Szovjetunió dob"): "{name:az}" writes
// them bare; the catalog sends them ("bare", the server's i18n.BARE_NAMES)
let bare = [];
const isBare = v => bare.some(n => v.startsWith(n) && !/^[\p{L}\p{N}_]/u.test(v.slice(n.length)));

// "{who} plays {card}." with {who: "Red", card: "x"}: named fields, as Python's str.format;
// "{n:az}" writes the value with the article it takes ("az 5", "a 2"), "{n:Az}" capitalised
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)(?::([aA]z))?\}/g, (m, k, art) => {
    if (!(k in values)) return m;
    const v = String(values[k]);
    if (!art || isBare(v)) return v;
    const a = article(v);
    return (art === "Az" ? a[0].toUpperCase() + a.slice(1) : a) + " " + v;
  });
}

/** ``msg`` (English) in the reader's language, its {fields} filled from ``values``. */
export function t(msg, values) {
  const s = messages[msg];
  return fill(typeof s === "string" && s ? s : msg, values);
}

/** ``msg`` as said in ``context`` (a word the catalog translates differently elsewhere:
 *  pgettext("menu", "Cancel") closes a menu, where the lab's "Cancel" stops a run). */
export function pgettext(context, msg, values) {
  const s = messages[`${context}\u0004${msg}`];
  return fill(typeof s === "string" && s ? s : msg, values);
}

/** The singular or plural form for ``n`` (the catalog's plural rule), {n} filled in. */
export function tn(singular, plural_, n, values) {
  const forms = messages[singular];
  let s;
  if (Array.isArray(forms)) s = forms[Math.min(plural(n), forms.length - 1)];
  if (!s) s = n === 1 ? singular : plural_;
  return fill(s, Object.assign({ n }, values || {}));
}

export function language() { return lang; }
export function available() { return languages; }
/** The English name of a bot level that has one ("heuristic": "Easy"), as the server names it. */
export function levelWord(spec) { return Object.hasOwn(levels, spec) ? levels[spec] : null; }

/** The best available language for a list like navigator.languages. */
export function negotiate(wanted, have) {
  for (const w of wanted || []) {
    const tag = String(w).toLowerCase();
    for (const h of have) if (tag === h || tag.split("-")[0] === h) return h;
  }
  return "en";
}

// the picker's choice as the cookie keeps it (null: none)
function remembered() {
  const m = document.cookie.match(/(?:^|;\s*)cosmodrome_lang=([A-Za-z-]{1,20})(?:;|$)/);
  return m ? m[1] : null;
}

function remember(code) {
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${400 * 24 * 3600}; SameSite=Lax`;
}

async function chosen(have) {
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch (e) { stored = null; }
  if (!stored) stored = remembered();
  if (stored && have.includes(stored)) {
    if (remembered() !== stored) remember(stored);  // a choice made before the cookie was kept
    return stored;
  }
  try {  // signed in: the account's choice (asked only then: a 401 would be an error in the console)
    const who = await fetch("/api/account");
    const signedIn = who.ok && (await who.json()).account;
    const res = signedIn ? await fetch("/api/account/language") : null;
    if (res && res.ok) {
      const mine = (await res.json()).lang;
      if (mine && have.includes(mine)) return mine;
    }
  } catch (e) { /* offline: the browser's languages */ }
  return negotiate(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language], have);
}

// The static words of the page's HTML (extracted from web/*.html into the catalog). The server
// sends a page already written in the reader's language (server/routers/webpages.py), each text's
// English id kept in data-i18n on its element (data-i18n-title... for the attributes): a text with
// an id is written from it, in this page's language or back in English, so translating a page
// the server translated is harmless; a text without one (an English page) is looked up as it is.
const ATTRS = ["title", "placeholder", "aria-label"];

function said(id) {
  const s = messages[id];
  return typeof s === "string" && s ? s : null;
}

function translateDocument(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const n of nodes) {
    const holder = n.parentElement;
    if (!holder || holder.closest("script, style")) continue;
    const raw = n.nodeValue;
    const key = raw.replace(/\s+/g, " ").trim();
    if (!key) continue;
    const id = holder.getAttribute("data-i18n");
    const text = id !== null ? (said(id) || id) : said(key);
    if (text !== null && text !== key) n.nodeValue = raw.replace(raw.trim(), text);
  }
  for (const e of root.querySelectorAll(ATTRS.map(a => `[${a}]`).join(","))) {
    for (const a of ATTRS) {
      const v = e.getAttribute(a);
      if (!v) continue;
      const id = e.getAttribute(`data-i18n-${a}`);
      const text = id !== null ? (said(id) || id) : said(v.replace(/\s+/g, " ").trim());
      if (text !== null && text !== v) e.setAttribute(a, text);
    }
  }
}

/** Load the reader's catalog (once, before the page renders). */
export async function loadLanguage() {
  try {
    const res = await fetch("/api/i18n");
    if (res.ok) ({ languages, levels = {} } = await res.json());
  } catch (e) { /* no server: English */ }
  lang = await chosen(languages.map(l => l.lang));
  if (lang !== "en") {
    try {
      const res = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
      const cat = await res.json();
      messages = cat.messages || {};
      bare = Array.isArray(cat.bare) ? cat.bare : [];
      // the catalog's Plural-Forms expression, e.g. "(n != 1)": numbers and operators only
      if (/^[\sn0-9!=<>&|?:%()]+$/.test(cat.plural || "")) plural = new Function("n", `return Number(${cat.plural});`);
    } catch (e) { lang = "en"; messages = {}; bare = []; }
  }
  document.documentElement.lang = lang;
  if (document.readyState === "loading") await new Promise(r => document.addEventListener("DOMContentLoaded", r, { once: true }));
  translateDocument(document.documentElement);
  addPicker();
}

/** Choose ``code`` as this browser's language, and the account's when signed in; reloads. */
export async function setLanguage(code) {
  try { localStorage.setItem(STORE_KEY, code); } catch (e) { /* private mode: this page only */ }
  remember(code);
  try {
    await fetch("/api/account/language", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lang: code }) });
  } catch (e) { /* not signed in (401) or offline: the browser keeps it */ }
  location.reload();
}

// The picker in the page's header.
function addPicker() {
  const header = document.querySelector("header.top, header");
  if (!header || header.querySelector("#lang-picker") || languages.length < 2) return;
  const sel = document.createElement("select");
  sel.id = "lang-picker";
  sel.dataset.testid = "lang-picker";
  sel.setAttribute("aria-label", t("Language"));
  sel.title = t("Language");
  for (const l of languages) {
    const o = document.createElement("option");
    o.value = l.lang; o.textContent = l.name; o.selected = l.lang === lang;
    sel.append(o);
  }
  sel.addEventListener("change", () => setLanguage(sel.value));
  header.append(sel);
}

await loadLanguage();
