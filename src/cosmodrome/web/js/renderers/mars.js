// March on Mars — the table. The ring of martian cards drawn round the planet, as on the table:
// the Martian Master Mind (MMM) at the top, the Landing Zone (LZ) at the bottom, each column of
// the ring a wedge of its levels (rock, boxes with and without a circle, tunnels), the aliens by
// colour in their boxes, the red defenders beside the MMM with their force barriers, the marines
// standing or crashed. Inside the ring: the round track, the base-damage track, the incoming-wave
// boxes, the base upgrades beside the LZ, the white die and the alien bag. Two marines play on
// half the board: only its right half is drawn. Below the ring: the combat card of the marine
// playing (its actions with the programmed and rolled dice) and every marine's card (its
// special training and equipment). The shown seat's equipment is its hand, docked by the page.
// Options of the current decision that name a place act on click there: a box (a move or a
// shot, the Landing Zone box to land in, a teleport's level, a jet-pack flight or a step), an
// ability of the training card (the special training), a marine (who acts next, tactical
// support, a missile's beacon), an action of the combat card (programming a die), a rolled die
// (a re-roll, the lucky charm's dice), the MMM (the nuke, kamikaze), an equipment card (play,
// give, take). The drone's pairs and the choices of a card stay on the option list.
// The view schema is in src/cosmodrome/games/mars/view.py, the option details in
// src/cosmodrome/games/mars/actions.py.
import { el, pgettext, svg, t as tr } from "../api.js";  // tr: `t` names the turn in places here
import { optionIndex, places } from "./places.js";

// A card's, ability's or equipment's name in the reader's language; a name whose English another
// game's entry spells alike (Onward to Venus's card "Sniper") has its own Mars entry.
const CONTEXT_NAMES = { Sniper: () => pgettext("March on Mars", "Sniper") };
const nameOf = name => (CONTEXT_NAMES[name] ? CONTEXT_NAMES[name]() : tr(name));

export const name = "mars";
export const showsDice = true;

function ensureCss() {
  if (document.getElementById("mars-css")) return;
  document.head.append(el("link", { id: "mars-css", rel: "stylesheet", href: "/css/mars.css" }));
}

const { hot, closeMenus } = places({ hl: "mars-hl", pop: "mars-pop" });

// ----- geometry of the ring ------------------------------------------------------------------
const R0 = 190, LH = 38, GAP = 4;         // planet radius (bottom of level 0), level height, slots of the MMM
// the ring's levels (the height of the view's columns), its outer radius and the drawing's size
// and centre: set at each drawing (useRing)
let LEVELS = 0, ROUT = R0, SIZE = 0, C = 0;
function useRing(v) {
  LEVELS = Math.max(...v.ring.columns.map(col => col.length));
  ROUT = R0 + LEVELS * LH;
  SIZE = 2 * (ROUT + 26);
  C = SIZE / 2;
}
// the rules' help: the game's own words with this game's numbers (the view's ``help``,
// games/mars/text.py table_help), set at each drawing (and before the options are grouped: useHelp)
let HELP = { cells: {}, aliens: {}, upgrades: {}, dice: {}, mmm: "", marine: {},
  board: { beside: {}, barrier: {}, incoming: {}, white: {} }, mmm_options: [], clicks: {},
  zones: { lz: null, defenders: {}, barriers: {} }, terrain: {}, die_colours: [], die_names: [], actions: 0 };
// the name ("safe", "rock"...) of each kind of box of the view's ring.columns (help.terrain, the
// game's terrain module's numbers by name); made again when the help changes
let KIND_NAMES = {};
function useHelp(v) {
  if (!v || !v.help || v.help === HELP) return;
  HELP = v.help;
  KIND_NAMES = Object.fromEntries(Object.entries(HELP.terrain || {}).map(([name, k]) => [k, name]));
}
const kindIs = (k, ...names) => names.includes(KIND_NAMES[k]);
// the zones the table draws apart, as the view numbers them (help.zones, from the game's state module)
const isLz = z => z === HELP.zones.lz;
const defenderSide = z => HELP.zones.defenders[z];   // "left" / "right" for a defender box, else undefined
const MARINE_COLOURS = { Red: "#e0474c", Blue: "#3a7be0", Green: "#3fae5a", Yellow: "#f2c53d", White: "#ecebf2" };
const ALIEN_COLOURS = { yellow: "#f2c53d", blue: "#4a8cf0", red: "#e0474c" };

// a marine's colour: by its (English) name, else by its seat in the packaged order (a name read in
// another language: "Vörös tengerészgyalogos")
const SEAT_COLOURS = Object.values(MARINE_COLOURS);
function colourOf(marine) {
  return MARINE_COLOURS[String(marine.name).split(" ")[0]] || SEAT_COLOURS[marine.seat] || "#bbb";
}

/** The ring as the table shows it: ``slots`` wedges round the planet, the MMM's gap at the top;
 * on half the board the columns take the right half of the full ring's places. */
function ringGeometry(v) {
  const n = v.ring.columns.length;
  const lz = v.zones.find(z => isLz(z.zone));
  const lzw = lz ? lz.width : 0;
  const full = v.half_board ? 2 * n - lzw : n;
  const offset = v.half_board ? n - lzw : 0;
  const step = (2 * Math.PI) / (full + GAP);
  // column c spans the angles a(c) .. a(c) - step (screen angles, y down; going round from the MMM's left)
  const a = (c) => -Math.PI / 2 - (GAP / 2 + c + offset) * step;
  return { n, step, a };
}
const pt = (r, t) => [C + r * Math.cos(t), C + r * Math.sin(t)];
function sector(r1, r2, t1, t2) {
  const [x1, y1] = pt(r1, t1), [x2, y2] = pt(r2, t1), [x3, y3] = pt(r2, t2), [x4, y4] = pt(r1, t2);
  const f = (x) => x.toFixed(1);
  return `M${f(x1)} ${f(y1)} L${f(x2)} ${f(y2)} A${r2} ${r2} 0 0 0 ${f(x3)} ${f(y3)} L${f(x4)} ${f(y4)} A${r1} ${r1} 0 0 1 ${f(x1)} ${f(y1)} Z`;
}
// a local frame in a box: x along the ring, y outwards ("up" on Mars), origin on the box's floor
function frame(r, t) {
  const [x, y] = pt(r, t);
  return `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${((t * 180) / Math.PI + 90).toFixed(1)})`;
}

// ----- little pictures (SVG, never font glyphs) -----------------------------------------------
function alienIcon(colour, x, y, r, defender) {
  return svg("g", { class: `mars-alien ${colour}` + (defender ? " defender" : ""), transform: `translate(${x} ${y})` },
    defender ? svg("circle", { r: r + 2.6, class: "shield" }) : null,
    svg("path", { d: `M${-r} ${r * 0.5} Q${-r} ${-r} 0 ${-r} Q${r} ${-r} ${r} ${r * 0.5} Q0 ${r * 1.3} ${-r} ${r * 0.5} Z`,
      fill: ALIEN_COLOURS[colour] || "#aaa" }),
    svg("circle", { cx: -r * 0.38, cy: -r * 0.1, r: r * 0.22, class: "eye" }),
    svg("circle", { cx: r * 0.38, cy: -r * 0.1, r: r * 0.22, class: "eye" }));
}
function marineIcon(m, x, now) {
  const fill = colourOf(m);
  // data-id: the shared motion code glides the pawn from box to box
  const g = svg("g", { class: "mars-marine" + (m.crashed ? " crashed" : "") + (now ? " now" : ""), transform: `translate(${x} 0)`,
    "data-id": `marine-${m.seat}` });
  if (m.crashed) g.append(svg("ellipse", { cx: 0, cy: -3.5, rx: 8, ry: 3.5, fill }), svg("circle", { cx: 9, cy: -3.5, r: 2.6, fill }));
  else g.append(svg("rect", { x: -3.8, y: -15, width: 7.6, height: 13, rx: 3, fill }), svg("circle", { cx: 0, cy: -18.5, r: 3.6, fill }),
    svg("rect", { x: 3, y: -12, width: 5.5, height: 2.2, class: "gun" }));
  return g;
}
function upgradeIcon(kind) {
  switch (kind) {
    case "bunker": return svg("path", { d: "M-11 6 V1 A11 9 0 0 1 11 1 V6 Z M-4 0 H4 V2 H-4 Z", class: "up-shape" });
    case "sentinels": return svg("g", { class: "up-shape" }, svg("rect", { x: -9, y: 0, width: 18, height: 6, rx: 1 }),
      svg("circle", { cx: 0, cy: -1, r: 5 }), svg("rect", { x: 2, y: -3, width: 10, height: 2.4 }));
    case "antenna": return svg("g", { class: "up-shape" }, svg("path", { d: "M-7 6 L0 -8 L7 6 Z" }),
      svg("path", { d: "M-6 -10 A8 8 0 0 1 6 -10 M-3 -8 A4 4 0 0 1 3 -8", class: "waves" }));
    default: return svg("path", { d: "M-8 -8 L8 8 M8 -8 L-8 8", class: "up-gone" });
  }
}
function mmmIcon() {
  return svg("g", { class: "mars-mmm-icon" },
    svg("path", { d: "M-46 14 Q-50 -34 0 -38 Q50 -34 46 14 Z", class: "dome" }),
    svg("path", { d: "M-30 -14 q8 -12 16 0 t16 0 t16 0 M-34 2 q10 -10 20 0 t20 0 t20 0", class: "folds" }),
    svg("ellipse", { cx: 0, cy: 4, rx: 13, ry: 7, class: "eye" }), svg("circle", { cx: 0, cy: 4, r: 4, class: "pupil" }),
    svg("path", { d: "M-52 14 H52 L44 26 H-44 Z", class: "base" }));
}

// ----- which options name which place ---------------------------------------------------------
function indexOptions(ctx) {
  const idx = optionIndex();
  const d = ctx.decision;
  if (!d || ctx.seat === null || ctx.seat === undefined || d.seat !== ctx.seat) return idx;
  for (const o of d.options) {
    const x = o.data || {};
    // a box: a move, a shot, a jet-pack flight, a step, the LZ box to land on, a teleport's level
    if (typeof x.col === "number" && typeof x.level === "number") idx.add(`box:${x.col}:${x.level}`, o);
    else if (typeof x.ability === "string") idx.add(`train:${x.ability}`, o);     // the training card's two abilities
    // an equipment card (play it, give it, take it): the card in its holder's hand
    else if (typeof x.card === "string") idx.add(`equip:${x.card}`, o);
    else if (typeof x.slot === "number" && typeof x.die === "number") idx.add(`slot:${x.slot}`, o);
    else if (typeof x.die === "number") idx.add(`die:${x.die}`, o);               // a re-roll, the lucky charm's dice
    else if (typeof x.seat === "number") idx.add(`marine:${x.seat}`, o);
    else if ((HELP.mmm_options || []).includes(o.label)) idx.add("mmm", o);   // the nuke, kamikaze too (as the view labels them)
    // the rest (the drone's pairs, orbital bombing, teleporting onto a card, done, roll) on the option list
  }
  return idx;
}

/** The signature of what the ring shows (the e2e test compares it with the server's view). */
export function marsSig(v) {
  const boxes = v.zones.flatMap(z => z.boxes).filter(b => b.aliens.length).map(b => `${b.col}.${b.level}:${b.aliens.join("")}`).join(",");
  const marines = v.marines.map(m => `${m.col}.${m.level}.${m.crashed ? 1 : 0}`).join(",");
  return `r${v.round}|b${v.base_hits}|${marines}|${boxes}`;
}

// ----- the ring --------------------------------------------------------------------------------
// The levels' numbers, as the options name them ("column 5, level 1"): on both edges of the MMM's
// gap, level by level outwards (level 0 is the lowest, next to the planet).
function levelNumbers(root, v, g) {
  const levels = LEVELS;
  // (the half board leaves the ring's left half empty: the numbers stand there, beside column 1)
  const edges = v.half_board ? [g.a(0) + 0.45 * g.step] : [g.a(0) + 0.45 * g.step, g.a(g.n) - 0.45 * g.step];
  edges.forEach((t, side) => {
    for (let l = 0; l < levels; l++) {
      const [x, y] = pt(R0 + l * LH + LH / 2, t);
      root.append(svg("text", { class: "mars-levelno", "data-testid": "mars-levelno", "data-level": l, "data-side": side,
        x: x.toFixed(1), y: (y + 4).toFixed(1), "text-anchor": "middle", text: String(l) }));
    }
    const [x, y] = pt(R0 + levels * LH + 8, t);
    root.append(svg("text", { class: "mars-levelno head", x: x.toFixed(1), y: (y + 4).toFixed(1), "text-anchor": "middle", text: pgettext("the ring's levels", "level") }));
  });
}
function ringSvg(v, ctx, idx) {
  const g = ringGeometry(v);
  const boxes = new Map(v.zones.flatMap(z => z.boxes).map(b => [`${b.col}:${b.level}`, b]));
  const zoneOf = v.ring.zones_of_columns;
  const x0 = v.half_board ? C - 175 : 0;
  const root = svg("svg", { class: "mars-ring" + (v.half_board ? " half" : ""), viewBox: `${x0} 0 ${SIZE - x0} ${SIZE}`,
    "data-testid": "mars-ring", "aria-label": tr("The ring of martian cards") + (v.half_board ? HELP.board.half : "") });
  const defs = svg("defs");
  root.append(defs, svg("circle", { cx: C, cy: C, r: R0, class: "mars-planet" }));
  // the zones' names along the outside of the ring
  const cards = [...v.ring.cards];
  v.zones.forEach(z => {
    const lzHere = isLz(z.zone), defender = defenderSide(z.zone);
    const label = lzHere ? tr("Landing Zone") : defender ? "" : tr(cards.shift());
    const t1 = g.a(z.first), t2 = g.a(z.first + z.width), mid = (t1 + t2) / 2;
    root.append(svg("path", { d: sector(R0 - 3, ROUT + 3, t1, t2), class: "mars-zone" + zoneClass(z.zone), "data-zone": z.zone },
      svg("title", { text: lzHere ? HELP.board.lz : defender ? HELP.board.beside[z.zone] : `${label} (${z.name})` })));
    if (!label) return;
    const top = Math.sin(mid) < 0;    // on the upper half the text runs clockwise, on the lower half anticlockwise
    const r = top ? ROUT + 6 : ROUT + 18;
    const [sx, sy] = pt(r, top ? t2 : t1), [ex, ey] = pt(r, top ? t1 : t2);
    const id = `mars-arc-${z.zone}`;
    defs.append(svg("path", { id, d: `M${sx.toFixed(1)} ${sy.toFixed(1)} A${r} ${r} 0 0 ${top ? 1 : 0} ${ex.toFixed(1)} ${ey.toFixed(1)}` }));
    root.append(svg("text", { class: "mars-cardname" + (lzHere ? " lz" : "") },
      svg("textPath", { href: `#${id}`, startOffset: "50%", "text-anchor": "middle", text: label })));
  });
  // the columns: rock, boxes, sky
  v.ring.columns.forEach((col, c) => {
    const t1 = g.a(c), t2 = g.a(c + 1), tm = (t1 + t2) / 2;
    // its number inside the planet's rim, as the options name it ("column 5, level 1")
    const [nx, ny] = pt(R0 - 11, tm);
    root.append(svg("text", { class: "mars-colno", "data-testid": "mars-colno", "data-col": c, x: nx.toFixed(1), y: (ny + 4).toFixed(1),
      "text-anchor": "middle", text: String(c + 1) }));
    col.forEach((k, l) => {
      if (kindIs(k, "air")) return;
      const r1 = R0 + l * LH;
      if (kindIs(k, "rock")) { root.append(svg("path", { d: sector(r1, r1 + LH, t1, t2), class: "mars-rock" })); return; }
      const b = boxes.get(`${c}:${l}`) || { col: c, level: l, aliens: [], circle: kindIs(k, "safe", "tunnel") };
      const node = svg("g", { class: `mars-box terrain-${KIND_NAMES[k]}` + zoneClass(zoneOf[c]), "data-col": c, "data-level": l, "data-testid": "mars-box" });
      node.append(svg("path", { d: sector(r1, r1 + LH, t1, t2), class: "cell" }));
      if (kindIs(k, "tunnel", "tunnel_haz")) node.append(svg("path", { d: sector(r1 + LH - 5, r1 + LH, t1, t2), class: "ceiling" }));
      const inner = svg("g", { transform: frame(r1, tm) });
      if (b.circle) inner.append(svg("ellipse", { cx: 0, cy: -2.5, rx: 5.5, ry: 2, class: "ring-mark" }));
      else inner.append(svg("path", { d: "M-8 -2 l4 -4 l4 4 l4 -4 l4 4", class: "rough" }));
      if (b.hidden_equipment) inner.append(svg("g", { class: "mars-crate", "data-testid": "mars-crate" },
        svg("rect", { x: 7, y: -LH + 6, width: 9, height: 7, rx: 1 }), svg("path", { d: `M7 ${-LH + 9.5} h9` })));
      const here = v.marines.filter(m => m.col === c && m.level === l);
      const width = (r1 + LH / 2) * g.step;
      here.forEach((m, i) => inner.append(marineIcon(m, (i - (here.length - 1) / 2) * Math.min(11, (width - 8) / here.length),
        v.turn && v.turn.marine === m.seat && v.phase !== "next-marine")));
      // aliens above the marines' heads, in rows that fit the box
      const n = b.aliens.length;
      if (n) {
        const per = Math.max(1, Math.floor((width - 4) / 13));
        const rows = Math.ceil(n / per);
        const r = rows > 2 ? 4.2 : 6;
        const dy = rows > 2 ? 9 : 12.5;
        const side = defenderSide(zoneOf[c]);
        const defIdx = side && (v.defenders || []).some(d => d.alive && d.side === side) ? b.aliens.indexOf("red") : -1;
        b.aliens.forEach((a, i) => {
          const row = Math.floor(i / per), inRow = Math.min(per, n - row * per), j = i % per;
          const dx = Math.min(13, (width - 4) / inRow);
          inner.append(alienIcon(a, ((j - (inRow - 1) / 2) * dx).toFixed(1), (-LH + 9 + row * dy).toFixed(1), r, i === defIdx));
        });
      }
      node.append(inner);
      const who = here.map(m => `${m.name} (${m.crashed ? tr("crashed") : tr("standing")})`).join(", ");
      node.append(svg("title", { text: tr("{zone}, column {col}, level {level}.", { zone: zoneLabel(v, zoneOf[c]), col: c + 1, level: l })
        + ` ${HELP.cells[k] || ""}` + (n ? tr(" Aliens: {aliens}.", { aliens: b.aliens.map(a => tr(a)).join(", ") }) : "")
        + (who ? tr(" Marines: {who}.", { who }) : "") + (b.hidden_equipment ? tr(" Hidden equipment lies here.") : "") }));
      hot(node, ctx, idx, `box:${c}:${l}`);
      root.append(node);
    });
  });
  levelNumbers(root, v, g);
  // marines that a decision names (who acts next, support, a missile's beacon): their pawns are buttons
  v.marines.forEach(m => {
    if (!idx.has(`marine:${m.seat}`)) return;
    const t = (g.a(m.col) + g.a(m.col + 1)) / 2, r1 = R0 + m.level * LH;
    // beside its box-mates, where its pawn is drawn, so that no pick covers another
    const here = v.marines.filter(o => o.col === m.col && o.level === m.level);
    const step = Math.min(11, ((r1 + LH / 2) * g.step - 8) / here.length);
    const x = (here.indexOf(m) - (here.length - 1) / 2) * step, w = here.length > 1 ? Math.max(6, step - 1) : 18;
    const node = svg("g", { class: "mars-pick", "data-testid": "mars-pick", "data-seat": m.seat, transform: frame(r1, t) },
      svg("rect", { x: (x - w / 2).toFixed(1), y: -25, width: w.toFixed(1), height: 27, rx: Math.min(6, w / 3).toFixed(1) }));
    root.append(hot(node, ctx, idx, `marine:${m.seat}`));
  });
  // the force barriers of the living defenders: on the edge of each defender box towards the MMM,
  // the box's edge the help names (a marine may enter the box but not go on past it)
  (v.defenders || []).forEach(d => {
    if (!d.alive) return;
    const b = HELP.zones.barriers[d.side], z = b && v.zones.find(x => x.zone === b.zone);
    if (!z) return;
    const c = b.edge === "start" ? z.first : z.first + z.width, t = g.a(c);   // the edge before column c
    const [xa, ya] = pt(R0, t), [xb, yb] = pt(ROUT, t);
    root.append(svg("line", { x1: xa, y1: ya, x2: xb, y2: yb, class: "mars-barrier", "data-testid": "mars-barrier",
      "data-side": d.side, "data-col": c },
      svg("title", { text: HELP.board.barrier[d.side] })));
  });
  root.append(centre(v, ctx, idx, g));
  return root;
}

// the class of a zone the style sheet draws apart: the Landing Zone, a defender box
function zoneClass(z) { return isLz(z) ? " lz" : defenderSide(z) ? " defender-box" : ""; }

function zoneLabel(v, z) {
  const zone = v.zones.find(x => x.zone === z);
  return zone ? zone.name.charAt(0).toUpperCase() + zone.name.slice(1) : "";
}

// ----- inside the ring: the MMM, tracks, incoming waves, upgrades, dice ------------------------
function track(x, y, label, n, filled, cls, help) {
  const cell = 28, gap = 4;
  const g = svg("g", { class: `mars-track ${cls}`, transform: `translate(${x} ${y})`, "data-testid": `mars-${cls}` },
    svg("text", { x: 0, y: -7, class: "mars-label", text: label }),
    Array.from({ length: n }, (_, i) => svg("g", { class: "sq" + (filled(i) ? " on" : "") + (filled(i) === "now" ? " now" : "") },
      svg("rect", { x: i * (cell + gap), y: 0, width: cell, height: cell, rx: 4 }),
      svg("text", { x: i * (cell + gap) + cell / 2, y: cell / 2 + 5.5, "text-anchor": "middle", text: i + 1 }))),
    svg("title", { text: help }));
  return g;
}

function waveBox(v, side, x, y) {
  const aliens = (v.incoming || {})[side] || [];
  const g = svg("g", { class: "mars-incoming", transform: `translate(${x} ${y})`, "data-testid": "mars-incoming", "data-side": side,
    "data-count": aliens.length },
  svg("rect", { x: 0, y: 0, width: 136, height: 52, rx: 8 }),
  svg("text", { x: 68, y: 18, "text-anchor": "middle", class: "mars-label", text: side === "left" ? tr("Incoming left") : tr("Incoming right") }),
  aliens.length ? aliens.map((a, i) => alienIcon(a, 12 + (i % 10) * 12.5, 37, 5.5, false))
    : svg("text", { x: 68, y: 42, "text-anchor": "middle", class: "mars-note", text: pgettext("an incoming-wave box", "empty") }),
  svg("title", { text: HELP.board.incoming[side]
    + (aliens.length ? tr(" Now: {aliens}.", { aliens: aliens.map(a => tr(a)).join(", ") }) : "") }));
  return g;
}

function centre(v, ctx, idx, g) {
  const out = svg("g", { class: "mars-centre" });
  // the MMM in the gap at the top of the ring, with the white die beside it
  const mmm = svg("g", { class: "mars-mmm", transform: `translate(${C} ${C - R0 - LH * 2 + 6})`, "data-testid": "mars-mmm" },
    mmmIcon(), svg("text", { x: 0, y: 44, "text-anchor": "middle", class: "mars-label", text: tr("Martian Master Mind") }),
    svg("title", { text: HELP.mmm }));
  out.append(hot(mmm, ctx, idx, "mmm"));
  const wd = v.white_die;
  out.append(svg("g", { class: "mars-white", transform: `translate(${C + 72} ${C - R0 - LH * 2 - 8})`, "data-testid": "mars-white-die", "data-face": wd || "" },
    svg("rect", { x: 0, y: 0, width: 26, height: 26, rx: 5 }),
    svg("text", { x: 13, y: 18, "text-anchor": "middle", text: wd ? String(wd) : "–" }),
    svg("title", { text: (wd && HELP.board.white[wd]) || HELP.board.white.none })));
  // the tracks
  const half = v.half_board;
  const tx = half ? C - 150 : C - 126;
  out.append(track(tx, C - 132, tr("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }), v.rounds, (i) => (i + 1 === v.round ? "now" : i + 1 < v.round), "rounds",
    HELP.board.rounds));
  out.append(track(tx, C - 76, tr("Base damage {hits} of {attacks}", { hits: v.base_hits, attacks: v.base_attacks }), v.base_attacks, (i) => i < v.base_hits, "damage",
    HELP.board.damage));
  // the incoming-wave boxes: one per side in play
  const sides = Object.keys(v.incoming || {});
  sides.forEach(side => out.append(waveBox(v, side, side === "left" ? C - 150 : half ? C - 8 : C + 14, C - 24)));
  // the alien pool and the equipment deck
  const eq = v.equipment;
  // one short line each, inside the planet (a longer language's words would run over the ring)
  const notAt = y => ({ x: half ? C - 150 : C, y: C + y, "text-anchor": half ? "start" : "middle", class: "mars-note" });
  const late = eq && eq.in_play === false;
  out.append(svg("text", { ...notAt(50), "data-testid": "mars-pool",
    text: tr("Bag {bag} · dead {dead}", { bag: v.pool.bag, dead: v.pool.dead }) + (v.pool.gone ? tr(" · out of the game {n}", { n: v.pool.gone }) : "") },
  svg("title", { text: HELP.board.pool })));
  if (eq) out.append(svg("text", { ...notAt(70), "data-testid": "mars-deck",
    text: tr("Equipment deck {deck} · discarded {n}", { deck: eq.deck, n: (eq.discard || []).length }) },
  svg("title", { text: tr("Equipment cards left to draw and those used up") + ((eq.discard || []).length ? ` (${eq.discard.map(n => tr(n)).join(", ")})` : "") + "." })));
  if (late) out.append(svg("text", { ...notAt(90), "data-testid": "mars-deck-late", text: tr("not dropped yet") }));
  out.append(svg("text", { ...notAt(late ? 110 : 90), text: tr("Threat: {threat}", { threat: tr(v.threat) }) }));
  // the base upgrades beside the LZ
  (v.upgrades || []).forEach((u, i) => {
    const x = C + (i - 0.5) * 84, y = C + R0 - 48;
    out.append(svg("g", { class: "mars-upgrade" + (u ? "" : " gone"), transform: `translate(${x} ${y})`, "data-testid": "mars-upgrade", "data-upgrade": u || "" },
      svg("rect", { x: -38, y: -20, width: 76, height: 40, rx: 8 }),
      svg("g", { transform: "translate(0 -5)" }, upgradeIcon(u)),
      svg("text", { x: 0, y: 15, "text-anchor": "middle", class: "mars-label", text: u ? tr(u) : pgettext("a base upgrade's label", "destroyed") }),
      svg("title", { text: u ? HELP.upgrades[u] || tr(u) : HELP.board.upgrade_lost })));
  });
  return out;
}

// ----- the combat card of the marine playing ---------------------------------------------------
function dieNode(d, ctx, idx) {
  const face = d.face ? d.text : "";
  const node = el("span", { class: `mars-die ${d.colour}` + (d.face ? " rolled" : ""), "data-testid": "mars-die", "data-die": d.die,
    "data-face": d.face || "", title: (HELP.dice[d.colour] || d.colour) + (d.face ? tr("; rolled {face}", { face: d.text }) : tr("; not rolled yet")) },
  face || el("span", { class: "blank", "aria-hidden": "true" }));
  return hot(node, ctx, idx, `die:${d.die}`);
}

function combatCard(v, ctx, idx) {
  const t = v.turn;
  if (!t || v.phase === "next-marine" || v.phase === "over") return null;
  const m = v.marines[t.marine];
  // one slot per action a turn programs (help.actions: the game's counts.dice.actions)
  const slots = Array.from({ length: HELP.actions }, (_, s) => s).map(s => {
    const dice = t.dice.filter(d => d.action === s);
    const now = t.action === s && (v.phase === "act" || v.phase === "go-on");
    const slot = el("div", { class: "mars-slot" + (now ? " now" : "") + (t.action > s && v.phase !== "program" ? " done" : ""), "data-slot": s, "data-testid": "mars-slot" },
      el("div", { class: "muted small", text: tr("Action {n}", { n: s + 1 }) }), el("div", { class: "dice" }, dice.map(d => dieNode(d, ctx, idx))));
    const adds = (idx.get(`slot:${s}`) || []).map(o => {
      // the die (and its foreseen face) as the label names it, without the action it goes on
      const after = tr("{die}{shown} on action {n}", { die: "", shown: "", n: s + 1 });
      const die = after && o.label.endsWith(after) ? o.label.slice(0, -after.length) : dieName(o.data.die);
      const b = el("button", { class: `mars-add ${HELP.die_colours[o.data.die]}`, text: `+ ${die}` });
      const one = optionIndex();
      one.add(`slot:${s}:${o.data.die}`, o);
      return hot(b, ctx, one, `slot:${s}:${o.data.die}`);
    });
    if (adds.length) slot.append(el("div", { class: "mars-adds" }, adds));
    return slot;
  });
  const loose = t.dice.filter(d => d.action < 0 && d.face);     // dice rolled outside the actions (none today)
  return el("div", { class: "panel mars-combat", "data-testid": "mars-combat" },
    el("div", { class: "mars-cardhead" }, el("span", { class: "dot", style: `background:${colourOf(m)}` }),
      el("b", { text: tr("{who}'s combat card", { who: m.name }) }),
      el("span", { class: "muted small", text: tr(" · {n} dice this turn, {programmed} programmed", { n: t.dice_n, programmed: t.dice.filter(d => d.action >= 0).length }) })),
    el("div", { class: "mars-slots" }, slots), loose.length ? el("div", { class: "dice" }, loose.map(d => dieNode(d, ctx, idx))) : null);
}

// ----- the marines' cards ------------------------------------------------------------------------
function equipCard(c, ctx, idx) {
  const node = el("div", { class: "mars-equip", "data-card": c.name, "data-testid": "mars-equip", "data-id": `equip-${c.name}`,
    title: `${nameOf(c.name)}: ${c.text}` },
    el("b", { text: nameOf(c.name) }), el("div", { class: "small", text: c.text }));
  return hot(node, ctx, idx, `equip:${c.name}`);
}

function marineCard(v, m, ctx, idx) {
  const seats = ctx.seats || [];
  const person = seats[m.seat] && seats[m.seat].display ? seats[m.seat].display : "";
  const playing = v.turn && v.turn.marine === m.seat && v.phase !== "next-marine" && v.phase !== "over";
  const where = tr("{zone}, column {col}, level {level}", { zone: zoneLabel(v, v.ring.zones_of_columns[m.col]), col: m.col + 1, level: m.level });
  // the head names the marine and is the place a decision naming it lights (the abilities and the
  // equipment below are places of their own: no button inside a button)
  const head = hot(el("div", { class: "mars-cardhead" }, el("span", { class: "dot", style: `background:${colourOf(m)}` }), el("b", { text: m.name }),
    person ? el("span", { class: "muted small", text: ` · ${person}` }) : null), ctx, idx, `marine:${m.seat}`);
  return el("div", { class: "mars-marine-card" + (playing ? " now" : "") + (m.crashed ? " crashed" : "") + (m.out ? " out" : ""),
    "data-testid": "mars-marine", "data-seat": m.seat },
  head,
  el("div", { class: "small" },
    m.out ? el("span", { class: "tag bad", text: tr("out of the game"), title: HELP.marine.out })
      : el("span", { class: "tag" + (m.crashed ? " bad" : " ok"), text: m.crashed ? tr("crashed") : tr("standing"),
        title: m.crashed ? HELP.marine.crashed : HELP.marine.standing }),
    el("span", { class: "tag", text: m.acted ? tr("has played") : tr("to play"), title: HELP.marine.turn }),
    el("span", { class: "tag", text: tr("kills {n}", { n: m.kills }), title: tr("Aliens this marine has killed.") }),
    m.tired ? el("span", { class: "tag warn", "data-testid": "mars-tired", text: tr("tired"), title: HELP.marine.tired }) : null,
    m.orbital_spent ? el("span", { class: "tag", text: tr("bombing spent"), title: HELP.marine.orbital_spent }) : null),
  el("div", { class: "muted small", text: m.side === "left" ? tr("{where} · left side", { where }) : tr("{where} · right side", { where }) }),
  trainingCard(m, ctx, idx),
  Array.isArray(m.equipment) && m.equipment.length && m.seat !== ctx.seat
    ? el("div", { class: "mars-equips" }, m.equipment.map(c => equipCard(c, ctx, idx))) : null);
}

// The special training: the ability kept, or while none is kept yet the card's two abilities
// (the training decision lights them).
function trainingCard(m, ctx, idx) {
  if (m.training) return el("div", { class: "mars-training", "data-testid": "mars-training", title: m.training.text },
    el("b", { text: tr("Training: {name}", { name: nameOf(m.training.name) }) }), el("div", { class: "small", text: m.training.text }));
  const two = Array.isArray(m.training_card) ? m.training_card : [];
  if (!two.length) return null;
  return el("div", { class: "mars-training choosing", "data-testid": "mars-training-card" },
    el("div", { class: "muted small", text: tr("Training card: one of") }),
    el("div", { class: "mars-abilities" }, two.map(a => hot(el("div", { class: "mars-ability", "data-ability": a.name, "data-testid": "mars-ability" },
      el("b", { text: nameOf(a.name) }), el("div", { class: "small", text: a.text })), ctx, idx, `train:${a.name}`))));
}

// The shown seat's equipment: its hand, docked beside the decision by the page.
function hand(v, ctx, idx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const m = v.marines[ctx.seat];
  if (!m || !Array.isArray(m.equipment) || !m.equipment.length) return null;
  return el("div", { class: "panel mars-hand", "data-dock": "hand", "data-count": m.equipment.length, "data-title": tr("Your equipment"),
    "data-testid": "mars-hand" },
  el("h3", { text: tr("Your equipment ({n})", { n: m.equipment.length }) }), el("div", { class: "mars-equips" }, m.equipment.map(c => equipCard(c, ctx, idx))));
}

function hint(v, ctx) {
  const d = ctx.decision;
  if (!d || d.seat !== ctx.seat) return null;
  // what to click: the game's words for the decision (the view's help.clicks)
  return el("div", { class: "mars-hint", "data-testid": "mars-hint", text: HELP.clicks[d.kind] || d.prompt });
}

// ----- render --------------------------------------------------------------------------------------
export function render(root, ctx) {
  ensureCss();
  closeMenus();
  const v = ctx.view;
  useHelp(v);
  useRing(v);
  const idx = indexOptions(ctx);
  const zoomed = root.querySelector(".mars-scroll.zoom") !== null;
  const zoom = el("button", { class: "small mars-zoom", type: "button", "aria-pressed": String(zoomed), "data-testid": "mars-zoom",
    text: zoomed ? tr("Fit the ring") : tr("Zoom the ring"),
    onclick: () => { const s = document.querySelector(".mars-scroll"); const on = s.classList.toggle("zoom");
      zoom.textContent = on ? tr("Fit the ring") : tr("Zoom the ring"); zoom.setAttribute("aria-pressed", String(on)); } });
  const head = el("div", { class: "mars-top" },
    el("span", { class: "pill", text: tr("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }) }),
    el("span", { class: "pill" + (v.base_hits ? " warn" : ""), text: tr("Base hits {hits} of {attacks}", { hits: v.base_hits, attacks: v.base_attacks }) }),
    el("span", { class: "muted small", title: HELP.board.threat,
      text: tr("Threat level: {threat}", { threat: tr(v.threat) }) + (v.half_board ? tr(" · half the board") : "") }),
    el("span", { class: "mars-legend", "data-testid": "mars-legend" }, ["yellow", "blue", "red"].map(c =>
      el("span", { class: "lg", title: HELP.aliens[c] }, svg("svg", { width: 16, height: 16, viewBox: "-8 -8 16 16", "aria-hidden": "true" },
        alienIcon(c, 0, 0, 6.5, c === "red")), tr(c)))), zoom);
  let end = null;
  if (v.result) {
    const won = /^victory/.test(v.result) || v.result === tr("victory: the MMM is destroyed");
    end = el("div", { class: "panel mars-end" + (won ? " won" : " lost"), "data-testid": "mars-end" },
      el("h2", { text: won ? tr("The marines win!") : tr("The marines lose") }), el("div", { text: tr(v.result) }),
      el("div", { class: "muted small", text: tr("Kills: {list}", { list: v.marines.map(m => `${m.name} ${m.kills}`).join(", ") }) }));
  }
  root.replaceChildren(el("div", { class: "mars", "data-testid": "mars-table", "data-decision": ctx.decision ? ctx.decision.kind : "",
    "data-phase": v.phase, "data-sig": marsSig(v) },
  head, end, hint(v, ctx), el("div", { class: "mars-scroll" + (zoomed ? " zoom" : "") }, ringSvg(v, ctx, idx)),
  combatCard(v, ctx, idx), hand(v, ctx, idx),
  el("div", { class: "mars-marines" }, v.marines.map(m => marineCard(v, m, ctx, idx)))));
}

/** Seat colours for the page (log lines, seat pills): each seat is its marine. */
export function seatInfo(view, seat) {
  const m = view && view.marines ? view.marines[seat] : null;
  return m ? { colour: colourOf(m), aliases: [m.name] } : null;
}

/** The decision dock's groups (table.js arrange): the dice to program grouped by colour, each
 *  button naming the action it goes on; the missiles and the bait together; a rolled action's
 *  moves, shots and re-rolls apart. */
const WAYS_OUT = ["stop the turn here", "hold the other groups", "leave the drone idle"];
// a die's name as the options give it (the view's help.die_names: cosmodrome.games.lunar.dice.die_name)
function dieName(d) { return HELP.die_names[d] || ""; }
/** Whether option ``o`` is the option labelled ``label`` (English), in any language. */
function labelled(o, label) { return o.label === label || o.label === tr(label); }
export function optionGroup(o, d) {
  const x = o.data || {};
  // the way out of a risk (ending the turn, keeping the other groups) comes first
  if (WAYS_OUT.some(w => labelled(o, w))) return { title: tr("Stop safely"), first: true };
  if (d.kind === "go-on" && labelled(o, "roll the next action")) return { title: tr("Go on") };
  if (d.kind === "program") {
    if (typeof x.die === "number" && typeof x.slot === "number")
      // the two dice of a colour are alike until rolled: one button for both
      return { title: { blue: tr("Put a blue die on"), white: tr("Put a white die on"), black: tr("Put a black die on") }[HELP.die_colours[x.die]], short: tr("action {n}", { n: x.slot + 1 }) };
    return { title: tr("Or instead") };
  }
  if (d.kind === "act") {
    if (typeof x.col === "number" && x.outcome) return { title: tr("Move") };
    if (typeof x.col === "number") return { title: tr("Shoot") };
    if (typeof x.die === "number") return { title: tr("Roll again") };
  }
  return null;
}

/** A line under the prompt: while programming, the dice still to place, counted down. */
export function decisionNote(v, d) {
  // the page asks for this line before it groups the options and draws the table: the help (the
  // dice's colours optionGroup reads) is taken here too, so that a first drawing groups them
  useHelp(v);
  if (!d || d.kind !== "program" || !v.turn) return null;
  const placed = (v.turn.dice || []).filter(x => x.action >= 0).length;
  const left = Math.max(0, v.turn.dice_n - placed);
  return tr("{left} of {n} dice left to place", { left, n: v.turn.dice_n }) + (placed ? tr(" ({n} placed)", { n: placed }) : "");
}
