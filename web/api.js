// Talking to the server (README, "nonolab serve"): every call posts a file
// and gets JSON back, or throws an Error carrying the server's message.
"use strict";
const NL = {};

NL.post = async function (path, body, contentType) {
  const res = await fetch(path, {
    method: "POST",
    body: body,
    headers: { "Content-Type": contentType || "text/plain" },
  });
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    let message = res.status + " " + res.statusText;
    if (type.includes("json")) message = (await res.json()).error || message;
    throw new Error(message);
  }
  return type.includes("json") ? res.json() : res.blob();
};

NL.get = async function (path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(res.status + " " + res.statusText);
  return (res.headers.get("Content-Type") || "").includes("json") ? res.json() : res.text();
};

// Saves a Blob as a file through the browser's download.
NL.download = function (blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
};

NL.readFile = function (file, asText) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    if (asText) r.readAsText(file); else r.readAsArrayBuffer(file);
  });
};

// The runs of one line of symbols: [[length, symbol], ...] ('.' is background).
NL.runsOf = function (cells) {
  const runs = [];
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === "." || v === "?" || v === "x") continue;
    if (i > 0 && cells[i - 1] === v) runs[runs.length - 1][0]++;
    else runs.push([1, v]);
  }
  return runs;
};
