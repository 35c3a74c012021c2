// Onward to Venus: the table. Eight planets in their line (Earth above the Moon), their tiles,
// the empires' mines, factories and units; player panels; your hand; the pass card; period and
// phase; combat; end-of-game scoring. Options of the current decision that name a planet, a
// tile, a card, a seat or a piece are highlighted on the table and can be clicked there.
// The view schema is documented in src/cosmodrome/games/venus/view.py; norm() adapts it.
// Nothing is computed here that the engine knows: tile kinds, combat points, the alien
// advance and the whole end-of-game scoring (ranks, VP, tie-breaks, winners) come from the view.
import { el, hideTip, pgettext, svg, t, tipOn, tn } from "../api.js";

export const name = "venus";

const PLANETS = ["Mercury", "Venus", "Earth", "Moon", "Mars", "Ganymede", "Titan", "Kuiper Belt"];
const PLANET_LOOK = {
  "Mercury": ["#d9c7a8", "#7d6a55"], "Venus": ["#ffe3a3", "#c98b2d"], "Earth": ["#7fd0ff", "#1f5fa8"],
  "Moon": ["#eeeeee", "#8a8a8a"], "Mars": ["#ff9b73", "#a8351d"], "Ganymede": ["#d7d1c4", "#6f6a60"],
  "Titan": ["#ffd08a", "#b1741f"], "Kuiper Belt": ["#b8c7ff", "#4a4f8c"],
};
const COLOURS = { red: "#e0453a", blue: "#3f7be8", purple: "#9b59d0", yellow: "#f2c230", green: "#3dbb6a" };
const PHASES = [t("Pass cubes"), t("Tiles"), t("Actions"), t("Crises"), t("Income"), t("Reset")];

// ----- rule help: the game's own words with this game's numbers (the view's ``help``,
// games/venus/text.py table_help), set at each drawing -------------------------------------------
let HELP = { tiles: {}, types: {}, phases: "", stock: {}, kept: "", scoring: {}, combat: "", skull: "", skull_tile: "", windfall: "", draw2: "",
  pass_card: "", needs_unit: "", gunrunner: "", vp_ranks: "", aliens_reach_earth: "" };
// a help text with the count the page shows filled in ("{n} mine(s): ..." with n)
const withN = (text, n) => String(text || "").replaceAll("{n}", n);
// an amount of money as the reader writes it ("£12"; Hungarian: "12 font")
const pounds = (n) => t("£{n}", { n });

// ----- tooltips: api.js's tipOn, in this page's look (venus.css .vn-tip) ---------------------------
const TIP = { box: "vn-tip" };

// "--word: N" for a name whose longest word has more than 7 letters (its font is made smaller to
// fit the planet's card, venus.css); nothing for a shorter one
function longWord(name) {
  const n = Math.max(0, ...String(name).split(/\s+/).map(w => w.length));
  return n > 7 ? `--word: ${n}` : null;
}

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
    svg("text", { x: 12, y: 15.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#111" }, document.createTextNode(String(n))));
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
// how many pieces of a kind, in words (a stock's tooltip)
function pieces(kind, n) {
  switch (kind) {
    case "infantry": return tn("{n} infantry", "{n} infantry", n, { n });
    case "spaceship": return tn("{n} spaceship", "{n} spaceships", n, { n });
    case "tank": return tn("{n} tank", "{n} tanks", n, { n });
    case "mine": return tn("{n} mine", "{n} mines", n, { n });
    case "factory": return tn("{n} factory", "{n} factories", n, { n });
    default: return `${n} ${kind}`;
  }
}
function pc(kind, n, colour, title) {
  if (!n) return null;
  const e = el("span", { class: "pc", title: title || pieces(kind, n) }, pieceIcon(kind, colour), `${n}`);
  return e;
}

// the engine's tile kinds (view.py TILE_KINDS) -> our CSS classes and help entries
const KIND_CLASS = { factory: "factory", draw2: "cards", biggame: "biggame", windfall: "windfall", mine: "mine",
  crisis: "crisis", tension: "tension", alien: "alien" };
function tileKind(t) { return KIND_CLASS[t.kind] || "other"; }
// a tile's mark on the board: the first letter(s) of its name in the reader's language
const TILE_GLYPH = {
  // (the windfall's and the draw-cards tile's marks are their amounts, this game's: HELP.windfall, HELP.draw2)
  factory: pgettext("tile mark: Factory", "F"), mine: pgettext("tile mark: Mine", "M"),
  biggame: pgettext("tile mark: Big Game", "BG"), crisis: "!", tension: pgettext("tile mark: Tension", "T"),
  alien: pgettext("tile mark: Alien", "A"), other: "?",
};

function dieFace(v, extra = "") {
  return el("span", { class: `die ${v === 0 || v === "skull" ? "skull" : ""} ${extra}`, title: v === 0 ? HELP.skull : `${v}` },
    v === 0 || v === "skull" ? "☠" : String(v));
}

// ----- highlights: which options name which place ------------------------------------------------
function optionIndex(decision) {
  // planet: options naming a planet; tile: "planet|slot"; row: "planet|seat" (a unit or a mine /
  // factory of that seat there); card: effect; seat; die: index (re-roll options under each die)
  const idx = { planet: new Map(), tile: new Map(), row: new Map(), card: new Map(), seat: new Map(), die: new Map() };
  if (!decision) return idx;
  const add = (map, key, o) => { if (key === undefined || key === null) return; const k = String(key); if (!map.has(k)) map.set(k, []); map.get(k).push(o); };
  for (const o of decision.options) {
    const d = o.data || {};
    const planet = typeof d.planet === "number" ? PLANETS[d.planet] : d.planet;
    if (d.tile !== undefined && d.tile !== null && planet !== undefined) add(idx.tile, `${planet}|${d.tile}`, o);
    else if (planet !== undefined && typeof d.owner === "number" && (d.unit !== undefined || d.building !== undefined))
      add(idx.row, `${planet}|${d.owner}`, o);
    else if (planet !== undefined) add(idx.planet, planet, o);
    if (d.card !== undefined && d.card !== null) add(idx.card, d.card, o);
    if (typeof d.seat === "number") add(idx.seat, d.seat, o);
    if (typeof d.die === "number") add(idx.die, d.die, o);
    if (Array.isArray(d.dice)) for (const i of d.dice) add(idx.die, i, o);
  }
  return idx;
}

function makeClickable(node, opts, ctx, root) {
  if (!opts || !opts.length || !ctx.decision) return;
  node.classList.add("hl");
  node.dataset.options = opts.map(o => o.action).join(",");
  // a highlight is a button for the keyboard too: Tab reaches it, Enter or Space chooses it
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  const choose = (ev) => {
    ev.stopPropagation();
    hideTip();
    if (opts.length === 1) return ctx.onAction(opts[0].action);
    popup(root, node, opts, ctx);
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(ev); }
  });
}

function popup(root, node, opts, ctx) {
  root.querySelectorAll(".vn-pop").forEach(p => p.remove());
  const r = node.getBoundingClientRect(), R = root.getBoundingClientRect();
  const pop = el("div", { class: "vn-pop", style: `left:${Math.max(0, r.left - R.left)}px; top:${r.bottom - R.top + 4}px` },
    opts.map(o => el("button", { text: o.label, "data-action": o.action, onclick: (e) => { e.stopPropagation(); pop.remove(); ctx.onAction(o.action); } })),
    el("button", { text: pgettext("menu", "Cancel"), class: "small", onclick: (e) => { e.stopPropagation(); pop.remove(); node.focus(); } }));
  pop.addEventListener("keydown", (e) => { if (e.key === "Escape") { pop.remove(); node.focus(); } });
  root.append(pop);
  const first = pop.querySelector("button");
  if (first) first.focus();
}

// ----- the view, normalised --------------------------------------------------------------------
const UNIT_KEYS = ["infantry", "spaceship", "tank"];
const UNIT_WORDS = { infantry: t("infantry"), spaceship: t("spaceship"), tank: t("tank") };
const TYPE_WORDS = { action: t("action"), free: t("free"), benefit: t("benefit"), reaction: t("reaction") };
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
    const empire = p.empire || empires[i] || t("Player {n}", { n: i + 1 });
    return {
      seat: i, name: p.short || p.name || (v.short_names && v.short_names[i]) || empire, empire,
      colour: p.colour || p.color || (v.colours && v.colours[i]) || EMPIRE_COLOUR[empire] || "grey",
      money: p.money, hand: p.hand_size ?? (Array.isArray(p.hand) ? p.hand.length : p.hand), kept: p.kept || [],
      stock: p.stock || {}, income: p.income, first: v.first === i || !!p.first, vp: p.vp,
      keptCounts: p.kept_counts || { biggame: 0, crisis: 0, alien: 0 },
    };
  });
  const planets = (v.planets || []).map((pl, i) => {
    const empiresHere = [];
    for (let s = 0; s < n; s++) {
      const b = (pl.buildings || [])[s] || [0, 0];
      empiresHere.push({ seat: s, orbit: triple((pl.orbit || [])[s]), surface: triple((pl.surface || [])[s]),
        mines: Array.isArray(b) ? b[0] : b.mine ?? b.mines, factories: Array.isArray(b) ? b[1] : b.factory ?? b.factories });
    }
    // name: the English key (colours, help, option details); label: the name in the reader's language
    return { name: PLANETS[i] || pl.name, label: pl.name || PLANETS[i], index: i, flipped: !!pl.flipped, alien: pl.alien,
      crisis: pl.crisis_level ?? 0, vp: pl.vp || [], tiles: pl.tiles || [], gun: pl.gunrunners || 0,
      gunBonus: pl.gunrunner_bonus || 0, empires: empiresHere, dice: pl.crisis_dice || 0,
      crisisName: pl.crisis_name || "", crisisHelp: pl.crisis_help || "" };
  });
  return { raw: v, players, planets, period: v.period, periods: v.periods, phase: v.phase, phaseName: v.phase_name,
    cubes: v.cubes, cubesTotal: v.cubes_total, first: v.first,
    hand: v.hand, combat: v.combat, aliens: v.aliens, scoring: v.over ? v.scoring : null,
    deck: v.deck_size, bag: v.bag_size, discards: v.discard_size };
}

function empireRows(pl, model, ctx, idx, root) {
  const out = [];
  for (const e of pl.empires) {
    const seat = e.seat;
    const p = model.players[seat] || {};
    const col = p.colour;
    const o = e.orbit, s = e.surface;
    const orbit = UNIT_KEYS.map(k => pc(k, o[k], col, t("{n} {unit} in orbit", { n: o[k], unit: UNIT_WORDS[k] }))).filter(Boolean);
    const surf = UNIT_KEYS.map(k => pc(k, s[k], col, t("{n} {unit} on the surface", { n: s[k], unit: UNIT_WORDS[k] }))).filter(Boolean);
    const bld = [pc("mine", e.mines, col, withN(HELP.stock.mine, e.mines)), pc("factory", e.factories, col, withN(HELP.stock.factory, e.factories))].filter(Boolean);
    if (!orbit.length && !surf.length && !bld.length) continue;
    const row = el("div", { class: "vn-emp", "data-seat": seat, "data-id": `units:${pl.name}:${seat}`, title: p.empire },
      el("span", { class: "sw", style: `background:${COLOURS[col] || col}` }),
      el("div", {},
        bld.length ? el("div", { class: "row" }, bld) : null,
        orbit.length ? el("div", { class: "row" }, el("span", { class: "lbl", text: t("orbit") }), orbit) : null,
        surf.length ? el("div", { class: "row" }, el("span", { class: "lbl", text: t("surface") }), surf) : null));
    // options naming a unit, mine or factory of this seat here (commit, land, lose, destroy...)
    // are clicked on that seat's pieces at this planet
    makeClickable(row, idx.row.get(`${pl.name}|${seat}`), ctx, root);
    out.push(row);
  }
  return out;
}

function tileNode(tl, planetName, ctx, idx, root) {
  const k = tileKind(tl);
  const [title, help] = HELP.tiles[k] || [tl.kind, ""];
  const node = el("div", { class: `vn-tile ${k}`, "data-slot": tl.slot, "data-kind": tl.kind, "data-id": `tile:${planetName}:${tl.slot}:${tl.kind}` },
    el("span", { class: "ic", text: k === "windfall" ? HELP.windfall : k === "cards" ? HELP.draw2 : TILE_GLYPH[k] }), el("span", { class: "nm", text: title.split(" ")[0] }),
    tl.defence !== undefined && tl.defence !== null ? el("span", { class: "def", text: tl.defence }) : null,
    tl.skull || tl.escalates ? el("span", { class: "skull", text: "☠" }) : null);
  tipOn(node, [title + (tl.defence !== undefined && tl.defence !== null ? t(" (defence {n})", { n: tl.defence }) : ""),
    (tl.help || help) + (tl.skull || tl.escalates ? HELP.skull_tile : "")], TIP);
  makeClickable(node, idx.tile.get(`${planetName}|${tl.slot}`), ctx, root);
  return node;
}

function planetCard(pl, model, ctx, idx, root) {
  const cls = pl.name === "Earth" ? "earth" : pl.name === "Moon" ? "moon" : "";  // pl.name: the English key; pl.label is shown
  const { crisisName, crisisHelp } = pl;   // the game's own words (text.CRISIS_HELP), in the reader's language
  const head = el("div", { class: "vn-phead" }, planetDisc(pl.name),
    el("div", {}, el("div", { class: "vn-pname", style: longWord(pl.label) }, pl.label, el("small", { text: crisisName })),
      el("div", { class: "vn-vp", title: HELP.vp_ranks }, pl.vp.map((n, r) => hexVP(n, r)))));
  const crisis = el("span", { class: `vn-crisis l${pl.crisis ? 1 : 0}`, "data-testid": "crisis-level",
    title: pl.dice ? t("{tiles} crisis tile(s) + {dice} escalation dice", { tiles: pl.crisis - pl.dice, dice: pl.dice }) : t("crisis tiles here") },
    "☠ " + t("crisis {n}", { n: pl.crisis }) + (pl.dice ? t(" (incl. +{n} dice)", { n: pl.dice }) : ""));
  const fight = model.combat && model.combat.planet_index === pl.index ? "combat" : "";
  const card = el("div", { class: `vn-planet ${cls} ${pl.flipped ? "flipped" : ""} ${fight}`, "data-planet": pl.name },
    head, el("div", {}, crisis, pl.flipped ? el("span", { class: "vn-gun", text: t(" closed") }) : null,
      pl.gun ? el("span", { class: "vn-gun", title: HELP.gunrunner, text: t(" gunrunner +{n}", { n: pl.gunBonus }) }) : null,
      model.aliens && model.aliens.next && model.aliens.next.moves.some(mv => mv.to === pl.label)
        ? el("span", { class: "vn-gun", text: t(" aliens next!") }) : null),
    el("div", { class: "vn-tiles" }, pl.tiles.map(tl => tileNode(tl, pl.name, ctx, idx, root))),
    empireRows(pl, model, ctx, idx, root));
  tipOn(head, [`${pl.label}: ${crisisName}`, crisisHelp, t("VP by income rank: {vp}", { vp: pl.vp.join(", ") })], TIP);
  makeClickable(card, idx.planet.get(pl.name), ctx, root);
  return card;
}

function playerPanel(p, model, ctx, idx, root) {
  const st = p.stock || {};
  const count = (k) => p.keptCounts[k] || 0;
  const mover = ctx.waiting && ctx.waiting.seat === p.seat;
  const node = el("div", { class: `vn-player ${p.seat === ctx.seat ? "me" : ""} ${mover ? "mover" : ""}`, style: `--c:${COLOURS[p.colour] || p.colour}`,
    "data-seat": p.seat, "data-testid": `player-${p.seat}` },
    el("div", { class: "nm" }, el("span", { "data-testid": `player-name-${p.seat}`,
      text: `${p.empire || p.name}${ctx.seats && ctx.seats[p.seat] && ctx.seats[p.seat].display ? ` · ${ctx.seats[p.seat].display}` : ""}${p.seat === ctx.seat ? t(" (you)") : ""}` }),
      el("span", { class: "money", text: p.money !== undefined ? pounds(p.money) : "" })),
    p.first ? el("div", { class: "first", text: t("★ first player") }) : null,
    el("div", { class: "row" },
      el("span", { text: tn("{n} card in hand", "{n} cards in hand", p.hand ?? 0, { n: p.hand ?? "?" }) }),
      p.income !== undefined ? el("span", { text: t("income £{n}", { n: p.income }) }) : null,
      p.vp !== undefined ? el("span", { text: t("{n} VP", { n: p.vp }) }) : null),
    el("div", { class: "row", title: HELP.kept },
      el("span", { text: t("big game {n}", { n: count("biggame") }) }), el("span", { text: t("crisis {n}", { n: count("crisis") }) }), el("span", { text: t("alien {n}", { n: count("alien") }) })),
    el("div", { class: "row", title: t("in stock (not on the board)") },
      el("span", { class: "muted", text: t("stock") }),
      pc("infantry", st.infantry, p.colour), pc("spaceship", st.spaceship ?? st.spaceships, p.colour), pc("tank", st.tank ?? st.tanks, p.colour),
      pc("mine", st.mine ?? st.mines, p.colour), pc("factory", st.factory ?? st.factories, p.colour)));
  makeClickable(node, idx.seat.get(String(p.seat)), ctx, root);
  return node;
}

function cardNode(c, ctx, idx, root) {
  const ty = String(c.type || "").toLowerCase();
  const tyc = ty.startsWith("act") ? "action" : ty.startsWith("free") ? "free" : ty.startsWith("ben") ? "benefit" : ty.startsWith("rea") ? "reaction" : "";
  const node = el("div", { class: "vn-card", "data-card": c.card, "data-effect": c.effect, "data-id": `card:${c.card}` },
    el("span", { class: `ty ${tyc}`, text: TYPE_WORDS[tyc] || c.type || t("card") }), el("div", { class: "ct", text: c.title || t("card {n}", { n: c.card }) }),
    el("div", { class: "tx", text: c.text || "" }), c.cp ? el("span", { class: "cp", text: t("{n} CP", { n: c.cp }) }) : null);
  tipOn(node, [c.title || t("Card"), `${c.text || ""} ${HELP.types[tyc] || ""}`.trim(), t("a {type} card", { type: TYPE_WORDS[tyc] || c.type || "" })], TIP);
  makeClickable(node, idx.card.get(String(c.effect)), ctx, root);
  return node;
}

const KIND_NAME = { mine: t("a mine"), crisis: t("a crisis tile"), tension: t("a tension tile"), alien: t("an alien") };
const ORDINALS = [t("{n}st"), t("{n}nd"), t("{n}rd")];
const ORD = (r) => (ORDINALS[r - 1] || t("{n}th")).replace("{n}", r);

function combatPanel(cb, model, idx, ctx, root) {
  if (!cb) return null;
  const who = model.players[cb.seat] || {};
  const diceNodes = (cb.dice || []).map((d, i) => {
    const n = dieFace(d, cb.discarded === i ? "off" : "");
    n.dataset.die = i;
    makeClickable(n, idx.die.get(String(i)), ctx, root);
    return n;
  });
  const target = cb.target ? model.players[cb.target.seat] || {} : null;
  const defence = el("span", { "data-testid": "combat-defence" }, t("defence") + " ", el("b", { text: cb.defence }),
    cb.gunrunner_bonus ? el("span", { class: "small muted", text: t(" ({printed} + gunrunner {bonus})", { printed: cb.printed_defence, bonus: cb.gunrunner_bonus }) }) : null,
    cb.kind === "tension" && target ? el("span", { class: "small muted", text: t(" ({who}'s units here)", { who: target.name }) }) : null);
  const units = UNIT_KEYS.map(k => pc(k, cb.committed[k], who.colour, t("{n} {unit} committed, {cp} CP each", { n: cb.committed[k], unit: UNIT_WORDS[k], cp: cb.unit_cp[k] }))).filter(Boolean);
  const cards = (cb.cards || []).map(c => el("span", { class: "vn-chip", "data-effect": c.effect, text: c.title }));
  return el("div", { class: "panel vn-combat", "data-testid": "combat", "data-kind": cb.kind },
    el("h2", {}, t("{who} attacks {tile} on {planet}", { who: who.name || "?", tile: KIND_NAME[cb.kind] || cb.tile, planet: cb.planet }),
      target ? el("span", { "data-testid": "combat-target", style: `color:${COLOURS[target.colour] || ""}`,
        text: t(" — target: {who}'s {building}", { who: target.name, building: t(cb.target.building) }) }) : null),
    el("div", { class: "nums" },
      el("span", { class: "dice" }, diceNodes), defence,
      el("span", {}, t("cost") + " ", el("b", { text: cb.cost })),
      el("span", { title: t("units {u} CP + cards {c} CP", { u: cb.units_cp, c: cb.cards_cp }) }, t("CP committed") + " ", el("b", { "data-testid": "paid", text: cb.paid })),
      el("span", {}, t("still missing") + " ", el("b", { "data-testid": "missing", text: cb.missing })),
      el("span", {}, t("casualties") + " ", el("b", { text: cb.skulls }), cb.skulls_ignored ? t(" ({n} ignored)", { n: cb.skulls_ignored }) : "")),
    el("div", { class: "row small" },
      el("span", { class: "muted", text: t("units committed: ") }), units.length ? units : el("span", { text: t("none yet") }),
      el("span", { class: "muted", text: t(" · cards played: ") }), cards.length ? cards : el("span", { text: t("none") })),
    cb.needs_unit ? el("div", { class: "small warn", text: HELP.needs_unit }) : null,
    el("p", { class: "muted small", text: HELP.combat }));
}

function aliensPanel(al, model) {
  if (!al || !al.landed) return null;
  const nx = al.next;
  let next = t("They move no more before the end.");
  if (!al.on.length) next = t("All of them have been destroyed.");
  else if (nx) {
    const moves = nx.moves.map(m => `${m.from} → ${m.to}`).join(", ");
    next = t("Next move in the crisis phase of period {n}: {moves}", { n: nx.period, moves: moves || "—" }) + (nx.reaches_earth ? HELP.aliens_reach_earth : ".");
  }
  return el("div", { class: `panel small vn-aliens ${nx && nx.reaches_earth ? "danger" : ""}`, "data-testid": "aliens" },
    el("b", { text: t("Aliens") + " " }), t("landed in period {n} on {planets}; now on {now}", { n: al.landed, planets: al.landed_on.join(", "), now: al.on.join(", ") || t("no planet") }) +
    (al.destroyed ? t(" ({n} destroyed)", { n: al.destroyed }) : "") + `. ${next}`);
}

// The end-of-game scoring exactly as the engine computed it (view.scoring, scoring.breakdown).
function scoringPanel(sc, model) {
  if (!sc) return null;
  const players = model.players;
  const cell = (text, title, cls) => el("td", { text, title, class: cls });
  const rows = sc.planets.map(pl => el("tr", { "data-planet-score": pl.planet },
    el("td", { text: pl.planet, title: t("VP by income rank: {vp}", { vp: pl.vp.join(", ") }) + (pl.flipped ? t(" (closed)") : "") }),
    pl.points.map((v, s) => pl.rank[s]
      ? el("td", { title: t("income £{n}: {place} place here, {vp} VP", { n: pl.income[s], place: ORD(pl.rank[s]), vp: v }) },
          el("b", { text: v }), el("span", { class: "small muted", text: ` ${ORD(pl.rank[s])} · ${pounds(pl.income[s])}` }))
      : cell("·", t("no income here"), "muted"))));
  const keptRow = (k, label) => el("tr", {}, el("td", { text: label }),
    sc.kept.map(x => cell(x[k].count ? `${x[k].vp}` : "·", t("{n} kept", { n: x[k].count }), "")));
  rows.push(keptRow("biggame", HELP.scoring.biggame), keptRow("crisis", HELP.scoring.crisis), keptRow("alien", HELP.scoring.alien));
  rows.push(el("tr", { class: "total" }, el("td", { text: t("Total VP") }), sc.total.map(v => el("td", { text: v }))));
  if (!sc.all_lose) {
    rows.push(el("tr", {}, el("td", { text: t("Place") }), sc.place.map((v, s) => el("td", { class: sc.winners.includes(s) ? "win" : "", text: v }))));
  }
  const ties = sc.tie_breaks.map(tb => {
    const used = tb.steps.filter(st => st.decided || tb.decided_by === "shared");
    return el("li", { "data-testid": "tie-break", "data-decided-by": tb.decided_by },
      t("Tie on {n} VP: {text}", { n: tb.vp, text: tb.text }),
      el("ul", { class: "small muted" }, tb.steps.map(st => el("li", { class: st.decided ? "decided" : "" },
        `${t(st.rule)}: ` + st.between.map((s, i) => `${players[s].name} ${st.values[i]}`).join(", ") +
        (st.decided ? t(" → {who} ahead", { who: players[st.ahead[0]].name }) : t(" → still level"))))));
  });
  let headline;
  if (sc.all_lose) headline = t("Everybody lost ({cause})!", { cause: t(sc.cause || sc.end) });
  else headline = tn("Winner: {names}", "Winners: {names}", sc.winners.length, { names: sc.winners.map(w => players[w].empire).join(" & ") });
  return el("div", { class: "panel vn-score", "data-testid": "scoring", "data-decided-by": sc.decided_by || "" },
    el("h2", { class: "win", "data-testid": "venus-winner", text: headline }),
    el("p", { "data-testid": "scoring-text", text: sc.text }),
    el("table", {}, el("tr", {}, el("th", { text: "" }), players.map(p => el("th", { style: `color:${COLOURS[p.colour] || p.colour}`, text: p.name }))), rows),
    ties.length ? el("div", { class: "small" }, el("b", { text: t("Tie-breaks") }), el("ul", {}, ties)) : null);
}

// The colour of a seat and the short names its log lines start with ("Britain rolled ...").
export function seatInfo(view, seat) {
  const p = norm(view || {}).players[seat];
  if (!p) return null;
  return { colour: COLOURS[p.colour] || p.colour, aliases: [p.name, p.empire].filter(Boolean) };
}

export function formatDie(v) { return v === 0 ? "☠" : String(v); }

export function render(root, ctx) {
  hideTip();
  const m = norm(ctx.view || {});
  if (ctx.view && ctx.view.help) HELP = ctx.view.help;
  const idx = optionIndex(ctx.decision);
  root.style.position = "relative";
  const phaseNo = typeof m.phase === "number" ? m.phase - 1 : -1;  // the view counts 0 = setup, 1..6
  const top = el("div", { class: "vn-top" },
    el("div", { class: "panel vn-period" },
      el("div", {}, el("div", { class: "muted small", text: t("Period") }), el("div", { class: "big", "data-testid": "period", text: `${m.period ?? "?"} / ${m.periods}` })),
      el("div", {}, el("div", { class: "muted small", text: t("Phase") }),
        el("div", { class: "vn-phases", "data-testid": "phase" }, PHASES.map((ph, i) => el("span", { class: i === phaseNo ? "on" : "", text: `${i + 1} ${ph}` }))))),
    el("div", { class: "panel vn-pass", "data-testid": "pass-card", title: HELP.pass_card },
      el("span", { class: "muted small", text: t("Pass card") }),
      Array.from({ length: m.cubesTotal || 0 }, (_, i) => el("span", { class: `vn-cube ${i < (m.cubes ?? 0) ? "" : "taken"}` })),
      el("span", { class: "small", text: t("{n} left", { n: m.cubes ?? "?" }) })));
  tipOn(top.firstChild, [t("A period, phase by phase"), HELP.phases, t("rulebook: Playing the game")], TIP);
  const board = el("div", { class: "vn-board", "data-testid": "planets" }, m.planets.map(pl => planetCard(pl, m, ctx, idx, root)));
  const players = el("div", { class: "vn-players" }, m.players.map(p => playerPanel(p, m, ctx, idx, root)));
  let hand;
  if (Array.isArray(m.hand)) {
    hand = el("div", { class: "panel", "data-dock": "hand", "data-count": m.hand.length, "data-title": t("Your hand") },
      el("h3", { text: t("Your hand ({n})", { n: m.hand.length }) }),
      el("div", { class: "vn-hand", "data-testid": "hand" }, m.hand.map(c => cardNode(c, ctx, idx, root))));
  } else {
    hand = el("div", { class: "panel muted small", "data-testid": "no-hand", text: ctx.seat === null ? t("Spectators see no hand.") : "" });
  }
  const mv = m.raw.move;
  const move = mv ? el("div", { class: "panel small", "data-testid": "move" },
    t("Moving from {from}: {ships} spaceship(s), {infantry} infantry, {tanks} tank(s); up to {n} planet(s).", { from: mv.from, ships: mv.ships, infantry: mv.infantry, tanks: mv.tanks, n: mv.allowance })) : null;
  const stats = el("div", { class: "panel small muted", title: t("The deck, the discards and the tile bag (counts only: their order is secret)") },
    t("Deck {deck} · discards {discards} · tiles in the bag {bag}", { deck: m.deck ?? "?", discards: m.discards ?? "?", bag: m.bag ?? "?" }));
  top.append(stats);
  root.replaceChildren(el("div", { class: "vn" }, top, scoringPanel(m.scoring, m), combatPanel(m.combat, m, idx, ctx, root),
    aliensPanel(m.aliens, m), move, board, players, hand));
  root.onclick = () => root.querySelectorAll(".vn-pop").forEach(p => p.remove());
}
