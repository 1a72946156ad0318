// Picture import with a live preview: the server quantises the picture
// (POST /api/from-image?size=WxH&colours=K) and the page draws the result
// beside the original; changing the size or the number of colours asks
// again (debounced; an answer for older settings is dropped). "Use this"
// puts the picture and its colours into the Make grid.
"use strict";

NL.Import = class {
  constructor(make) {
    this.make = make;
    this.seq = 0;
    const $ = (id) => document.getElementById(id);
    $("import-picture").onchange = (e) => this.open(e.target.files[0]);
    for (const id of ["import-width", "import-height", "import-colours"])
      $(id).oninput = () => this.schedule();
    $("import-use").onclick = () => this.use();
    $("import-close").onclick = () => { $("import-preview").hidden = true; this.result = null; };
  }

  el(id) { return document.getElementById(id); }

  async open(file) {
    if (!file) return;
    try {
      this.bytes = await NL.readFile(file, false);
      this.type = file.type || "image/png";
      this.el("import-width").value = this.make.w;
      this.el("import-height").value = this.make.h;
      this.el("import-original").src = URL.createObjectURL(file);
      this.el("import-preview").hidden = false;
      this.preview();
    } catch (e) { this.make.error(e); }
  }

  schedule() {
    ++this.seq;
    this.result = null;
    this.el("import-status").textContent = "Quantising…";
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.preview(), 300);
  }

  async preview() {
    const seq = ++this.seq;
    const st = this.el("import-status");
    const clamp = (id, hi) => Math.max(1, Math.min(hi, +this.el(id).value | 0));
    const w = clamp("import-width", 60), h = clamp("import-height", 60), k = clamp("import-colours", 8);
    st.textContent = "Quantising…";
    st.dataset.state = "busy";
    try {
      const out = await NL.post(`/api/from-image?size=${w}x${h}&colours=${k}`, this.bytes, this.type);
      // The colours of the result: its puzzle (.non text) read back as our JSON.
      const json = JSON.parse(await (await NL.post("/api/convert?to=json&filename=picture.non", out.puzzle)).text());
      if (seq !== this.seq) return;
      const colours = NL.Palette.fromJson(json.puzzles[0].colours);
      this.result = { picture: out.picture, colours };
      this.draw(out.picture, colours);
      st.textContent = `${w}×${h}, ${colours.length} colour${colours.length > 1 ? "s" : ""} besides the background`;
      st.dataset.state = "ready";
    } catch (e) {
      if (seq !== this.seq) return;
      st.textContent = e.message;
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
    this.el("import-preview").hidden = true;
  }
};
