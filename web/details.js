// The puzzle's title and author, typed in Make: kept in the browser, sent
// with the puzzle (our JSON's "title" and "author", io/json.cpp) so every
// export that has room for them keeps them, and carried by share links
// with the colours' names (share.js), so Play shows them. Make's text()
// and share() (make.js) add them; a puzzle imported into Make sets them
// (import.js).

export class Details {
  constructor() {
    this.title = document.getElementById("make-title");
    this.author = document.getElementById("make-author");
    const saved = JSON.parse(localStorage.getItem(Details.key) || "{}");
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

  save() { localStorage.setItem(Details.key, JSON.stringify(this.get())); }
}
Details.key = "nonolab-make-details";

// The page has one pair of fields; a module runs after the document is
// parsed, so they are there.
export const details = new Details();
