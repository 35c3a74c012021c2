// The account page: sign up, log in, log out (the session is an HttpOnly cookie).
import { api, t } from "./api.js";
import { whoami, accountBar } from "./account.js";
import { sameOriginPath } from "./nav.js";

const $ = (id) => document.getElementById(id);
function banner(text, level = "error") {
  const b = $("banner"); b.className = `banner ${level}`; b.textContent = text; b.hidden = false;
}

async function show() {
  const me = await whoami(true);
  $("signed-in").hidden = !me;
  $("signed-out").hidden = Boolean(me);
  if (me) {
    $("me").textContent = me.name;
    $("profile-link").href = `/profile.html?name=${encodeURIComponent(me.name)}`;
  }
  accountBar($("account-bar"));
}

async function send(path) {
  try {
    await api("POST", path, { name: $("acc-name").value, password: $("acc-pass").value });
    $("acc-pass").value = "";
    const back = sameOriginPath(new URLSearchParams(location.search).get("back"));
    if (back) { location.href = back; return; }
    banner(t("Welcome!"), "info");
    show();
  } catch (e) { banner(e.message); }
}

$("account-form").addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/account/login"); });
$("signup").addEventListener("click", () => { if ($("account-form").reportValidity()) send("/api/account/signup"); });
for (const [id, everywhere] of [["logout", false], ["logout-all", true]]) {
  $(id).addEventListener("click", async () => {
    try { await api("POST", "/api/account/logout", { everywhere }); banner(t("Logged out."), "info"); }
    catch (e) { banner(e.message); }
    show();
  });
}
show();
