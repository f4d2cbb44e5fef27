// The start page: games from the registry (Kingdomino first), a table created with one
// entry per seat, and the new table's links, each with a copy button and a QR code (the
// server writes both: it made the tokens). Issue 25: the person's name (remembered by this
// browser), Your games (the tables this browser's player key holds a seat at), the tables
// open to anyone with a free seat to join, a new table's options (open, move time limit,
// rated against the computer, spectators' chat), and moving the key to another device.
// Every name from the server goes in as text.
import * as alerts from "./alerts.js";
import * as player from "./player.js";
import { number, t, tn } from "./i18n.js";

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
  for (const tb of tables.reverse()) {
    const li = document.createElement("li");
    const a = text("a", `${tb.title} ${tb.table}`); a.href = `/table/${tb.table}`;
    li.append(a, ` — ${tb.seats.map((s) => s.label).join(", ")} — ${tb.terminal ? t("finished") : t("move {ply}", { ply: tb.ply })}`);
    $("tables").append(li);
  }
}

function current() { return games.find((g) => g.name === $("game").value); }

function gameChanged() {
  const g = current(); $("players").replaceChildren(); $("variants").replaceChildren(text("legend", t("Variants")));
  for (let n = g.min_players; n <= g.max_players; n++) {
    const o = text("option", n === 1 ? t("1 (solo)") : String(n)); o.value = n; $("players").append(o);
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
  const box = $("params"); box.replaceChildren(text("legend", t("Options")));
  const shown = g.params.filter((p) => n in p.defaults);
  box.hidden = !shown.length;
  for (const p of shown) {
    const d = p.defaults[n]; const l = text("label", undefined, "param"); const i = document.createElement("input");
    i.name = p.name; i.dataset.type = p.type; i.className = "param";
    if (p.type === "bool") { i.type = "checkbox"; i.checked = !!d; }
    else if (p.type === "int") { i.type = "number"; i.step = "1"; i.value = d; }
    else { i.type = "text"; i.value = Array.isArray(d) ? d.join(",") : (d ?? ""); }
    l.append(`${p.label || heading(p.name)} `, i, text("span", p.help, "paramhelp"));
    box.append(l);
  }
}

function paramValues() {
  const out = {};
  for (const i of $("params").querySelectorAll("input.param")) {
    const type = i.dataset.type;
    out[i.name] = type === "bool" ? i.checked : type === "int" ? (i.value === "" ? i.value : Number(i.value)) : i.value;
  }
  return out;
}

function seatsChanged() {
  const n = Number($("players").value); $("seats").replaceChildren(text("legend", t("Seats")));
  for (let i = 0; i < n; i++) {
    const row = document.createElement("div");
    const kind = document.createElement("select"); kind.className = "kind";
    kind.setAttribute("aria-label", t("Seat {n}: who plays", { n: i + 1 }));
    for (const [v, words] of [["here", t("a person here")], ["invited", t("an invited person (a link)")], ["computer", t("the computer")]]) {
      const o = text("option", words); o.value = v; kind.append(o);
    }
    const strength = document.createElement("select"); strength.className = "strength";
    strength.setAttribute("aria-label", t("Seat {n}: the computer's strength", { n: i + 1 }));
    for (const [s, words] of [["easy", t("easy")], ["normal", t("normal")], ["strong", t("strong")]]) {
      const o = text("option", words); o.value = s; strength.append(o);
    }
    if (i > 0) kind.value = "computer";
    strength.hidden = kind.value !== "computer";
    kind.onchange = () => { strength.hidden = kind.value !== "computer"; };
    row.append(t("Seat {n}:", { n: i + 1 }) + " ", kind, " ", strength);
    $("seats").append(row);
  }
}

function copyButton(url, what) {
  const b = text("button", t("Copy link")); b.type = "button";
  b.setAttribute("aria-label", t("Copy {what}", { what }));
  b.onclick = async () => {
    try { await navigator.clipboard.writeText(url); b.textContent = t("Copied"); }
    catch { b.textContent = t("Select the link to copy it"); }
  };
  return b;
}

// One link of the new table: the link, its copy button, its QR code (the server's SVG).
function linkRow(label, url, qr, kind) {
  const row = text("div", undefined, "link");
  const a = text("a", label); a.href = url;
  if (kind) a.dataset.link = kind;   // here | invited | spectator (for scripts: the words are translated)
  row.append(a, copyButton(url, label));
  if (qr) {
    const q = text("div", undefined, "qr"); q.innerHTML = qr;   // segno's SVG, made by the server
    row.append(q);
  }
  return row;
}

// The name typed, remembered; the seats played here carry it (the first of them; a hot
// seat's others keep "Player N").
function myName() { const n = $("myname").value.trim(); player.rememberName(n); return n; }

$("create").onsubmit = async (ev) => {
  ev.preventDefault(); $("error").textContent = "";
  const name = myName();
  let named = false;
  const seats = [...$("seats").querySelectorAll("div")].map((d) => {
    const s = { kind: d.querySelector(".kind").value, strength: d.querySelector(".strength").value };
    if (s.kind === "here" && name && !named) { s.label = name; named = true; }
    return s;
  });
  const variants = [...$("variants").querySelectorAll("input:checked")].map((c) => c.value);
  const clock = $("clock").value ? { seconds: Number($("clock").value), timeout: $("timeout").value } : null;
  let d;
  try {
    await player.ensureKey();
    d = await player.post("/api/tables", { game: $("game").value, players: Number($("players").value),
      variants, seats, params: paramValues(), hints: $("hints").checked, pace: Number($("pace").value),
      open: $("open").checked, clock, rate_computers: $("ratecomputers").checked,
      spectator_chat: $("spectatorchat").checked });
  } catch (e) { $("error").textContent = e.message; return; }
  alerts.poll(showGames);
  const out = $("created");
  out.replaceChildren(text("p", t("Table created. Private seat links (keep them: each opens one seat, and they are shown only now):")));
  const links = d.links;
  if (links.here) {   // one link plays every seat on this screen (hot seat)
    out.append(linkRow(t("Play here: {names}", { names: links.here.labels.join(", ") }), links.here.url, links.here.qr, "here"));
  }
  for (const s of links.invited) {
    out.append(linkRow(t("Invitation for {name} (send this link)", { name: s.label }), s.url, s.qr, "invited"));
  }
  out.append(linkRow(t("Watch the table (spectator view)"), links.spectator, null, "spectator"));
};

// "5 min", "3 h", "2 d": how long a game has waited.
function waited(seconds) {
  if (seconds === null || seconds === undefined) return "";
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return t("{n} min", { n: Math.floor(seconds / 60) });
  if (seconds < 86400) return t("{n} h", { n: Math.floor(seconds / 3600) });
  return t("{n} d", { n: Math.floor(seconds / 86400) });
}

// Your games: each table with its people (yours marked), whose turn and how long it waited.
function showGames(list) {
  $("noyourgames").hidden = list.length > 0;
  $("yourgames").replaceChildren(...list.map((g) => {
    const li = text("li", undefined, g.turn !== null ? "yourturn" : "");
    const a = text("a", g.title); a.href = `/table/${encodeURIComponent(g.table)}`;
    const who = g.seats.map((s) => (s.mine ? t("{name} (you)", { name: s.label }) : s.label)).join(", ");
    const state = g.over ? t("finished")
      : g.turn !== null ? t("your turn · waiting {time}", { time: waited(g.waiting) })
        : g.to_move !== null ? t("{name} to play · {time}", { name: g.seats[g.to_move].label, time: waited(g.waiting) }) : t("the computer plays");
    li.append(a, ` — ${who} — `, text("strong", state));
    if (g.rating) li.append(" · " + tn("your rating {rating} ({n} game)", "your rating {rating} ({n} games)", g.rating.games, { rating: number(g.rating.value, 1) }));
    return li;
  }));
}

// The open tables: each free seat with a button to take it under the name typed above.
async function showOpen() {
  let list = [];
  try { list = await player.get("/api/tables/open"); } catch { return; }
  $("noopen").hidden = list.length > 0;
  $("opentables").replaceChildren(...list.map((tb) => {
    const li = text("li");
    const seats = tb.seats.map((s) => (s.free ? t("seat {n} free", { n: s.seat + 1 }) : s.label));
    li.append(tb.title + " — " + seats.join(", ") + " ");
    for (const s of tb.seats.filter((x) => x.free)) {
      const b = text("button", t("Join seat {n}", { n: s.seat + 1 })); b.type = "button";
      b.onclick = () => join(tb.table, s.seat);
      li.append(b, " ");
    }
    return li;
  }));
}

async function join(table, seat) {
  $("keyerror").textContent = "";
  const name = myName();
  if (!name) { $("keyerror").textContent = t("Type your name above first: it is shown to the others."); $("myname").focus(); return; }
  try {
    await player.ensureKey();
    await player.post(`/api/tables/${encodeURIComponent(table)}/join`, { seat, name });
  } catch (e) { $("keyerror").textContent = t("You could not join: {why}", { why: e.message }); showOpen(); return; }
  location.assign(`/table/${encodeURIComponent(table)}`);
}

// A key brought from another device: its link (#key=...) or pasted.
const KEY_FORM = /^[A-Za-z0-9_-]{43}$/;
async function useKey(k) {
  if (!KEY_FORM.test(k)) { $("keystatus").textContent = t("That is not a player key (43 letters, digits, - and _)."); return; }
  const r = await fetch("/api/players/me", { headers: { "x-player-key": k } });
  if (!r.ok) { $("keystatus").textContent = t("This server does not know that key, or it was replaced."); return; }
  player.setKey(k);
  $("keystatus").textContent = t("This browser now holds that key: its games are listed above.");
  alerts.poll(showGames);
}

$("showkey").onclick = async () => {
  try {
    await player.ensureKey();
    const d = await player.post("/api/players/me/link", {});
    const row = linkRow(t("Open this link on your other device"), d.url, d.qr);
    $("keylink").replaceChildren(text("p", t("Anyone holding this link plays your games: keep it to yourself.")), row);
  } catch (e) { $("keystatus").textContent = e.message; }
};
$("revoke").onclick = async () => {
  if (!player.key()) { $("keystatus").textContent = t("This browser holds no key yet."); return; }
  try {
    player.setKey((await player.post("/api/players/me/revoke", {})).key);
    $("keylink").replaceChildren();
    $("keystatus").textContent = t("A new key is held here; the old one no longer works anywhere.");
  } catch (e) { $("keystatus").textContent = e.message; }
};
$("usekey").onsubmit = (ev) => { ev.preventDefault(); useKey($("otherkey").value.trim()); };

const brought = new URLSearchParams(location.hash.slice(1)).get("key");
if (brought) { history.replaceState(null, "", location.pathname); useKey(brought); }
$("myname").value = player.name();
$("myname").onchange = myName;
alerts.controls($("alerts"));
alerts.poll(showGames);
showOpen();
load();
