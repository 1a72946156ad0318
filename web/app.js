// The page's start: tabs, the lists the server (or the engine) offers, the
// two panels. index.html loads this module alone; everything else is
// reached through its imports.
import * as api from "./api.js";
import { Make } from "./make.js";
import { Play } from "./play.js";
import { keepOffline } from "./offline.js";
import { wirePrint } from "./print.js";
import { share } from "./share.js";

const show = (name) => {
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === name);
};
for (const tab of document.querySelectorAll(".tab")) tab.onclick = () => show(tab.dataset.tab);

const make = new Make();
const play = new Play();
// The two panels, for the browser tests and the console (nothing in the
// page reads this).
window.NL = { make, play };
wirePrint(make, play);

// A shared link (share.js) opens the Play tab on its puzzle.
const linked = () => location.hash.startsWith(share.prefix);
const openLink = async () => { show("play"); await play.openLink(location.hash); };
window.addEventListener("hashchange", () => { if (linked()) openLink(); });

try {
  const formats = (await api.get("/api/formats")).formats;
  make.formats = formats;
  const select = document.getElementById("export-format");
  for (const f of formats.filter((x) => x.write)) {
    const o = document.createElement("option");
    o.value = f.name;
    o.textContent = f.name + (f.extensions.length ? " (." + f.extensions[0] + ")" : "");
    o.title = f.description;
    select.appendChild(o);
  }
  const examples = (await api.get("/api/examples")).examples.filter((n) => !n.endsWith(".png"));
  const pick = document.getElementById("play-example");
  for (const name of examples) {
    const o = document.createElement("option");
    o.value = o.textContent = name;
    pick.appendChild(o);
  }
  if (linked()) await openLink();
  else if (examples.length) {
    pick.value = examples.includes("heart.non") ? "heart.non" : examples[0];
    await play.openExample(pick.value);
  }
} catch (e) {
  document.getElementById("make-error").textContent = e.message;
}
document.body.dataset.ready = "true";
keepOffline();
