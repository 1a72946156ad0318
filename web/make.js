// Make: draw a picture with its clues live around it (board.js), in any
// palette (palette.js); the verdict follows every stroke (verdict.js), fixes
// reach the maker's goal (fix.js), pictures import with a preview
// (import.js), and the puzzle exports to every format or shares by link.
// The puzzle goes to the server as our JSON format (io/json.cpp): the goal
// picture and the colours it uses, so the palette travels with it.
"use strict";

NL.Make = class {
  constructor() {
    this.palette = new NL.Palette((removed) => this.paletteChanged(removed));
    this.verdict = new NL.Verdict(this);
    this.fix = new NL.Fix(this);
    this.importer = new NL.Import(this);
    this.resize(10, 10);
    const $ = (id) => document.getElementById(id);
    $("make-resize").onclick = () => this.resize(+$("make-width").value, +$("make-height").value, true);
    $("make-clear").onclick = () => this.resize(this.w, this.h);
    $("export-button").onclick = () => this.exportAs($("export-format").value);
    $("export-svg").onclick = () => this.render("svg");
    $("export-png").onclick = () => this.render("png");
    $("import-puzzle").onchange = (e) => this.importPuzzle(e.target.files[0]);
    $("make-share").onclick = () => this.share();
  }

  // A blank picture of w x h; `keep` keeps the overlapping part of the old one.
  resize(w, h, keep) {
    w = Math.max(1, Math.min(60, w | 0));
    h = Math.max(1, Math.min(60, h | 0));
    const old = keep ? this.pic : null;
    this.w = w;
    this.h = h;
    this.pic = Array.from({ length: h }, (_, r) =>
      Array.from({ length: w }, (_, c) => (old && old[r] && old[r][c]) || "."));
    if (!keep) this.fix.locked.clear();
    this.draw();
  }

  draw() {
    document.getElementById("make-width").value = this.w;
    document.getElementById("make-height").value = this.h;
    this.board = new NL.Board(document.getElementById("make-board"), {
      width: this.w, height: this.h, clues: true, colours: this.palette.css,
      onPaint: (r, c, button, first) => this.paint(r, c, button, first),
      onEnd: () => this.changed(),
    });
    this.refresh();
  }

  // Shows the picture as it is now, with its clues, and checks it.
  refresh() {
    for (let r = 0; r < this.h; r++) for (let c = 0; c < this.w; c++) this.board.show(r, c, this.pic[r][c]);
    this.fix.showLocks();
    this.changed();
  }

  paint(r, c, button, first) {
    if (this.fix.lockMode) return this.fix.lockCell(r, c, first);
    const cur = this.palette.current;
    if (first) this.value = button === 2 || this.pic[r][c] === cur ? "." : cur;
    this.pic[r][c] = this.value;
    this.board.show(r, c, this.value);
    this.showClues();
  }

  showClues() {
    const { rows, cols } = NL.cluesOf(this.pic);
    // In colour unless the picture is plain black and white, as the puzzle is.
    this.board.setClues(rows, cols, NL.share.coloured(this.palette.forPicture(this.pic).slice(1)));
  }

  paletteChanged(removed) {
    if (removed)
      for (const row of this.pic) for (let c = 0; c < row.length; c++) if (row[c] === removed) row[c] = ".";
    this.draw();
  }

  // The puzzle as our JSON: the picture is its goal, the clues follow from it.
  text() {
    return JSON.stringify({ format: "nonolab", version: 1, puzzles: [{
      width: this.w, height: this.h, colours: this.palette.forPicture(this.pic),
      goal: this.pic.map((row) => row.join("")) }] }) + "\n";
  }

  query(extra) { return "?format=json&filename=picture.json" + (extra || ""); }

  error(e) { document.getElementById("make-error").textContent = e ? e.message || e : ""; }

  changed() {
    this.showClues();
    this.verdict.changed();
  }

  async exportAs(format) {
    try {
      const blob = await NL.post("/api/convert" + this.query("&to=" + encodeURIComponent(format)), this.text());
      const f = (NL.formats || []).find((x) => x.name === format);
      NL.download(blob, "puzzle." + (f && f.extensions.length ? f.extensions[0] : format));
      this.error(null);
    } catch (e) { this.error(e); }
  }

  async render(as) {
    try {
      const blob = await NL.post("/api/render" + this.query("&as=" + as + "&goal=true"), this.text());
      NL.download(blob, "puzzle." + as);
      this.error(null);
    } catch (e) { this.error(e); }
  }

  // A link that opens the Play tab on this picture's clues (share.js).
  share() {
    try {
      const { rows, cols } = NL.cluesOf(this.pic);
      const colours = this.palette.forPicture(this.pic).slice(1).map((c) => ({ symbol: c.symbol, rgb: c.rgb }));
      const box = document.getElementById("make-share-link");
      box.value = NL.share.link({ width: this.w, height: this.h, colours, rows, cols, title: "" });
      box.hidden = false;
      box.select();
      if (navigator.clipboard) navigator.clipboard.writeText(box.value).catch(() => {});
      this.error(null);
    } catch (e) { this.error(e); }
  }

  // Rows of symbols (a picture or a solution) and their colours become the drawing.
  loadPicture(rows, colours) {
    if (colours) this.palette.set(colours);
    this.w = rows[0].length;
    this.h = rows.length;
    this.pic = rows.map((row) => Array.from(row, (ch) => (ch === "?" ? "." : ch)));
    this.fix.locked.clear();
    this.draw();
  }

  // A puzzle file: its first solution becomes the drawing, in its colours;
  // a puzzle with no solution keeps the drawing and gets the verdict.
  async importPuzzle(file) {
    if (!file) return;
    try {
      const text = await NL.readFile(file, true);
      const q = "&filename=" + encodeURIComponent(file.name);
      const json = JSON.parse(await (await NL.post("/api/convert?to=json" + q, text)).text());
      const rec = (await NL.post("/api/check?grade=true" + q, text)).results[0];
      if (!rec.solutions.length) {
        clearTimeout(this.verdict.timer);  // an answer for the drawing must not replace this
        this.verdict.cancel();
        ++this.verdict.seq;
        this.verdict.show(rec);
        throw new Error("the puzzle has no solution to draw (" + rec.status + ")");
      }
      this.loadPicture(rec.solutions[0], NL.Palette.fromJson(json.puzzles[0].colours));
      this.error(null);
    } catch (e) { this.error(e); }
  }
};
