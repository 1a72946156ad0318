// Play: solve a puzzle by hand. Left click fills, right click marks a cell
// empty, a drag paints along its row or column; undo and redo; a timer;
// "Check my progress" marks wrong cells, only when asked (the solution is
// solved on the server then, so a shared link never carries it); a hint
// shows the next deduction, the rule it uses and why; progress and time
// are kept in the browser's storage, with the undo history (history.js,
// the same as Make's). A puzzle can be shared by link
// (share.js), and a link opens here. The puzzle's title and author head
// it; a clue whose line already matches it is greyed; a puzzle whose
// clues fit no grid says so as it opens.
import * as api from "./api.js";
import { Board, contrastInk, kReadableCell, runsOf } from "./board.js";
import { History } from "./history.js";
import { Import } from "./import.js";
import { kMaxRequestSide } from "./limits.js";
import { Palette } from "./palette.js";
import { share } from "./share.js";

export class Play {
  constructor() {
    const $ = (id) => document.getElementById(id);
    this.tapMarks = false;
    $("play-example").onchange = (e) => this.openExample(e.target.value);
    $("play-open").onchange = async (e) => {
      const f = e.target.files[0];
      e.target.value = "";  // the same file again is a new choice
      // Its bytes, as they are (a puzzle file may be binary: png, npz), in
      // a Blob: it is sent several times (convert, solve, explain), and a
      // transport may take an ArrayBuffer over.
      if (f) { try { await this.load(new Blob([await api.readFile(f)]), f.name); } catch (err) { this.error(err); } }
    };
    $("play-undo").onclick = () => this.undo();
    $("play-redo").onclick = () => this.redo();
    $("play-check").onclick = () => this.check();
    $("play-hint").onclick = () => this.hint();
    $("play-reset").onclick = () => this.reset();
    new ResizeObserver(() => this.fitBoard()).observe($("play"));
    $("play-share").onclick = () => this.share();
    $("play-zoom").onchange = () => this.fitBoard();
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
  // `state`: "solved", "impossible" (styled as an error) or none.
  status(text, state) {
    const s = document.getElementById("play-status");
    s.textContent = text;
    s.dataset.solved = state === "solved" ? "true" : "false";
    s.dataset.state = state || "";
  }

  async openExample(name) {
    try { await this.load(await api.get("/examples/" + name), name); } catch (e) { this.error(e); }
    document.getElementById("play-example").value = name;
  }

  // Opens a shared link's puzzle (share.js): clues only.
  async openLink(hash) {
    try {
      const p = share.decode(hash);
      await this.load(share.toJson(p), "shared.json", "link:" + hash.slice(share.prefix.length), true);
    } catch (e) { this.error(e); }
  }

  // Reads the puzzle through the server: its clues and palette (as our
  // JSON format). `text` is the file as a string or its bytes. The solve
  // starts at once, in the background, only to say whether the clues fit
  // no grid; the solution is shown only when asked for (check, hint).
  async load(text, filename, key, shared) {
    this.error(null);
    this.hintText(null);
    const seq = this.loads = (this.loads || 0) + 1;  // the last puzzle asked for wins
    try {
      const q = "&filename=" + encodeURIComponent(filename);
      const json = JSON.parse(await (await api.post("/api/convert?to=json" + q, text)).text());
      if (seq !== this.loads) return;
      const p = json.puzzles[0];
      if (p.width > kMaxRequestSide || p.height > kMaxRequestSide)
        throw new Error(`${filename}: a ${p.width}×${p.height} puzzle; the page opens puzzles of at most ` +
                        `${kMaxRequestSide}×${kMaxRequestSide} cells`);
      const norm = (clue) => clue.map((run) => (Array.isArray(run) ? run : [run, "#"]));
      this.puzzle = { text, filename, w: p.width, h: p.height, title: p.title || "", author: p.author || "",
                      rows: p.rows.map(norm), cols: p.columns.map(norm) };
      // The name a colour goes by here, and the one the server's reasons use.
      this.colours = { "#": "#222222" };
      this.symbols = ["#"];
      this.names = { "#": "black" };
      this.serverNames = { "#": "" };
      if (p.colours) {
        this.colours = {};
        this.symbols = [];
        const fg = p.colours.slice(1);
        const names = Palette.nameAll(fg.map((c) => ({ name: c.name, css: c.rgb })));
        fg.forEach((c, k) => {
          this.colours[c.symbol] = c.rgb;
          this.symbols.push(c.symbol);
          this.names[c.symbol] = names[k];
          this.serverNames[c.symbol] = c.name;
        });
      }
      this.current = this.symbols[0];
      if (this.solving) this.solving.cancel();
      this.solving = null;
      this.solved = null;  // the server's solve, once it answers
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
      // Undo and redo as Make's (history.js), kept with the progress.
      this.history = new History(500);
      this.history.keep(this.key + ":history", this.state());
      this.drawPalette();
      // The panel's width is read before the new board is in it: read after,
      // it would lay the whole new board out once at the old board's size.
      const width = document.getElementById("play").clientWidth;
      this.board = new Board(document.getElementById("play-board"), {
        width: p.width, height: p.height, rowClues: this.puzzle.rows, colClues: this.puzzle.cols,
        colours: this.colours,
        value: (r, c) => this.grid[r][c],
        onPaint: (r, c, button, first) => this.paint(r, c, button, first),
        onEnd: () => this.endStroke(),
        onLayout: () => this.fitBoard(),
      });
      this.fitBoard(width);
      this.heading(shared);
      // The examples' list names the puzzle only when it is one of them.
      const pick = document.getElementById("play-example");
      if (pick.value !== filename) pick.value = "";
      this.status("", null);
      this.markDone();
      this.solvedCheck();
      this.tick();
      this.verify(seq);
    } catch (e) { this.error(e); }
  }

  // Cells to the width there is, as in Make (a phone shows the whole
  // board): the largest size up to the page's --cell that fits, not below 8 px.
  // `width`: the panel's, when already read.
  fitBoard(width = document.getElementById("play").clientWidth) {
    if (!this.board || !width || this.board.busy) return;
    const zoom = document.getElementById("play-zoom").value;
    if (zoom !== "fit") return this.board.container.style.setProperty("--cell", zoom + "px");
    const max = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 24;
    this.board.fit(width, max, kReadableCell);
  }

  // The title and "by author"; a puzzle with no title goes by its file's
  // name, a shared one by its size.
  heading(shared) {
    const p = this.puzzle;
    p.name = p.title || (shared ? `Untitled ${p.w}×${p.h} puzzle` : p.filename);
    document.getElementById("play-title").textContent = p.name;
    document.getElementById("play-author").textContent = p.author ? "by " + p.author : "";
  }

  // The background solve: a puzzle whose clues fit no grid says so now,
  // with the reason when logic finds one, rather than leaving the player
  // to find out.
  async verify(seq) {
    const q = "?solutions=2&filename=" + encodeURIComponent(this.puzzle.filename);
    const job = api.job("/api/solve" + q, this.puzzle.text);
    this.solving = job;
    try {
      const rec = (await job.promise).results[0];
      if (seq !== this.loads) return;
      this.solving = null;
      this.solved = rec;
      if (rec.status !== "contradiction") return;
      const why = await Import.why(rec, this.puzzle.text, "&filename=" + encodeURIComponent(this.puzzle.filename));
      if (seq !== this.loads) return;
      this.status("This puzzle cannot be solved: " + why.replace(", so there is no picture to draw", ""),
                  "impossible");
    } catch (e) {
      if (e.name !== "AbortError" && seq === this.loads) this.solving = null;
    }
  }

  // Greys the clue of every line that already shows it.
  markDone() {
    const b = this.board, p = this.puzzle;
    const same = (a, c) => JSON.stringify(a) === JSON.stringify(c);
    for (let r = 0; r < p.h; r++)
      b.rowClueCells[r].classList.toggle("done", same(runsOf(this.grid[r]), p.rows[r]));
    for (let c = 0; c < p.w; c++)
      b.colClueCells[c].classList.toggle("done", same(runsOf(this.grid.map((row) => row[c])), p.cols[c]));
  }

  // Reset empties the grid (one undoable step) and starts the clock again.
  reset() {
    if (!this.puzzle) return;
    this.elapsed = 0;
    this.since = performance.now();
    this.done = false;
    this.apply(this.allCells("?"), true);
    this.tick();
  }

  drawPalette() {
    const box = document.getElementById("play-palette");
    box.replaceChildren();
    if (this.symbols.length < 2) return;
    for (const s of this.symbols) {
      const b = document.createElement("button");
      b.className = "swatch" + (s === this.current ? " active" : "");
      b.style.background = this.colours[s];
      b.title = this.names[s];
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
    }
    if (this.grid[r][c] === this.value) return;
    this.set(r, c, this.value);
  }

  // A stroke is one undo step.
  endStroke() {
    this.history.commit(this.state());
    this.changed();
  }

  // The progress as history.js keeps it.
  state() { return JSON.stringify({ pic: this.grid.map((row) => row.join("")) }); }

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
    if (record) this.history.commit(this.state());
    this.changed();
  }

  undo() { if (!(this.board && this.board.drag)) this.restore(this.history.undo()); }
  redo() { if (!(this.board && this.board.drag)) this.restore(this.history.redo()); }

  // A state of the history on the board: only the cells that differ redraw.
  restore(state) {
    if (!state) return;
    JSON.parse(state).pic.forEach((row, r) => Array.from(row).forEach((v, c) => {
      if (this.grid[r][c] !== v) this.set(r, c, v);
    }));
    this.changed();
  }

  changed() {
    localStorage.setItem(this.key, JSON.stringify(this.grid.map((r) => r.join(""))));
    this.hintText(null);
    this.board.highlight("wrong", []);
    this.board.highlight("hint", []);
    this.markDone();
    this.solvedCheck();
  }

  // Solved when every row and column shows its clue (marks count as empty).
  solvedCheck() {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const p = this.puzzle;
    let solved = true;
    for (let r = 0; r < p.h && solved; r++) solved = same(runsOf(this.grid[r]), p.rows[r]);
    for (let c = 0; c < p.w && solved; c++) solved = same(runsOf(this.grid.map((row) => row[c])), p.cols[c]);
    if (solved && !this.done) { this.elapsed = this.seconds(); this.since = performance.now(); }
    this.done = solved;
    this.tick();
    if (solved) this.status("Solved! " + p.name + " in " + Play.clock(this.elapsed), "solved");
    else if (document.getElementById("play-status").dataset.solved === "true") this.status("", null);
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
    el.textContent = Play.clock(t);
    el.dataset.running = this.done ? "false" : "true";
    localStorage.setItem(this.key + ":time", String(t));
  }

  // The server's solve of the puzzle (two solutions, to know it is unique).
  async solution() {
    if (!this.solved && this.solving) {
      try { this.solved = (await this.solving.promise).results[0]; } catch (e) { /* asked again below */ }
    }
    if (!this.solved) {
      const q = "?solutions=2&filename=" + encodeURIComponent(this.puzzle.filename);
      this.solved = (await api.post("/api/solve" + q, this.puzzle.text)).results[0];
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
      this.status("Checking…", null);
      const solution = await this.solution();
      if (!solution) {
        const s = this.solved;
        this.status(`This puzzle has no single solution to check against (${s.status}` +
          (s.reason ? ": " + s.reason : "") + ").", s.status === "contradiction" ? "impossible" : null);
        return;
      }
      const wrong = this.mistakes(solution);
      this.board.highlight("wrong", wrong);
      this.status(wrong.length ? wrong.length + " cell" + (wrong.length > 1 ? "s are" : " is") +
        " wrong (crossed out)." : "No mistakes so far.", null);
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
    const words = reason ? reason.charAt(0).toUpperCase() + reason.slice(1) + "." : "";
    document.getElementById("hint-reason").replaceChildren(...this.colourWords(words));
  }

  // A reason as the player sees it: a colour the server names becomes a
  // swatch and the colour's name here, and a colour clue ("clue 2c 1a")
  // is shown as the board shows it, each number on its colour.
  colourWords(text) {
    if (this.bw || !text) return [text];
    const out = [];
    const swatch = (sym) => {
      const s = document.createElement("span");
      s.className = "chip swatch-chip";
      s.style.background = this.colours[sym];
      s.dataset.sym = sym;
      return s;
    };
    const byName = {};
    for (const s of this.symbols) if (this.serverNames[s]) byName[this.serverNames[s]] = s;
    const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const names = Object.keys(byName).sort((a, b) => b.length - a.length).map(esc);
    const syms = this.symbols.map(esc).join("|");
    const parts = ["clue ((?:\\d+(?:" + syms + ")(?: |(?= in)))+)"];
    if (names.length) parts.push("\\b(" + names.join("|") + ")\\b");
    const re = new RegExp(parts.join("|"), "g");
    let at = 0, m;
    while ((m = re.exec(text))) {
      out.push(text.slice(at, m.index));
      if (m[1]) {
        out.push("clue ");
        for (const [, n, sym] of m[1].trim().matchAll(new RegExp("(\\d+)(" + syms + ")", "g"))) {
          const chip = swatch(sym);
          chip.className = "chip";
          chip.textContent = n;
          chip.style.color = contrastInk(this.colours[sym]);
          out.push(chip);
        }
        if (m[1].endsWith(" ")) out.push(" ");  // the space before the next word
      } else {
        const sym = byName[m[2]];
        out.push(swatch(sym), this.names[sym]);
      }
      at = re.lastIndex;
    }
    out.push(text.slice(at));
    return out;
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
        this.explanation = (await api.post("/api/explain" + q, this.puzzle.text)).results[0];
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
      const colours = this.bw ? [] : this.symbols.map((s) => ({ symbol: s, rgb: this.colours[s], name: this.names[s] }));
      const box = document.getElementById("play-share-link");
      box.value = share.link({ width: p.w, height: p.h, colours, rows: p.rows, cols: p.cols,
                                  title: p.title, author: p.author });
      box.hidden = false;
      box.select();
      this.error(null);
    } catch (e) { this.error(e); }
  }
}
