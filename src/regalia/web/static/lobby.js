// The start page: games from the registry (Kingdomino first), a table created with one
// entry per seat, and the new table's links, each with a copy button and a QR code (the
// server writes both: it made the tokens).
const $ = (id) => document.getElementById(id);
let games = [];

function text(tag, content, cls) {
  const e = document.createElement(tag);
  if (content !== undefined) e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

// Kingdomino, the family's first game, opens the list; the others follow by title.
function order(list) {
  return [...list].sort((a, b) => (b.name === "kingdomino") - (a.name === "kingdomino")
    || a.title.localeCompare(b.title));
}

async function load() {
  games = order((await (await fetch("/api/games")).json()).filter((g) => g.playable));
  for (const g of games) { const o = text("option", g.title); o.value = g.name; $("game").append(o); }
  $("game").onchange = gameChanged; $("players").onchange = () => { seatsChanged(); paramsChanged(); };
  gameChanged();
  const tables = await (await fetch("/api/tables")).json();
  for (const t of tables.reverse()) {
    const li = document.createElement("li");
    const a = text("a", `${t.title} ${t.table}`); a.href = `/table/${t.table}`;
    li.append(a, ` — ${t.seats.map((s) => s.label).join(", ")} — ${t.terminal ? "finished" : `move ${t.ply}`}`);
    $("tables").append(li);
  }
}

function current() { return games.find((g) => g.name === $("game").value); }

function gameChanged() {
  const g = current(); $("players").replaceChildren(); $("variants").replaceChildren(text("legend", "Variants"));
  for (let n = g.min_players; n <= g.max_players; n++) {
    const o = text("option", n === 1 ? "1 (solo)" : String(n)); o.value = n; $("players").append(o);
  }
  const variants = Object.entries(g.variants);
  $("variants").hidden = !variants.length;
  for (const [name, desc] of variants) {
    const l = document.createElement("label"); const c = document.createElement("input");
    c.type = "checkbox"; c.value = name; l.append(c, ` ${desc}`); $("variants").append(l, document.createElement("br"));
  }
  seatsChanged();
  paramsChanged();
}

// A parameter's name as a heading: "sheet" -> "Sheet".
function heading(name) { return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " "); }

// the game's parameters (from the registry: GET /api/games), each with the default of the
// chosen player count; a parameter the game takes no value for at that count is left out
function paramsChanged() {
  const g = current(); const n = $("players").value;
  const box = $("params"); box.replaceChildren(text("legend", "Options"));
  const shown = g.params.filter((p) => n in p.defaults);
  box.hidden = !shown.length;
  for (const p of shown) {
    const d = p.defaults[n]; const l = text("label", undefined, "param"); const i = document.createElement("input");
    i.name = p.name; i.dataset.type = p.type; i.className = "param";
    if (p.type === "bool") { i.type = "checkbox"; i.checked = !!d; }
    else if (p.type === "int") { i.type = "number"; i.step = "1"; i.value = d; }
    else { i.type = "text"; i.value = Array.isArray(d) ? d.join(",") : (d ?? ""); }
    l.append(`${heading(p.name)} `, i, text("span", p.help, "paramhelp"));
    box.append(l);
  }
}

function paramValues() {
  const out = {};
  for (const i of $("params").querySelectorAll("input.param")) {
    const t = i.dataset.type;
    out[i.name] = t === "bool" ? i.checked : t === "int" ? (i.value === "" ? i.value : Number(i.value)) : i.value;
  }
  return out;
}

function seatsChanged() {
  const n = Number($("players").value); $("seats").replaceChildren(text("legend", "Seats"));
  for (let i = 0; i < n; i++) {
    const row = document.createElement("div");
    const kind = document.createElement("select"); kind.className = "kind";
    kind.setAttribute("aria-label", `Seat ${i + 1}: who plays`);
    for (const [v, t] of [["here", "a person here"], ["invited", "an invited person (a link)"], ["computer", "the computer"]]) {
      const o = text("option", t); o.value = v; kind.append(o);
    }
    const strength = document.createElement("select"); strength.className = "strength";
    strength.setAttribute("aria-label", `Seat ${i + 1}: the computer's strength`);
    for (const s of ["easy", "normal", "strong"]) strength.append(text("option", s));
    if (i > 0) kind.value = "computer";
    strength.hidden = kind.value !== "computer";
    kind.onchange = () => { strength.hidden = kind.value !== "computer"; };
    row.append(`Seat ${i + 1}: `, kind, " ", strength);
    $("seats").append(row);
  }
}

function copyButton(url, what) {
  const b = text("button", "Copy link"); b.type = "button";
  b.setAttribute("aria-label", `Copy ${what}`);
  b.onclick = async () => {
    try { await navigator.clipboard.writeText(url); b.textContent = "Copied"; }
    catch { b.textContent = "Select the link to copy it"; }
  };
  return b;
}

// One link of the new table: the link, its copy button, its QR code (the server's SVG).
function linkRow(label, url, qr) {
  const row = text("div", undefined, "link");
  const a = text("a", label); a.href = url;
  row.append(a, copyButton(url, label));
  if (qr) {
    const q = text("div", undefined, "qr"); q.innerHTML = qr;   // segno's SVG, made by the server
    row.append(q);
  }
  return row;
}

$("create").onsubmit = async (ev) => {
  ev.preventDefault(); $("error").textContent = "";
  const seats = [...$("seats").querySelectorAll("div")].map((d) => ({
    kind: d.querySelector(".kind").value, strength: d.querySelector(".strength").value }));
  const variants = [...$("variants").querySelectorAll("input:checked")].map((c) => c.value);
  const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: $("game").value, players: Number($("players").value), variants, seats,
    params: paramValues(),
    hints: $("hints").checked, pace: Number($("pace").value) }) });
  const d = await r.json();
  if (!r.ok) { $("error").textContent = d.detail; return; }
  const out = $("created");
  out.replaceChildren(text("p", "Table created. Private seat links (keep them: each opens one seat, and they are shown only now):"));
  const links = d.links;
  if (links.here) {   // one link plays every seat on this screen (hot seat)
    out.append(linkRow(`Play here: ${links.here.labels.join(", ")}`, links.here.url, links.here.qr));
  }
  for (const s of links.invited) {
    out.append(linkRow(`Invitation for ${s.label} (send this link)`, s.url, s.qr));
  }
  out.append(linkRow("Watch the table (spectator view)", links.spectator, null));
};

load();
