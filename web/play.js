// Play: solve a puzzle by hand. Left click fills, right click marks a cell
// empty, a drag paints along its row or column; undo and redo; check shows
// mistakes; a hint shows the next deduction and why; progress is kept in
// the browser's storage.
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

  // Reads the puzzle through the server: its clues and palette (as our
  // JSON format), its solutions (for check and hints).
  async load(text, filename) {
    this.error(null);
    document.getElementById("hint-text").textContent = "";
    try {
      const q = "&filename=" + encodeURIComponent(filename);
      const json = JSON.parse(await (await NL.post("/api/convert?to=json" + q, text)).text());
      const p = json.puzzles[0];
      const solved = (await NL.post("/api/solve?solutions=2" + q, text)).results[0];
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
      this.solution = solved.status === "unique" ? solved.solutions[0] : null;
      this.explanation = null;
      this.key = "nonolab-play:" + filename + ":" + p.width + "x" + p.height + ":" +
        JSON.stringify(this.puzzle.rows).length + ":" + JSON.stringify(this.puzzle.cols).length;
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
      this.status(this.puzzle.title + (solved.status === "unique" ? "" : " (" + solved.status +
        (solved.reason ? ": " + solved.reason : "") + ": no single answer to check against)"), false);
      this.solvedCheck();
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
    if (solved) this.status("Solved! " + p.title, true);
    else if (document.getElementById("play-status").dataset.solved === "true") this.status(p.title, false);
    return solved;
  }

  // Cells the player set that disagree with the solution.
  mistakes() {
    if (!this.solution) return [];
    const out = [];
    for (let r = 0; r < this.puzzle.h; r++)
      for (let c = 0; c < this.puzzle.w; c++) {
        const v = this.grid[r][c], s = this.solution[r][c];
        if (v !== "?" && (v === "x" ? s !== "." : v !== s)) out.push([r, c]);
      }
    return out;
  }

  check() {
    if (this.solvedCheck()) return;
    const wrong = this.mistakes();
    this.board.highlight("wrong", wrong);
    this.status(!this.solution ? "This puzzle has no single solution to check against." :
      wrong.length ? wrong.length + " cell" + (wrong.length > 1 ? "s are" : " is") + " wrong (outlined)."
        : "No mistakes so far.", false);
  }

  // The first deduction the player has not made yet, with its reason.
  async hint() {
    const box = document.getElementById("hint-text");
    try {
      const wrong = this.mistakes();
      if (wrong.length) {
        this.board.highlight("wrong", wrong);
        box.textContent = `Cell (${wrong[0][0] + 1}, ${wrong[0][1] + 1}) is wrong: fix it first.`;
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
          box.textContent = step.reason.charAt(0).toUpperCase() + step.reason.slice(1) + ".";
          return;
        }
        box.textContent = step.reason + ".";
        return;
      }
      box.textContent = this.solvedCheck() ? "Solved: nothing left to deduce." : "Logic has nothing more to add.";
    } catch (e) { this.error(e); }
  }
};
