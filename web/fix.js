// The Make tab's fixes: the maker picks a goal (unique; solvable by logic,
// that is line logic plus probing; line logic only), how many cells a fix
// may change (1 to 3) and, in lock mode, the cells no fix may touch; the
// server's make-unique search (POST /api/make-unique?goal=&max_changes=
// &lock=R:C,...) answers with suggestions, each proven by the exact solver
// and graded. The search shows its time and place in the queue, can be
// cancelled, and the page says plainly when it found nothing.
import * as api from "./api.js";

export class Fix {
  constructor(make) {
    this.make = make;
    this.locked = new Set();  // "r:c", 0-based
    this.lockMode = false;
    this.record = null;
    const $ = (id) => document.getElementById(id);
    $("make-unique").onclick = () => this.search();
    $("fix-goal").onchange = () => this.verdict(this.record);
    $("lock-mode").onclick = () => this.setLockMode(!this.lockMode);
    $("lock-clear").onclick = () => { this.locked.clear(); this.showLocks(); };
    $("fix-cancel").onclick = () => { if (this.job) this.job.cancel(); };
  }

  el(id) { return document.getElementById(id); }
  goal() { return this.el("fix-goal").value; }

  setLockMode(on) {
    this.lockMode = on;
    const b = this.el("lock-mode");
    b.textContent = on ? "Lock cells: on (click cells)" : "Lock cells: off";
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }

  // A stroke in lock mode: its first cell decides lock or unlock.
  lockCell(r, c, first) {
    const key = r + ":" + c;
    if (first) this.lockValue = !this.locked.has(key);
    if (this.lockValue) this.locked.add(key); else this.locked.delete(key);
    this.showLocks();
  }

  showLocks() {
    const list = Array.from(this.locked, (k) => k.split(":").map(Number))
      .filter(([r, c]) => r < this.make.h && c < this.make.w);
    if (this.make.board) this.make.board.highlight("locked", list);
    this.el("lock-count").textContent = list.length ? list.length + " locked" : "";
  }

  // Does a record of check --grade meet the goal?
  static meets(rec, goal) {
    if (!rec || rec.status !== "unique") return false;
    const grade = rec.stats && rec.stats.grade;
    return goal === "unique" || (goal === "logic" ? grade === "line" || grade === "probing" : grade === "line");
  }

  clear() {
    if (this.job) this.job.cancel();
    this.dropSuggestions();
    if (this.el("fix-status").dataset.state !== "applied") this.status("", "");
    this.el("make-unique").disabled = true;
  }

  // The verdict of the drawing as it is now.
  verdict(rec) {
    this.record = rec;
    const ok = Fix.meets(rec, this.goal());
    const button = this.el("make-unique");
    button.disabled = !rec || ok || rec.status === "timeout" || rec.status === "contradiction";
    if (rec && ok && !this.job) this.status("The drawing already meets this goal.", "met");
    else if (!this.job && this.el("fix-status").dataset.state === "met") this.status("", "");
  }

  status(text, state) {
    const s = this.el("fix-status");
    s.textContent = text;
    s.dataset.state = state || "";
  }

  async search() {
    const list = this.el("suggestions");
    list.replaceChildren();
    const goal = this.goal(), max = +this.el("fix-max").value;
    const seq = this.make.verdict.seq;
    const lock = Array.from(this.locked).filter((k) => {
      const [r, c] = k.split(":").map(Number);
      return r < this.make.h && c < this.make.w;
    });
    const q = `&goal=${goal}&max_changes=${max}&suggestions=5` + (lock.length ? "&lock=" + lock.join(",") : "");
    this.status("Searching…", "searching");
    this.el("fix-cancel").hidden = false;
    const job = this.request("/api/make-unique" + this.make.query(q), this.make.text(), (w) => {
      const where = w.state === "queued" ? ` (waiting for the solver: ${w.position} in line)` : "";
      this.status(`Searching… ${w.elapsed.toFixed(1)} s${where}`, "searching");
    });
    this.job = job;
    try {
      const out = await job.promise;
      if (seq !== this.make.verdict.seq) return;  // the drawing has changed since
      this.report(out, goal, max, lock.length);
    } catch (e) {
      if (e.name === "AbortError") this.status("Search cancelled.", "cancelled");
      else if (seq === this.make.verdict.seq) this.status(e.message, "error");
    } finally {
      if (this.job === job) { this.job = null; this.el("fix-cancel").hidden = true; }
    }
  }

  // The search's request, on its own so that a browser test can answer it
  // with a made-up result (the fix panel's wording for every outcome).
  request(path, body, onWait) { return api.job(path, body, onWait); }

  // The most changes a fix may make: the last choice of the Changes list.
  maxChanges() {
    return Math.max(...Array.from(this.el("fix-max").options, (o) => +o.value));
  }

  // What else to try when a search found nothing in time: more changes
  // only below the most there is, fewer locks only when some are set.
  static tryNext(max, most, locks) {
    const ideas = [];
    if (max < most) ideas.push("more changes");
    if (locks) ideas.push("fewer locked cells");
    ideas.push("a smaller picture");
    const last = ideas.pop();
    return "Try " + (ideas.length ? ideas.join(", ") + " or " : "") + last + ".";
  }

  report(out, goal, max, locks) {
    const list = this.el("suggestions");
    const goalWords = { unique: "unique", logic: "solvable by logic", line: "solvable by line logic" }[goal];
    if (goal !== "unique" && out.grade === undefined) {
      // A server from before goals: it answered for uniqueness only.
      this.status(`This server only knows the goal "unique"; it cannot search for "${goalWords}" yet.`, "unsupported");
      return;
    }
    if (!out.suggestions.length) {
      const cells = `${max} cell${max > 1 ? "s" : ""}` + (locks ? ` (with ${locks} locked)` : "");
      this.status(out.complete
        ? `No change of up to ${cells} makes it ${goalWords}: all ${out.checked} candidates were checked.`
        : `Nothing found within the budget: ${out.checked} of the candidate pictures were checked before ` +
          `time ran out, and none is ${goalWords}. ` + Fix.tryNext(max, this.maxChanges(), locks),
        "none");
      return;
    }
    this.status(`${out.suggestions.length} fix${out.suggestions.length > 1 ? "es" : ""} found, ` +
      `each proven ${goalWords} by the exact solver:`, "found");
    const gradeWords = { line: "line logic", probing: "needs probing", search: "needs search" };
    for (const s of out.suggestions) {
      const li = document.createElement("li");
      li.className = "suggestion";
      li.dataset.grade = s.grade || "";
      li.dataset.cells = s.changes.map((ch) => ch.row + ":" + ch.col).join(",");
      li.textContent = s.changes.map((ch) =>
        `row ${ch.row + 1}, column ${ch.col + 1} → ${this.make.palette.nameOf(ch.value)}`).join("; ") +
        (s.grade ? ` (${gradeWords[s.grade] || s.grade})` : "") + " ";
      const b = document.createElement("button");
      b.className = "apply";
      b.textContent = "Apply";
      b.onclick = () => this.apply(s);
      li.appendChild(b);
      // Pointing at a fix (or tabbing to its button) shows it on the grid.
      li.onmouseenter = () => this.preview(s);
      li.onmouseleave = () => this.preview(null);
      li.addEventListener("focusin", () => this.preview(s));
      li.addEventListener("focusout", () => this.preview(null));
      list.appendChild(li);
    }
  }

  // No suggestions (and no preview of one) on the page.
  dropSuggestions() {
    this.preview(null);
    this.el("suggestions").replaceChildren();
  }

  // Shows fix s's new values on the grid, outlined; null puts the drawing back.
  preview(s) {
    const board = this.make.board;
    if (!board) return;
    for (const [r, c] of this.previewed || [])
      if (r < this.make.h && c < this.make.w) board.show(r, c, this.make.pic[r][c]);
    this.previewed = s ? s.changes.map((ch) => [ch.row, ch.col]) : [];
    if (s) for (const ch of s.changes) board.show(ch.row, ch.col, ch.value);
    board.highlight("preview", this.previewed);
  }

  // One undo step; its cells stay outlined until the next stroke.
  apply(s) {
    this.preview(null);
    for (const ch of s.changes) this.make.pic[ch.row][ch.col] = ch.value;
    this.make.refresh();
    this.make.commit();
    this.make.board.highlight("applied", s.changes.map((ch) => [ch.row, ch.col]));
    this.status("Applied: " + s.changes.map((ch) => `(${ch.row + 1}, ${ch.col + 1})`).join(", ") + ".", "applied");
    this.el("suggestions").replaceChildren();
  }
}
