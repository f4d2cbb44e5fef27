// One seat at a table (board protocol v2): the server's SVG, clicks sent back as the
// click objects of the clicked elements' data-click, live updates over a WebSocket.
// No game logic here: the drawing on the server maps clicks to actions, the engine checks
// every move, and every word a person reads comes from the server or the page's catalogue
// (i18n.js).
import * as alerts from "./alerts.js";
import * as board from "./board.js";
import * as chat from "./chat.js";
import * as net from "./net.js";
import * as panels from "./panels.js";
import * as people from "./people.js";
import * as player from "./player.js";
import * as review from "./review.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const el = panels.el;
const tableId = location.pathname.split("/").pop();
// A hot-seat link carries the tokens of every seat played on this screen (#token=A&token=B).
// Without a token, the seats this browser's player key holds at the table are played
// (issue 25: a seat opened once is found again without its link).
const tokens = new URLSearchParams(location.hash.slice(1)).getAll("token");
let creds = tokens.map((tok) => ({ token: tok }));   // one credential per seat played here
const seatCreds = {};    // seat -> credential, learnt from the server
let active = creds[0] || null;   // the credential of the seat shown now
let view = null;         // the last view shown
let shownKey = null;     // what that view showed (a repeated push changes nothing)
let clicks = [];         // the click objects of the move in progress, oldest first
let replayPly = null;    // the ply shown in a replay, or null for the live table
let replayView = null;   // the view with that ply's folded log, while replaying
let epoch = 0;           // bumped by every view shown: an answer to an older one is dropped

const api = (path, body) => net.request(tableId, path, active, body);

async function learnSeats() {
  if (!creds.length && player.key()) {
    try {
      const mine = await net.request(tableId, "mine", null, undefined, player.headers());
      creds = mine.seats.map((seat) => ({ key: player.key(), seat }));
    } catch (e) {
      if (e instanceof net.LinkError) throw e;
      if (e.code === "key-revoked" || e.code === "key-unknown") player.forget();
    }
  }
  for (const c of creds) {
    const v = await net.request(tableId, "", c);
    seatCreds[v.seat] = c;
    if (c.token && !v.people.seats[v.seat].held && v.seats[v.seat].kind !== "computer") {
      people.takeSeat(v.seats[v.seat].label, (name) => sit(c, name));   // not awaited
    }
  }
  active = creds[0] || null;
}

// A seat link opened: this browser's player key holds the seat from now on, named ``name``.
async function sit(c, name) {
  await player.ensureKey();
  return net.request(tableId, "sit", c, { name }, player.headers());
}

// Hot seat: when the seat to play is another of ours, show that seat's view.
// Every view that arrives (the WebSocket's is the first token's seat) is shown as the
// active seat's: fetched again for that seat when it is another.
// With hidden information, the screen is covered when it passes from one of its seats to
// another, until the next person asks to see their hand.
async function update(v) {
  if (stale(v)) return;
  const before = active;
  active = seatCreds[v.current_player] || active;
  const showing = v.seat === null ? null : seatCreds[v.seat];
  if (active && showing !== active) {
    try { v = await api(""); } catch { return; }
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
  box.querySelector("p").textContent = t("{name}'s turn: pass the screen to {name}, then show the hand.", { name: v.seats[v.seat].label });
  box.hidden = false;
  box.querySelector("button").onclick = () => { box.hidden = true; };
}

function label(seat) { return view.seats[seat].label; }

function statusText(v, cur, terminal) {
  if (terminal) return t("game over");
  if (cur === null || cur === undefined) return "";
  return v.seat === cur ? t("your turn") : t("{name} to play", { name: label(cur) });
}

function show(v) {
  // (the people too: a name taken, a seat forfeited, a rematch made redraw the page)
  const key = JSON.stringify([v.seat, v.ply, v.thinking, v.error, v.current_player, v.terminal,
    v.seats.map((s) => s.label), v.people]);
  view = v;
  if (key === shownKey) return;   // the same position pushed again: keep the move in progress
  shownKey = key;
  epoch += 1;
  if (replayPly !== null) return; // replaying: the live table waits for "End"
  board.draw(v.svg);
  board.setTargets([]);
  $("who").textContent = v.seat === null ? t("{game} · you are: spectator", { game: v.title })
    : t("{game} · you are: {name}", { game: v.title, name: label(v.seat) });
  const status = statusText(v, v.current_player, v.terminal);
  $("status").textContent = status ? `· ${status}` : "";
  alerts.setTitle(`regalia: ${v.title}${status ? " · " + status : ""}`);
  alerts.setHere(tableId, v.legal.length > 0, t("{game}: your turn", { game: v.title }));
  people.show(v);
  chat.allow(v);
  follow(v);
  $("thinking").hidden = v.thinking === null;
  if (v.thinking !== null) $("thinking").textContent = t("{name} is thinking…", { name: label(v.thinking) });
  $("legal").textContent = v.legal.map((m) => m.notation).join("  ");
  panels.story(v, v.story);
  panels.log(v, null);
  $("typed").hidden = !v.legal.length;
  if (v.legal.length) $("move").placeholder = t("e.g. {move}", { move: v.notation_example || v.legal[0].notation });
  $("hintbutton").hidden = !v.hints || !v.legal.length;
  // Undo only where the server says it would work (the view carries its rule's answer)
  $("undo").hidden = v.seat === null || v.undo !== null;
  $("error").textContent = v.error || "";
  $("hint").replaceChildren();
  // a solo game has no winner to star (Heinrich is no seat; a sheet alone is no win)
  panels.scores(v.score_table, v.terminal && v.seats.length > 1 ? v.winners : null, v.terminal);
  panels.scoringHelp(v.scoring_help);
  result(v);
  $("turn").hidden = v.terminal && $("undo").hidden;
  $("turn").classList.toggle("active", v.legal.length > 0);
  clicks = [];
  setChoices([]);
  if (v.legal.length) startMove();
  else $("prompt").textContent = v.terminal ? "" : v.seat === null ? t("You are watching.") : t("Waiting for the others…");
}

// Start of a turn of a person: the drawing's prompt, targets and buttons for no click yet.
async function startMove() {
  clicks = [];
  const asked = epoch;
  const res = await api("click", { clicks: [] }).catch((e) => ({ error: e.message, offline: net.isLost() }));
  if (asked === epoch) answer(res, [], true);
}

function answer(res, sent, first) {
  if (res.error) {
    $("error").textContent = res.offline ? "" : res.error;
    if (!first && !res.offline) restart();
    return;
  }
  if (res.action !== undefined) return play({ action: res.action });
  clicks = sent;
  if (!first) $("error").textContent = "";
  const next = res.next;
  if (next.svg) board.draw(next.svg);
  board.setTargets(next.targets || []);
  $("prompt").textContent = next.prompt || "";
  setChoices(next.choices || []);
}

function setChoices(choices) {
  const buttons = choices.map((c) => {
    const b = el("button", c.label, "choice"); b.type = "button";
    b.dataset.choice = JSON.stringify(c.click);   // what it does, for scripts (the label is words)
    b.onclick = () => send(c.click);
    return b;
  });
  if (clicks.length) {
    const cancel = el("button", t("Cancel"), "cancel"); cancel.type = "button";
    cancel.onclick = restart; buttons.push(cancel);
  }
  $("choices").replaceChildren(...buttons);
}

// Cancel (or a refused click): the board as it was, the move from its start.
function restart() {
  clicks = [];
  board.draw(view.svg);
  startMove();
}

async function send(c) {
  if (replayPly !== null || !view.legal.length) return;
  const sent = [...clicks, c];
  const asked = epoch;
  const res = await api("click", { clicks: sent }).catch((e) => ({ error: e.message, offline: net.isLost() }));
  if (asked === epoch) answer(res, sent, false);
}

async function play(body) {
  $("prompt").textContent = "";
  setChoices([]);
  try { await update(await api("actions", { ...body, ply: view.ply })); }
  catch (e) {
    if (net.isLost()) return;     // the reconnection brings the table as it is
    shownKey = null; show(view); $("error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- the end of the game
function result(v) {
  $("replay").hidden = !v.terminal;
  review.offer(v, tableId, active);
  panels.result(v);
  if ($("result").hidden) return;
  const a = $("download");
  a.setAttribute("download", `regalia-${tableId}.json`);
  if (!active || active.token) {
    a.href = `/api/tables/${tableId}/record${active ? "?token=" + encodeURIComponent(active.token) : ""}`;
  } else {   // a seat held by the key: fetched with its headers (a key is never put in a URL)
    a.href = "#";
    a.onclick = async (ev) => {
      if (a.dataset.ready) return;
      ev.preventDefault();
      const r = await fetch(`/api/tables/${tableId}/record`, { headers: net.credHeaders(active) });
      a.href = URL.createObjectURL(await r.blob());
      a.dataset.ready = "1";
      a.click();
    };
  }
  const again = $("again");
  if (again) again.onclick = playAgain;
}

// Play again (issue 25): the server makes the rematch once, whoever asks first (the same
// game, settings and people, the seats rotated by one); every page of the table follows to
// it (``follow``). A seat nobody held gets a new link, shown here to be sent on.
let following = false;
async function playAgain() {
  const box = $("result").querySelector(".again-links");
  box.replaceChildren(el("p", t("Making the new table…")));
  let d;
  try { d = await api("rematch", {}); } catch (e) { box.replaceChildren(el("p", t("No new table: {why}", { why: e.message }), "error")); return; }
  const links = [...(d.links.here ? [{ label: d.links.here.labels.join(", "), url: d.links.here.url }] : []), ...d.links.invited];
  if (!links.length) { go(d.table); return; }
  following = true;   // stay to show the links
  box.replaceChildren(el("p", t("The new table is ready. Its seats nobody held need their links (send each one on):")));
  const ul = el("ul");
  for (const s of links) {
    const a = el("a", t("Invitation for {name}", { name: s.label })); a.href = s.url;
    const li = el("li"); li.append(a, " ", copyButton(s.url)); ul.append(li);
  }
  const go2 = el("a", t("Go to the new table")); go2.href = `/table/${d.table}`;
  box.append(ul, go2);
}

function go(next) { following = true; location.assign(`/table/${next}`); }

// The table's rematch was made: a person's page goes to it (its key holds its seats there);
// a spectator gets a link.
function follow(v) {
  const next = v.people && v.people.next;
  if (!next || following) return;
  if (v.seat !== null) { go(next); return; }
  const box = $("result").querySelector(".again-links");
  if (box && !box.querySelector("a.next")) {
    const a = el("a", t("Watch the next game"), "next"); a.href = `/table/${next}`;
    box.append(a);
  }
}

function copyButton(text) {
  const b = el("button", t("Copy link"), "copy"); b.type = "button";
  b.onclick = async () => {
    try { await navigator.clipboard.writeText(text); b.textContent = t("Copied"); }
    catch { b.textContent = t("Select the link to copy it"); }
  };
  return b;
}

// ---------------------------------------------------------------- replay, in step
// Step-by-step replay of a finished game (as this seat saw it; spectators: public view):
// the board, the header, the story and the log all at the ply shown.
async function replayTo(ply) {
  let d;
  try { d = await api(`replay/${ply}`); } catch (e) { $("error").textContent = e.message; return; }
  replayPly = d.ply;
  replayView = { ...view, entries: d.entries };
  board.draw(d.svg);
  board.setTargets([]);
  const status = statusText(view, d.current_player, d.terminal);
  const where = t("move {ply} of {plies}", { ply: d.ply, plies: d.plies });
  $("status").textContent = "· " + t("replay, {where}", { where }) + (status ? " · " + status : "");
  $("replayply").textContent = d.move ? t("{where} · next: {move}", { where, move: d.move }) : where;
  $("result").hidden = true;
  panels.story(view, d.story);
  panels.log(replayView, d.ply);
  panels.scores(d.score_table, null, d.terminal);
}
$("first").onclick = () => replayTo(0);
$("back").onclick = () => replayTo(Math.max(0, (replayPly ?? view.ply) - 1));
$("forward").onclick = () => replayTo(Math.min(view.ply, (replayPly ?? view.ply) + 1));
$("live").onclick = () => { replayPly = null; $("replayply").textContent = ""; shownKey = null; show(view); };

// ---------------------------------------------------------------- hints, undo, typing
$("hintbutton").onclick = async () => {
  $("hint").replaceChildren(el("p", t("Thinking…")));
  const asked = epoch;
  try {
    const h = await api("hint", {});
    if (asked !== epoch) return;
    const details = el("details");
    details.append(el("summary", t("How the computer worked it out")), el("p", h.details));
    $("hint").replaceChildren(el("p", h.text, "suggestion"), details);
    if (h.svg) { clicks = []; setChoices([]); board.draw(h.svg); startMove(); }
  } catch (e) { $("hint").replaceChildren(); $("error").textContent = e.message; }
};
$("undo").onclick = async () => {
  try { shownKey = null; await update(await api("undo", {})); } catch (e) { $("error").textContent = e.message; }
};
$("typed").onsubmit = (ev) => { ev.preventDefault(); play({ notation: $("move").value }); $("move").value = ""; };
$("logbox").addEventListener("toggle", panels.scrollLog);
$("alllog").onchange = () => {
  if (view) panels.log(replayPly === null ? view : replayView, replayPly);
};
$("zoom").onclick = board.zoomToggle;
board.listen(send);

// ---------------------------------------------------------------- the connection
// Back after a drop: the first push is the table as it is now; show it afresh and ask the
// drawing again for the move in progress (the clicks made before the drop are dropped).
function back() { shownKey = null; }

function fatal(why) {
  const [title, text] = why === "no-table"
    ? [t("There is no such table"), t("This link names no table on this server: it may have been mistyped or cut short.")]
    : why === "bad-key"
      ? [t("This browser does not hold this seat"), t("Its player key was revoked or replaced on another device. Open your seat link again, or watch the table.")]
      : [t("This seat link is not valid"), t("The link's seat key does not open a seat at this table. Ask the person who made the table for your link again, or watch without one.")];
  $("fataltitle").textContent = title;
  $("fataltext").textContent = text;
  $("fatal").hidden = false;
  $("connection").hidden = true;
  document.title = `regalia: ${title}`;
}

// Start: learn which seat each token opens (a bad link ends here), then listen; a server
// that cannot be reached yet is asked again, waiting longer each time.
async function start(wait) {
  try {
    await learnSeats();
  } catch (e) {
    if (e instanceof net.LinkError) { fatal(e.message); return; }
    setTimeout(() => start(Math.min(wait * 2, 8000)), wait);
    return;
  }
  net.connect(tableId, creds[0] || null, update, back, fatal, chat.add);
}
// a seat writes with its credential, a spectator (where the table allows) with its key
chat.init(tableId, (body) => net.request(tableId, "chat", active, body, active ? {} : player.headers()));
alerts.controls($("alerts"));
alerts.poll();
start(500);
