// Motion: what changed on the table moves for a moment, so a bot's turn can be followed without
// reading the log. Shared by every renderer through two attributes:
//   data-id="…"   a piece with a stable identity across drawings (a unit, a ship, a card, a tile):
//                 when it moves it glides from where it was (FLIP), when it appears it fades in,
//                 when its contents change (a count, a face) it pulses;
//   data-die="…"  a die: when its face (data-face, else its text) changes it rolls.
// Call snapshot() before a drawing replaces the table and play(before) after it. Nothing moves
// when the person asked the system for reduced motion (prefers-reduced-motion), nor on the
// first drawing.
const DURATION = 420;
const MAX_MARKS = 24;   // a new period's whole board does not need to dance; moves are marked first
const SCOPE = "[data-id], [data-die]";

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function dieKeys(nodes) {
  const seen = new Map();
  return nodes.map(e => {
    const base = e.dataset.die;
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  });
}

// What a piece's own move is measured against, so that the drift of everything around it
// (a panel above grew) is no move: an HTML piece's parent; an SVG piece's drawing (its
// <svg>), since its parent group is often the box it sits in, which moves with it when it
// sits there alone.
function anchorOf(e) {
  return (e instanceof SVGElement && e.ownerSVGElement) || e.parentElement;
}

// Where each piece is and what each die shows now (null when motion is off).
export function snapshot(root = document) {
  if (reducedMotion()) return null;
  const pieces = new Map(), dice = new Map();
  for (const e of root.querySelectorAll("[data-id]")) {
    const r = e.getBoundingClientRect();
    const a = anchorOf(e);
    const p = a ? a.getBoundingClientRect() : r;
    pieces.set(e.dataset.id, { x: r.left, y: r.top, px: p.left, py: p.top, w: r.width, sig: e.textContent });
  }
  const ds = [...root.querySelectorAll("[data-die]")];
  dieKeys(ds).forEach((k, i) => dice.set(k, ds[i].dataset.face ?? ds[i].textContent));
  return { pieces, dice };
}

// Put the motion classes on (restarting any still running: off, one reflow, on) and take
// them off when done. All reads of the layout happen before this one write.
function mark(marks) {
  if (!marks.length) return;
  for (const [e, cls] of marks) e.classList.remove(cls);
  void document.body.offsetWidth;
  for (const [e, cls] of marks) e.classList.add(cls);
  setTimeout(() => { for (const [e, cls] of marks) e.classList.remove(cls); }, DURATION + 200);
}

// An SVG piece glides in its own user units, keeping its transform attribute.
function glideSvg(e, dx, dy) {
  const ctm = e.parentNode && e.parentNode.getScreenCTM ? e.parentNode.getScreenCTM() : null;
  if (!ctm || !ctm.a || !ctm.d) return false;
  const base = e.transform && e.transform.baseVal.numberOfItems ? e.transform.baseVal.consolidate().matrix : null;
  const m = base ? ` matrix(${base.a},${base.b},${base.c},${base.d},${base.e},${base.f})` : "";
  e.animate([{ transform: `translate(${-dx / ctm.a}px, ${-dy / ctm.d}px)${m}` }, { transform: m.trim() || "none" }],
    { duration: DURATION, easing: "ease-out" });
  return true;
}

function glide(e, dx, dy) {
  if (!e.animate) return;
  if (e instanceof SVGElement) { glideSvg(e, dx, dy); return; }
  e.animate([{ transform: `translate(${-dx}px, ${-dy}px)` }, { transform: "none" }], { duration: DURATION, easing: "ease-out" });
}

// Animate what changed since ``before`` (from snapshot()): first every measurement, then the
// animations, so the page lays out once.
export function play(before, root = document) {
  if (!before || reducedMotion()) return;
  const marks = [], glides = [];
  for (const e of root.querySelectorAll("[data-id]")) {
    const was = before.pieces.get(e.dataset.id);
    const r = e.getBoundingClientRect();
    if ((!r.width && !r.height) || r.bottom < 0 || r.top > innerHeight) continue;   // unseen: no motion
    if (!was) { marks.push([e, "motion-enter"]); continue; }
    const a = anchorOf(e);
    const p = a ? a.getBoundingClientRect() : r;
    // a move of its own, not the drift of everything around it
    const dx = (r.left - p.left) - (was.x - was.px), dy = (r.top - p.top) - (was.y - was.py);
    const jump = Math.abs(r.left - was.x) > 3 || Math.abs(r.top - was.y) > 3;
    if (jump && (Math.abs(dx) > 3 || Math.abs(dy) > 3)) glides.push([e, r.left - was.x, r.top - was.y]);
    else if (was.sig !== e.textContent) marks.push([e, "motion-change"]);
  }
  const ds = [...root.querySelectorAll("[data-die]")];
  dieKeys(ds).forEach((k, i) => {
    const face = ds[i].dataset.face ?? ds[i].textContent;
    if (!ds[i].getClientRects().length) return;   // not shown
    if (!/[^\s·]/.test(face)) return;   // not rolled yet
    if (!before.dice.has(k) || before.dice.get(k) !== face) marks.push([ds[i], "motion-roll"]);
  });
  // Under the cap the glides come first, then the dice, then what appeared or changed: when
  // several moves arrive in one drawing (a busy server, a fast bot) the pieces that moved are
  // the ones worth following.
  const moves = glides.map(([e, dx, dy]) => { glide(e, dx, dy); return [e, "motion-move"]; });
  const order = { "motion-roll": 0, "motion-change": 1, "motion-enter": 2 };
  marks.sort((a, b) => order[a[1]] - order[b[1]]);
  mark(moves.concat(marks).slice(0, MAX_MARKS));
}
