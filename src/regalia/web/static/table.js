// One seat at a table (board protocol v2): the server's SVG, clicks sent back as the
// click objects of the clicked elements' data-click, live updates over a WebSocket.
// No game logic here: the drawing on the server maps clicks to actions, the engine checks
// every move.
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
// A hot-seat link carries the tokens of every seat played on this screen (#token=A&token=B).
const tokens = new URLSearchParams(location.hash.slice(1)).getAll("token");
const token = tokens[0] || null;
const seatTokens = {};   // seat -> token, learnt from the server
let active = token;      // the token of the seat shown now
let view = null;         // the last view shown
let shownKey = null;     // what that view showed (a repeated push changes nothing)
let clicks = [];         // the click objects of the move in progress, oldest first
let replayPly = null;    // the ply shown in a replay, or null for the live table
let epoch = 0;           // bumped by every view shown: an answer to an older one is dropped

function el(tag, content, cls) {
  const e = document.createElement(tag);
  if (content !== undefined) e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

function headers() {
  return { "content-type": "application/json", ...(active ? { "x-seat-token": active } : {}) };
}

async function learnSeats() {
  for (const t of tokens) {
    const r = await fetch(`/api/tables/${tableId}`, { headers: { "x-seat-token": t } });
    if (r.ok) seatTokens[(await r.json()).seat] = t;
  }
}

async function post(path, body) {
  const r = await fetch(`/api/tables/${tableId}/${path}`, { method: "POST", headers: headers(), body: JSON.stringify(body) });
  const d = await r.json().catch(() => ({ detail: `the server answered ${r.status}` }));
  if (!r.ok) throw new Error(d.detail);
  return d;
}

// Hot seat: when the seat to play is another of ours, show that seat's view.
// Every view that arrives (the WebSocket's is the first token's seat) is shown as the
// active seat's: fetched again for that seat when it is another.
// With hidden information, the screen is covered when it passes from one of its seats to
// another, until the next person asks to see their hand.
async function update(v) {
  if (stale(v)) return;
  const before = active;
  active = seatTokens[v.current_player] || active;
  const showing = v.seat === null ? null : seatTokens[v.seat];
  if (active && showing !== active) {
    const r = await fetch(`/api/tables/${tableId}`, { headers: headers() });
    if (!r.ok) return;
    v = await r.json();
    if (stale(v)) return;
  }
  if (before && active !== before && !v.perfect_information && !v.terminal) cover(v);
  show(v);
}

// Answers may arrive out of order (a move's answer after the WebSocket's push of the
// computer's reply): a view older than the one shown is dropped (an undo's is newer).
function stale(v) { return view !== null && v.version < view.version; }

function cover(v) {
  const box = $("cover");
  box.querySelector("p").textContent = `${v.seats[v.seat].label}'s turn: pass the screen to ${v.seats[v.seat].label}, then show the hand.`;
  box.hidden = false;
  box.querySelector("button").onclick = () => { box.hidden = true; };
}

function label(seat) { return view.seats[seat].label; }

function show(v) {
  const key = JSON.stringify([v.seat, v.ply, v.thinking, v.error, v.current_player, v.terminal]);
  view = v;
  if (key === shownKey) return;   // the same position pushed again: keep the move in progress
  shownKey = key;
  epoch += 1;
  if (replayPly !== null) return; // replaying: the live table waits for "The end"
  $("board").innerHTML = v.svg;   // the server's drawing (every text escaped there)
  bindBoard();
  const me = v.seat === null ? "spectator" : label(v.seat);
  $("who").textContent = `${v.title} · you are: ${me}`;
  let status = "";
  if (v.terminal) status = "game over";
  else if (v.current_player !== null) status = v.seat === v.current_player ? "your turn" : `${label(v.current_player)} to play`;
  $("status").textContent = status ? `· ${status}` : "";
  $("thinking").hidden = v.thinking === null;
  if (v.thinking !== null) $("thinking").textContent = `${label(v.thinking)} is thinking…`;
  $("legal").textContent = v.legal.map((m) => m.notation).join("  ");
  const seats = v.log_seats || [];
  const entry = (m, i) => (seats[i] !== null && seats[i] !== undefined ? `${label(seats[i])}: ${m}` : m);
  $("log").replaceChildren(...v.log.map((m, i) => {
    // the entry's text is the notation; who made it is shown before it (CSS, data-who)
    const li = el("li", m, i === v.log.length - 1 ? "last" : "");
    if (seats[i] === null || seats[i] === undefined) li.classList.add("chance");
    else li.dataset.who = `${label(seats[i])}: `;
    return li;
  }));
  let lastMove = v.log.length - 1;   // the last move of a player (chance outcomes skipped)
  while (lastMove >= 0 && (seats[lastMove] === null || seats[lastMove] === undefined) && seats.length) lastMove--;
  if (lastMove >= 0) $("log").children[lastMove].classList.add("lastmove");
  scrollLog();
  $("last").textContent = lastMove >= 0 ? `· last move: ${entry(v.log[lastMove], lastMove)}` : (v.last ? `· last: ${v.last}` : "");
  $("typed").hidden = !v.legal.length;
  if (v.legal.length) $("move").placeholder = v.notation_example ? `e.g. ${v.notation_example}` : `e.g. ${v.legal[0].notation}`;
  $("hintbutton").hidden = !v.hints || !v.legal.length;
  $("undo").hidden = v.seat === null || v.terminal || v.seats.some((s, i) => s.kind !== "computer" && i !== v.seat);
  $("error").textContent = v.error || "";
  $("hint").textContent = "";
  scoreTable(v.score_table, v.terminal ? v.winners : null);
  scoringHelp(v.scoring_help);
  result(v);
  $("turn").hidden = v.terminal;
  clicks = [];
  setChoices([]);
  if (v.legal.length) startMove();
  else $("prompt").textContent = v.terminal ? "" : v.seat === null ? "You are watching." : "Waiting for the others…";
}

// The log shows its last lines, the top one whole: scrolled to the end, the box is made
// shorter by the part of its top line the scrolling cut (lines may wrap: no fixed height).
function scrollLog() {
  const box = $("log");
  box.style.maxHeight = "";
  box.scrollTop = box.scrollHeight;
  if (!box.clientHeight || box.scrollTop === 0) return;   // folded, or no overflow
  const top = box.scrollTop;
  const cut = [...box.children].find((li) => li.offsetTop + li.offsetHeight > top);
  if (!cut || cut.offsetTop >= top) return;
  box.style.maxHeight = `${box.clientHeight - (cut.offsetTop + cut.offsetHeight - top)}px`;
  box.scrollTop = box.scrollHeight;
}

function bindBoard() {
  for (const e of $("board").querySelectorAll("[data-click]")) e.addEventListener("click", onClick);
}

// Start of a turn of a person: the drawing's prompt, targets and buttons for no click yet.
async function startMove() {
  clicks = [];
  const asked = epoch;
  const res = await post("click", { clicks: [] }).catch((e) => ({ error: e.message }));
  if (asked === epoch) answer(res, [], true);
}

function answer(res, sent, first) {
  if (res.error) {
    $("error").textContent = res.error;
    if (!first) restart();
    return;
  }
  if (res.action !== undefined) return play({ action: res.action });
  clicks = sent;
  if (!first) $("error").textContent = "";
  const next = res.next;
  if (next.svg) { $("board").innerHTML = next.svg; bindBoard(); }
  const targets = new Set(next.targets || []);
  for (const e of $("board").querySelectorAll("[data-click]")) e.classList.toggle("hl", targets.has(e.getAttribute("data-click")));
  $("prompt").textContent = next.prompt || "";
  setChoices(next.choices || []);
}

function setChoices(choices) {
  const buttons = choices.map((c) => {
    const b = el("button", c.label, "choice"); b.type = "button";
    b.onclick = () => send(c.click);
    return b;
  });
  if (clicks.length) {
    const cancel = el("button", "Cancel", "cancel"); cancel.type = "button";
    cancel.onclick = restart; buttons.push(cancel);
  }
  $("choices").replaceChildren(...buttons);
}

// Cancel (or a refused click): the board as it was, the move from its start.
function restart() {
  clicks = [];
  $("board").innerHTML = view.svg; bindBoard();
  startMove();
}

async function send(c) {
  if (replayPly !== null || !view.legal.length) return;
  const sent = [...clicks, c];
  const asked = epoch;
  const res = await post("click", { clicks: sent }).catch((e) => ({ error: e.message }));
  if (asked === epoch) answer(res, sent, false);
}

function onClick(ev) {
  ev.stopPropagation();
  let c;
  try { c = JSON.parse(ev.currentTarget.getAttribute("data-click")); } catch { return; }
  send(c);
}

async function play(body) {
  $("prompt").textContent = "";
  setChoices([]);
  try { await update(await post("actions", { ...body, ply: view.ply })); }
  catch (e) { shownKey = null; show(view); $("error").textContent = e.message; }
}

function scoreTable(t, winners) {
  const box = $("scoretable");
  if (!t) { box.replaceChildren(); return; }
  const head = el("tr");
  // every drawing's headings: one corner heading (the label column), then one per column
  // (the seats' names, passed to the drawing; solo games may add a column, e.g. Heinrich)
  const [corner, ...seatHeads] = t.headings;
  head.append(el("th", corner, "corner"), ...seatHeads.map((h, i) =>
    el("th", h, winners && winners.includes(i) ? "winner" : "")));
  const rows = t.rows.map((r) => {
    const tr = el("tr", undefined, /^total$/i.test(r.label) ? "total" : "");
    tr.append(el("th", r.label), ...r.cells.map((c) => el("td", String(c))));
    return tr;
  });
  const cap = el("caption", winners ? "Final scores" : "Scores");
  box.replaceChildren(cap, el("thead"), el("tbody"));
  box.tHead.append(head); box.tBodies[0].append(...rows);
}

function scoringHelp(items) {
  $("helpbox").hidden = !items || !items.length;
  if (!items) return;
  $("scoringhelp").replaceChildren(...items.map((h) => {
    const d = el("div", undefined, "help");
    d.append(el("h4", h.heading), el("p", h.text), el("p", h.source, "source"));
    return d;
  }));
}

// a seat's final score for the game-over line: the score table's Total row, else the
// observation's score when it is a number (some games' scores are breakdown objects)
function finalScore(v, i) {
  const rows = v.score_table ? v.score_table.rows : [];
  const total = rows.find((r) => /^total$/i.test(r.label));
  if (total && total.cells[i] !== undefined && total.cells[i] !== "") return String(total.cells[i]);
  const s = v.scores ? v.scores[i] : undefined;
  if (typeof s === "number" || typeof s === "string") return String(s);
  if (s && typeof s === "object" && typeof s.total === "number") return String(s.total);
  return v.returns ? String(v.returns[i]) : "";
}

function result(v) {
  $("result").hidden = !v.terminal;
  $("replay").hidden = !v.terminal;
  if (!v.terminal) return;
  const best = v.winners.map((p) => v.seats[p].label).join(" and ");
  const scores = v.seats.map((s, i) => `${s.label} ${finalScore(v, i)}`).join(", ");
  const p = el("p", `Game over. ${v.winners.length > 1 ? "Shared victory" : "Winner"}: ${best}. `, "winner-line");
  p.append(el("span", `(${scores})`));
  const a = el("a", "Download the record"); a.href = `/api/tables/${tableId}/record${active ? "?token=" + encodeURIComponent(active) : ""}`; a.id = "download";
  a.setAttribute("download", `regalia-${tableId}.json`);
  $("result").replaceChildren(p, a);
}

$("logbox").addEventListener("toggle", scrollLog);   // unfolded: its last lines, as above
$("typed").onsubmit = (ev) => { ev.preventDefault(); play({ notation: $("move").value }); $("move").value = ""; };

// Step-by-step replay of a finished game (as this seat saw it; spectators: public view).
async function replayTo(ply) {
  const r = await fetch(`/api/tables/${tableId}/replay/${ply}`, { headers: headers() });
  const d = await r.json();
  if (!r.ok) { $("error").textContent = d.detail; return; }
  replayPly = d.ply; $("board").innerHTML = d.svg;
  $("replayply").textContent = `move ${d.ply} of ${d.plies}${d.move ? " · next: " + d.move : ""}`;
  if (d.score_table) scoreTable(d.score_table, null);
}
$("first").onclick = () => replayTo(0);
$("back").onclick = () => replayTo(Math.max(0, (replayPly ?? view.ply) - 1));
$("forward").onclick = () => replayTo(Math.min(view.ply, (replayPly ?? view.ply) + 1));
$("live").onclick = () => { replayPly = null; $("replayply").textContent = ""; shownKey = null; show(view); };
$("hintbutton").onclick = async () => {
  $("hint").textContent = "thinking…";
  try { $("hint").textContent = (await post("hint", {})).summary; } catch (e) { $("hint").textContent = ""; $("error").textContent = e.message; }
};
$("undo").onclick = async () => {
  try { shownKey = null; await update(await post("undo", {})); } catch (e) { $("error").textContent = e.message; }
};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${tableId}/ws${token ? "?token=" + encodeURIComponent(token) : ""}`);
  ws.onmessage = (m) => update(JSON.parse(m.data));
  ws.onclose = (e) => { if (e.code >= 4000) $("error").textContent = e.reason; else setTimeout(connect, 1000); };
}
learnSeats().then(connect);
