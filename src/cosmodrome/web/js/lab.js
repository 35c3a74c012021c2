// The design lab (docs/LAB.md): a game's component data as a form (or TOML), a run of bots on the
// variant beside the printed game with the same seeds, its progress, its results as tables and
// SVG plots drawn here, and the runs kept at the server (reopen, compare, download, play).
import { api, botHelp, botLabel, decimal, el, language, svg, t, tn, banner } from "./api.js";
import { accountBar } from "./account.js";

const $ = (id) => document.getElementById(id);
const ARMS = [["baseline", t("printed game"), "#5cc8ff"], ["variant", t("variant"), "#ffb545"]];
let info = null;          // GET /api/lab
let base = "";            // the TOML the form starts from (the packaged data, or the TOML view's text)
let polling = null;       // the run being watched
const pct = (x) => `${decimal(100 * x)}%`;
// "a to b", "d (lo to hi)" and "d pts (lo to hi)": the intervals of the results' tables
const range = (d, lo, hi) => t("{diff} ({low} to {high})", { diff: d, low: lo, high: hi });
const ptsRange = (d, ci) => t("{diff} pts ({low} to {high})", { diff: decimal(100 * d), low: decimal(100 * ci[0]), high: decimal(100 * ci[1]) });
const num = (x, d = 1) => (typeof x === "number" ? decimal(x, d) : "–");

// A run's status in the reader's language.
function statusWord(status) {
  const words = { queued: t("queued"), running: t("running"), done: t("done"), failed: t("failed"), cancelled: t("cancelled") };
  return words[status] || status;
}

// A bot of a run: a level of the lab ("easy") or a bot's spec ("heuristic"), in words.
// a seat's bot by its level's word (the lab's levels are names for specs: GET /api/lab "levels")
const botName = (b) => botLabel((info && info.levels[b]) || b);

// A game's own counter (a key of its ``summary()``) by the words the game gives it: the run's
// results carry them (``labels``, in English: written here in the reader's language).
function counterName(key, labels) {
  return t((labels || {})[key] || key);
}

function subName(sub) {
  const seat = /^seat (\d+)$/.exec(sub);
  if (seat) return t("Seat {n}", { n: seat[1] });
  const level = /^(.+):(\d+)$/.exec(sub);   // a Venus crisis: planet and level
  if (level) return t("{planet}, level {n}", { planet: t(level[1]), n: level[2] });
  return t(sub);
}

// A measure or breakdown named by the server's results (English, as they are kept): its words in
// the reader's language where the catalog has them ("Seat 2: VP from planets", "threat normal:
// games won", "Win rate by threat"); a counter's by the run's ``labels``.
function measureName(text, labels) {
  if (text === "mean VP") return t("Mean score (all seats)");
  if (text === "VP spread (max-min)") return t("Score spread (highest − lowest)");
  let m = /^([a-z][a-z0-9_]*)(?: (.+))? per game$/.exec(text);   // a counter's key, as summary() names it
  if (m && m[1] !== "decisions") {
    const what = m[2] ? `${counterName(m[1], labels)} · ${subName(m[2])}` : counterName(m[1], labels);
    return t("{what} per game", { what });
  }
  m = /^Seat (\d+): (.*)$/.exec(text);
  if (m) return t("Seat {n}: {what}", { n: m[1], what: t(m[2]) });
  m = /^(\w+) (\S+): games won$/.exec(text);
  if (m) return t("{option} {value}: games won", { option: t(m[1]), value: t(m[2]) });
  m = /^Win rate by (\w+)$/.exec(text);
  if (m) return t("Win rate by {option}", { option: t(m[1]) });
  return t(text);
}

// ----- the form ---------------------------------------------------------------------------------
function fieldInput(entry, f, i) {
  const id = `lab-field-${i}`;
  const attrs = { id, "data-path": JSON.stringify(f.path), "data-kind": f.kind, "data-orig": String(f.value),
                  "aria-label": `${entry.title || entry.label}: ${f.title || f.label}` };
  let input;
  if (f.kind === "bool") {
    input = el("input", Object.assign(attrs, { type: "checkbox" }));
    input.checked = !!f.value;
  } else if (f.kind === "text") {
    input = el("input", Object.assign(attrs, { type: "text", value: f.value, size: 12 }));
  } else {
    input = el("input", Object.assign(attrs, { type: "number", value: f.value, step: f.kind === "int" ? 1 : "any",
                                               min: f.min ?? null, class: "num" }));
  }
  const mark = () => { input.classList.toggle("changed", valueOf(input) !== parse(input.dataset.orig, f.kind)); checkSoon(); };
  input.addEventListener("input", mark);
  input.addEventListener("change", mark);
  const range = f.kind === "int" || f.kind === "float" ? (f.min !== null && f.min !== undefined ? `≥ ${f.min}` : t("any")) : "";
  return el("span", { class: "field" }, el("label", { for: id, text: f.title || f.label, "data-key": f.label }), input,
    range ? el("span", { class: "range small muted", title: t("valid values (the game checks the whole file too)"), text: range }) : null);
}

// The valid ranges of the whole numbers, worked out once per game and player count by the
// server (the game's own check, each field with the others as printed): polled until ready.
async function loadRanges() {
  const want = `${$("lab-game").value}/${$("lab-players").value}`;
  loadRanges.want = want;
  while (loadRanges.want === want) {
    let r;
    try {
      r = await api("GET", `/api/lab/games/${encodeURIComponent($("lab-game").value)}/ranges?players=${encodeURIComponent($("lab-players").value)}`);
    } catch (e) { return; }
    if (loadRanges.want !== want) return;
    if (r.ready) return applyRanges(r.ranges || {});
    $("lab-ranges-note").textContent = t("Working out the valid range of each number…");
    await new Promise(res => setTimeout(res, 2000));
  }
}

function applyRanges(ranges) {
  for (const input of $("lab-form").querySelectorAll("[data-kind=int]")) {
    const r = ranges[input.dataset.path];
    const span = input.parentElement.querySelector(".range");
    if (!r || !span) continue;
    const [lo, hi] = r;
    input.min = lo;
    if (hi !== null) input.max = hi; else input.removeAttribute("max");
    span.textContent = hi === null ? `≥ ${lo}` : lo === hi ? t("only {n}", { n: lo }) : `${lo}–${hi}`;
    span.dataset.checked = "1";
  }
  $("lab-ranges-note").textContent = t("Ranges: each number's valid values with the other entries as printed, as the game's own check finds them.");
}

function parse(text, kind) {
  if (kind === "bool") return text === "true";
  if (kind === "int" || kind === "float") return Number(text);
  return text;
}

function valueOf(input) {
  const k = input.dataset.kind;
  if (k === "bool") return input.checked;
  if (k === "int" || k === "float") return input.value === "" ? NaN : Number(input.value);
  return input.value;
}

function renderForm(form) {
  let i = 0;
  const box = $("lab-form");
  box.replaceChildren(...form.map(sec => el("fieldset", { class: "section", "data-section": sec.section },
    el("legend", { text: sec.title || sec.section }),
    sec.entries.map(entry => el("div", { class: "entry", "data-key": entry.label },
      el("div", { class: "entry-head" }, el("b", { text: entry.title || entry.label }), " ",
        el("span", { class: `pill ${entry.status === "fact" ? "ok" : "warn"}`, text: entry.status_text || (entry.status === "fact" ? t("fact") : t("assumed")) }), " ",
        el("span", { class: "small muted", "data-testid": "lab-source", text: entry.source_text || t(entry.source) })),
      el("div", { class: "fields" }, entry.fields.map(f => fieldInput(entry, f, i++))))))));
}

function edits() {
  const out = [];
  for (const input of $("lab-form").querySelectorAll("[data-path]")) {
    const v = valueOf(input);
    if (v === parse(input.dataset.orig, input.dataset.kind)) continue;
    if (typeof v === "number" && !Number.isFinite(v)) throw new Error(t("{field} needs a number", { field: input.getAttribute("aria-label") }));
    if (input.dataset.kind === "int" && !Number.isInteger(v)) throw new Error(t("{field} needs a whole number", { field: input.getAttribute("aria-label") }));
    out.push({ path: JSON.parse(input.dataset.path), value: v });
  }
  return out;
}

// The game's own check of the variant, a moment after the last change: the sentence a run
// would be refused with, shown under the form before anyone presses Run.
function checkSoon() {
  clearTimeout(checkSoon.t);
  checkSoon.t = setTimeout(checkVariant, 500);
}

async function checkVariant() {
  const out = $("lab-check");
  try {
    const r = await api("POST", "/api/lab/check", { game: $("lab-game").value, players: Number($("lab-players").value),
                                                   toml: await variantToml() });
    out.className = `small ${r.ok ? "ok" : "bad"}`;
    out.textContent = r.ok ? t("The game accepts this data.") : t("The game refuses this data: {error}", { error: r.error });
  } catch (e) {
    out.className = "small bad";
    out.textContent = e.message;
  }
}

function view() { return document.querySelector("input[name=lab-view]:checked").value; }

// The variant's TOML: the form's edits applied to its starting data, or the TOML view's text.
async function variantToml() {
  if (view() === "toml") return $("lab-toml").value;
  const r = await api("POST", "/api/lab/variant", { game: $("lab-game").value, toml: base, edits: edits() });
  return r.toml;
}

async function switchView() {
  try {
    if (view() === "toml") {
      $("lab-toml").value = await api("POST", "/api/lab/variant", { game: $("lab-game").value, toml: base, edits: edits() }).then(r => r.toml);
    } else {
      const r = await api("POST", "/api/lab/variant", { game: $("lab-game").value, toml: $("lab-toml").value, edits: [] });
      base = r.toml;
      renderForm(r.form);
      loadRanges();
    }
    $("lab-form").hidden = view() === "toml";
    $("lab-toml-box").hidden = view() !== "toml";
  } catch (e) {
    banner(e.message);
    const other = document.querySelector(`input[name=lab-view][value=${view() === "toml" ? "form" : "toml"}]`);
    other.checked = true;
  }
}

function botRows() {
  const n = Number($("lab-players").value);
  const box = $("lab-bots");
  const old = [...box.querySelectorAll("select")].map(s => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const id = `lab-bot-${i}`;
    const sel = el("select", { id, "data-testid": "lab-bot" },
      Object.keys(info.levels).map(l => el("option", { value: l, text: botName(l), title: botHelp(info.levels[l]) })));
    sel.value = old[i] || "easy";
    box.append(el("div", { class: "row" }, el("label", { for: id, text: t("Seat {n} bot", { n: i + 1 }) }), sel));
  }
}

// The game's other options (choices and yes/no: March on Mars's threat level...), the same for
// both sides of a run; sent only where they differ from the printed default.
let types = null;
async function optionRows(name) {
  if (!types) { try { types = (await api("GET", "/api/game-types")).games; } catch (e) { types = []; } }
  const g = types.find(x => x.name === name);
  const opts = (g ? g.options : []).filter(o => o.kind === "choice" || o.kind === "bool");
  $("lab-options").replaceChildren(...opts.flatMap(o => {
    const id = `lab-opt-${o.name}`;
    const values = o.kind === "bool" ? [false, true] : o.choices;
    return [el("label", { for: id, title: o.help, text: o.label || o.name }),
      el("select", { id, "data-option": o.name, "data-default": JSON.stringify(o.default), title: o.help },
        values.map(v => el("option", { value: JSON.stringify(v), text: o.kind === "bool" ? (v ? t("yes") : t("no")) : t(String(v)),
                                       selected: v === o.default ? "" : null })))];
  }));
}

function chosenOptions() {
  const out = {};
  for (const s of $("lab-options").querySelectorAll("select"))
    if (s.value !== s.dataset.default) out[s.dataset.option] = JSON.parse(s.value);
  return out;
}

async function gameChanged() {
  const g = info.games.find(x => x.name === $("lab-game").value);
  $("lab-players").min = g.min_players;
  $("lab-players").max = g.max_players;
  const n = Number($("lab-players").value);
  if (!(n >= g.min_players && n <= g.max_players)) $("lab-players").value = Math.max(g.min_players, Math.min(2, g.max_players));
  botRows();
  optionRows(g.name);
  if (!polling) {  // another game's results would read as this game's: cleared until a run of it
    $("lab-results").classList.add("muted");
    $("lab-results").textContent = t("Run a variant of {game} to see it beside the printed game.", { game: t(g.title) });
    $("lab-progress").value = 0;
    $("lab-progress-text").textContent = t("no run yet");
  }
  // until this game's own form has come, a run would send another game's numbers: no run
  $("lab-run").disabled = true;
  $("lab-form").dataset.game = "";
  const data = await api("GET", `/api/lab/games/${encodeURIComponent(g.name)}`);
  if ($("lab-game").value !== g.name) return;  // the reader chose again meanwhile: that choice's form follows
  base = data.toml;
  $("lab-toml").value = data.toml;
  renderForm(data.form);
  $("lab-form").dataset.game = g.name;
  $("lab-run").disabled = false;
  loadRanges();
}

function title(name) { const g = info && info.games.find(x => x.name === name); return g ? t(g.title) : name; }

// ----- running ------------------------------------------------------------------------------------
async function run() {
  try {
    const body = { game: $("lab-game").value, players: Number($("lab-players").value), games: Number($("lab-games").value),
                   bots: [...$("lab-bots").querySelectorAll("select")].map(s => s.value),
                   variant: { toml: await variantToml(), name: $("lab-name").value || t("own variant") },
                   seed: Number($("lab-seed").value), options: chosenOptions() };
    const r = await api("POST", "/api/lab/runs", body);
    watch(r.id);
    loadRuns();
  } catch (e) { banner(t("Could not run: {problem}", { problem: e.message })); }
}

function progressText(r) {
  const p = r.progress;
  if (r.status === "queued") return t("waiting for the runs before it");
  if (r.status === "running") return t("{done} of {total} games", { done: p.done, total: p.total }) + (p.eta_seconds !== null ? t(", about {n} s left", { n: Math.ceil(p.eta_seconds) }) : "");
  if (r.status === "done") return t("done: {n} games a side ({total} in all)", { n: r.games, total: p.total }) + (r.baseline_reused ? t(" ({n} printed games reused)", { n: r.baseline_reused }) : "");
  if (r.status === "failed") return t("failed: {error}", { error: r.error });
  return statusWord(r.status);
}

async function watch(id) {
  polling = id;
  $("lab-cancel").disabled = false;
  while (polling === id) {
    let r;
    try { r = await api("GET", `/api/lab/runs/${id}`); } catch (e) { banner(e.message); break; }
    $("lab-progress").max = Math.max(1, r.progress.total);
    $("lab-progress").value = r.progress.done;
    $("lab-progress-text").textContent = progressText(r);
    $("lab-progress").dataset.done = r.progress.done;
    if (!["queued", "running"].includes(r.status)) {
      if (r.status === "done") showResults(r, $("lab-results"));
      $("lab-cancel").disabled = true;
      polling = null;
      loadRuns();
      break;
    }
    await new Promise(res => setTimeout(res, 400));
  }
}

async function cancel() {
  if (!polling) return;
  try { await api("DELETE", `/api/lab/runs/${polling}`); } catch (e) { banner(e.message); }
}

// ----- results ------------------------------------------------------------------------------------
// Grouped bars with 95% whiskers: groups [{label, bars: [{v, lo, hi, colour, name}]}], values 0..1.
function barChart(title, groups, max = 1) {
  const W = 460, H = 200, left = 40, bottom = 28, gw = (W - left) / Math.max(1, groups.length);
  const y = (v) => H - bottom - (H - bottom - 10) * (v / max);
  const kids = [svg("title", {}, title)];
  for (let t = 0; t <= 4; t++) {
    const v = (max * t) / 4;
    kids.push(svg("line", { x1: left, x2: W, y1: y(v), y2: y(v), stroke: "#2e3a66" }),
      svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 10, fill: "#9aa3c7" }, max === 1 ? `${25 * t}%` : num(v, 0)));
  }
  groups.forEach((g, i) => {
    const bw = (gw - 16) / g.bars.length;
    g.bars.forEach((b, j) => {
      const x = left + i * gw + 8 + j * bw;
      kids.push(svg("rect", { x, y: y(b.v), width: bw - 3, height: Math.max(0, y(0) - y(b.v)), fill: b.colour },
        svg("title", {}, `${g.label}, ${b.name}: ${max === 1 ? pct(b.v) : num(b.v)}`)));
      if (b.lo !== undefined) {
        const cx = x + (bw - 3) / 2;
        kids.push(svg("line", { x1: cx, x2: cx, y1: y(b.lo), y2: y(b.hi), stroke: "#e6e9f5", "stroke-width": 1.5 }));
      }
    });
    kids.push(svg("text", { x: left + i * gw + gw / 2, y: H - 10, "text-anchor": "middle", "font-size": 11, fill: "#e6e9f5" }, g.label));
  });
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "plot" }, kids);
}

// Box plots of the score per seat, printed game and variant side by side.
function boxChart(title, res) {
  const seats = res.baseline.scores.length;
  const all = ARMS.flatMap(([k]) => res[k].scores.map(s => s.max));
  const max = Math.max(1, ...all);
  const W = 460, H = 200, left = 40, bottom = 28, gw = (W - left) / seats;
  const y = (v) => H - bottom - (H - bottom - 10) * (v / max);
  const kids = [svg("title", {}, title)];
  for (let t = 0; t <= 4; t++) kids.push(svg("text", { x: left - 4, y: y((max * t) / 4) + 4, "text-anchor": "end", "font-size": 10, fill: "#9aa3c7" }, num((max * t) / 4, 0)));
  for (let s = 0; s < seats; s++) {
    ARMS.forEach(([k, name, colour], j) => {
      const b = res[k].scores[s];
      const x = left + s * gw + 10 + j * (gw - 20) / 2, w = (gw - 20) / 2 - 6, cx = x + w / 2;
      kids.push(svg("line", { x1: cx, x2: cx, y1: y(b.min), y2: y(b.max), stroke: colour }),
        svg("rect", { x, y: y(b.q3), width: w, height: Math.max(1, y(b.q1) - y(b.q3)), fill: "none", stroke: colour, "stroke-width": 2 },
          svg("title", {}, t("seat {n}, {arm}: median {median}, quartiles {q1}–{q3}", { n: s + 1, arm: name, median: num(b.median), q1: num(b.q1), q3: num(b.q3) }))),
        svg("line", { x1: x, x2: x + w, y1: y(b.median), y2: y(b.median), stroke: colour, "stroke-width": 3 }));
    });
    kids.push(svg("text", { x: left + s * gw + gw / 2, y: H - 10, "text-anchor": "middle", "font-size": 11, fill: "#e6e9f5" }, t("Seat {n}", { n: s + 1 })));
  }
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "plot" }, kids);
}

// The game length of both arms as two histograms on one axis (outlined bars).
function histChart(title, res) {
  const W = 460, H = 170, left = 40, bottom = 28;
  const hs = ARMS.map(([k]) => res[k].length.histogram);
  const lo = Math.min(...hs.map(h => h.edges[0] ?? 0)), hi = Math.max(...hs.map(h => h.edges[h.edges.length - 1] ?? 1));
  const top = Math.max(1, ...hs.flatMap(h => h.counts));
  const x = (v) => left + (W - left - 10) * ((v - lo) / Math.max(1e-9, hi - lo));
  const y = (c) => H - bottom - (H - bottom - 10) * (c / top);
  const kids = [svg("title", {}, title)];
  hs.forEach((h, j) => h.counts.forEach((c, i) => kids.push(svg("rect", { x: x(h.edges[i]), y: y(c),
    width: Math.max(1, x(h.edges[i + 1]) - x(h.edges[i]) - 1), height: y(0) - y(c), fill: ARMS[j][2], "fill-opacity": 0.35,
    stroke: ARMS[j][2] }, svg("title", {}, t("{arm}: {n} games of {low}–{high} decisions", { arm: ARMS[j][1], n: c, low: num(h.edges[i], 0), high: num(h.edges[i + 1], 0) }))))));
  for (const v of [lo, (lo + hi) / 2, hi]) kids.push(svg("text", { x: x(v), y: H - 10, "text-anchor": "middle", "font-size": 10, fill: "#9aa3c7" }, num(v, 0)));
  kids.push(svg("text", { x: left - 4, y: y(top) + 4, "text-anchor": "end", "font-size": 10, fill: "#9aa3c7" }, String(top)));
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "plot" }, kids);
}

function legend() {
  return el("p", { class: "small legend" }, ARMS.map(([, name, colour]) =>
    el("span", { class: "key" }, el("span", { class: "swatch", style: `background:${colour}` }), ` ${name} `)),
    t(" · bars with 95% intervals; a significant difference is marked "), el("span", { class: "pill warn", text: t("significant") }));
}

function table(caption, head, rows, testid) {
  return el("table", { class: "games lab-table", "data-testid": testid },
    el("caption", { text: caption }),
    el("tr", {}, head.map(h => el("th", { scope: "col", text: h }))),
    rows.map(r => el("tr", { class: r.significant ? "significant" : null }, r.cells.map((c, i) =>
      i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c)))));
}

function significantMark(d) {
  return d && d.significant ? el("span", { class: "pill warn", title: t("the 95% interval of the difference leaves out 0"), text: t("significant") }) : "";
}

// The game's own breakdowns (Venus: VP by source; Cosmic Run: planets reached; Mars: win rate
// by threat level; Moon: accidents...): a plot and a table each, variant beside printed game.
function ownSections(res, heads = [t("Printed game"), t("Variant")]) {
  return (res.own || []).flatMap((o, k) => {
    const f = (v) => o.share ? pct(v) : num(v, 2);
    const top = o.share ? 1 : Math.max(1, ...o.rows.flatMap(r => [r.default_ci[1], r.variant_ci[1]]));
    const rows = o.rows.map(r => ({ significant: r.significant, cells: [measureName(r.label), f(r.default), f(r.variant),
      o.share ? ptsRange(r.diff, r.ci) : range(num(r.diff, 2), num(r.ci[0], 2), num(r.ci[1], 2)), significantMark(r)] }));
    return [barChart(t("{title}: printed game and variant, with 95% intervals", { title: measureName(o.title) }), o.rows.map((r, i) => ({ label: `${i + 1}`,
      bars: [[r.default, r.default_ci, ARMS[0]], [r.variant, r.variant_ci, ARMS[1]]].map(([v, ci, [, name, colour]]) =>
        ({ v, lo: Math.max(0, ci[0]), hi: Math.min(top, ci[1]), colour, name })) })), top),
      table(t("{title} (bars numbered as the rows)", { title: measureName(o.title) }), ["", ...heads, t("Difference (95% interval)"), ""], rows.map((r, i) =>
        ({ significant: r.significant, cells: [`${i + 1}. ${r.cells[0]}`, ...r.cells.slice(1)] })), `lab-own-table-${k}`)];
  });
}

function showResults(run, box) {
  const res = run.results;
  const diff = Object.fromEntries(res.differences.map(d => [d.measure, d]));
  const B = res.baseline, V = res.variant;
  const seatRows = B.seats.map((s, i) => {
    const d = diff[`win share seat ${i + 1}`];
    return { significant: d && d.significant, cells: [t("Seat {n} ({bot})", { n: i + 1, bot: botName(s.bot) }),
      `${pct(s.share)} (${pct(s.ci[0])}–${pct(s.ci[1])})`, `${pct(V.seats[i].share)} (${pct(V.seats[i].ci[0])}–${pct(V.seats[i].ci[1])})`,
      d ? ptsRange(d.diff, d.ci) : "–", significantMark(d)] };
  });
  const nobody = diff["all-lose rate"];
  seatRows.push({ significant: nobody && nobody.significant, cells: [t("Nobody won"), pct(B.no_winner.share), pct(V.no_winner.share),
    nobody ? t("{diff} pts", { diff: decimal(100 * nobody.diff) }) : "–", significantMark(nobody)] });
  const botRows = B.bots.map((b, i) => ({ cells: [botName(b.bot), `${pct(b.share)} (${pct(b.ci[0])}–${pct(b.ci[1])})`,
    `${pct(V.bots[i].share)} (${pct(V.bots[i].ci[0])}–${pct(V.bots[i].ci[1])})`] }));
  const len = diff["decisions per game"];
  const lengthRows = [{ significant: len && len.significant, cells: [t("Decisions per game"), t("{mean} (median {median})", { mean: num(B.length.mean), median: num(B.length.median, 0) }),
    t("{mean} (median {median})", { mean: num(V.length.mean), median: num(V.length.median, 0) }), len ? range(num(len.diff), num(len.ci[0]), num(len.ci[1])) : "–", significantMark(len)] }];
  const scoreRows = B.scores.map((s, i) => ({ cells: [t("Seat {n}", { n: i + 1 }), `${num(s.mean)} ± ${num(s.sd)} [${num(s.min, 0)}–${num(s.max, 0)}]`,
    `${num(V.scores[i].mean)} ± ${num(V.scores[i].sd)} [${num(V.scores[i].min, 0)}–${num(V.scores[i].max, 0)}]`] }));
  const other = res.differences.filter(d => !/^win share seat|^all-lose rate$|^decisions per game$/.test(d.measure));
  const otherRows = other.map(d => ({ significant: d.significant, cells: [measureName(d.measure, res.labels), num(d.default, 2), num(d.variant, 2),
    range(num(d.diff, 2), num(d.ci[0], 2), num(d.ci[1], 2)), significantMark(d)] }));
  // how the games ended: the server's words for each end cause, in the reader's language
  const endWords = run.end_cause_words || {};
  const ends = (p) => Object.entries(p.breakdown.end_causes).map(([k, v]) => `${endWords[k] || t(k)} ${v}`).join(", ");
  box.classList.remove("muted");
  box.replaceChildren(
    el("p", { class: "small" }, t("{game}, {players} players{options}, {games} games a side, bots {bots}, seed {seed}. ", {
      game: title(run.game), players: run.players, games: run.games, bots: run.bots.map(botName).join(" / "), seed: run.seed,
      options: Object.entries(run.options || {}).map(([k, v]) => `, ${t(k)} ${t(String(v))}`).join("") }),
      res.significant.length ? el("b", { text: tn("{n} significant difference.", "{n} significant differences.", res.significant.length) }) : t("No difference is significant at 95%.")),
    legend(),
    barChart(t("Win share by seat, printed game and variant"), B.seats.map((s, i) => ({ label: t("Seat {n}", { n: i + 1 }), bars: ARMS.map(([k, name, colour]) =>
      ({ v: res[k].seats[i].share, lo: res[k].seats[i].ci[0], hi: res[k].seats[i].ci[1], colour, name })) }))),
    table(t("Win share by seat (95% interval)"), ["", t("Printed game"), t("Variant"), t("Difference"), ""], seatRows, "lab-seat-table"),
    table(t("Win share by bot"), [t("Bot"), t("Printed game"), t("Variant")], botRows, "lab-bot-table"),
    histChart(t("Game length in decisions: how many games of each length, printed game and variant"), res),
    table(t("Game length"), ["", t("Printed game"), t("Variant"), t("Difference"), ""], lengthRows, "lab-length-table"),
    boxChart(t("Score by seat: printed game and variant (box: quartiles, line: median, whiskers: range)"), res),
    table(t("Score by seat: mean ± spread [range]"), ["", t("Printed game"), t("Variant")], scoreRows, "lab-score-table"),
    table(t("The game's breakdown"), ["", t("Printed game"), t("Variant")], [
      { cells: [t("Games with a winner"), `${pct(B.breakdown.win_rate)} (${pct(B.breakdown.ci[0])}–${pct(B.breakdown.ci[1])})`,
        `${pct(V.breakdown.win_rate)} (${pct(V.breakdown.ci[0])}–${pct(V.breakdown.ci[1])})`] },
      { cells: [t("How games ended"), ends(B), ends(V)] }], "lab-breakdown-table"),
    ...ownSections(res),
    otherRows.length ? table(t("The game's own measures, per game"), ["", t("Printed game"), t("Variant"), t("Difference"), ""], otherRows, "lab-other-table") : "",
    el("p", { class: "row" },
      el("a", { class: "button", href: `/api/lab/runs/${run.id}/games.csv`, download: "", text: t("Download CSV") }),
      el("a", { class: "button", href: `/api/lab/runs/${run.id}/variant.toml`, download: "", text: t("Download variant TOML") }),
      el("a", { class: "button primary", href: `/?game=${encodeURIComponent(run.game)}&lab=${encodeURIComponent(run.id)}`,
                "data-testid": "lab-play", text: t("Play this variant") })));
}

// ----- kept runs ------------------------------------------------------------------------------------
async function loadRuns() {
  let runs;
  try { runs = (await api("GET", "/api/lab/runs")).runs; } catch (e) { $("lab-runs").textContent = e.message; return; }
  if (!runs.length) { $("lab-runs").textContent = t("No run yet."); return; }
  $("lab-runs").classList.remove("muted");
  $("lab-runs").replaceChildren(el("table", { class: "games" },
    el("tr", {}, [t("Compare"), t("Variant"), t("Game"), t("Games"), t("Status"), t("Started"), ""].map(h => el("th", { scope: "col", text: h }))),
    runs.map(r => el("tr", { "data-testid": "lab-run-row", "data-id": r.id },
      el("td", {}, el("input", { type: "checkbox", class: "pick", value: r.id, "aria-label": t("compare run {name} ({id})", { name: r.variant.name, id: r.id }) })),
      el("td", { text: r.variant.name }), el("td", { text: `${title(r.game)} (${r.players})` }), el("td", { text: r.games }),
      el("td", { text: statusWord(r.status) }), el("td", { text: new Date(r.created * 1000).toLocaleString(language()) }),
      el("td", {}, el("button", { type: "button", "aria-label": t("open run {name} ({id})", { name: r.variant.name, id: r.id }), text: t("Open"),
        onclick: () => openRun(r.id) }))))));
}

async function openRun(id) {
  try {
    const r = await api("GET", `/api/lab/runs/${id}`);
    if (["queued", "running"].includes(r.status)) return watch(id);
    $("lab-progress-text").textContent = progressText(r);
    if (r.status === "done") showResults(r, $("lab-results"));
    else $("lab-results").textContent = t("This run is {status}.", { status: statusWord(r.status) });
  } catch (e) { banner(e.message); }
}

async function compareRuns() {
  const ids = [...document.querySelectorAll("#lab-runs .pick:checked")].map(x => x.value);
  if (ids.length !== 2) return banner(t("Tick two runs to compare them."), "info");
  try {
    const [a, b] = (await Promise.all(ids.map(id => api("GET", `/api/lab/runs/${id}`)))).sort((x, y) => x.created - y.created);
    if (!a.results || !b.results) return banner(t("Both runs must be done to be compared."), "info");
    if (a.game !== b.game || a.players !== b.players)
      return banner(t("Only runs of the same game and player count can be compared: {a} is {game_a} for {players_a}, {b} {game_b} for {players_b}.", {
        a: a.variant.name, game_a: title(a.game), players_a: a.players, b: b.variant.name, game_b: title(b.game), players_b: b.players }), "info");
    // the newer run's variant against the older's: the server works out each difference's interval
    const cmp = await api("GET", `/api/lab/runs/${a.id}/compare/${b.id}`);
    const diff = Object.fromEntries(cmp.differences.map(d => [d.measure, d]));
    const n = a.players, rows = [];
    const add = (label, base, va, vb, d, f) => rows.push({ significant: d && d.significant, cells: [label, base, va, vb,
      d ? range(f(d.diff), f(d.ci[0]), f(d.ci[1])) : "–", significantMark(d)] });
    const pts = (x) => t("{diff} pts", { diff: decimal(100 * x) });
    for (let s = 0; s < n; s++) add(t("Seat {n} win share", { n: s + 1 }), pct(a.results.baseline.seats[s].share),
      pct(a.results.variant.seats[s].share), pct(b.results.variant.seats[s].share), diff[`win share seat ${s + 1}`], pts);
    add(t("Nobody won"), pct(a.results.baseline.no_winner.share), pct(a.results.variant.no_winner.share),
      pct(b.results.variant.no_winner.share), diff["all-lose rate"], pts);
    add(t("Decisions per game"), num(a.results.baseline.length.mean), num(a.results.variant.length.mean),
      num(b.results.variant.length.mean), diff["decisions per game"], (x) => num(x));
    for (let s = 0; s < n; s++) add(t("Seat {n} mean score", { n: s + 1 }), num(a.results.baseline.scores[s].mean),
      num(a.results.variant.scores[s].mean), num(b.results.variant.scores[s].mean), null, num);
    add(t("Mean score (all seats)"), "", num(diff["mean VP"] && diff["mean VP"].default), num(diff["mean VP"] && diff["mean VP"].variant),
      diff["mean VP"], (x) => num(x, 2));
    const own = ownSections({ own: cmp.own.map(o => ({ ...o, title: t("{title}: {a} (blue) against {b} (orange)", { title: measureName(o.title), a: a.variant.name, b: b.variant.name }) })) },
      [a.variant.name, b.variant.name]);
    $("lab-comparison").replaceChildren(
      el("p", { class: "small" }, t("{b} against {a} (the older run); ", { a: a.variant.name, b: b.variant.name }),
        cmp.significant.length ? el("b", { text: tn("{n} significant difference.", "{n} significant differences.", cmp.significant.length) }) : t("no difference is significant at 95%.")),
      table(t("{a} against {b}", { a: a.variant.name, b: b.variant.name }),
        ["", t("Printed game (seed {seed})", { seed: a.seed }), a.variant.name, b.variant.name, t("Difference {b} − {a}", { a: a.variant.name, b: b.variant.name }), ""], rows, "lab-compare-table"),
      ...own);
  } catch (e) { banner(e.message); }
}

async function main() {
  accountBar($("account-bar"));
  // the page's default variant name (an input's value, which the page's own words do not reach)
  if ($("lab-name").value === "my variant") $("lab-name").value = t("my variant");
  try { info = await api("GET", "/api/lab"); } catch (e) { return banner(t("The lab cannot be reached: {problem}", { problem: e.message })); }
  if (!info.games.length) {
    $("lab-form").textContent = info.mode === "off" ? t("The design lab is off at this server.") : t("No game here has component data to vary.");
    $("lab-run").disabled = true;
    return;
  }
  $("lab-games").max = info.max_games;
  $("lab-game").replaceChildren(...info.games.map(g => el("option", { value: g.name, text: t(g.title) })));
  const asked = new URLSearchParams(location.search).get("game");
  $("lab-game").value = info.games.some(g => g.name === asked) ? asked : (info.games.some(g => g.name === "venus") ? "venus" : info.games[0].name);
  $("lab-game").addEventListener("change", () => gameChanged().catch(e => banner(e.message)));
  $("lab-players").addEventListener("change", () => { botRows(); checkSoon(); loadRanges(); });
  $("lab-toml").addEventListener("input", checkSoon);
  for (const r of document.querySelectorAll("input[name=lab-view]")) r.addEventListener("change", switchView);
  $("lab-run").addEventListener("click", run);
  $("lab-cancel").addEventListener("click", cancel);
  $("lab-compare").addEventListener("click", compareRuns);
  await gameChanged().catch(e => banner(e.message));
  loadRuns();
}
main();
