// The Settings page: the settings file, the paired phones and their roles, backup and restore, the Wi-Fi and the
// pairing code.
import {api, askBeforeUnpairing, NO_ANSWER, showError} from "../api.js";
import {el} from "../dom.js";
import {schemaForm} from "../schema_form.js";
import {everyWhileShown} from "../watch.js";
import {counted} from "../words.js";

let form = null, phones = [];
// Whether the phone `id` is the last host's (then unpairing it asks the server to confirm it).
const lastHost = id => { const hosts = phones.filter(p => p.host); return hosts.length === 1 && hosts[0].id === id; };
async function load() {
  const r = await api("GET", "/api/settings");
  if (!r.ok) return;
  document.getElementById("file").textContent = r.body.file ? `Saved to ${r.body.file}; changes apply when the companion next starts.` : "This companion has no settings file to save to.";
  form = schemaForm(r.body.schema, r.body.settings, "settings");
  document.getElementById("form").replaceChildren(form.element);
  const s = await api("GET", "/api/sessions");
  if (!s.ok) return;
  phones = s.body.sessions;
  // A phone paired at the box (or the first) gives and takes the host's role; a host unpairs players' phones.
  const me = s.body.sessions.find(p => p.this) || {};
  document.getElementById("phones").replaceChildren(...s.body.sessions.map(p => {
    const tr = el("tr");
    tr.append(el("td", `${p.name} · ${p.short}` + (p.this ? " (this phone)" : "")),
              el("td", p.at_box ? "host (paired at the box)" : p.host ? "host" : "player"));
    const td = el("td");
    if (me.at_box && !p.at_box) {
      const role = el("button", p.host ? "Make player" : "Make host");
      role.onclick = async () => { await api("POST", `/api/sessions/${p.id}/host`, {host: !p.host}); load(); };
      td.append(role);
    }
    if (p.this || me.at_box || !p.host) {
      const b = el("button", "Unpair");
      td.append(b);
      askBeforeUnpairing(b, p.this ? "this phone" : `“${p.name}” (${p.short})`, `/api/sessions/${p.id}/revoke`,
                         () => lastHost(p.id), () => { if (p.this) location.href = "/pair"; else load(); });
    }
    tr.append(td);
    return tr;
  }));
}
document.getElementById("save").onclick = async () => {
  const r = await api("PUT", "/api/settings", form.read());
  const box = document.getElementById("saved");
  box.hidden = !r.ok;
  if (r.ok) box.textContent = "Saved. Restart the companion to use them.";
};
// A link would do for the download, but the phone would show the companion's error page as a file.
document.getElementById("backup").onclick = async () => {
  let r;
  try { r = await fetch("/api/backup"); } catch (e) { showError(NO_ANSWER); return; }
  if (!r.ok) { showError((await r.json()).error); return; }
  const name = (r.headers.get("Content-Disposition") || "").split("filename=")[1] || "companion-backup.sqlite3";
  const a = el("a");
  a.href = URL.createObjectURL(await r.blob());
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
};
document.getElementById("restore").onclick = async () => {
  const file = document.getElementById("restorefile").files[0];
  const box = document.getElementById("restored");
  box.hidden = true;
  if (!file) { showError("Choose a backup file first."); return; }
  if (!confirm(`Replace every game on the companion with those in ${file.name}?`)) return;
  const r = await api("POST", "/api/restore", file);
  if (!r.ok) return;
  box.hidden = false;
  box.textContent = `Restored ${counted(r.body.games, "game")}, ${counted(r.body.inputs, "input")}. The journal it replaced is kept as ${r.body.kept}.`;
};
async function wifi() {
  const r = await api("GET", "/api/network", undefined, true);
  const box = document.getElementById("wifi");
  if (!r.ok) return;
  const w = r.body;
  document.getElementById("usehome").hidden = !w.ok || w.in_use !== "own";
  document.getElementById("useown").hidden = !w.ok || w.in_use === "own";
  box.textContent = !w.ok ? `The box cannot open a network of its own here: ${w.problem}.` :
    w.in_use === "own" ? `The box is on its own network “${w.ssid}” ${w.passphrase ? ` (passphrase ${w.passphrase})` : ""}; phones join it with the Wi-Fi QR code on the box.` :
    w.in_use === "home" ? `The box is on the Wi-Fi “${w.ssid}”. Away from home it opens its own network “${w.own_ssid}”.` :
    `The box is on no Wi-Fi. Its own network would be “${w.own_ssid}”.`;
}
async function useWifi(which) {
  const note = which === "own" ? "This phone will lose the panel until it joins the companion's network (scan the Wi-Fi QR code on the box). Go on?"
                               : "This phone will lose the panel until it is back on the home Wi-Fi. Go on?";
  if (!confirm(note)) return;
  const r = await api("POST", "/api/network", {use: which});
  if (r.ok) wifi();
}
document.getElementById("usehome").onclick = () => useWifi("home");
document.getElementById("useown").onclick = () => useWifi("own");
wifi();
// The code that pairs a player's phone: it changes when a phone pairs with it, so it is asked for again.
let shownCode = "";
async function pairingCode(fresh) {
  const r = fresh ? await api("POST", "/api/pairing/new-code") : await api("GET", "/api/pairing", undefined, true);
  if (!r.ok) return;
  if (r.body.code !== shownCode) {
    shownCode = r.body.code;
    const half = shownCode.length / 2;  // 6 digits as 3 and 3; 8 (a code that guards itself from guessing) as 4 and 4
    document.getElementById("paircode").textContent = `${shownCode.slice(0, half)} ${shownCode.slice(half)}`;
    document.getElementById("pairqr").src = `/api/pairing/qr.svg?c=${shownCode}`;
  }
}
document.getElementById("newcode").onclick = () => pairingCode(true);
pairingCode(false);
everyWhileShown(() => pairingCode(false), 3000);
askBeforeUnpairing(document.getElementById("unpair"), "this phone", "/api/session/forget",
                   () => lastHost((phones.find(p => p.this) || {}).id), () => { location.href = "/pair"; });
load();
