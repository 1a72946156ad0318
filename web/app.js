// The page's start: tabs, the lists the server offers, the two panels.
"use strict";

(async function main() {
  const show = (name) => {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
    for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === name);
  };
  for (const tab of document.querySelectorAll(".tab")) tab.onclick = () => show(tab.dataset.tab);
  // A shared link (share.js) opens the Play tab on its puzzle.
  const linked = () => location.hash.startsWith(NL.share.prefix);
  const openLink = async () => { show("play"); await NL.play.openLink(location.hash); };
  window.addEventListener("hashchange", () => { if (linked()) openLink(); });
  NL.make = new NL.Make();
  NL.play = new NL.Play();
  try {
    NL.formats = (await NL.get("/api/formats")).formats;
    const select = document.getElementById("export-format");
    for (const f of NL.formats.filter((x) => x.write)) {
      const o = document.createElement("option");
      o.value = f.name;
      o.textContent = f.name + (f.extensions.length ? " (." + f.extensions[0] + ")" : "");
      o.title = f.description;
      select.appendChild(o);
    }
    const examples = (await NL.get("/api/examples")).examples.filter((n) => !n.endsWith(".png"));
    const pick = document.getElementById("play-example");
    for (const name of examples) {
      const o = document.createElement("option");
      o.value = o.textContent = name;
      pick.appendChild(o);
    }
    if (linked()) await openLink();
    else if (examples.length) {
      pick.value = examples.includes("heart.non") ? "heart.non" : examples[0];
      await NL.play.openExample(pick.value);
    }
  } catch (e) {
    document.getElementById("make-error").textContent = e.message;
  }
  document.body.dataset.ready = "true";
})();
