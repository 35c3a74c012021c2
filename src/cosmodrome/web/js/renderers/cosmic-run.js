// Cosmic Run: Rapid Fire — the table. Two tracking sheets side by side (yours on the left; in
// the solo game yours and Zorlord's): three planet tracks drawn as grids of circles with the
// pencil lines of every move, mines, ships and their health meters, the VP ladder and the mine
// numbers; technologies, cargo bay and control panel; the round track with the captain; the
// eight action dice with their owners and the die in hand. Every option of the current decision
// that names something on the table (a die, a step target, a ship, a technology, the cargo bay,
// the control panel, a column letter, the missile) is highlighted there and can be clicked.
// The view schema is documented in src/cosmodrome/games/cosmic_run/view.py, the option details
// (action_json) in src/cosmodrome/games/cosmic_run/actions.py.
import { el, hideTip, pgettext, svg, t as tr, tipOn, tn } from "../api.js";

// marks a text for extraction; it is translated where it is shown
const N_ = (msg) => msg;

export const name = "cosmic-run";

// The table page loads only its own style sheets: bring ours along (once).
function ensureCss() {
  if (document.getElementById("cr-css")) return;
  document.head.append(el("link", { id: "cr-css", rel: "stylesheet", href: "/css/cosmic-run.css" }));
}

// The "Last roll" panel of the table page gets the die numbers of the roll event.
export function formatDie(x) { return typeof x === "number" ? String(x + 1) : String(x); }

const TRACK_COL = { orange: "#f0821e", blue: "#2f7de1", green: "#2e9e4c" };
const TRACK_DARK = { orange: "#a4510a", blue: "#174f9c", green: "#1c6b31" };
const TECH_COL = { green: "#2b9348", purple: "#8a4fc9", yellow: "#d9a300", red: "#d43d3d" };
const TECH_SHORT = { "defensive missile": N_("Missile"), "navigational control": N_("Navigation"), "warp drive": N_("Warp drive"), "transformer": N_("Transformer") };
const colOf = (c) => TRACK_COL[c] || TECH_COL[c] || c || "#888";
const cap = (s) => String(s || "").charAt(0).toUpperCase() + String(s || "").slice(1);

// ----- help: the game's own words (cosmic_run/text.py SHEET_HELP, TECH_HELP, DIE_HELP, PAGE_NOTES, CLICK_HINTS,
// MOVE_CLICKS and end_cause_words), handed out translated by the view (help) and set at each drawing (render): every
// sentence that states a rule comes from there; this file's own words are the page's -----------
let TECH_HELP = {};
let HELP = {};
let DICE_HELP = {};
// the page's sentences that state a rule (text.PAGE_NOTES) and how a game ended, by cause (text.end_cause_words)
let NOTES = {};
let ENDS = {};
// the numbers of this game's rules the page's own words name (text.sheet_numbers: the Rapid Fire kills)
let NUMBERS = {};
// what to click for each decision, by its kind, and while a ship moves, by place (text.CLICK_HINTS, MOVE_CLICKS)
let CLICKS = {};
let MOVE_CLICKS = {};
// the bits of a circle in the view's grid, by name (text.GRID_BITS: the lines drawn into it, a mine);
// LINES: any line
let BITS = {};
let LINES = 0;
// a die's tooltip: this game's face explained (text.die_help), keyed by its face code
function dieHelp(d) {
  return DICE_HELP[d.face] || [d.text || tr("die"), "", ""];
}

// ----- tooltips: api.js's tipOn, in this page's look (cosmic-run.css .cr-tip); a tip names what it explains
const TIP = { box: "cr-tip", testid: "cr-tip", names: true };

// ----- options → places ------------------------------------------------------------------------
// Each option of the decision is filed under the place it names; a place with options is drawn
// highlighted and acts on click (one option) or opens a small menu (several).
function indexOptions(ctx) {
  const idx = new Map();
  const add = (key, o) => { if (!idx.has(key)) idx.set(key, []); idx.get(key).push(o); };
  const d = ctx.decision;
  if (!d) return idx;
  for (const o of d.options) {
    const x = o.data || {};
    switch (x.kind) {
      case "die": add(`die:${x.die}`, o); break;
      case "use": add(`use`, o); break;
      case "cargo": add(`cargo`, o); break;
      case "reroll": add(`reroll`, o); break;
      case "stop": add(`stop`, o); break;
      case "step": if (x.to) add(`cell:${x.sheet}:${x.track}:${x.to[0]}:${x.to[1]}`, o); break;
      case "transform": add(`ship:${ctx.view.current ? ctx.view.current.sheet : ctx.seat}:${x.track}`, o); break;
      case "tech": add(`tech:${x.tech_index}`, o); break;
      case "letter": add(`letter:${x.col}`, o); break;
      case "missile": add(`missile`, o); break;
      case "no-missile": add(`no-missile`, o); break;
      case "accept": add(`accept`, o); break;
      default: break;
    }
  }
  return idx;
}

function act(ctx, opts, ev) {
  if (!opts || !opts.length) return;
  hideTip();
  if (opts.length === 1) return ctx.onAction(opts[0].action);
  // several options at one place: a small menu by the pointer
  document.querySelectorAll(".cr-pop").forEach(p => p.remove());
  const pop = el("div", { class: "cr-pop", style: `left:${ev ? ev.clientX : 100}px; top:${ev ? ev.clientY + 8 : 100}px` },
    opts.map(o => el("button", { text: o.label, "data-action": o.action, onclick: (e) => { e.stopPropagation(); pop.remove(); ctx.onAction(o.action); } })),
    el("button", { class: "small", text: pgettext("menu", "Cancel"), onclick: (e) => { e.stopPropagation(); pop.remove(); } }));
  document.body.append(pop);
}

// Make a node (HTML or SVG) clickable for the options filed under `key`.
function hot(node, ctx, idx, key, title) {
  const opts = idx.get(key);
  if (!opts || !opts.length) return node;
  node.classList.add("cr-hl");
  node.setAttribute("data-action", opts.length === 1 ? opts[0].action : opts.map(o => o.action).join(","));
  node.setAttribute("data-place", key);
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  const lab = title || opts.map(o => o.label).join(" / ");
  if (node instanceof SVGElement) node.append(svg("title", { text: lab }));
  else if (!node.title) node.title = lab;
  node.addEventListener("click", (ev) => { ev.stopPropagation(); act(ctx, opts, ev); });
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(ctx, opts, null); } });
  return node;
}

// ----- dice faces ------------------------------------------------------------------------------
const PIP_POS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function techIcon(tech, colour, size = 22) {
  const c = TECH_COL[colour] || colour || "#444";
  let body;
  switch (tech) {
    case "defensive missile": body = [
      svg("path", { d: "M12 2 C15 5 15 9 15 15 L9 15 C9 9 9 5 12 2Z", fill: c, stroke: "#222", "stroke-width": 1 }),
      svg("path", { d: "M9 12 L6 18 L9 16Z M15 12 L18 18 L15 16Z", fill: c, stroke: "#222", "stroke-width": 1 }),
      svg("path", { d: "M10.5 16 L12 21 L13.5 16Z", fill: "#ffb03b" })]; break;
    case "navigational control": body = [
      svg("circle", { cx: 12, cy: 12, r: 9, fill: "none", stroke: c, "stroke-width": 2 }),
      svg("path", { d: "M7 17 L17 7 M11 7 H17 V13", fill: "none", stroke: c, "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" })]; break;
    case "warp drive": body = [
      svg("circle", { cx: 12, cy: 12, r: 4.5, fill: "#222" }),
      svg("path", { d: "M12 22 V17 M12 7 V2 M9 4 L12 1.5 L15 4", fill: "none", stroke: c, "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }),
      svg("path", { d: "M4 12 q4 -3 8 0 t8 0", fill: "none", stroke: c, "stroke-width": 1.6, opacity: 0.9 })]; break;
    case "transformer": body = [
      svg("path", { d: "M4 9 H17 M14 5 L18 9 L14 13 M20 15 H7 M10 11 L6 15 L10 19", fill: "none", stroke: c, "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" })]; break;
    default: body = [svg("circle", { cx: 12, cy: 12, r: 8, fill: c })];
  }
  return svg("svg", { width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true", class: "cr-ticon" }, body);
}

function mineGlyph(size = 22, fill = "#1c1c22") {
  const spikes = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    spikes.push(svg("line", { x1: 12 + Math.cos(a) * 6, y1: 12 + Math.sin(a) * 6, x2: 12 + Math.cos(a) * 10, y2: 12 + Math.sin(a) * 10,
      stroke: fill, "stroke-width": 2.2, "stroke-linecap": "round" }));
  }
  return svg("svg", { width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true" }, spikes,
    svg("circle", { cx: 12, cy: 12, r: 6.5, fill }), svg("circle", { cx: 10, cy: 10, r: 1.8, fill: "#d94141" }));
}

function dieFace(d, size = 40) {
  const kids = [];
  const c = colOf(d.colour);
  if (d.kind === "move") {
    for (const [px, py] of PIP_POS[d.pips] || []) kids.push(svg("circle", { cx: 20 + px * 9, cy: 20 + py * 9, r: 4.2, fill: c, stroke: "rgba(0,0,0,0.35)" }));
  } else if (d.kind === "attack") {
    kids.push(svg("circle", { cx: 20, cy: 22, r: 9, fill: "none", stroke: c, "stroke-width": 2.4 }),
      svg("path", { d: "M20 9 V35 M7 22 H33", stroke: c, "stroke-width": 2, "stroke-linecap": "round" }),
      svg("path", { d: "M20 3 L25 10 H15Z", fill: c }),
      svg("circle", { cx: 20, cy: 22, r: 2.6, fill: c }));
  } else if (d.kind === "mine") {
    const g = mineGlyph(30); g.setAttribute("x", 5); g.setAttribute("y", 5); kids.push(g);
  } else if (d.kind === "tech") {
    const g = techIcon(d.tech, techColourByName(d.tech), 30); g.setAttribute("x", 5); g.setAttribute("y", 5); kids.push(g);
  }
  return svg("svg", { width: size, height: size, viewBox: "0 0 40 40", "aria-hidden": "true" }, kids);
}
let TECH_COLOURS = {};
function techColourByName(n) { return TECH_COLOURS[n] || "#444"; }

// ----- sheet geometry (SVG units) ----------------------------------------------------------------
const CELL = 24, ROWH = 22, R = 9.5, GUT = 58, TW = 92, TGAP = 12;
const TOP = 22;                       // header band (hearts)
const PLANET_Y = 58;                  // docking circles of the planet row
const LETTER_Y = 86;
const Y12 = 102;                      // row 12
const rowY = (r, rows) => (r > rows ? PLANET_Y : r === 0 ? Y12 + rows * ROWH + 10 : Y12 + (rows - r) * ROWH);
const trackX = (t) => GUT + t * (TW + TGAP);
const cellX = (t, c) => trackX(t) + 10 + CELL / 2 + c * CELL;

function rocket(colour, opts = {}) {
  const c = opts.disabled ? "#8d8d8d" : colOf(colour);
  const dark = opts.disabled ? "#444" : (TRACK_DARK[colour] || "#222");
  return [
    opts.disabled ? null : svg("path", { d: "M-3 7 L0 13 L3 7Z", fill: "#ffb03b", class: "cr-flame" }),
    svg("path", { d: "M-4 3 L-9 10 L-4 8Z M4 3 L9 10 L4 8Z", fill: dark, stroke: "#1b1b1b", "stroke-width": 0.8 }),
    svg("path", { d: "M0 -12 C6 -6 5.5 2 4 8 L-4 8 C-5.5 2 -6 -6 0 -12Z", fill: c, stroke: "#1b1b1b", "stroke-width": 1.1 }),
    svg("circle", { cx: 0, cy: -3, r: 2.2, fill: "#dff4ff", stroke: "#1b1b1b", "stroke-width": 0.8 }),
    opts.disabled ? svg("path", { d: "M-7 -7 L7 7 M7 -7 L-7 7", stroke: "#c0392b", "stroke-width": 2.4, "stroke-linecap": "round" }) : null,
  ];
}

function heartPath(x, y, s = 1) {
  return `M${x} ${y + 3 * s} C${x} ${y}, ${x - 5 * s} ${y - 2 * s}, ${x - 5 * s} ${y + 2 * s} C${x - 5 * s} ${y + 5 * s}, ${x} ${y + 7 * s}, ${x} ${y + 9 * s} C${x} ${y + 7 * s}, ${x + 5 * s} ${y + 5 * s}, ${x + 5 * s} ${y + 2 * s} C${x + 5 * s} ${y - 2 * s}, ${x} ${y}, ${x} ${y + 3 * s}Z`;
}

// pencil marks inside a circle: the lines drawn into it (up, sideways, diagonal, warp), on a mine or not (BITS)
function marks(cx, cy, bits, colour) {
  const out = [];
  const mined = bits & BITS.mine;
  const pen = { stroke: mined ? "#e8e4d8" : (TRACK_DARK[colour] || "#333"), "stroke-width": 2.3, "stroke-linecap": "round", fill: "none" };
  const k = R - 2.6;
  if (bits & BITS.up) out.push(svg("line", { x1: cx, y1: cy + k, x2: cx, y2: cy - k, ...pen }));
  if (bits & BITS.sideways) out.push(svg("line", { x1: cx - k, y1: cy, x2: cx + k, y2: cy, ...pen }));
  if (bits & BITS.diagonal) out.push(svg("line", { x1: cx - k * 0.72, y1: cy + k * 0.72, x2: cx + k * 0.72, y2: cy - k * 0.72, ...pen }));
  if (bits & BITS.warp) out.push(svg("path", { d: `M${cx - 2} ${cy + k} L${cx + 2.5} ${cy + 2} L${cx - 2.5} ${cy - 2} L${cx + 2} ${cy - k}`, ...pen, stroke: mined ? "#ffe28a" : "#7a3fb8" }));
  return out;
}

// ----- one tracking sheet ----------------------------------------------------------------------------
function sheetNode(ctx, v, sh, idx, mine) {
  const meta = v.sheet;
  const rows = meta.rows;
  const W = GUT + 3 * TW + 2 * TGAP + 18;
  const H = rowY(0, rows) + 26;
  const kids = [];
  const cur = v.current && v.current.sheet === sh.sheet && v.decision === "move" ? v.current : null;
  const pm = v.pending_mine && v.pending_mine.targets.includes(sh.sheet) ? v.pending_mine : null;
  const pa = v.pending_attack && v.pending_attack.sheet === sh.sheet ? v.pending_attack : null;
  const letterTarget = v.decision === "mine-letter" && ctx.decision && !v.solo && sh.sheet !== ctx.seat;

  // labelled rows: a faint band across the sheet, the number in the gutter
  const ladderG = svg("g", { class: "cr-ladder" });
  const numbersG = svg("g", { class: "cr-numbers" });
  // side B prints a number twice (white) or once (yellow); side A prints each number once
  const printed = {};
  for (let r = 1; r <= rows; r++) if (meta.labels[r]) printed[meta.labels[r]] = (printed[meta.labels[r]] || 0) + 1;
  for (let r = 1; r <= rows; r++) {
    const y = rowY(r, rows);
    const n = meta.labels[r];
    if (n) {
      kids.push(svg("rect", { x: GUT - 4, y: y - ROWH / 2 + 1, width: W - GUT - 10, height: ROWH - 2, rx: 6, class: "cr-band" }));
      numbersG.append(svg("text", { x: GUT - 12, y: y + 4.5, "text-anchor": "middle", class: "cr-num" + (meta.side === "B" && printed[n] === 1 ? " yellow" : ""), text: n }));
    }
  }
  // the VP ladder: a badge where the value changes
  for (let r = 1; r <= rows + 1; r++) {
    const val = meta.ladder[r];
    if (r > 1 && val === meta.ladder[r - 1]) continue;
    let top = r; while (top + 1 <= rows + 1 && meta.ladder[top + 1] === val) top++;
    const y0 = rowY(top, rows) - 8, y1 = rowY(r, rows) + 8;
    ladderG.append(svg("line", { x1: 6, y1: y0, x2: 6, y2: y1, class: "cr-ladder-bar" + (val < 0 ? " neg" : "") }));
    const y = rowY(r, rows);
    ladderG.append(svg("rect", { x: 9, y: y - 8, width: 27, height: 16, rx: 8, class: "cr-vp" + (val < 0 ? " neg" : val === 0 ? " zero" : "") }),
      svg("text", { x: 22.5, y: y + 4, "text-anchor": "middle", class: "cr-vp-t", text: val > 0 ? `+${val}` : `${val}` }));
  }
  const ladderHelp = meta.ladder.map((x, r) => r === 0 ? null : r > rows ? tr("planet {vp}", { vp: x }) : tr("{row}: {vp}", { row: meta.row_names[r], vp: x })).filter(Boolean).join(", ");
  const numbersHelp = tr("Side {side}.", { side: meta.side }) + " " + (meta.side === "B" ? NOTES.circles_b : NOTES.circles);
  kids.push(tipOn(ladderG, HELP.ladder, { ...TIP, extra: tr("VP by highest row — {ladder}", { ladder: ladderHelp }) }),
    tipOn(numbersG, HELP.numbers, { ...TIP, extra: numbersHelp }));

  sh.ships.forEach((ship, t) => {
    const g = svg("g", { class: "cr-track" + (ship.disabled ? " disabled" : "") + (ship.reached ? " reached" : ""), "data-track": t });
    const x0 = trackX(t);
    const colour = ship.colour;
    const Colour = cap(tr(colour));
    const col = colOf(colour);
    // the track frame
    g.append(svg("rect", { x: x0, y: TOP + 4, width: TW, height: rowY(0, rows) + 16 - TOP - 4, rx: 12, class: "cr-frame", stroke: col }));
    // health meter (and engine upgrades in the Friendly variant)
    const hearts = svg("g", { class: "cr-hearts", "data-hearts": ship.hearts, "data-upgrades": ship.upgrades });
    for (let i = 0; i < meta.hearts; i++) {
      const hx = x0 + TW / 2 + (i - (meta.hearts - 1) / 2) * 15;
      const state = i < ship.hearts ? "hit" : i < ship.hearts + ship.upgrades ? "up" : "ok";
      hearts.append(svg("path", { d: heartPath(hx, 5, 1), class: `cr-heart ${state}` }));
    }
    g.append(tipOn(hearts, ship.upgrades ? HELP.upgrades : HELP.hearts,
      { ...TIP, extra: [tn("{Colour} ship: {n} hit", "{Colour} ship: {n} hits", ship.hearts, { Colour }),
        ship.upgrades ? tn("{n} upgrade", "{n} upgrades", ship.upgrades) : null].filter(Boolean).join(", ")
        + (ship.disabled ? ` — ${tr("disabled")}` : "") }));
    // the planet
    const planet = svg("g", { class: "cr-planet" });
    const pcx = x0 + TW / 2;
    const clipId = `cl-${sh.sheet}-${t}`;
    planet.append(svg("defs", {},
      svg("clipPath", { id: clipId }, svg("rect", { x: x0 + 1, y: TOP + 5, width: TW - 2, height: LETTER_Y - TOP - 14, rx: 11 })),
      svg("radialGradient", { id: `pg-${clipId}`, cx: "40%", cy: "30%", r: "70%" },
        svg("stop", { offset: "0%", "stop-color": "#ffffff", "stop-opacity": 0.55 }), svg("stop", { offset: "100%", "stop-color": col, "stop-opacity": 1 }))),
      svg("circle", { cx: pcx, cy: PLANET_Y + 62, r: 78, fill: `url(#pg-${clipId})`, "clip-path": `url(#${clipId})`, class: "cr-planet-disc" }),
      svg("circle", { cx: pcx, cy: PLANET_Y + 62, r: 78, fill: "none", stroke: "rgba(255,255,255,0.55)", "stroke-width": 1, "clip-path": `url(#${clipId})` }));
    g.append(tipOn(planet, HELP.planet, { ...TIP, extra: ship.reached ? tr("{Colour} planet — reached!", { Colour }) : tr("{Colour} planet", { Colour }) }));
    // column letters
    for (let c = 0; c < meta.columns.length; c++) {
      const lt = svg("g", { class: "cr-letter" },
        svg("rect", { x: cellX(t, c) - 8, y: LETTER_Y - 10, width: 16, height: 15, rx: 4, class: "cr-letter-bg" }),
        svg("text", { x: cellX(t, c), y: LETTER_Y + 1.5, "text-anchor": "middle", text: meta.columns[c] }));
      if (letterTarget) hot(lt, ctx, idx, `letter:${c}`);
      else tipOn(lt, HELP.letters, TIP);
      g.append(lt);
    }
    // circles: rows 1..rows and the planet row
    const grid = sh.grid[t];
    for (let r = 1; r <= rows + 1; r++) {
      for (let c = 0; c < meta.columns.length; c++) {
        const bits = (grid[r] && grid[r][c]) || 0;
        const cx = cellX(t, c), cy = rowY(r, rows);
        const mined = bits & BITS.mine;
        const cg = svg("g", { class: "cr-cell" + (mined ? " mine" : "") + (bits & LINES ? " marked" : "") + (r > rows ? " dock" : ""),
          "data-row": r, "data-col": c, "data-bits": bits });
        cg.append(svg("circle", { cx, cy, r: R, class: "cr-circle" }));
        if (mined) {
          for (let i = 0; i < 6; i++) {
            const a = (i / 6) * Math.PI * 2 + 0.3;
            cg.append(svg("line", { x1: cx + Math.cos(a) * (R - 1), y1: cy + Math.sin(a) * (R - 1), x2: cx + Math.cos(a) * (R + 2.6), y2: cy + Math.sin(a) * (R + 2.6), class: "cr-spike" }));
          }
          cg.append(svg("circle", { cx, cy, r: R - 1, class: "cr-minefill" }));
        }
        cg.append(...marks(cx, cy, bits, colour));
        if (mined) tipOn(cg, HELP.mine, { ...TIP, extra: bits & BITS.warp ? tr("{circle} on the {colour} track (warped through)", { circle: meta.circle_names[r][c], colour: tr(colour) })
          : tr("{circle} on the {colour} track", { circle: meta.circle_names[r][c], colour: tr(colour) }) });
        if (pm && pm.col === c && pm.rows.includes(r) && !ship.reached)
          cg.append(svg("circle", { cx, cy, r: R + 3.5, class: "cr-incoming" }),
            svg("path", { d: `M${cx - R - 5} ${cy} H${cx - R + 1} M${cx + R - 1} ${cy} H${cx + R + 5} M${cx} ${cy - R - 5} V${cy - R + 1} M${cx} ${cy + R - 1} V${cy + R + 5}`, class: "cr-incoming-x" }));
        const key = `cell:${sh.sheet}:${t}:${r}:${c}`;
        if (idx.has(key)) {
          cg.append(svg("circle", { cx, cy, r: R + 2.5, class: "cr-target" }));
          hot(cg, ctx, idx, key);
        }
        g.append(cg);
      }
    }
    // the launch pad
    const py = rowY(0, rows);
    g.append(tipOn(svg("g", { class: "cr-pad" },
      svg("path", { d: `M${cellX(t, 0) - 6} ${py + 12} H${cellX(t, 2) + 6}`, stroke: col, "stroke-width": 2, opacity: 0.6 }),
      svg("text", { x: x0 + TW / 2, y: py + 23, "text-anchor": "middle", class: "cr-trackname", fill: TRACK_DARK[colour] || "#333", text: tr(colour).toUpperCase() })), HELP.start, TIP));
    // the ship
    const sx = cellX(t, ship.col), sy = rowY(ship.row, rows);
    const moving = cur && cur.track === t;
    const shipG = svg("g", { class: "cr-ship" + (moving ? " moving" : "") + (ship.disabled ? " disabled" : ""),
      "data-track": t, "data-row": ship.row, "data-col": ship.col, "data-id": `ship:${sh.sheet}:${t}`, transform: `translate(${sx} ${sy})` });
    if (pa && pa.track === t) shipG.append(svg("circle", { cx: 0, cy: 0, r: 15, class: "cr-attacked" }));
    if (moving) shipG.append(svg("circle", { cx: 0, cy: 0, r: 14, class: "cr-moving-ring" }));
    shipG.append(...rocket(colour, { disabled: ship.disabled }));
    const stopKey = moving && idx.has("stop") ? "stop" : `ship:${sh.sheet}:${t}`;
    if (idx.has(stopKey)) {
      shipG.append(svg("circle", { cx: 0, cy: 0, r: 14, class: "cr-target" }));
      hot(shipG, ctx, idx, stopKey);
    } else {
      const where = ship.row === 0 ? tr("on the launch pad") : ship.row > rows ? tr("on its planet") : tr("at {circle}", { circle: meta.circle_names[ship.row][ship.col] });
      const best = ship.best === 0 ? tr("not on the track yet") : ship.best > rows ? tr("the planet") : tr("row {row}", { row: meta.row_names[ship.best] });
      tipOn(shipG, [tr("{Colour} ship", { Colour }), tr("{where}; highest reached: {best}; {hearts}/{max} hearts filled; worth {vp} VP now.",
        { where, best, hearts: ship.hearts, max: meta.hearts, vp: ship.vp }), ""],
        { ...TIP, extra: ship.disabled ? NOTES.disabled : (!v.options.rapid_fire ? HELP.armada[1] : null) });
    }
    g.append(shipG);
    if (ship.disabled) g.append(svg("text", { x: x0 + TW / 2, y: rowY(Math.ceil(rows / 2), rows), class: "cr-disabled-t",
      transform: `rotate(-70 ${x0 + TW / 2} ${rowY(Math.ceil(rows / 2), rows)})`, "text-anchor": "middle", text: tr("DISABLED") }));
    kids.push(g);
  });
  kids.push(ladderG, numbersG);

  const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "cr-tracks", role: "img",
    "aria-label": tr("{name}'s planet tracks", { name: sh.name }) }, kids);

  // technologies, cargo bay, control panel
  const techs = el("div", { class: "cr-techs" }, el("div", { class: "cr-subh", text: tr("Technologies · {vp} VP", { vp: sh.tech_score }) }),
    sh.techs.map((tx, k) => {
      const key = mine ? `tech:${k}` : null;
      const missileKey = mine && k === 0 && idx.has("missile") ? "missile" : null;
      const row = el("div", { class: "cr-tech", "data-tech": k, "data-acquired": tx.acquired, "data-used": tx.used },
        techIcon(tx.name, tx.colour, 20), el("span", { class: "nm", text: tr(TECH_SHORT[tx.name] || tx.name) }),
        el("span", { class: "circles" }, Array.from({ length: tx.circles }, (_, i) =>
          el("span", { class: "tc " + (i < tx.used ? "used" : i < tx.acquired ? "have" : "open"), style: `--tc:${TECH_COL[tx.colour] || tx.colour}` }))),
        el("span", { class: "cnt", text: tx.acquired - tx.used && !sh.zorlord ? tr("{n} ready", { n: tx.acquired - tx.used }) : "" }));
      const h = TECH_HELP[tx.name];
      if (missileKey) { hot(row, ctx, idx, missileKey, tr("Fire a defensive missile")); row.classList.add("fire"); }
      else if (key && idx.has(key)) hot(row, ctx, idx, key);
      return tipOn(row, h, { ...TIP, extra: tr("{acquired} acquired, {used} used", { acquired: tx.acquired, used: tx.used }) });
    }));
  const extras = [];
  if (!sh.zorlord) {
    const cargo = el("div", { class: "cr-cargo", "data-cargo": sh.cargo }, el("div", { class: "cr-subh", text: tr("Cargo bay") }),
      el("div", { class: "slots" }, Array.from({ length: meta.cargo_slots }, (_, i) =>
        el("span", { class: "slot" + (i < sh.cargo ? " full" : "") }, i < sh.cargo ? "▣" : ""))));
    if (mine) hot(cargo, ctx, idx, "cargo");
    extras.push(tipOn(cargo, HELP.cargo, { ...TIP, extra: tr("{n}/{slots} stored this round", { n: sh.cargo, slots: meta.cargo_slots }) }));
    const rr = el("div", { class: "cr-control", "data-left": sh.rerolls_left }, el("div", { class: "cr-subh", text: tr("Control panel") }),
      el("div", { class: "slots" }, Array.from({ length: meta.rerolls }, (_, i) =>
        el("span", { class: "rr" + (i < sh.rerolls_used ? " spent" : "") , text: "⟳" }))));
    if (mine) hot(rr, ctx, idx, "reroll");
    extras.push(tipOn(rr, HELP.control, { ...TIP, extra: tr("{left} of {n} re-rolls left", { left: sh.rerolls_left, n: meta.rerolls }) }));
  }
  const bottom = el("div", { class: "cr-bottom" }, techs, extras.length ? el("div", { class: "cr-cbox" }, extras) : null);

  // header
  const isCaptain = !v.solo && v.captain === sh.sheet;
  const toMove = v.to_move !== null && v.to_move !== undefined && v.to_move === sh.sheet;
  const badges = [];
  if (isCaptain) badges.push(el("span", { class: "cr-badge captain", title: NOTES.captain, text: `★ ${tr("captain")}` }));
  if (sh.zorlord) badges.push(el("span", { class: "cr-badge zor", text: tr("AI opponent") }));
  if (v.options.rapid_fire) badges.push(tipOn(el("span", { class: "cr-badge", text: tr("kills {n}/{of}", { n: sh.kills, of: NUMBERS.kills }) }), HELP.kills, TIP));
  if (sh.immune_round && sh.immune_round >= v.round) badges.push(el("span", { class: "cr-badge immune", title: NOTES.immune, text: tr("no mines in round {n}", { n: sh.immune_round }) }));
  const head = el("div", { class: "cr-sheethead" },
    el("span", { class: "cr-sheetname", text: mine ? tr("{name} (you)", { name: sh.name }) : sh.name }), ...badges,
    el("span", { class: "grow" }),
    el("span", { class: "cr-score", title: NOTES.score_now, text: tr("{n} VP", { n: sh.vp }) }));
  return el("div", { class: "cr-sheet" + (mine ? " mine" : "") + (toMove ? " to-move" : "") + (sh.zorlord ? " zorlord" : ""),
    "data-testid": "cr-sheet", "data-sheet": sh.sheet, "data-sig": sheetSig(sh) }, head, board, bottom);
}

// a short signature of a sheet's marks, for tests and for spotting changes
function sheetSig(sh) {
  let marked = 0, mines = 0;
  for (const tr of sh.grid) for (const row of tr) for (const b of row) { if (b & LINES) marked++; if (b & BITS.mine) mines++; }
  const ships = sh.ships.map(s => `${s.row}.${s.col}.${s.hearts}.${s.upgrades}`).join(",");
  const tech = sh.techs.map(t => `${t.acquired}.${t.used}`).join(",");
  return `${ships}|m${marked}|x${mines}|t${tech}|c${sh.cargo}|r${sh.rerolls_used}`;
}

// ----- the top bar: round track, dice pool, the die in hand ----------------------------------
function roundTrack(v) {
  const rt = v.sheet.round_track;
  const immune = new Map();
  v.sheets.forEach(s => { if (s.immune_round) immune.set(s.immune_round, (immune.get(s.immune_round) || []).concat(s.name)); });
  const capName = v.solo ? null : (v.sheets[v.captain] || {}).name;
  const node = el("div", { class: "cr-rounds", "data-testid": "cr-rounds", "data-round": v.round },
    el("div", { class: "cr-subh", text: capName ? tr("Round {round} of {rounds} · captain {name}", { round: v.round, rounds: v.rounds, name: capName })
      : tr("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }) }),
    el("div", { class: "sq" }, rt.map((n, i) => {
      const r = i + 1;
      const st = r < v.round ? "done" : r === v.round ? "now" : "next";
      return el("span", { class: `rsq ${st}` + (immune.has(r) ? " immune" : ""), title: tn("Round {round}: {n} mine roll", "Round {round}: {n} mine rolls", n, { round: r })
        + (immune.has(r) ? " " + tr("(ignored by {names})", { names: immune.get(r).join(", ") }) : "") },
        el("span", { class: "rn", text: r }), el("span", { class: "mn" }, Array.from({ length: n }, () => el("i"))));
    })));
  return tipOn(node, HELP.round, { ...TIP, extra: NOTES.round_dots });
}

// the short name under a die of the pool: "P1" for "Player 1" (a name of another kind as it is)
function shortName(v, o, name) { return name === tr("Player {n}", { n: o + 1 }) ? tr("P{n}", { n: o + 1 }) : name; }

function ownerName(v, o) {
  if (o === null || o === undefined) return null;
  const s = v.sheets[o];
  return s ? s.name : tr("Player {n}", { n: o + 1 });
}

function dicePool(ctx, v, idx) {
  if (v.dice_rolled === false)   // the mine phase of a round: last round's faces are not on offer
    return el("div", { class: "cr-pool" }, el("div", { class: "cr-subh", text: tr("Action dice") }),
      el("div", { class: "cr-dice-wait", "data-testid": "cr-dice-wait", text: NOTES.dice_later }));
  const curDie = v.current ? v.current.die : null;
  const dice = v.dice.map(d => {
    const owner = ownerName(v, d.owner);
    const inHand = curDie === d.die;
    const mineOwner = d.owner !== null && d.owner === ctx.seat;
    const node = el("div", { class: "cr-die" + (d.owner !== null ? " taken" : "") + (inHand ? " inhand" : "") + (mineOwner ? " own" : ""),
      "data-testid": "cr-die", "data-die": d.die, "data-face": d.face, "data-owner": d.owner === null ? "" : d.owner },
      el("div", { class: "face" }, dieFace(d, 38)),
      el("div", { class: "who", text: inHand ? pgettext("a die", "in hand") : owner ? shortName(v, d.owner, owner) : pgettext("a die in the pool", "die {n}", { n: d.die + 1 }) }));
    const key = `die:${d.die}`;
    if (idx.has(key)) hot(node, ctx, idx, key);
    else if (inHand && idx.has("use")) hot(node, ctx, idx, "use");
    tipOn(node, dieHelp(d), { ...TIP, extra: owner ? tr("die {n}, taken by {who}", { n: d.die + 1, who: owner }) : tr("die {n}, in the pool", { n: d.die + 1 }) });
    return node;
  });
  return el("div", { class: "cr-pool" }, el("div", { class: "cr-subh", text: tr("Action dice") }), el("div", { class: "dice" }, dice));
}

// What is going on now, with the in-place choices that have no place on a sheet.
function actionBar(ctx, v, idx) {
  const kids = [];
  const d = ctx.decision;
  const cur = v.current;
  if (cur) {
    const fd = v.dice[cur.die];
    const who = ownerName(v, fd ? fd.owner : null);
    let txt = tr("{who} holds die {n}: {face}", { who: who || "?", n: cur.die + 1, face: fd ? fd.text : "" });
    if (v.decision === "move") {
      const values = { who, colour: cur.colour ? tr(cur.colour) : "", n: cur.pips };
      txt = cur.transformed
        ? tn("{who}: moving the {colour} ship — {n} pip left (transformed)", "{who}: moving the {colour} ship — {n} pips left (transformed)", cur.pips, values)
        : tn("{who}: moving the {colour} ship — {n} pip left", "{who}: moving the {colour} ship — {n} pips left", cur.pips, values);
      if (cur.attack !== null && cur.attack !== undefined) {
        const whose = ownerName(v, 1 - cur.sheet) || tr("the opponent");
        txt = tr("{moving}, then attacks {whose}'s {colour} ship", { moving: txt, whose, colour: tr(v.sheet.tracks[cur.attack] || "") });
      }
    }
    kids.push(el("div", { class: "cr-now" }, fd ? el("span", { class: "mini" }, dieFace(fd, 26)) : null, el("span", { text: txt })));
  }
  if (v.pending_mine) kids.push(el("div", { class: "cr-now warn", text: tr("Incoming mines at {coordinate} (red rings on the sheet).", { coordinate: v.pending_mine.coordinate }) }));
  if (v.pending_attack) {
    const pa = v.pending_attack;
    const values = { who: ownerName(v, pa.by), whose: ownerName(v, pa.sheet), colour: pa.colour ? tr(pa.colour) : "" };
    kids.push(el("div", { class: "cr-now warn", text: pa.kind === "attack" ? tr("{who} attacks {whose}'s {colour} ship.", values) : tr("{who} upgrades against {whose}'s {colour} ship.", values) }));
  }
  const chips = [];
  const chip = (key, text, cls = "") => { if (idx.has(key)) chips.push(hot(el("button", { class: `cr-chip ${cls}`, text }), ctx, idx, key)); };
  if (d) {
    chip("use", v.decision === "die" ? tr("Use it") : tr("Use"), "go");
    chip("cargo", tr("Cargo bay"));
    chip("reroll", tr("Re-roll (control panel)"));
    chip("stop", tr("Stop here"));
    chip("missile", tr("Fire a missile"), "go");
    chip("no-missile", tr("Take it"));
    chip("accept", tr("Let Zorlord use it"), "go");
  }
  let hint = null;
  if (d) {
    // what to click: the game's words for the decision (the view's help.clicks)
    hint = CLICKS[v.decision] || d.prompt;
    if (v.decision === "move") {
      const keys = [...idx.keys()];
      const parts = [];
      if (keys.some(k => k.startsWith("cell:"))) parts.push(MOVE_CLICKS.cell);
      if (idx.has("stop")) parts.push(MOVE_CLICKS.stop);
      if (keys.some(k => k.startsWith("ship:"))) parts.push(MOVE_CLICKS.ship);
      const or = tr("or");
      hint = tr("Click {parts}.", { parts: parts.join(`, ${or} `) });
    }
  } else if (ctx.waiting) {
    const bot = ctx.waiting.bot ? ` (${tr("bot")})` : "";
    hint = tr("{who} is deciding: {prompt}", { who: `${ctx.waiting.seat_name}${bot}`, prompt: ctx.waiting.prompt });
  }
  else if (v.prompt) hint = tr("Now: {prompt}", { prompt: v.prompt });
  return el("div", { class: "cr-bar" + (d ? " mine" : ""), "data-testid": "cr-bar" },
    kids, hint ? el("div", { class: "cr-hint", "data-testid": "cr-hint", text: hint }) : null,
    chips.length ? el("div", { class: "chips" }, chips) : null);
}

// ----- end of game (how it ended: the view's help.ends) -------------------------------------------------
function endPanel(ctx, v) {
  const winners = v.winners || [];
  const names = winners.map(w => ownerName(v, w)).join(" & ");
  const title = v.solo ? (winners.length ? tr("Mission accomplished!") : tr("Mission failed")) :
    winners.length ? (winners.length > 1 ? tr("{names} win!", { names }) : tr("{names} wins!", { names })) : tr("Nobody wins");
  const rows = v.sheets.map(s => el("tr", { class: winners.includes(s.sheet) ? "win" : "" },
    el("td", { text: s.name }), ...s.ships.map(sp => el("td", { text: `${sp.vp}${sp.disabled ? " ✗" : sp.reached ? " ✓" : ""}` })),
    el("td", { text: s.tech_score }), el("td", { class: "tot", text: s.vp })));
  return el("div", { class: "cr-end", "data-testid": "cr-end" },
    el("div", { class: "big", text: title }), el("div", { class: "muted", text: tr("Ended: {cause} (round {n}).", { cause: ENDS[v.end] || v.end, n: v.round }) }),
    el("div", { class: "cr-end-box" }, el("table", {}, el("tr", {}, el("th", { text: "" }), ...v.sheet.tracks.map(c => el("th", { text: cap(tr(c)) })),
      el("th", { text: tr("Tech") }), el("th", { text: tr("Total VP") })), rows)),
    el("div", { class: "muted small", text: (v.help && v.help.end) || "" }));
}

// ----- render ---------------------------------------------------------------------------------------------
/** The dice pool is drawn on the board, so the table needs no separate "Last roll" panel. */
export const showsDice = true;

export function render(root, ctx) {
  ensureCss();
  hideTip();
  document.querySelectorAll(".cr-pop").forEach(p => p.remove());
  const v = ctx.view;
  ({ sheet: HELP, tech: TECH_HELP, dice: DICE_HELP, rule_numbers: NUMBERS, notes: NOTES, ends: ENDS, clicks: CLICKS,
    move_clicks: MOVE_CLICKS, grid_bits: BITS } = v.help || { sheet: {}, tech: {}, dice: {}, rule_numbers: {}, notes: {},
    ends: {}, clicks: {}, move_clicks: {}, grid_bits: {} });
  LINES = BITS.up | BITS.sideways | BITS.diagonal | BITS.warp;
  TECH_COLOURS = {};
  for (const s of v.sheets) for (const t of s.techs) TECH_COLOURS[t.name] = t.colour;
  const idx = indexOptions(ctx);
  const me = ctx.seat !== null && ctx.seat !== undefined && ctx.seat < v.sheets.length ? ctx.seat : null;
  const order = me === null ? v.sheets.map((_, i) => i) : [me, ...v.sheets.map((_, i) => i).filter(i => i !== me)];
  const sheets = order.map(i => sheetNode(ctx, v, v.sheets[i], idx, i === me));
  const variants = [];
  if (v.options.side === "B") variants.push(tr("side B (Minefield)"));
  if (v.options.friendly) variants.push(tr("Friendly"));
  if (v.options.rapid_fire) variants.push("Rapid Fire");
  if (v.solo) variants.push(v.options.novice ? tr("solo · novice") : tr("solo vs Zorlord"));
  const top = el("div", { class: "cr-top" }, roundTrack(v), dicePool(ctx, v, idx),
    variants.length ? el("div", { class: "cr-variants", text: variants.join(" · ") }) : null);
  root.replaceChildren(el("div", { class: "cr", "data-testid": "cr-table", "data-decision": v.decision || "" },
    top, v.end ? endPanel(ctx, v) : actionBar(ctx, v, idx), el("div", { class: "cr-sheets" }, sheets)));
}

/** The decision dock's groups (table.js arrange): the action dice by what they do, each button
 *  naming its die and face (every die in sight, none cut off below the fold). */
const DIE_KINDS = { move: N_("Move a ship"), attack: N_("Advance and attack"), mine: N_("Lay a mine"), tech: N_("Gain a technology") };
export function optionGroup(o, d) {
  const x = o.data || {};
  if (x.kind === "die" && DIE_KINDS[x.face_kind]) return { title: tr(DIE_KINDS[x.face_kind]) };
  return null;
}
