// Walking on the Moon — the table. The lap of five lunar cards drawn as a side view (levels,
// boxes with and without circles, rock, tunnels, Sputnik icons, the circled boxes between the
// cards and the goal box, the points of the last card), the astronauts in their boxes (standing
// or face-down, stacked, latest on top), each astronaut's jump card with its programmed and
// rolled dice and its counters. Options of the current decision that name a place are
// highlighted there and act on click: a jump slot of your jump card while programming (one
// button per die colour), the box a result would take you to while picking (a small menu when
// several results land in the same box), a die to re-roll for an EC. With the advanced rules each
// player's action card sits on its jump card: your own face up (clickable when you may play it;
// No instructions asks which die to take out), the others' face down. The view schema is in
// src/cosmodrome/games/moon/view.py, the option details in src/cosmodrome/games/moon/text.py.
import { el, pgettext, svg, t, tn } from "../api.js";
import { optionIndex, places } from "./places.js";

export const name = "moon";
export const showsDice = true;

function ensureCss() {
  if (document.getElementById("moon-css")) return;
  document.head.append(el("link", { id: "moon-css", rel: "stylesheet", href: "/css/moon.css" }));
}

const W = 26, H = 32, TOP = 46, LEFT = 18;         // cell size and margins of the side view (level numbers at the left)
// the lap's boxes explained: the game's own words (the view's ``help``, games/moon/text.py
// table_help), set at each drawing
let HELP = { cells: [], sputnik: "", counters: "", box: "", ec: "", handicap: "", accident: null, terrain: {} };
const TOKEN_MARK = { advance: "»", back: "«", "buy-advances": "$", ec: t("EC"), "reroll-next": "↻", "two-sputniks": "✶2", "one-die-jump": "1⚀" };
const COLOURS = { red: "#e0474c", blue: "#3a7be0", yellow: "#f2c53d", green: "#3fae5a", white: "#e8e8ee" };
const DIE_COL = { blue: "#2f6fd6", white: "#f4f4f6", black: "#26262c" };

function indexOptions(ctx) {
  const idx = optionIndex();
  const d = ctx.decision;
  if (!d || ctx.seat === null || d.seat !== ctx.seat) return idx;
  for (const o of d.options) {
    const x = o.data || {};
    if (d.kind === "program" && x.jump !== undefined) idx.add(`slot:${x.jump}`, o);
    else if (d.kind === "pick" && x.to) idx.add(`cell:${x.to[0]}:${x.to[1]}`, o);
    else if (d.kind === "pick" && x.die !== undefined) idx.add(`reroll:${x.die}`, o);
    else if (d.kind === "action-card" && x.card) idx.add("card", o);
  }
  return idx;
}

const { hot, closeMenus } = places({ hl: "moon-hl", pop: "moon-pop" });

// The signature of the astronauts drawn (the e2e test compares it with the server's view).
export function astroSig(v) {
  return v.astronauts.map(a => `${a.id}:${a.col}.${a.level}.${a.stack}.${a.down ? 1 : 0}.${a.sputniks}.${a.ec}.${a.handicap}`).join("|");
}

function lapSvg(v, ctx, idx) {
  const cols = v.lap.columns, levels = cols[0].length;
  const width = LEFT * 2 + cols.length * W, height = TOP + levels * H + 40;
  const root = svg("svg", { class: "moon-lap", viewBox: `0 0 ${width} ${height}`, width, height, "data-testid": "moon-lap" });
  const y = (lvl) => TOP + (levels - 1 - lvl) * H;
  const cellHelp = HELP.cells, sputnikHelp = HELP.sputnik;
  const icons = new Set(v.lap.sputniks.map(p => `${p[0]}:${p[1]}`));
  // a lunar card's columns (the component data's: one point value under each column of the last
  // card), and a card with the circled box after it
  const cardCols = v.lap.last_card_points.length, span = cardCols + 1;
  // card names above their columns
  v.lap.cards.forEach((c, k) => {
    const x0 = LEFT + (1 + k * span) * W;
    root.append(svg("rect", { x: x0, y: 4, width: cardCols * W, height: 18, rx: 4, class: "moon-cardname" + (c.red ? " red" : "") }),
      svg("text", { x: x0 + cardCols / 2 * W, y: 17, class: "moon-cardtext", "text-anchor": "middle", text: `${k + 1}. ${c.name}${c.red ? " ●" : ""}` }));
  });
  cols.forEach((col, c) => {
    const isGoal = c === 0 || c === v.lap.goal, isBox = v.lap.boxes.includes(c);
    for (let l = 0; l < levels; l++) {
      const k = col[l];
      const g = svg("g", { class: `moon-cell k${k}`, "data-col": c, "data-level": l });
      g.append(svg("rect", { x: LEFT + c * W, y: y(l), width: W, height: H }));
      const kinds = HELP.terrain;                   // the kinds of box by name (help.terrain)
      if (k === kinds.safe || k === kinds.tunnel) g.append(svg("circle", { cx: LEFT + c * W + W / 2, cy: y(l) + H - 9, r: 6, class: isGoal ? "goal" : isBox ? "box" : "ring" }));
      if (k === kinds.hazard || k === kinds.tunnel_haz) g.append(svg("path", { d: `M${LEFT + c * W + 6} ${y(l) + H - 6} l6 -6 l6 6 l6 -6`, class: "rough" }));
      if (icons.has(`${c}:${l}`)) g.append(svg("text", { x: LEFT + c * W + W / 2, y: y(l) + H / 2 + 5, class: "moon-sputnik", "text-anchor": "middle", text: "✶" }));
      g.append(svg("title", { text: `${cellHelp[k]}${icons.has(`${c}:${l}`) ? " " + sputnikHelp : ""}` }));
      hot(g, ctx, idx, `cell:${c}:${l}`);
      root.append(g);
    }
    // under a circled box between two cards: its mark ("S", special box), its name in the tooltip
    if (isGoal || isBox) root.append(svg("text", { x: LEFT + c * W + W / 2, y: TOP + levels * H + 14, class: "moon-under", "data-testid": isBox ? "moon-box-mark" : null,
      "text-anchor": "middle", text: isGoal ? pgettext("moon board", "goal") : pgettext("the mark of a special box under the Moon's strip", "S") },
    isBox ? svg("title", { text: HELP.box }) : null));
    // a card's own column numbers, as the options name places ("card 2, column 3, level 1")
    else root.append(svg("text", { x: LEFT + c * W + W / 2, y: TOP + levels * H + 14, class: "moon-under moon-colno", "data-testid": "moon-colno",
      "text-anchor": "middle", text: String(((c - 1) % span) + 1) }));
    const token = (v.lap.tokens || []).find(t => t.col === c && t.effect);
    if (token) root.append(svg("g", { class: "moon-token", "data-testid": "moon-token", "data-effect": token.effect },
      svg("rect", { x: LEFT + c * W + 3, y: y(levels - 1) + 4, width: W - 6, height: H - 8, rx: 5 }),
      svg("text", { x: LEFT + c * W + W / 2, y: y(levels - 1) + H / 2 + 4, "text-anchor": "middle", text: TOKEN_MARK[token.effect] || "?" }),
      svg("title", { text: t("Special box: {what}", { what: token.text }) })));
  });
  // level numbers at the left (the options name levels)
  for (let l = 0; l < levels; l++) root.append(svg("text", { x: LEFT - 4, y: y(l) + H / 2 + 4, class: "moon-under moon-levelno",
    "data-testid": "moon-levelno", "text-anchor": "end", text: String(l) }));
  // points printed under the last card
  v.lap.last_card_points.forEach((p, j) => root.append(svg("text", { x: LEFT + (v.lap.goal - cardCols + j) * W + W / 2, y: TOP + levels * H + 30,
    class: "moon-points", "text-anchor": "middle", text: `${p}` })));
  // astronauts, the latest arrival on top of a shared box
  for (const a of v.astronauts) {
    const cx = LEFT + a.col * W + W / 2, base = y(a.level) + H - 12 - a.stack * 7;
    const fill = COLOURS[a.colour] || "#ccc";
    const node = svg("g", { class: "moon-astro" + (a.down ? " down" : "") + (v.turn && v.turn.astronaut === a.id ? " now" : ""),
      "data-testid": "moon-astro", "data-id": a.id, "data-col": a.col, "data-level": a.level, "data-down": a.down ? 1 : 0 });
    if (a.down) node.append(svg("ellipse", { cx, cy: base + 4, rx: 11, ry: 4.5, fill }));
    else node.append(svg("rect", { x: cx - 5, y: base - 14, width: 10, height: 16, rx: 4, fill }), svg("circle", { cx, cy: base - 17, r: 4.5, fill }));
    node.append(svg("title", { text: `${a.name} (${a.seat_name}): ${a.place}${a.down ? t(", face-down") : ""}${a.finished ? t(", at the goal") : ""}` }));
    root.append(node);
  }
  return root;
}

// The action card a seat holds (advanced rules), on the jump card of its first astronaut.
function actionCard(v, a, ctx, idx) {
  if (!v.cards || a.id !== a.seat) return null;
  const h = v.cards.hands[a.seat];
  if (!h.holds) return el("div", { class: "moon-action none muted small", "data-testid": "moon-action", "data-state": "none", text: t("no action card") });
  if (!h.card) return el("div", { class: "moon-action back", "data-testid": "moon-action", "data-state": "hidden", title: t("An action card, face down") }, el("span", { text: t("action card") }));
  const c = h.card;
  const node = el("div", { class: "moon-action face" + (c.red ? " red" : ""), "data-testid": "moon-action", "data-state": "mine", "data-effect": c.effect,
    title: `${c.title} (${c.timing_text}): ${c.text}` },
  el("b", { text: c.title }), el("span", { class: "muted small", text: ` · ${c.timing_text}` }), el("div", { class: "small", text: c.text }));
  return hot(node, ctx, idx, "card");
}

function jumpCard(v, a, ctx, idx) {
  const turn = v.turn && v.turn.astronaut === a.id ? v.turn : null;
  const mine = ctx.seat !== null && a.seat === ctx.seat;
  const slots = [0, 1, 2].map(j => {
    const dice = turn ? turn.dice.filter(d => d.jump === j) : [];
    const slot = el("div", { class: "moon-slot" + (turn && turn.jump === j && v.phase === "pick" ? " rolling" : ""), "data-jump": j },
      el("div", { class: "muted small", text: t("jump {n}", { n: j + 1 }) }),
      dice.map(d => {
        const accident = HELP.accident && d.face === HELP.accident.code ? HELP.accident : null;
        const die = el("span", { class: `moon-die ${d.colour}`, "data-testid": "moon-die", "data-die": d.die,
          text: d.face ? (accident ? accident.face : String(d.face)) : "·",
          title: (accident && accident.dice[d.colour]) || t("{colour} die", { colour: t(d.colour) }) });
        if (mine) hot(die, ctx, idx, `reroll:${d.die}`);
        return die;
      }));
    if (mine) {
      const adds = (idx.get(`slot:${j}`) || []).map(o => {
        const b = el("button", { class: `moon-add ${o.data.colour}`, text: `+ ${t(o.data.colour)}` });
        hot(b, ctx, new Map([[`slot:${j}:${o.data.colour}`, [o]]]), `slot:${j}:${o.data.colour}`);
        return b;
      });
      if (adds.length) slot.append(el("div", { class: "moon-adds" }, adds));
    }
    return slot;
  });
  return el("div", { class: "moon-card" + (turn ? " now" : ""), "data-testid": "moon-card", "data-astro": a.id },
    el("div", { class: "moon-cardhead" }, el("span", { class: "dot", style: `background:${COLOURS[a.colour] || "#ccc"}` }),
      el("b", { text: a.name }), el("span", { class: "muted small", text: ` ${a.seat_name !== a.name ? a.seat_name : ""}` })),
    el("div", { class: "moon-counters" },
      el("span", { class: "c spk", title: HELP.counters, text: `✶ ${a.sputniks}` }),
      el("span", { class: "c ec", title: HELP.ec, text: `${t("EC")} ${a.ec}` }),
      el("span", { class: "c hc", title: HELP.handicap, text: `H ${a.handicap}` }),
      el("span", { class: "muted small", text: a.finished ? t("at the goal (#{n})", { n: a.finished }) : t("race #{n}", { n: a.race_position }) + (a.down ? " · " + t("face-down") : "") })),
    actionCard(v, a, ctx, idx),
    turn ? el("div", { class: "muted small", text: t("{n} dice this turn", { n: turn.dice_n }) }) : null,
    el("div", { class: "moon-slots" }, slots));
}

export function render(root, ctx) {
  ensureCss();
  closeMenus();
  const v = ctx.view;
  if (v.help) HELP = v.help;
  const idx = indexOptions(ctx);
  const head = el("div", { class: "moon-top" },
    el("span", { class: "pill", text: t("Round {n}", { n: v.round }) }),
    el("span", { class: "muted small", text: t("Supply: ✶ {spk} · EC {ec} · handicap {hc}", { spk: v.supply.sputnik, ec: v.supply.ec, hc: v.supply.handicap }) }),
    el("span", { class: "muted small", text: t("Order this round: ") + v.order.map(a => v.astronauts[a].name).join(", ") }),
    v.cards ? el("span", { class: "muted small", "data-testid": "moon-deck", text: t("Action cards: {deck} in the deck, {n} discarded", { deck: v.cards.deck, n: v.cards.discard.length }) + (v.cards.discard.length ? " " + t("(last: {title})", { title: v.cards.discard[v.cards.discard.length - 1].title }) : "") }) : null);
  // the jump cards of the shown seat are its hand: the page docks them beside the decision
  const own = (a) => ctx.seat !== null && ctx.seat !== undefined && a.seat === ctx.seat;
  const cards = el("div", { class: "moon-cards" }, v.astronauts.filter(a => !own(a)).map(a => jumpCard(v, a, ctx, idx)));
  const mine = v.astronauts.filter(own);
  const hand = mine.length ? el("div", { class: "panel moon-hand", "data-dock": "hand", "data-count": mine.length,
    "data-title": mine.length > 1 ? t("Your jump cards") : t("Your jump card"), "data-testid": "moon-hand" },
  el("div", { class: "moon-cards" }, mine.map(a => { const c = jumpCard(v, a, ctx, idx); c.dataset.card = a.id; return c; }))) : null;
  let end = null;
  if (v.scores) {
    const seats = ctx.seats || [];
    end = el("div", { class: "panel moon-end", "data-testid": "moon-end" },
      el("h2", { text: tn("Winner: {names}", "Winners: {names}", (v.winners || []).length, { names: (v.winners || []).map(w => (seats[w] || {}).name || t("Player {n}", { n: w + 1 })).join(" & ") }) }),
      el("table", {}, v.scores.map((s, i) => el("tr", {}, el("td", { text: (seats[i] || {}).name || t("Player {n}", { n: i + 1 }) }), el("td", { class: "tot", text: s })))));
  }
  root.replaceChildren(el("div", { class: "moon", "data-testid": "moon-table", "data-decision": ctx.decision ? ctx.decision.kind : "",
    "data-sig": astroSig(v) },
  head, el("div", { class: "moon-scroll" }, lapSvg(v, ctx, idx)), hand, cards, end));
}

/** The decision dock's groups (table.js arrange): the moves of a jump grouped by the die they
 *  use (the safe ones first within each, the accidents marked by the page). */
export function optionGroup(o, d) {
  const x = o.data || {};
  // the way out first: stopping ends the turn with nothing lost; the next jump may end in an accident
  // (the label as the reader reads it: the English text through the catalog)
  if (d.kind === "go-on") return o.label === t("Stop here and end the turn") ? { title: t("Stop safely"), first: true }
    : { title: t("Jump again"), risk: t("an accident is possible") };
  if (d.kind === "pick" && x.colour && typeof x.face === "number") return { title: t("By the {colour} die ({face})", { colour: t(x.colour), face: x.face }) };
  if (d.kind === "program" && x.colour) return { title: t("The {colour} die", { colour: t(x.colour) }), short: [t("first jump"), t("second jump"), t("third jump")][x.jump] || o.label };
  return null;
}
