// The lobby: games from the registry, a table created with one entry per seat.
const $ = (id) => document.getElementById(id);
let games = [];

function text(tag, content) { const e = document.createElement(tag); e.textContent = content; return e; }

async function load() {
  games = (await (await fetch("/api/games")).json()).filter((g) => g.playable);
  for (const g of games) { const o = text("option", g.title); o.value = g.name; $("game").append(o); }
  $("game").onchange = gameChanged; $("players").onchange = () => { seatsChanged(); paramsChanged(); };
  gameChanged();
  const tables = await (await fetch("/api/tables")).json();
  for (const t of tables.reverse()) {
    const li = document.createElement("li");
    const a = text("a", `${t.title} ${t.table}`); a.href = `/table/${t.table}`;
    li.append(a, ` — ${t.seats.map((s) => s.label).join(", ")} — ${t.terminal ? "over" : "ply " + t.ply}`);
    $("tables").append(li);
  }
}

function current() { return games.find((g) => g.name === $("game").value); }

function gameChanged() {
  const g = current(); $("players").replaceChildren(); $("variants").replaceChildren(text("legend", "Variants"));
  for (let n = g.min_players; n <= g.max_players; n++) { const o = text("option", n); o.value = n; $("players").append(o); }
  for (const [name, desc] of Object.entries(g.variants)) {
    const l = document.createElement("label"); const c = document.createElement("input");
    c.type = "checkbox"; c.value = name; l.append(c, ` ${desc}`); $("variants").append(l, document.createElement("br"));
  }
  seatsChanged();
  paramsChanged();
}

// the game's parameters (from the registry: GET /api/games), each with the default of the
// chosen player count; a parameter the game takes no value for at that count is left out
function paramsChanged() {
  const g = current(); const n = $("players").value;
  const box = $("params"); box.replaceChildren(text("legend", "Options"));
  const shown = g.params.filter((p) => n in p.defaults);
  box.hidden = !shown.length;
  for (const p of shown) {
    const d = p.defaults[n]; const l = document.createElement("label"); const i = document.createElement("input");
    i.name = p.name; i.dataset.type = p.type; i.className = "param";
    if (p.type === "bool") { i.type = "checkbox"; i.checked = !!d; }
    else if (p.type === "int") { i.type = "number"; i.step = "1"; i.value = d; }
    else { i.type = "text"; i.value = Array.isArray(d) ? d.join(",") : (d ?? ""); }
    l.title = p.help; l.append(`${p.name} `, i, text("span", ` ${p.help}`));
    l.lastChild.className = "paramhelp";
    box.append(l, document.createElement("br"));
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
    row.innerHTML = `Seat ${i + 1}: <select class="kind"><option value="here">a person here</option>
      <option value="invited">an invited person (a link)</option><option value="computer">the computer</option></select>
      <select class="strength"><option>easy</option><option>normal</option><option>strong</option></select>`;
    if (i > 0) row.querySelector(".kind").value = "computer";
    $("seats").append(row);
  }
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
  const out = $("created"); out.replaceChildren(text("p", "Table created. Private seat links (keep them; they are shown once):"));
  const ul = document.createElement("ul");
  const here = d.seats.filter((s) => s.kind === "here");
  if (here.length) {   // one link plays every seat on this screen (hot seat)
    const a = text("a", `Play here: ${here.map((s) => s.label).join(", ")}`);
    a.href = `/table/${d.table}#` + here.map((s) => `token=${encodeURIComponent(s.token)}`).join("&");
    const li = document.createElement("li"); li.append(a); ul.append(li);
  }
  for (const s of d.seats.filter((s) => s.kind === "invited")) {
    const a = text("a", `Invitation for ${s.label} (send this link)`);
    a.href = `/table/${d.table}#token=${encodeURIComponent(s.token)}`;
    const li = document.createElement("li"); li.append(a); ul.append(li);
  }
  const spec = text("a", "spectator view"); spec.href = `/table/${d.table}`;
  const li = document.createElement("li"); li.append(spec); ul.append(li); out.append(ul);
};

load();
