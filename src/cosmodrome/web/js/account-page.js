// The account page: sign up, log in, log out (the session is an HttpOnly cookie).
import { api, t, banner as shared } from "./api.js";
import { whoami, accountBar } from "./account.js";
import { sameOriginPath } from "./nav.js";

const $ = (id) => document.getElementById(id);
// this page's banner stays until the next answer replaces it
const banner = (text, level = "error") => shared(text, level, 0);

let shown = 0;
async function show() {
  const mine = ++shown;
  const me = await whoami(true);
  if (mine !== shown) return;  // a later look at who is logged in is under way
  $("signed-in").hidden = !me;
  $("signed-out").hidden = Boolean(me);
  if (me) {
    $("me").textContent = me.name;
    $("profile-link").href = `/profile.html?name=${encodeURIComponent(me.name)}`;
  }
  accountBar($("account-bar"));
}

// Each request is numbered: only the last one's answer is shown, so a slow earlier answer (a
// log-in refused while the sign-up that followed it succeeded) never covers a later one.
let asked = 0;
async function ask(method, path, body, done) {
  const mine = ++asked;
  try {
    await api(method, path, body);
    if (mine === asked) done();
  } catch (e) {
    if (mine === asked) banner(e.message);
  }
  show();  // whichever answer came, the page shows who is logged in now
}

function send(path) {
  return ask("POST", path, { name: $("acc-name").value, password: $("acc-pass").value }, () => {
    $("acc-pass").value = "";
    const back = sameOriginPath(new URLSearchParams(location.search).get("back"));
    if (back) { location.href = back; return; }
    banner(t("Welcome!"), "info");
  });
}

$("account-form").addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/account/login"); });
$("signup").addEventListener("click", () => { if ($("account-form").reportValidity()) send("/api/account/signup"); });
for (const [id, everywhere] of [["logout", false], ["logout-all", true]]) {
  $(id).addEventListener("click", () => ask("POST", "/api/account/logout", { everywhere }, () => banner(t("Logged out."), "info")));
}
show();
