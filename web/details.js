// The puzzle's title and author, typed in Make: kept in the browser, sent
// with the puzzle (our JSON's "title" and "author", io/json.cpp) so every
// export that has room for them keeps them, and carried by share links
// with the colours' names (share.js), so Play shows them.
//
// Make (make.js) builds the puzzle and the link; the two hooks at the end
// add what is here to them (merge note: they could live in make.js).
"use strict";

NL.Details = class {
  constructor() {
    this.title = document.getElementById("make-title");
    this.author = document.getElementById("make-author");
    const saved = JSON.parse(localStorage.getItem(NL.Details.key) || "{}");
    this.title.value = saved.title || "";
    this.author.value = saved.author || "";
    this.title.oninput = this.author.oninput = () => this.save();
  }

  get() { return { title: this.title.value.trim(), author: this.author.value.trim() }; }

  set(title, author) {
    this.title.value = title;
    this.author.value = author;
    this.save();
  }

  save() { localStorage.setItem(NL.Details.key, JSON.stringify(this.get())); }
};
NL.Details.key = "nonolab-make-details";
NL.details = new NL.Details();

(function hookMake() {
  const text = NL.Make.prototype.text;
  NL.Make.prototype.text = function () {
    const doc = JSON.parse(text.call(this));
    const { title, author } = NL.details.get();
    if (title) doc.puzzles[0].title = title;
    if (author) doc.puzzles[0].author = author;
    return JSON.stringify(doc) + "\n";
  };

  // A link that opens the Play tab on this picture's clues, with its title,
  // author and colour names.
  NL.Make.prototype.share = function () {
    try {
      const { rows, cols } = NL.cluesOf(this.pic);
      const colours = this.palette.forPicture(this.pic).slice(1)
        .map((c) => ({ symbol: c.symbol, rgb: c.rgb, name: c.name }));
      const box = document.getElementById("make-share-link");
      box.value = NL.share.link({ width: this.w, height: this.h, colours, rows, cols, ...NL.details.get() });
      box.hidden = false;
      box.select();
      if (navigator.clipboard) navigator.clipboard.writeText(box.value).catch(() => {});
      this.error(null);
    } catch (e) { this.error(e); }
  };
})();
