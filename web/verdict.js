// The Make tab's live verdict: after every stroke (debounced), the graded
// check of the picture's puzzle (POST /api/check?grade=true), worded as
// makers need it, with the grade's shares; and, when asked, how far logic
// gets (POST /api/explain, probing on or off): the cells it leaves open are
// shaded. A newer drawing cancels the older requests, and an answer that
// arrives for an older drawing is dropped (the sequence numbers).
import * as api from "./api.js";

export class Verdict {
  constructor(make) {
    this.make = make;
    this.seq = 0;       // the drawing the verdict is for
    this.logicSeq = 0;  // the drawing the shading is for
    this.record = null; // the last check's record, for the fix panel
    document.getElementById("logic-view").onchange = () => this.logic();
  }

  el(id) { return document.getElementById(id); }

  // The words for a record of check --grade (README, "nonolab serve").
  static words(rec) {
    const grade = rec.stats && rec.stats.grade;
    if (rec.status === "unique")
      return grade === "line" ? "Unique and solvable by line logic"
        : grade === "probing" ? "Unique, needs probing"
        : grade === "search" ? "Unique, needs search (guessing)" : "Unique";
    return { multiple: "Several solutions", contradiction: "No solution",
             timeout: "Undecided in time" }[rec.status] || rec.status;
  }

  static shares(rec) {
    const s = rec.stats || {};
    if (s.line_share === undefined) return "";
    const pc = (x) => Math.round(100 * x) + "%";
    return `Cells decided by line logic ${pc(s.line_share)}, by probing ${pc(s.probe_share)}, ` +
      `left to search ${pc(s.search_share)}.`;
  }

  // The drawing changed: no verdict until it has been checked, which starts
  // once the changes pause for 150 ms.
  changed() {
    this.drop();
    this.timer = setTimeout(() => { this.timer = null; this.check(); this.logic(); }, 150);
  }

  // A stroke is under way: the verdict shown is for a drawing that is no
  // more, so the page says a check is coming; it starts when the stroke
  // ends (make.js calls changed()), not at every pause of the pointer.
  // Already said, with nothing under way or waiting: nothing to do.
  stale() {
    if (this.el("verdict").dataset.status === "checking" && !this.pending && !this.timer) return;
    this.drop();
  }

  // Both of the above: the verdict and the shading are for an older drawing.
  // Says "Checking…", makes any answer still coming stale (the sequence
  // numbers), cancels the requests and a check waiting to start.
  drop() {
    const v = this.el("verdict");
    v.textContent = "Checking…";
    v.dataset.status = "checking";
    v.dataset.grade = "";
    ++this.seq;
    ++this.logicSeq;
    this.cancel();
    if (this.logicJob) this.logicJob.cancel();
    this.logicJob = null;
    clearTimeout(this.timer);
    this.timer = null;
  }

  cancel() {
    if (this.pending) this.pending.cancel();
    this.pending = null;
    this.el("verdict-cancel").hidden = true;
  }

  // Shows a record of check (also for an imported puzzle with no solution).
  show(rec) {
    this.record = rec;
    const v = this.el("verdict");
    v.textContent = Verdict.words(rec);
    v.dataset.status = rec.status;
    v.dataset.grade = (rec.stats && rec.stats.grade) || "";
    this.el("verdict-detail").textContent =
      rec.status === "multiple" ? "Outlined: the cells that differ between two solutions." :
      rec.status === "contradiction" ? "The clues rule out every grid: " + (rec.reason || "no reason given") + "." :
      rec.status === "timeout" ? "The check ran out of time before it decided." : "";
    this.el("verdict-shares").textContent = Verdict.shares(rec);
    const differ = [];
    if (rec.status === "multiple" && rec.solutions.length >= 2) {
      const [a, b] = rec.solutions;
      for (let r = 0; r < a.length; r++)
        for (let c = 0; c < a[r].length; c++) if (a[r][c] !== b[r][c]) differ.push([r, c]);
    }
    if (this.make.board) this.make.board.highlight("differ", differ);
    this.make.fix.verdict(rec);
  }

  async check() {
    this.cancel();
    const seq = ++this.seq;
    const v = this.el("verdict");
    const stop = this.el("verdict-cancel");
    v.textContent = "Checking…";
    v.dataset.status = "checking";
    this.make.fix.clear();
    // A long check shows its time and where it stands, and can be cancelled.
    const job = api.job("/api/check" + this.make.query("&grade=true"), this.make.text(), (w) => {
      if (seq !== this.seq) return;
      const where = w.state === "queued" ? ` (waiting for the solver: ${w.position} in line)`
        : w.state === "running" ? " (searching)" : "";
      v.textContent = `Checking… ${w.elapsed.toFixed(1)} s${where}`;
      stop.hidden = false;
    });
    this.pending = job;
    stop.onclick = () => {
      this.cancel();
      v.textContent = "Check cancelled: the verdict is unknown.";
      v.dataset.status = "cancelled";
    };
    try {
      const out = await job.promise;
      if (this.pending === job) { this.pending = null; stop.hidden = true; }
      if (seq !== this.seq) return;
      this.show(out.results[0]);
      this.make.error(null);
    } catch (e) {
      if (this.pending === job) { this.pending = null; stop.hidden = true; }
      if (e.name === "AbortError") return; // cancelled: the canceller has said so
      if (seq === this.seq) { v.textContent = ""; v.dataset.status = ""; this.make.error(e); }
    }
  }

  // How far logic gets: explain's final grid, '?' where it stops.
  async logic() {
    const mode = this.el("logic-view").value;
    const detail = this.el("logic-detail");
    const seq = ++this.logicSeq;
    if (this.logicJob) { this.logicJob.cancel(); this.logicJob = null; }
    if (mode === "off") {
      if (this.make.board) this.make.board.highlight("open", []);
      detail.textContent = "";
      detail.dataset.open = "";
      return;
    }
    detail.textContent = "Following the logic…";
    detail.dataset.open = "";
    const job = api.job("/api/explain" + this.make.query("&probing=" + (mode === "probing")),
                       this.make.text());
    this.logicJob = job;
    try {
      const rec = (await job.promise).results[0];
      if (seq !== this.logicSeq) return;
      this.logicJob = null;
      const open = [];
      rec.grid.forEach((row, r) => Array.from(row).forEach((v, c) => { if (v === "?") open.push([r, c]); }));
      this.make.board.highlight("open", open);
      const cells = rec.width * rec.height;
      const how = mode === "probing" ? "Line logic and probing decide" : "Line logic decides";
      detail.textContent = open.length
        ? `${how} ${cells - open.length} of ${cells} cells; ${open.length} stay open (shaded).`
        : `${how} all ${cells} cells.`;
      detail.dataset.open = String(open.length);
    } catch (e) {
      if (e.name === "AbortError" || seq !== this.logicSeq) return;
      this.logicJob = null;
      detail.textContent = "";
      this.make.error(e);
    }
  }
}
