// "Your turn" signals shared by the table and "my games": the stored opt-in preferences, a
// short beep and the favicon's colour.
import { t } from "./i18n.js";
export const prefs = {
  get(k) { try { return localStorage.getItem(`cosmodrome-${k}`) === "1"; } catch (e) { return false; } },
  set(k, v) { try { localStorage.setItem(`cosmodrome-${k}`, v ? "1" : "0"); } catch (e) { /* private mode */ } },
};

export function favicon(colour) {
  const svgText = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="${colour}"/></svg>`;
  document.getElementById("favicon").href = `data:image/svg+xml,${encodeURIComponent(svgText)}`;
}

export function beep() {
  try {
    const ac = new (window.AudioContext || window.webkitAudioContext)();
    const o = ac.createOscillator(), g = ac.createGain();
    o.frequency.value = 660; g.gain.value = 0.08;
    o.connect(g); g.connect(ac.destination);
    o.start(); o.stop(ac.currentTime + 0.18);
    o.onended = () => ac.close();
  } catch (e) { /* no audio here */ }
}

// The "Your turn" panel's two opt-in boxes (the browser asks for notifications only when ticked).
export function prefsPanel(banner) {
  document.getElementById("pref-sound").checked = prefs.get("sound");
  document.getElementById("pref-notify").checked = prefs.get("notify") && "Notification" in window && Notification.permission === "granted";
  document.getElementById("pref-sound").addEventListener("change", (ev) => { prefs.set("sound", ev.target.checked); if (ev.target.checked) beep(); });
  document.getElementById("pref-notify").addEventListener("change", async (ev) => {
    if (!ev.target.checked) return prefs.set("notify", false);
    if (!("Notification" in window)) { ev.target.checked = false; return banner(t("This browser cannot show notifications."), "warning"); }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    ev.target.checked = answer === "granted";
    prefs.set("notify", ev.target.checked);
    if (!ev.target.checked) banner(t("Notifications were not allowed; the tab title still shows your turn."), "info", 4000);
  });
}
