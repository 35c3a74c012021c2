// The clocks on the seats' panel: the server sends each seat's time left; the page counts the
// running one down with its own clock (so a difference between the two machines' clocks does
// not matter) until the next message.
import { numeral, t } from "./api.js";
let last = null;          // {clock, at: performance.now() when received}

export function fmtClock(sec) {
  if (sec === null || sec === undefined) return "";
  const s = Math.max(0, Math.floor(sec));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  if (d) return t("{d}d {h}h", { d, h });
  if (h) return t("{h}h {m}m", { h, m: String(m).padStart(2, "0") });
  return `${m}:${String(r).padStart(2, "0")}`;
}

export function setClock(clock) { last = clock ? { clock, at: performance.now() } : null; }

// The time left of ``seat`` now, or null when the game has no clock.
export function timeLeft(seat) {
  if (!last) return null;
  const c = last.clock;
  let t = c.remaining[seat];
  if (c.running === seat) t -= (performance.now() - last.at) / 1000;
  return Math.max(0, t);
}

export function clockText(seat) {
  if (!last) return "";
  const left = timeLeft(seat);
  const text = t("{time} left", { time: fmtClock(left) });
  return ` · ${text}${last.clock.running === seat ? " ▸" : ""}`;
}

export function clockRunning() { return Boolean(last && last.clock.running !== null && last.clock.running !== undefined); }

export function describeClock(c) {
  if (!c) return "";
  const s = c.spec || {};
  const end = c.on_timeout === "end" ? t("running out loses the game") : t("on time-out a bot plays the seat until you return");
  if (c.kind === "realtime") return t("Clock: {minutes} min each + {increment} s a turn; {end}.", { minutes: numeral(s.minutes), increment: numeral(s.increment), end });
  const each = s.hours >= 24 ? t("{n} day(s)", { n: numeral(s.hours / 24) }) : t("{n} h", { n: numeral(s.hours) });
  return t("Clock: {each} a move; {end}.", { each, end });
}
