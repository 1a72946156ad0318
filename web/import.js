// Bringing something into Make, changing nothing unless it succeeds:
// - a picture, with a live preview: the server quantises it (POST
//   /api/from-image?size=WxH&colours=K) and the page draws the result
//   beside the original; changing the size or the number of colours asks
//   again (debounced; an answer for older settings is dropped). "Use this"
//   puts the picture and its colours into the Make grid.
// - a puzzle file in any format (text or binary, sent as its bytes): its
//   goal picture, else its first solution, becomes the drawing, with its
//   colours, title and author. A puzzle with no solution is refused with
//   its reason, and the drawing stays as it was.
import * as api from "./api.js";
import { details } from "./details.js";
import { kMaxRequestSide } from "./limits.js";
import { Palette } from "./palette.js";

export class Import {
  constructor(make) {
    this.make = make;
    this.seq = 0;
    const $ = (id) => document.getElementById(id);
    $("import-picture").onchange = (e) => { this.open(e.target.files[0]); e.target.value = ""; };
    for (const id of ["import-width", "import-height", "import-colours"])
      $(id).oninput = () => this.schedule();
    $("import-use").onclick = () => this.use();
    $("import-close").onclick = () => { $("import-preview").hidden = true; this.setResult(null); };
    // Make's "Import puzzle" button calls make.importPuzzle(file): the
    // puzzle import lives here, beside the picture import.
    make.importPuzzle = (file) => this.puzzle(file);
    // An import's error is about the import: the next stroke moves on.
    $("make-board").addEventListener("pointerdown", () => this.error(null));
    // A picture the browser cannot show is said by the status line alone.
    $("import-original").onerror = (e) => { e.target.hidden = true; };
    $("import-original").onload = (e) => { e.target.hidden = false; };
    $("import-puzzle").addEventListener("change", (e) => setTimeout(() => { e.target.value = ""; }));
  }

  el(id) { return document.getElementById(id); }

  // The server names an upload by its temporary file; the user knows it by
  // the name they picked.
  static clean(message, name) {
    return String(message).replace(/\S*nonolab-upload-[A-Za-z0-9]+/g, name || "the file");
  }

  // A failed import as one sentence that names the file once: the
  // engine's messages already start with the file's name, others do not.
  static failed(name, message) {
    let text = Import.clean(message, name).trim();
    if (!text.startsWith(name + ":")) text = name + ": " + text;
    return /[.!?]$/.test(text) ? text : text + ".";
  }

  setResult(result) {
    this.result = result;
    this.el("import-use").disabled = !result;
    this.el("import-canvas").hidden = !result;
  }

  // An import's error, beside the import buttons; null clears it.
  error(e) { this.el("import-error").textContent = e ? e.message || e : ""; }

  async open(file) {
    if (!file) return;
    this.error(null);
    try {
      // A Blob: each preview sends it again, and a transport may take an
      // ArrayBuffer over.
      this.bytes = new Blob([await api.readFile(file)]);
      this.name = file.name;
      this.type = file.type || "image/png";
      this.el("import-width").value = this.make.w;
      this.el("import-height").value = this.make.h;
      this.el("import-original").src = URL.createObjectURL(file);
      this.el("import-preview").hidden = false;
      this.preview();
    } catch (e) { this.error(e); }
  }

  schedule() {
    ++this.seq;
    this.setResult(null);
    this.el("import-status").textContent = "Quantising…";
    this.el("import-status").dataset.state = "busy";
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.preview(), 300);
  }

  async preview() {
    const seq = ++this.seq;
    const st = this.el("import-status");
    const clamp = (id, hi) => Math.max(1, Math.min(hi, +this.el(id).value | 0));
    const w = clamp("import-width", kMaxRequestSide), h = clamp("import-height", kMaxRequestSide), k = clamp("import-colours", 8);
    this.setResult(null);
    st.textContent = "Quantising…";
    st.dataset.state = "busy";
    try {
      const name = encodeURIComponent(this.name || "picture");
      const out = await api.post(`/api/from-image?size=${w}x${h}&colours=${k}&filename=${name}`, this.bytes, this.type);
      // The result's puzzle (.non text) read back as our JSON: its goal and
      // its colours come from one place, so they agree symbol for symbol
      // (the answer's `picture` has used other symbols than its puzzle).
      const json = JSON.parse(await (await api.post("/api/convert?to=json&filename=picture.non", out.puzzle)).text());
      if (seq !== this.seq) return;
      const p = json.puzzles[0];
      const colours = Palette.fromJson(p.colours);
      const picture = Palette.mapRows(p.goal || out.picture, Palette.symbolMap(p.colours));
      this.setResult({ picture, colours });
      this.draw(picture, colours);
      st.textContent = `${w}×${h}, ${colours.length} colour${colours.length > 1 ? "s" : ""} besides the background`;
      st.dataset.state = "ready";
    } catch (e) {
      if (seq !== this.seq) return;
      st.textContent = Import.clean(e.message, this.name);
      st.dataset.state = "error";
    }
  }

  draw(picture, colours) {
    const canvas = this.el("import-canvas");
    const h = picture.length, w = picture[0].length;
    const cell = Math.max(2, Math.floor(160 / Math.max(w, h)));
    canvas.width = w * cell;
    canvas.height = h * cell;
    const g = canvas.getContext("2d");
    const css = {};
    for (const c of colours) css[c.sym] = c.css;
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, canvas.width, canvas.height);
    picture.forEach((row, r) => Array.from(row).forEach((v, c) => {
      if (v === "." || !css[v]) return;
      g.fillStyle = css[v];
      g.fillRect(c * cell, r * cell, cell, cell);
    }));
  }

  use() {
    if (!this.result) return;
    this.make.loadPicture(this.result.picture, this.result.colours);
    this.error(null);
    this.el("import-preview").hidden = true;
  }

  // A puzzle file into Make. Everything is asked for before the drawing is
  // touched, so a failure at any step leaves it (and its verdict, fixes
  // and locks) as it was.
  async puzzle(file) {
    if (!file) return;
    const name = file.name;
    try {
      const bytes = new Blob([await api.readFile(file)]);  // sent up to three times
      const q = "&filename=" + encodeURIComponent(name);
      const json = JSON.parse(await (await api.post("/api/convert?to=json" + q, bytes)).text());
      const p = json.puzzles[0];
      let picture = p.goal;
      if (!picture) {
        const rec = (await api.post("/api/solve?solutions=1" + q, bytes)).results[0];
        if (!rec.solutions.length) throw new Error(await Import.why(rec, bytes, q));
        picture = rec.solutions[0];
      }
      // The file's symbols (its background may be a space) as the page's.
      this.make.loadPicture(Palette.mapRows(picture, Palette.symbolMap(p.colours)), Palette.fromJson(p.colours));
      details.set(p.title || "", p.author || "");
      this.error(null);
    } catch (e) {
      this.error(new Error(Import.failed(name, e.message) + " Nothing was changed."));
      // The fixes were for the drawing as it stood before the import was
      // tried; the maker's attention has moved: ask again to see them.
      this.make.fix.dropSuggestions();
    }
  }

  // Why a puzzle has no picture, in words: its clues rule out every grid
  // (the reason explain gives, when logic finds it) or the solve ran out
  // of time.
  static async why(rec, body, query) {
    if (rec.status === "timeout") return "the solver ran out of time before it found a solution.";
    let reason = "";
    try {
      const steps = (await api.post("/api/explain?probing=true" + query, body)).results[0].steps;
      const last = steps[steps.length - 1];
      if (last && last.kind === "contradiction") reason = last.reason;
    } catch (e) { /* the reason is a courtesy */ }
    return "no grid fits its clues, so there is no picture to draw" + (reason ? " (" + reason + ")." : ".");
  }
}
