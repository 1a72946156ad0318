// Make: draw a picture and see, while drawing, whether its puzzle has
// exactly one solution; where it has several, the cells that differ are
// outlined and "Make it unique" suggests the fewest changes.
"use strict";

NL.Make = class {
  constructor() {
    this.colours = [
      { sym: "#", css: "#222222", name: "black" }, { sym: "r", css: "#d62828", name: "red" },
      { sym: "b", css: "#1d4ed8", name: "blue" }, { sym: "g", css: "#2a9d4b", name: "green" },
      { sym: "y", css: "#f7b801", name: "yellow" },
    ];
    this.current = "#";
    this.seq = 0; // drops answers to pictures that have changed since
    this.palette();
    this.resize(10, 10);
    const $ = (id) => document.getElementById(id);
    $("make-resize").onclick = () => this.resize(+$("make-width").value, +$("make-height").value, true);
    $("make-clear").onclick = () => this.resize(this.w, this.h);
    $("make-unique").onclick = () => this.makeUnique();
    $("export-button").onclick = () => this.exportAs($("export-format").value);
    $("export-svg").onclick = () => this.render("svg");
    $("export-png").onclick = () => this.render("png");
    $("import-picture").onchange = (e) => this.importPicture(e.target.files[0]);
    $("import-puzzle").onchange = (e) => this.importPuzzle(e.target.files[0]);
  }

  palette() {
    const box = document.getElementById("make-palette");
    for (const col of this.colours) {
      const b = document.createElement("button");
      b.className = "swatch" + (col.sym === this.current ? " active" : "");
      b.style.background = col.css;
      b.title = col.name;
      b.dataset.sym = col.sym;
      b.onclick = () => {
        this.current = col.sym;
        for (const s of box.children) s.classList.toggle("active", s === b);
      };
      box.appendChild(b);
    }
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
    this.draw();
  }

  draw() {
    document.getElementById("make-width").value = this.w;
    document.getElementById("make-height").value = this.h;
    const colours = {};
    for (const c of this.colours) colours[c.sym] = c.css;
    this.board = new NL.Board(document.getElementById("make-board"), {
      width: this.w, height: this.h, colours,
      onPaint: (r, c, button, first) => this.paint(r, c, button, first),
      onEnd: () => this.changed(),
    });
    for (let r = 0; r < this.h; r++) for (let c = 0; c < this.w; c++) this.board.show(r, c, this.pic[r][c]);
    this.changed();
  }

  paint(r, c, button, first) {
    if (first) this.value = button === 2 || this.pic[r][c] === this.current ? "." : this.current;
    this.pic[r][c] = this.value;
    this.board.show(r, c, this.value);
  }

  text() { return this.pic.map((row) => row.join("")).join("\n") + "\n"; }

  query(extra) { return "?format=chargrid&filename=picture.txt" + (extra || ""); }

  error(e) { document.getElementById("make-error").textContent = e ? e.message || e : ""; }

  // The live verdict: a check of the picture's puzzle after every stroke.
  changed() {
    // No verdict until the picture as it is now has been checked; a check
    // of an older picture still under way is cancelled, freeing its slot.
    const v = document.getElementById("verdict");
    v.textContent = "Checking…";
    v.dataset.status = "";
    ++this.seq;
    this.cancelCheck();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 150);
  }

  cancelCheck() {
    if (this.pending) this.pending.cancel();
    this.pending = null;
    document.getElementById("verdict-cancel").hidden = true;
  }

  async check() {
    this.cancelCheck();
    const seq = ++this.seq;
    const v = document.getElementById("verdict");
    const stop = document.getElementById("verdict-cancel");
    v.textContent = "Checking…";
    v.dataset.status = "checking";
    document.getElementById("suggestions").replaceChildren();
    // A long check shows its time and where it stands, and can be cancelled.
    const job = NL.job("/api/check" + this.query("&grade=true"), this.text(), (w) => {
      if (seq !== this.seq) return;
      const where = w.state === "queued" ? ` (waiting for the solver: ${w.position} in line)`
        : w.state === "running" ? " (searching)" : "";
      v.textContent = `Checking… ${w.elapsed.toFixed(1)} s${where}`;
      stop.hidden = false;
    });
    this.pending = job;
    stop.onclick = () => {
      this.cancelCheck();
      v.textContent = "Check cancelled: the verdict is unknown.";
      v.dataset.status = "cancelled";
    };
    try {
      const out = await job.promise;
      if (this.pending === job) { this.pending = null; stop.hidden = true; }
      if (seq !== this.seq) return;
      const rec = out.results[0];
      const words = { unique: "Unique: exactly one solution", multiple: "Several solutions",
                      contradiction: "No solution", timeout: "Undecided in time" };
      v.textContent = words[rec.status] || rec.status;
      v.dataset.status = rec.status;
      const grade = rec.stats && rec.stats.grade;
      document.getElementById("verdict-detail").textContent =
        rec.status === "multiple" ? "Outlined: the cells that differ between two solutions." :
        rec.reason ? "The clues rule out every grid: " + rec.reason + "." :
        grade ? "Grade: " + grade + (grade === "line" ? " (rows and columns alone solve it)" :
          grade === "probing" ? " (needs look-ahead on single cells)" : "") : "";
      const differ = [];
      if (rec.status === "multiple" && rec.solutions.length >= 2) {
        const [a, b] = rec.solutions;
        for (let r = 0; r < a.length; r++)
          for (let c = 0; c < a[r].length; c++) if (a[r][c] !== b[r][c]) differ.push([r, c]);
      }
      this.board.highlight("differ", differ);
      document.getElementById("make-unique").disabled = rec.status !== "multiple";
      this.error(null);
    } catch (e) {
      if (this.pending === job) { this.pending = null; stop.hidden = true; }
      if (e.name === "AbortError") return; // cancelled: the canceller has said so
      if (seq === this.seq) { v.textContent = ""; v.dataset.status = ""; this.error(e); }
    }
  }

  async makeUnique() {
    const list = document.getElementById("suggestions");
    list.replaceChildren();
    const seq = this.seq;
    try {
      const out = await NL.post("/api/make-unique" + this.query(), this.text());
      if (seq !== this.seq) return;
      if (!out.suggestions.length) {
        list.innerHTML = "<li>No change of one or two cells found in time.</li>";
        return;
      }
      const name = (s) => s === "." ? "empty" : (this.colours.find((c) => c.sym === s) || { name: s }).name;
      for (const s of out.suggestions) {
        const li = document.createElement("li");
        li.className = "suggestion";
        li.textContent = s.changes.map((ch) => `row ${ch.row + 1}, column ${ch.col + 1} → ${name(ch.value)}`).join("; ") + " ";
        const b = document.createElement("button");
        b.className = "apply";
        b.textContent = "Apply";
        b.onclick = () => {
          for (const ch of s.changes) {
            this.pic[ch.row][ch.col] = ch.value;
            this.board.show(ch.row, ch.col, ch.value);
          }
          this.changed();
        };
        li.appendChild(b);
        list.appendChild(li);
      }
    } catch (e) { this.error(e); }
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

  // Rows of symbols (a solution or a picture) become the drawing.
  load(rows) {
    this.w = rows[0].length;
    this.h = rows.length;
    this.pic = rows.map((row) => Array.from(row, (ch) => (ch === "?" ? "." : ch)));
    this.draw();
  }

  async importPicture(file) {
    if (!file) return;
    try {
      const bytes = await NL.readFile(file, false);
      const out = await NL.post(`/api/from-image?size=${this.w}x${this.h}`, bytes, file.type || "image/png");
      this.load(out.picture);
      this.error(null);
    } catch (e) { this.error(e); }
  }

  async importPuzzle(file) {
    if (!file) return;
    try {
      const text = await NL.readFile(file, true);
      const out = await NL.post("/api/solve?solutions=1&filename=" + encodeURIComponent(file.name), text);
      const rec = out.results[0];
      if (!rec.solutions.length) throw new Error("the puzzle has no solution to draw (" + rec.status + ")");
      this.load(rec.solutions[0]);
      this.error(null);
    } catch (e) { this.error(e); }
  }
};
