// Onward to Venus: the table. Eight planets in their line (Earth above the Moon), their tiles,
// the empires' mines, factories and units; player panels; your hand; the pass card; period and
// phase; combat; end-of-game scoring. Options of the current decision that name a planet, a
// tile, a card, a seat or a piece are highlighted on the table and can be clicked there.
// The view schema is documented in src/cosmodrome/games/venus/view.py; norm() adapts it.
import { el } from "../api.js";

export const name = "venus";

const SVGNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const c of kids.flat()) if (c) e.append(c);
  return e;
}

const PLANETS = ["Mercury", "Venus", "Earth", "Moon", "Mars", "Ganymede", "Titan", "Kuiper Belt"];
const PLANET_LOOK = {
  "Mercury": ["#d9c7a8", "#7d6a55"], "Venus": ["#ffe3a3", "#c98b2d"], "Earth": ["#7fd0ff", "#1f5fa8"],
  "Moon": ["#eeeeee", "#8a8a8a"], "Mars": ["#ff9b73", "#a8351d"], "Ganymede": ["#d7d1c4", "#6f6a60"],
  "Titan": ["#ffd08a", "#b1741f"], "Kuiper Belt": ["#b8c7ff", "#4a4f8c"],
};
const COLOURS = { red: "#e0453a", blue: "#3f7be8", purple: "#9b59d0", yellow: "#f2c230", green: "#3dbb6a" };
const PHASES = ["Pass cubes", "Tiles", "Actions", "Crises", "Income", "Reset"];

// ----- rule help, in our own words (RB = the rulebook section it summarises) ------------------
const PLANET_HELP = {
  "Mercury": ["Bazagthoth the Blinded", "The empire earning most here (alone) gets a power: level 1 pay £1 to take a random card from a rival, level 2 pay £1 to destroy a unit anywhere, level 3+ pay £3 to destroy a mine or factory anywhere."],
  "Venus": ["Venusian Uprising", "Level 2–3: every empire loses two units here, or a building for each unit it lacks. Level 4+: everything on Venus is swept away and the planet is closed for good."],
  "Earth": ["Robot Rebellion", "Level 2: the top earner on Earth loses a building; level 3: two. Level 4+: the game ends at once and everybody loses."],
  "Moon": ["Attack of the Moon Men", "Nothing until level 4: then the Moon is wiped clean and closed, and the Moon Men strike Earth — three dice worth of units (or buildings) are removed in turn order."],
  "Mars": ["Martian Invasion", "Level 2–3: the top earner here loses a building. Level 4+: Mars is wiped clean and closed, and Earth takes three dice of damage."],
  "Ganymede": ["Nothing happens", "No crisis can strike Ganymede: crisis tiles drawn for it are thrown away."],
  "Titan": ["Space Pirates", "Level 2: pay £1 for each of your buildings on Titan or lose it. Level 3+: the same for Titan, Ganymede and the Kuiper Belt."],
  "Kuiper Belt": ["Alien Invasion", "Level 3+: alien tiles (defence 7, worth 2 VP when beaten) land on the Kuiper Belt, Titan and Ganymede, clear them, and march inwards each crisis phase. Aliens reaching Earth: everybody loses."],
};
const TILE_HELP = {
  factory: ["Factory", "Undefended. Send a unit from orbit to the surface to take it and put one of your factories here (income £2 a period). Needs a factory in your stock. (RB: Claim one tile)"],
  mine: ["Mine", "Defended: roll three dice, keep the highest and lowest, add their difference to the defence; commit at least that many combat points. Place a mine here (income £3). (RB: Combat)"],
  cards: ["Draw two cards", "Undefended. Land a unit to draw two game cards (hand limit 9). (RB: Claim one tile)"],
  windfall: ["Windfall", "Undefended. Land a unit to take £3 from the bank."],
  biggame: ["Big Game", "Undefended. Land a unit and keep the tile: 1 VP at the end."],
  crisis: ["Crisis", "Raises this planet's crisis level. Defended; beat it to keep it (1 VP at the end). A skull mark means the level may climb further when the crisis dice roll skulls."],
  tension: ["Tension", "Defended by a rival's units on and around this planet. Win it to swap one of their mines or factories here for one of yours."],
  alien: ["Alien", "An invader: defence 7. Beat it to take the tile (2 VP) and free the planet for good."],
};
const TYPE_HELP = {
  action: "Uses your action for the turn.",
  free: "Play any time in your own turn, as often as you like.",
  benefit: "Play together with the action it improves (a move, a claim, a combat).",
  reaction: "Played when its trigger happens, even in another player's turn.",
};
const PHASE_HELP = "Each period: 1 put players+2 cubes on the pass card, 2 draw tiles for each planet, 3 take actions in turn until the last cube is taken, 4 roll for escalating crises and resolve them Mercury to Kuiper, 5 collect income (mine £3, factory £2), 6 bring surface units back to orbit.";

// ----- tooltips --------------------------------------------------------------------------------
let tip = null;
function tipOn(node, title, text, src) {
  const show = (ev) => {
    hideTip();
    tip = el("div", { class: "vn-tip", role: "tooltip" }, el("b", { text: title }), el("div", { text }),
      src ? el("div", { class: "src", text: src }) : null);
    document.body.append(tip);
    const r = node.getBoundingClientRect();
    const x = Math.min(window.innerWidth - 340, Math.max(8, r.left));
    const below = r.bottom + 8 + 160 < window.innerHeight;
    tip.style.left = `${x}px`;
    tip.style.top = below ? `${r.bottom + 6}px` : `${Math.max(8, r.top - tip.offsetHeight - 6)}px`;
  };
  node.addEventListener("mouseenter", show);
  node.addEventListener("mouseleave", hideTip);
  node.addEventListener("touchstart", show, { passive: true });
  node.setAttribute("aria-label", `${title}: ${text}`);
}
function hideTip() { if (tip) { tip.remove(); tip = null; } }

// ----- little pictures ------------------------------------------------------------------------
function planetDisc(name, size = 46) {
  const [a, b] = PLANET_LOOK[name] || ["#ccc", "#555"];
  const id = "g" + name.replace(/\W/g, "");
  const kids = [
    svg("defs", {}, svg("radialGradient", { id, cx: "35%", cy: "30%", r: "75%" },
      svg("stop", { offset: "0%", "stop-color": a }), svg("stop", { offset: "100%", "stop-color": b }))),
  ];
  if (name === "Kuiper Belt") {
    for (let i = 0; i < 14; i++) {
      const ang = (i / 14) * Math.PI * 2;
      kids.push(svg("circle", { cx: 25 + Math.cos(ang) * (12 + (i % 3) * 4), cy: 25 + Math.sin(ang) * (8 + (i % 2) * 5),
        r: 2 + (i % 3), fill: `url(#${id})` }));
    }
  } else {
    kids.push(svg("circle", { cx: 25, cy: 25, r: 21, fill: `url(#${id})`, stroke: "rgba(255,255,255,0.25)" }));
    if (name === "Titan" || name === "Ganymede")
      kids.push(svg("ellipse", { cx: 25, cy: 25, rx: 24, ry: 6, fill: "none", stroke: "rgba(255,230,180,0.5)", "stroke-width": 1.5 }));
    if (name === "Earth") kids.push(svg("path", { d: "M14 18 q6 -6 12 0 q4 5 -2 9 q-6 3 -10 -3z M28 30 q6 -2 8 4 q-4 5 -9 1z", fill: "#3d9a4e", opacity: 0.85 }));
    if (name === "Mars") kids.push(svg("circle", { cx: 31, cy: 19, r: 3, fill: "rgba(80,20,10,0.4)" }));
  }
  return svg("svg", { width: size, height: size, viewBox: "0 0 50 50", "aria-hidden": "true" }, kids);
}

function hexVP(n, rank) {
  return svg("svg", { width: 24, height: 22, viewBox: "0 0 24 22" },
    svg("polygon", { points: "6,1 18,1 23,11 18,21 6,21 1,11", fill: rank === 0 ? "#f5c04a" : "#c8ccd8", stroke: "#222" }),
    svg("text", { x: 12, y: 15, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#111" }, document.createTextNode(String(n))));
}

function pieceIcon(kind, colour) {
  const c = COLOURS[colour] || colour || "#aaa";
  const s = (k) => svg("svg", { width: 13, height: 13, viewBox: "0 0 14 14", "aria-hidden": "true" }, k);
  switch (kind) {
    case "infantry": return s(svg("circle", { cx: 7, cy: 7, r: 5, fill: c, stroke: "#000" }));
    case "spaceship": return s(svg("polygon", { points: "7,1 12,13 7,10 2,13", fill: c, stroke: "#000" }));
    case "tank": return s(svg("rect", { x: 1, y: 4, width: 12, height: 7, rx: 2, fill: c, stroke: "#000" }));
    case "mine": return s(svg("polygon", { points: "1,13 7,2 13,13", fill: c, stroke: "#000" }));
    case "factory": return s(svg("path", { d: "M1 13 V6 L5 8 V5 L9 7 V2 H12 V13 Z", fill: c, stroke: "#000" }));
    default: return s(svg("circle", { cx: 7, cy: 7, r: 5, fill: c }));
  }
}
function pc(kind, n, colour, title) {
  if (!n) return null;
  const e = el("span", { class: "pc", title: title || `${n} ${kind}` }, pieceIcon(kind, colour), `${n}`);
  return e;
}

function tileKind(t) {
  const k = String(t.kind || t.type || t.label || "").toLowerCase().replace(/[\s_-]/g, "");
  if (k.startsWith("fact")) return "factory";
  if (k.startsWith("mine")) return "mine";
  if (k.includes("card") || k.includes("draw")) return "cards";
  if (k.startsWith("wind")) return "windfall";
  if (k.startsWith("big")) return "biggame";
  if (k.startsWith("cris")) return "crisis";
  if (k.startsWith("tens")) return "tension";
  if (k.startsWith("alien")) return "alien";
  return "other";
}
const TILE_GLYPH = { factory: "F", mine: "M", cards: "+2", windfall: "£3", biggame: "BG", crisis: "!", tension: "T", alien: "A", other: "?" };

function dieFace(v, extra = "") {
  return el("span", { class: `die ${v === 0 || v === "skull" ? "skull" : ""} ${extra}`, title: v === 0 ? "skull: counts 0 and costs a unit" : `${v}` },
    v === 0 || v === "skull" ? "☠" : String(v));
}

// ----- highlights: which options name which place ------------------------------------------------
function optionIndex(decision) {
  const idx = { planet: new Map(), tile: new Map(), card: new Map(), seat: new Map(), die: new Map(), unit: [] };
  if (!decision) return idx;
  const add = (map, key, o) => { if (key === undefined || key === null) return; const k = String(key); if (!map.has(k)) map.set(k, []); map.get(k).push(o); };
  for (const o of decision.options) {
    const d = o.data || {};
    const planet = typeof d.planet === "number" ? PLANETS[d.planet] : d.planet;
    if (d.tile !== undefined && d.tile !== null) add(idx.tile, `${planet}|${d.tile}`, o);
    else if (planet !== undefined) add(idx.planet, planet, o);
    if (d.card !== undefined && d.card !== null) add(idx.card, d.card, o);
    if (typeof d.seat === "number") add(idx.seat, d.seat, o);
    if (typeof d.die === "number") add(idx.die, d.die, o);
    if (d.unit !== undefined && planet === undefined) idx.unit.push(o);
  }
  return idx;
}

function makeClickable(node, opts, ctx, root) {
  if (!opts || !opts.length || !ctx.decision) return;
  node.classList.add("hl");
  node.dataset.options = opts.map(o => o.action).join(",");
  node.addEventListener("click", (ev) => {
    ev.stopPropagation();
    hideTip();
    if (opts.length === 1) return ctx.onAction(opts[0].action);
    popup(root, node, opts, ctx);
  });
}

function popup(root, node, opts, ctx) {
  root.querySelectorAll(".vn-pop").forEach(p => p.remove());
  const r = node.getBoundingClientRect(), R = root.getBoundingClientRect();
  const pop = el("div", { class: "vn-pop", style: `left:${Math.max(0, r.left - R.left)}px; top:${r.bottom - R.top + 4}px` },
    opts.map(o => el("button", { text: o.label, "data-action": o.action, onclick: (e) => { e.stopPropagation(); pop.remove(); ctx.onAction(o.action); } })),
    el("button", { text: "Cancel", class: "small", onclick: (e) => { e.stopPropagation(); pop.remove(); } }));
  root.append(pop);
}

// ----- the view, normalised --------------------------------------------------------------------
const UNIT_KEYS = ["infantry", "spaceship", "tank"];
const EMPIRE_COLOUR = { "British Empire": "red", "French Empire": "blue", "Russian Empire": "purple", "German Empire": "yellow", "United States": "green" };

function triple(a) {
  if (Array.isArray(a)) return { infantry: a[0] || 0, spaceship: a[1] || 0, tank: a[2] || 0 };
  return { infantry: (a && a.infantry) || 0, spaceship: (a && (a.spaceship ?? a.spaceships)) || 0, tank: (a && (a.tank ?? a.tanks)) || 0 };
}

function norm(v) {
  // Adapt the engine's view (see games/venus/view.py) to the model drawn below.
  const infos = v.players_info || (Array.isArray(v.players) ? v.players : []);
  const n = typeof v.players === "number" ? v.players : infos.length;
  const empires = v.empires || infos.map(p => p.empire);
  const players = Array.from({ length: n }, (_, i) => {
    const p = infos[i] || {};
    const empire = p.empire || empires[i] || `Player ${i + 1}`;
    return {
      seat: i, name: p.short || p.name || (v.short_names && v.short_names[i]) || empire, empire,
      colour: p.colour || p.color || (v.colours && v.colours[i]) || EMPIRE_COLOUR[empire] || "grey",
      money: p.money, hand: p.hand_size ?? (Array.isArray(p.hand) ? p.hand.length : p.hand), kept: p.kept || [],
      stock: p.stock || {}, income: p.income, first: v.first === i || !!p.first, vp: p.vp,
    };
  });
  const planets = (v.planets || []).map((pl, i) => {
    const empiresHere = [];
    for (let s = 0; s < n; s++) {
      const b = (pl.buildings || [])[s] || [0, 0];
      empiresHere.push({ seat: s, orbit: triple((pl.orbit || [])[s]), surface: triple((pl.surface || [])[s]),
        mines: Array.isArray(b) ? b[0] : b.mine ?? b.mines, factories: Array.isArray(b) ? b[1] : b.factory ?? b.factories });
    }
    return { name: pl.name || PLANETS[i], index: i, flipped: !!pl.flipped, alien: pl.alien,
      crisis: pl.crisis_level ?? 0, vp: pl.vp || [], tiles: pl.tiles || [], gun: pl.gunrunners || 0,
      empires: empiresHere, dice: pl.crisis_dice || 0 };
  });
  return { raw: v, players, planets, period: v.period, periods: v.periods || 3, phase: v.phase, phaseName: v.phase_name,
    cubes: v.cubes ?? v.pass_cubes, cubesTotal: v.cubes_total ?? v.pass_cubes_total ?? (n + 2), first: v.first,
    hand: v.hand, combat: v.combat, result: v.over ? (v.result || {}) : null, deck: v.deck_size, bag: v.bag_size, discards: v.discard_size };
}

function empireRows(pl, model, ctx, idx, root) {
  const out = [];
  for (const e of pl.empires) {
    const seat = e.seat;
    const p = model.players[seat] || {};
    const col = p.colour;
    const o = e.orbit, s = e.surface;
    const orbit = UNIT_KEYS.map(k => pc(k, o[k], col, `${o[k]} ${k} in orbit`)).filter(Boolean);
    const surf = UNIT_KEYS.map(k => pc(k, s[k], col, `${s[k]} ${k} on the surface`)).filter(Boolean);
    const bld = [pc("mine", e.mines, col, `${e.mines} mine(s): £3 a period each`), pc("factory", e.factories, col, `${e.factories} factory(ies): £2 a period each`)].filter(Boolean);
    if (!orbit.length && !surf.length && !bld.length) continue;
    const row = el("div", { class: "vn-emp", "data-seat": seat, title: p.empire },
      el("span", { class: "sw", style: `background:${COLOURS[col] || col}` }),
      el("div", {},
        bld.length ? el("div", { class: "row" }, bld) : null,
        orbit.length ? el("div", { class: "row" }, el("span", { class: "lbl", text: "orbit" }), orbit) : null,
        surf.length ? el("div", { class: "row" }, el("span", { class: "lbl", text: "surface" }), surf) : null));
    // options naming one of your units (commit, land, lose one...) are clicked on your pieces
    // at the planet where the combat or move is happening
    const here = (model.combat && model.combat.planet) || (model.raw.move && model.raw.move.from);
    if (seat === ctx.seat && here === pl.name && idx.unit.length) makeClickable(row, idx.unit, ctx, root);
    out.push(row);
  }
  return out;
}

function tileNode(t, planetName, ctx, idx, root) {
  const k = tileKind(t);
  const [title, help] = TILE_HELP[k] || [t.kind, ""];
  const node = el("div", { class: `vn-tile ${k}`, "data-tile": t.id, "data-kind": k },
    el("span", { class: "ic", text: TILE_GLYPH[k] }), el("span", { class: "nm", text: title.split(" ")[0] }),
    t.defence !== undefined && t.defence !== null ? el("span", { class: "def", text: t.defence }) : null,
    t.skull || t.escalates ? el("span", { class: "skull", text: "☠" }) : null);
  tipOn(node, `${title}${t.defence !== undefined && t.defence !== null ? ` (defence ${t.defence})` : ""}`,
    (t.help || help) + (t.skull || t.escalates ? " This one is skull-marked: it escalates." : ""));
  makeClickable(node, idx.tile.get(`${planetName}|${t.slot}`), ctx, root);
  return node;
}

function planetCard(pl, model, ctx, idx, root) {
  const cls = pl.name === "Earth" ? "earth" : pl.name === "Moon" ? "moon" : "";
  const [crisisName, crisisHelp] = PLANET_HELP[pl.name] || ["", ""];
  const head = el("div", { class: "vn-phead" }, planetDisc(pl.name),
    el("div", {}, el("div", { class: "vn-pname" }, pl.name, el("small", { text: crisisName })),
      el("div", { class: "vn-vp", title: "VP for the 1st, 2nd, 3rd highest income here" }, pl.vp.map((n, r) => hexVP(n, r)))));
  const crisis = el("span", { class: `vn-crisis l${pl.crisis ? 1 : 0}`, "data-testid": "crisis-level" },
    `☠ crisis ${pl.crisis}${pl.dice ? ` (+${pl.dice} dice)` : ""}`);
  const fight = model.combat && model.combat.planet === pl.name ? "combat" : "";
  const card = el("div", { class: `vn-planet ${cls} ${pl.flipped ? "flipped" : ""} ${fight}`, "data-planet": pl.name },
    head, el("div", {}, crisis, pl.flipped ? el("span", { class: "vn-gun", text: " closed" }) : null,
      pl.gun ? el("span", { class: "vn-gun", text: ` gunrunner +${2 * pl.gun}` }) : null),
    el("div", { class: "vn-tiles" }, pl.tiles.map(t => tileNode(t, pl.name, ctx, idx, root))),
    empireRows(pl, model, ctx, idx, root));
  tipOn(head, `${pl.name}: ${crisisName}`, crisisHelp, `VP by income rank: ${pl.vp.join(", ")}`);
  makeClickable(card, idx.planet.get(pl.name), ctx, root);
  return card;
}

function playerPanel(p, model, ctx, idx, root) {
  const st = p.stock || {};
  const kept = p.kept || [];
  const count = (k) => kept.filter(t => tileKind(typeof t === "string" ? { kind: t } : t) === k).length;
  const mover = ctx.waiting && ctx.waiting.seat === p.seat;
  const node = el("div", { class: `vn-player ${p.seat === ctx.seat ? "me" : ""} ${mover ? "mover" : ""}`, style: `--c:${COLOURS[p.colour] || p.colour}`,
    "data-seat": p.seat, "data-testid": `player-${p.seat}` },
    el("div", { class: "nm" }, el("span", { text: `${p.empire || p.name}${p.seat === ctx.seat ? " (you)" : ""}` }),
      el("span", { class: "money", text: p.money !== undefined ? `£${p.money}` : "" })),
    p.first ? el("div", { class: "first", text: "★ first player" }) : null,
    el("div", { class: "row" },
      el("span", { text: `${p.hand ?? "?"} cards in hand` }),
      p.income !== undefined ? el("span", { text: `income £${p.income}` }) : null,
      p.vp !== undefined ? el("span", { text: `${p.vp} VP` }) : null),
    el("div", { class: "row", title: "kept tiles: big game and crisis 1 VP each, alien 2 VP" },
      el("span", { text: `big game ${count("biggame")}` }), el("span", { text: `crisis ${count("crisis")}` }), el("span", { text: `alien ${count("alien")}` })),
    el("div", { class: "row", title: "in stock (not on the board)" },
      el("span", { class: "muted", text: "stock" }),
      pc("infantry", st.infantry, p.colour), pc("spaceship", st.spaceship ?? st.spaceships, p.colour), pc("tank", st.tank ?? st.tanks, p.colour),
      pc("mine", st.mine ?? st.mines, p.colour), pc("factory", st.factory ?? st.factories, p.colour)));
  makeClickable(node, idx.seat.get(String(p.seat)), ctx, root);
  return node;
}

function cardNode(c, ctx, idx, root) {
  const ty = String(c.type || "").toLowerCase();
  const tyc = ty.startsWith("act") ? "action" : ty.startsWith("free") ? "free" : ty.startsWith("ben") ? "benefit" : ty.startsWith("rea") ? "reaction" : "";
  const node = el("div", { class: "vn-card", "data-card": c.card, "data-effect": c.effect },
    el("span", { class: `ty ${tyc}`, text: c.type || "card" }), el("div", { class: "ct", text: c.title || `card ${c.card}` }),
    el("div", { class: "tx", text: c.text || "" }), c.cp ? el("span", { class: "cp", text: `${c.cp} CP` }) : null);
  tipOn(node, c.title || "Card", `${c.text || ""} ${TYPE_HELP[tyc] || ""}`.trim(), `a ${c.type || ""} card`);
  makeClickable(node, idx.card.get(String(c.effect)), ctx, root);
  return node;
}

function combatPanel(cb, model, idx, ctx, root) {
  if (!cb) return null;
  const dice = cb.dice || [];
  const paid = cb.committed ?? cb.paid;
  const missing = cb.missing ?? (cb.cost !== undefined && paid !== undefined ? Math.max(0, cb.cost - paid) : undefined);
  const planet = typeof cb.planet === "number" ? PLANETS[cb.planet] : cb.planet;
  const diceNodes = dice.map((d, i) => {
    const n = dieFace(d, cb.discarded === i ? "off" : "");
    n.dataset.die = i;
    makeClickable(n, idx.die.get(String(i)), ctx, root);
    return n;
  });
  return el("div", { class: "panel vn-combat", "data-testid": "combat" },
    el("h2", { text: `Combat${planet ? ` on ${planet}` : ""}${cb.tile ? ` for ${cb.tile}` : ""}` }),
    el("div", { class: "nums" },
      el("span", { class: "dice" }, diceNodes),
      cb.defence !== undefined ? el("span", {}, "defence ", el("b", { text: cb.defence })) : null,
      cb.cost !== undefined ? el("span", {}, "cost ", el("b", { text: cb.cost })) : null,
      paid !== undefined ? el("span", {}, "CP committed ", el("b", { text: paid })) : null,
      missing !== undefined ? el("span", {}, "still missing ", el("b", { "data-testid": "missing", text: missing })) : null,
      cb.skulls !== undefined ? el("span", {}, "casualties ", el("b", { text: cb.skulls })) : null),
    cb.units ? el("div", { class: "small muted", text: `units landed: ${JSON.stringify(cb.units)}` }) : null,
    el("p", { class: "muted small", text: "Cost = defence + (highest die − lowest die); the middle die is set aside. Each skull counts 0 and costs the attacker one unit here. At least one unit must land." }));
}

// Final scoring by planet: players rank by the income their mines and factories earn there;
// tied players share a rank and the next one takes the next rank; no income, no rank.
function planetScores(pl, n) {
  const income = pl.empires.map(e => 3 * (e.mines || 0) + 2 * (e.factories || 0));
  const distinct = [...new Set(income.filter(x => x > 0))].sort((a, b) => b - a);
  return income.map(x => {
    if (x <= 0) return { vp: 0, rank: null, income: x };
    const r = distinct.indexOf(x);
    return { vp: r < pl.vp.length ? pl.vp[r] : 0, rank: r + 1, income: x };
  });
}

function scoringPanel(res, model, ctx) {
  if (!res) return null;
  const players = model.players;
  const n = players.length;
  const rows = [];
  const sums = Array(n).fill(0);
  for (const pl of model.planets) {
    const sc = planetScores(pl, n);
    sc.forEach((x, i) => (sums[i] += x.vp));
    rows.push(el("tr", {}, el("td", { text: pl.name }),
      sc.map(x => el("td", { title: x.rank ? `income £${x.income}, rank ${x.rank}` : "no income here",
        text: x.rank ? `${x.vp} (${x.rank}${["st", "nd", "rd"][x.rank - 1] || "th"})` : "·" }))));
  }
  const kept = players.map(p => {
    const ks = p.kept.map(k => tileKind({ kind: k }));
    return ks.filter(k => k === "biggame" || k === "crisis").length + 2 * ks.filter(k => k === "alien").length;
  });
  rows.push(el("tr", {}, el("td", { text: "Big game & crisis (1), aliens (2)" }), kept.map(v => el("td", { text: v || "·" }))));
  const total = res.vp || players.map((p, i) => sums[i] + kept[i]);
  rows.push(el("tr", { class: "total" }, el("td", { text: "Total VP" }), total.map(v => el("td", { text: v }))));
  const order = [...total.keys()].sort((a, b) => total[b] - total[a]);
  const place = Array(n);
  order.forEach((s, i) => (place[s] = i > 0 && total[order[i - 1]] === total[s] ? place[order[i - 1]] : i + 1));
  rows.push(el("tr", {}, el("td", { text: "Place" }), place.map(v => el("td", { text: v }))));
  const winners = res.winners || (ctx.result ? ctx.result.winners : []);
  const allLose = !winners.length;
  const end = res.end && res.end !== "normal" ? ` (${res.end})` : "";
  const headline = allLose ? `Everybody lost${end}!` : `Winner: ${winners.map(w => players[w].empire).join(" & ")}${end}`;
  const best = Math.max(...total);
  const tied = total.filter(v => v === best).length > 1;
  return el("div", { class: "panel vn-score", "data-testid": "scoring" },
    el("h2", { class: "win", "data-testid": "venus-winner", text: headline }),
    el("table", {}, el("tr", {}, el("th", { text: "" }), players.map(p => el("th", { style: `color:${COLOURS[p.colour] || p.colour}`, text: p.name }))), rows),
    tied && !allLose ? el("p", { class: "small muted", text: "Tie on VP: the first player wins it; then the most mines and factories on the board; then the most VP from kept tiles; else the victory is shared." }) : null);
}

export function formatDie(v) { return v === 0 ? "☠" : String(v); }

export function render(root, ctx) {
  hideTip();
  const m = norm(ctx.view || {});
  const idx = optionIndex(ctx.decision);
  root.style.position = "relative";
  const phaseNo = typeof m.phase === "number" ? m.phase - 1 : -1;  // the view counts 0 = setup, 1..6
  const top = el("div", { class: "vn-top" },
    el("div", { class: "panel vn-period" },
      el("div", {}, el("div", { class: "muted small", text: "Period" }), el("div", { class: "big", "data-testid": "period", text: `${m.period ?? "?"} / ${m.periods}` })),
      el("div", {}, el("div", { class: "muted small", text: "Phase" }),
        el("div", { class: "vn-phases", "data-testid": "phase" }, PHASES.map((p, i) => el("span", { class: i === phaseNo ? "on" : "", text: `${i + 1} ${p}` }))))),
    el("div", { class: "panel vn-pass", "data-testid": "pass-card", title: "The pass card: taking a cube is an action (and draws a card); whoever takes the last one ends the action phase and becomes first player." },
      el("span", { class: "muted small", text: "Pass card" }),
      Array.from({ length: m.cubesTotal || 0 }, (_, i) => el("span", { class: `vn-cube ${i < (m.cubes ?? 0) ? "" : "taken"}` })),
      el("span", { class: "small", text: `${m.cubes ?? "?"} left` })));
  tipOn(top.firstChild, "A period, phase by phase", PHASE_HELP, "RB: Playing the game");
  const board = el("div", { class: "vn-board", "data-testid": "planets" }, m.planets.map(pl => planetCard(pl, m, ctx, idx, root)));
  const players = el("div", { class: "vn-players" }, m.players.map(p => playerPanel(p, m, ctx, idx, root)));
  let hand;
  if (Array.isArray(m.hand)) {
    hand = el("div", { class: "panel" }, el("h3", { text: `Your hand (${m.hand.length})` }),
      el("div", { class: "vn-hand", "data-testid": "hand" }, m.hand.map(c => cardNode(c, ctx, idx, root))));
  } else {
    hand = el("div", { class: "panel muted small", "data-testid": "no-hand", text: ctx.seat === null ? "Spectators see no hand." : "" });
  }
  const mv = m.raw.move;
  const move = mv ? el("div", { class: "panel small", "data-testid": "move" },
    `Moving from ${mv.from}: ${mv.ships} spaceship(s), ${mv.infantry} infantry, ${mv.tanks} tank(s); up to ${mv.allowance} planet(s).`) : null;
  const stats = el("div", { class: "panel small muted", title: "The deck, the discards and the tile bag (counts only: their order is secret)" },
    `Deck ${m.deck ?? "?"} · discards ${m.discards ?? "?"} · tiles in the bag ${m.bag ?? "?"}`);
  top.append(stats);
  root.replaceChildren(el("div", { class: "vn" }, top, scoringPanel(m.result, m, ctx), combatPanel(m.combat, m, idx, ctx, root), move, board, players, hand));
  root.onclick = () => root.querySelectorAll(".vn-pop").forEach(p => p.remove());
}
