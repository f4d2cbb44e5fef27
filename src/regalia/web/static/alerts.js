// Turn alerts (issue 25): the page's title and icon say when a game waits on you: this
// page's table ("● " before the title) and your other games ("(2) " before it), learnt from
// the other tabs (a BroadcastChannel: a table's page tells the others at once) and from
// "Your games" (GET /api/players/me/games, asked every POLL_MS). An optional sound when a
// turn of yours starts, and the browser's notification when the person allowed it and the
// page is not in view. Every alert shows only while the page is hidden.
import * as player from "./player.js";
import { t } from "./i18n.js";

const POLL_MS = 15000;
const channel = "BroadcastChannel" in window ? new BroadcastChannel("regalia-turns") : null;
const others = new Map();   // table -> {yours, what} told by other pages or by Your games
let here = null;            // this page's table: {table, yours, what}
let base = document.title;
let pollers = [];

function icon(alert) {
  const dot = alert ? '<circle cx="23" cy="9" r="8" fill="#d9480f" stroke="#fff" stroke-width="2"/>' : "";
  return "data:image/svg+xml," + encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    + '<path d="M4 24 L6 9 L12 16 L16 6 L20 16 L26 9 L28 24 Z" fill="#5b3a00"/>' + dot + "</svg>");
}

function favicon(alert) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  link.href = icon(alert);
}

// The tables of yours waiting on you, besides this page's.
export function waitingElsewhere() {
  return [...others.entries()].filter(([t, w]) => w.yours && (!here || t !== here.table)).length;
}

// The marks show while the page is not in view (a background tab, another window): a page
// in view shows the turn in its own status line.
function refresh() {
  const n = document.hidden ? waitingElsewhere() : 0;
  const mine = document.hidden && here && here.yours;
  document.title = `${mine ? "● " : ""}${n ? `(${n}) ` : ""}${base}`;
  favicon(mine || n > 0);
}

// The page's own title (the alerts are put before it).
export function setTitle(title) { base = title; refresh(); }

function sound() {
  if (localStorage.getItem("regalia.sound") !== "on" || !document.hidden) return;
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator(); const g = ctx.createGain();
    o.frequency.value = 660; g.gain.value = 0.08;
    o.connect(g); g.connect(ctx.destination);
    o.start(); o.stop(ctx.currentTime + 0.18);
    o.onended = () => ctx.close();
  } catch { /* no audio here */ }
}

function notify(what, table) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  try { new Notification(t("regalia: your turn"), { body: what, tag: `regalia-${table}` }); } catch { /* not allowed */ }
}

// This page's table: whether it waits on you now (``what``: words for the alert).
export function setHere(table, yours, what) {
  const started = yours && !(here && here.yours && here.table === table);
  here = { table, yours, what };
  if (channel) channel.postMessage({ table, yours, what });
  refresh();
  if (started) { sound(); notify(what, table); }
}

if (channel) {
  channel.onmessage = (m) => {
    const d = m.data || {};
    if (typeof d.table !== "string") return;
    const before = others.get(d.table);
    others.set(d.table, { yours: !!d.yours, what: String(d.what || "") });
    refresh();
    // the table's own page sounds its alert; another page only when none is open there
    if (d.yours && !(before && before.yours) && !here) notify(String(d.what || ""), d.table);
  };
}

// Ask Your games now and every POLL_MS; ``onGames(list)`` gets each answer (the lobby
// shows it). Nothing is asked without a key (no games to find). Called again (a key just
// made or brought), it asks at once.
let polling = false;
async function ask() {
  if (player.key()) {
    try {
      const games = await player.get("/api/players/me/games");
      for (const g of games) {
        const told = others.get(g.table);
        if (g.turn !== null || !told) others.set(g.table, { yours: g.turn !== null, what: g.title });
        else if (told.yours && g.turn === null) others.set(g.table, { yours: false, what: g.title });
      }
      refresh();
      for (const f of pollers) f(games);
    } catch { /* offline, or the key was revoked: the next poll tries again */ }
  } else {
    for (const f of pollers) f([]);
  }
}
export function poll(onGames = () => {}) {
  if (!pollers.includes(onGames)) pollers.push(onGames);
  ask();
  if (polling) return;
  polling = true;
  setInterval(ask, POLL_MS);
}

// The alert settings a page offers: a sound, and the browser's notifications.
export function controls(box) {
  const label = document.createElement("label");
  label.className = "toggle";
  const sound = document.createElement("input");
  sound.type = "checkbox";
  sound.checked = localStorage.getItem("regalia.sound") === "on";
  sound.onchange = () => localStorage.setItem("regalia.sound", sound.checked ? "on" : "off");
  label.append(sound, " ", t("A sound when it is your turn"));
  box.replaceChildren(label);
  if ("Notification" in window && Notification.permission === "default") {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("Notify me when it is my turn");
    b.onclick = async () => { await Notification.requestPermission(); b.remove(); };
    box.append(" ", b);
  }
}

document.addEventListener("visibilitychange", refresh);
favicon(false);
