// The pairing page: a code from the box pairs this phone, which then goes back to the page that sent it here.
import {api} from "../api.js";

const params = new URLSearchParams(location.search);
// Back to the page that sent here: a page of this panel only. The address is resolved as the
// browser will go there (tabs and newlines dropped, backslashes as slashes, "//" a host), then
// only its path is kept, so nothing can send the phone to another site.
function here(asked) {
  try {
    const url = new URL(asked, location.origin);
    if (url.origin === location.origin && url.pathname.startsWith("/") && !url.pathname.startsWith("//")) {
      return url.pathname + url.search + url.hash;
    }
  } catch (e) { /* not an address */ }
  return "/";
}
const next = here(params.get("next") || "/");
async function pair() {
  const code = document.getElementById("code").value.trim();
  const name = document.getElementById("name").value.trim();
  const r = await api("POST", "/api/pair", name ? {code, name} : {code});
  if (r.ok) location.href = next;
}
document.getElementById("pair").onclick = pair;
document.getElementById("code").addEventListener("keydown", e => { if (e.key === "Enter") pair(); });
if (params.get("code")) { document.getElementById("code").value = params.get("code"); pair(); }
