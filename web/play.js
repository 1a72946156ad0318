// Play: solve a puzzle by hand. Left click fills, right click marks a cell
// empty, a drag paints along its row or column; undo and redo; a timer;
// "Check my progress" marks wrong cells, only when asked (the solution is
// solved on the server then, so a shared link never carries it); a hint
// shows the next deduction, the rule it uses and why; progress and time
// are kept in the browser's storage. A puzzle can be shared by link
// (share.js), and a link opens here.
"use strict";

NL.Play = class {
  constructor() {
    const $ = (id) => document.getElementById(id);
    this.tapMarks = false;
    $("play-example").onchange = (e) => this.openExample(e.target.value);
    $("play-open").onchange = async (e) => {
      const f = e.target.files[0];
      if (f) this.load(await NL.readFile(f, true), f.name);
    };
    $("play-undo").onclick = () => this.undo();
    $("play-redo").onclick = () => this.redo();
    $("play-check").onclick = () => this.check();
    $("play-hint").onclick = () => this.hint();
    $("play-reset").onclick = () => { this.apply(this.allCells("?"), true); };
    $("play-share").onclick = () => this.share();
    setInterval(() => this.tick(), 500);
    $("play-mode").onclick = (e) => {
      this.tapMarks = !this.tapMarks;
      e.target.textContent = this.tapMarks ? "Tap: mark empty" : "Tap: fill";
    };
    document.addEventListener("keydown", (e) => {
      if (!document.getElementById("play").classList.contains("active")) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); e.shiftKey ? this.redo() : this.undo(); }
    });
  }

  error(e) { document.getElementById("play-error").textContent = e ? e.message || e : ""; }
  status(text, solved) {
    const s = document.getElementById("play-status");
    s.textContent = text;
    s.dataset.solved = solved ? "true" : "false";
  }

  async openExample(name) {
    try { this.load(await NL.get("/examples/" + name), name); } catch (e) { this.error(e); }
  }

  // Opens a shared link's puzzle (share.js): clues only.
  async openLink(hash) {
    try {
      const p = NL.share.decode(hash);
      await this.load(NL.share.toJson(p), "shared.json", "link:" + hash.slice(NL.share.prefix.length));
    } catch (e) { this.error(e); }
  }

  // Reads the puzzle through the server: its clues and palette (as our
  // JSON format). The solution is asked for only when needed (check, hint).
  async load(text, filename, key) {
    this.error(null);
    this.hintText(null);
    const seq = this.loads = (this.loads || 0) + 1;  // the last puzzle asked for wins
    try {
      const q = "&filename=" + encodeURIComponent(filename);
      const json = JSON.parse(await (await NL.post("/api/convert?to=json" + q, text)).text());
      if (seq !== this.loads) return;
      const p = json.puzzles[0];
      const norm = (clue) => clue.map((run) => (Array.isArray(run) ? run : [run, "#"]));
      this.puzzle = { text, filename, w: p.width, h: p.height, title: p.title || filename,
                      rows: p.rows.map(norm), cols: p.columns.map(norm) };
      this.colours = { "#": "#222222" };
      this.symbols = ["#"];
      if (p.colours) {
        this.colours = {};
        this.symbols = [];
        for (const c of p.colours.slice(1)) { this.colours[c.symbol] = c.rgb; this.symbols.push(c.symbol); }
      }
      this.current = this.symbols[0];
      this.solved = null;  // the server's solve, once asked for
      this.explanation = null;
      this.key = "nonolab-play:" + (key || filename + ":" + p.width + "x" + p.height + ":" +
        JSON.stringify(this.puzzle.rows).length + ":" + JSON.stringify(this.puzzle.cols).length);
      this.elapsed = +(localStorage.getItem(this.key + ":time") || 0);
      this.since = performance.now();
      this.done = false;
      this.bw = !p.colours;
      const saved = JSON.parse(localStorage.getItem(this.key) || "null");
      this.grid = saved && saved.length === p.height ? saved.map((r) => Array.from(r))
        : Array.from({ length: p.height }, () => Array(p.width).fill("?"));
      this.undos = [];
      this.redos = [];
      this.drawPalette();
      this.board = new NL.Board(document.getElementById("play-board"), {
        width: p.width, height: p.height, rowClues: this.puzzle.rows, colClues: this.puzzle.cols,
        colours: this.colours,
        onPaint: (r, c, button, first) => this.paint(r, c, button, first),
        onEnd: () => this.endStroke(),
      });
      for (let r = 0; r < p.height; r++) for (let c = 0; c < p.width; c++) this.board.show(r, c, this.grid[r][c]);
      this.status(this.puzzle.title, false);
      this.solvedCheck();
      this.tick();
    } catch (e) { this.error(e); }
  }

  drawPalette() {
    const box = document.getElementById("play-palette");
    box.replaceChildren();
    if (this.symbols.length < 2) return;
    for (const s of this.symbols) {
      const b = document.createElement("button");
      b.className = "swatch" + (s === this.current ? " active" : "");
      b.style.background = this.colours[s];
      b.dataset.sym = s;
      b.onclick = () => { this.current = s; for (const x of box.children) x.classList.toggle("active", x === b); };
      box.appendChild(b);
    }
  }

  // One stroke: the first cell decides what the whole drag paints.
  paint(r, c, button, first) {
    if (first) {
      const mark = button === 2 || (button === 0 && this.tapMarks);
      const target = mark ? "x" : this.current;
      this.value = this.grid[r][c] === target ? "?" : target;
      this.stroke = [];
    }
    if (this.grid[r][c] === this.value) return;
    this.stroke.push([r, c, this.grid[r][c], this.value]);
    this.set(r, c, this.value);
  }

  endStroke() {
    if (this.stroke && this.stroke.length) { this.undos.push(this.stroke); this.redos = []; }
    this.stroke = null;
    this.changed();
  }

  set(r, c, v) { this.grid[r][c] = v; this.board.show(r, c, v); }

  allCells(v) {
    const out = [];
    for (let r = 0; r < this.puzzle.h; r++) for (let c = 0; c < this.puzzle.w; c++)
      if (this.grid[r][c] !== v) out.push([r, c, this.grid[r][c], v]);
    return out;
  }

  // Applies a list of [r, c, old, new] as one undoable step.
  apply(changes, record) {
    for (const [r, c, , v] of changes) this.set(r, c, v);
    if (record && changes.length) { this.undos.push(changes); this.redos = []; }
    this.changed();
  }

  undo() {
    const s = this.undos.pop();
    if (!s) return;
    for (const [r, c, old] of s.slice().reverse()) this.set(r, c, old);
    this.redos.push(s);
    this.changed();
  }

  redo() {
    const s = this.redos.pop();
    if (!s) return;
    for (const [r, c, , v] of s) this.set(r, c, v);
    this.undos.push(s);
    this.changed();
  }

  changed() {
    localStorage.setItem(this.key, JSON.stringify(this.grid.map((r) => r.join(""))));
    this.hintText(null);
    this.board.highlight("wrong", []);
    this.board.highlight("hint", []);
    this.solvedCheck();
  }

  // Solved when every row and column shows its clue (marks count as empty).
  solvedCheck() {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const p = this.puzzle;
    let solved = true;
    for (let r = 0; r < p.h && solved; r++) solved = same(NL.runsOf(this.grid[r]), p.rows[r]);
    for (let c = 0; c < p.w && solved; c++) solved = same(NL.runsOf(this.grid.map((row) => row[c])), p.cols[c]);
    if (solved && !this.done) { this.elapsed = this.seconds(); this.since = performance.now(); }
    this.done = solved;
    this.tick();
    if (solved) this.status("Solved! " + p.title + " in " + NL.Play.clock(this.elapsed), true);
    else if (document.getElementById("play-status").dataset.solved === "true") this.status(p.title, false);
    return solved;
  }

  // The timer: seconds played, kept with the progress; it stops when solved.
  seconds() { return this.elapsed + (this.done ? 0 : (performance.now() - this.since) / 1000); }
  static clock(t) {
    t = Math.floor(t);
    const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = String(t % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
  }
  tick() {
    if (!this.puzzle) return;
    const t = this.seconds();
    const el = document.getElementById("play-timer");
    el.textContent = NL.Play.clock(t);
    el.dataset.running = this.done ? "false" : "true";
    localStorage.setItem(this.key + ":time", String(t));
  }

  // The server's solve of the puzzle (two solutions, to know it is unique).
  async solution() {
    if (!this.solved) {
      const q = "?solutions=2&filename=" + encodeURIComponent(this.puzzle.filename);
      this.solved = (await NL.post("/api/solve" + q, this.puzzle.text)).results[0];
    }
    return this.solved.status === "unique" ? this.solved.solutions[0] : null;
  }

  // Cells the player set that disagree with the solution.
  mistakes(solution) {
    const out = [];
    for (let r = 0; r < this.puzzle.h; r++)
      for (let c = 0; c < this.puzzle.w; c++) {
        const v = this.grid[r][c], s = solution[r][c];
        if (v !== "?" && (v === "x" ? s !== "." : v !== s)) out.push([r, c]);
      }
    return out;
  }

  // "Check my progress": marks the wrong cells, only now.
  async check() {
    if (this.solvedCheck()) return;
    try {
      this.status("Checking…", false);
      const solution = await this.solution();
      if (!solution) {
        const s = this.solved;
        this.status(`This puzzle has no single solution to check against (${s.status}` +
          (s.reason ? ": " + s.reason : "") + ").", false);
        return;
      }
      const wrong = this.mistakes(solution);
      this.board.highlight("wrong", wrong);
      this.status(wrong.length ? wrong.length + " cell" + (wrong.length > 1 ? "s are" : " is") +
        " wrong (outlined)." : "No mistakes so far.", false);
    } catch (e) { this.error(e); }
  }

  hintText(step, text) {
    const box = document.getElementById("hint-text");
    const rules = { line: "Line rule: every way the clue fits its line agrees on these cells.",
                    probe: "Probing: the other value of this cell leaves some line with no placement.",
                    contradiction: "No solution:", stalled: "Logic stops:" };
    box.hidden = !step && !text;
    box.dataset.rule = step ? step.kind : "";
    document.getElementById("hint-rule").textContent = step ? rules[step.kind] || step.kind : "";
    const reason = step ? step.reason : text || "";
    document.getElementById("hint-reason").textContent = reason ? reason.charAt(0).toUpperCase() + reason.slice(1) + "." : "";
  }

  // The first deduction the player has not made yet: its cells, its rule
  // and its reason. Wrong cells are not shown (that is what Check is for).
  async hint() {
    try {
      const solution = await this.solution();
      if (solution && this.mistakes(solution).length) {
        this.hintText(null, "some cell you set is wrong, so no deduction can be trusted; Check my progress shows where");
        return;
      }
      if (!this.explanation) {
        const q = "?filename=" + encodeURIComponent(this.puzzle.filename);
        this.explanation = (await NL.post("/api/explain" + q, this.puzzle.text)).results[0];
      }
      const have = (cell) => {
        const v = this.grid[cell.row][cell.col];
        return cell.value === "." ? v === "x" || v === "." : v === cell.value;
      };
      for (const step of this.explanation.steps) {
        const todo = step.cells.filter((cell) => !have(cell));
        if (step.kind === "line" || step.kind === "probe") {
          if (!todo.length) continue;
          this.board.highlight("hint", todo.map((cell) => [cell.row, cell.col]));
          this.hintText(step);
          return;
        }
        this.hintText(step);
        return;
      }
      this.hintText(null, this.solvedCheck() ? "solved: nothing left to deduce" : "logic has nothing more to add");
    } catch (e) { this.error(e); }
  }

  // A link to this puzzle: its clues and colours, never its solution.
  share() {
    try {
      const p = this.puzzle;
      const colours = this.bw ? [] : this.symbols.map((s) => ({ symbol: s, rgb: this.colours[s] }));
      const box = document.getElementById("play-share-link");
      box.value = NL.share.link({ width: p.w, height: p.h, colours, rows: p.rows, cols: p.cols,
                                  title: p.title });
      box.hidden = false;
      box.select();
      this.error(null);
    } catch (e) { this.error(e); }
  }
};
