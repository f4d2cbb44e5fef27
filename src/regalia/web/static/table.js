// One seat at a table: the server's SVG, clicks sent back, live updates over a WebSocket.
// No game logic here: the server maps clicks to actions and checks every move.
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
// A hot-seat link carries the tokens of every seat played on this screen (#token=A&token=B).
const tokens = new URLSearchParams(location.hash.slice(1)).getAll("token");
const token = tokens[0] || null;
const seatTokens = {};   // seat -> token, learnt from the server
let active = token;      // the token of the seat shown now
let view = null, clicks = [];

function headers() {
  return { "content-type": "application/json", ...(active ? { "x-seat-token": active } : {}) };
}

async function learnSeats() {
  for (const t of tokens) {
    const r = await fetch(`/api/tables/${tableId}`, { headers: { "x-seat-token": t } });
    if (r.ok) seatTokens[(await r.json()).seat] = t;
  }
}

// Hot seat: when the seat to play is another of ours, show that seat's view.
async function update(v) {
  const t = seatTokens[v.current_player];
  if (t && t !== active) {
    active = t;
    const r = await fetch(`/api/tables/${tableId}`, { headers: headers() });
    if (r.ok) v = await r.json();
  }
  show(v);
}

async function post(path, body) {
  const r = await fetch(`/api/tables/${tableId}/${path}`, { method: "POST", headers: headers(), body: JSON.stringify(body) });
  const d = await r.json();
  if (!r.ok) throw new Error(d.detail);
  return d;
}

function show(v) {
  view = v; clicks = [];
  $("board").innerHTML = v.svg;   // the server's drawing (names are escaped there)
  const seat = v.seat === null ? "spectator" : v.seats[v.seat].label;
  $("who").textContent = `${v.title}, you are: ${seat}`;
  $("status").textContent = v.terminal ? "game over" : `ply ${v.ply}`;
  $("thinking").hidden = v.thinking === null;
  $("legal").textContent = v.legal.map((m) => m.notation).join("  ");
  $("log").replaceChildren(...v.log.map((m) => { const li = document.createElement("li"); li.textContent = m; return li; }));
  $("typed").hidden = !v.legal.length;
  $("hintbutton").hidden = !v.hints;
  $("error").textContent = v.error || "";
  if (v.terminal) {
    const best = v.winners.map((p) => v.seats[p].label).join(" and ");
    $("result").textContent = `Final scores: ${v.seats.map((s, i) => `${s.label} ${v.scores[i]}`).join(", ")}. Winner: ${best}. `;
    const a = document.createElement("a"); a.href = `/api/tables/${tableId}/record`; a.textContent = "Download the record";
    $("result").append(a);
    $("replay").hidden = false;
  }
  for (const el of $("board").querySelectorAll("[data-action],[data-square]")) el.addEventListener("click", onClick);
}

async function play(body) {
  try { await update(await post("actions", { ...body, ply: view.ply })); } catch (e) { $("error").textContent = e.message; }
}

async function onClick(ev) {
  const el = ev.currentTarget;
  const c = el.dataset.action !== undefined ? { action: el.dataset.action } : { square: el.dataset.square };
  const res = await post("click", { clicks: [...clicks, c] }).catch((e) => ({ error: e.message }));
  mark();
  if (res.error) { $("error").textContent = res.error; clicks = []; return; }
  if (res.action !== undefined) return play({ action: res.action });
  clicks.push(c); $("error").textContent = "";
  mark(res.next.first, res.next.squares);
  $("hint").textContent = `First half on ${res.next.first}; now click the square of the second half.`;
}

function mark(first, options = []) {
  for (const el of $("board").querySelectorAll("[data-square]")) {
    el.classList.toggle("first", el.dataset.square === first);
    el.classList.toggle("option", options.includes(el.dataset.square));
  }
  if (!first) $("hint").textContent = "";
}

$("typed").onsubmit = (ev) => { ev.preventDefault(); play({ notation: $("move").value }); $("move").value = ""; };
// Step-by-step replay of a finished game (public view, drawn by the server).
let replayPly = null;
async function replayTo(ply) {
  const r = await fetch(`/api/tables/${tableId}/replay/${ply}`);
  const d = await r.json();
  if (!r.ok) { $("error").textContent = d.detail; return; }
  replayPly = d.ply; $("board").innerHTML = d.svg;
  $("replayply").textContent = `move ${d.ply} of ${d.plies}${d.move ? ", next: " + d.move : ""}`;
}
$("back").onclick = () => replayTo(Math.max(0, (replayPly ?? view.ply) - 1));
$("forward").onclick = () => replayTo(Math.min(view.ply, (replayPly ?? view.ply) + 1));
$("live").onclick = () => { replayPly = null; show(view); };
$("cancel").onclick = () => { clicks = []; mark(); };
$("hintbutton").onclick = async () => {
  $("hint").textContent = "thinking…";
  try { $("hint").textContent = (await post("hint", {})).summary; } catch (e) { $("error").textContent = e.message; }
};
$("undo").onclick = async () => {
  try { await update(await post("undo", {})); } catch (e) { $("error").textContent = e.message; }
};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${tableId}/ws${token ? "?token=" + encodeURIComponent(token) : ""}`);
  ws.onmessage = (m) => update(JSON.parse(m.data));
  ws.onclose = (e) => { if (e.code >= 4000) $("error").textContent = e.reason; else setTimeout(connect, 1000); };
}
learnSeats().then(connect);
