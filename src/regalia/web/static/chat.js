// The table's chat (issue 25): lines arrive over the table's WebSocket ({type: "chat"}) and
// are shown as text, never as markup. A person writes with the seat's credential (a
// spectator with its key and a name, where the table allows it); mutes a writer on this
// browser (kept per table in local storage); hides the whole chat.
import * as player from "./player.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let tableId = null;
let send = null;          // (body) => Promise: the page's request with its credential
let lines = [];           // every line received, oldest first
let names = {};           // sender -> its last name (the mute list shows it)
let muted = new Set();
let own = null;           // the viewer's own sender handle (no mute button on its lines)

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function storeMutes() { localStorage.setItem(`regalia.mute.${tableId}`, JSON.stringify([...muted])); }

// The chat of ``id``; ``post(body)`` writes a line with the page's credential.
export function init(id, post) {
  tableId = id;
  send = post;
  try { muted = new Set(JSON.parse(localStorage.getItem(`regalia.mute.${id}`) || "[]")); } catch { muted = new Set(); }
  $("chatoff").checked = localStorage.getItem("regalia.chat") === "off";
  $("chatoff").onchange = () => { localStorage.setItem("regalia.chat", $("chatoff").checked ? "off" : "on"); draw(); };
  $("chatform").onsubmit = async (ev) => {
    ev.preventDefault();
    const text = $("chattext").value;
    if (!text.trim()) return;
    $("chaterror").textContent = "";
    const body = { text };
    if (!$("chatname").hidden) {
      body.name = $("chatnamein").value.trim();
      await player.ensureKey();
    }
    try {
      await send(body);
      $("chattext").value = "";
      if (body.name) player.rememberName(body.name);
    } catch (e) { $("chaterror").textContent = e.message; }
  };
}

// The lines pushed by the server (new ones only are kept).
export function add(more) {
  const last = lines.length ? lines[lines.length - 1].id : 0;
  for (const l of more) if (l.id > last) lines.push(l);
  draw();
}

// Who may write: a seat, or a spectator where the table allows it (who then gives a name).
export function allow(view) {
  const write = !!(view.people && view.people.chat && view.people.chat.write);
  own = view.seat === null ? null : `s${view.seat}`;
  $("chatform").hidden = !write;
  $("chatname").hidden = !write || view.seat !== null;
  if (!$("chatname").hidden && !$("chatnamein").value) $("chatnamein").value = player.name();
  $("chatnote").textContent = write ? "" : t("Spectators read the chat; the players write in it.");
  draw();
}

function draw() {
  const off = $("chatoff").checked;
  $("chatlines").hidden = off;
  $("chatform").classList.toggle("off", off);
  for (const l of lines) names[l.sender] = l.name;
  $("chatlines").replaceChildren(...lines.filter((l) => !muted.has(l.sender)).map((l) => {
    const li = el("li");
    const who = el("strong", l.seat === null ? t("{name} (watching)", { name: l.name }) : l.name);
    li.append(who, " ", el("span", l.text, "said"));
    if (l.sender !== own) {
      const mute = el("button", t("Mute"), "mute");
      mute.type = "button";
      mute.setAttribute("aria-label", `Mute ${l.name}`);
      mute.onclick = () => { muted.add(l.sender); storeMutes(); draw(); };
      li.append(" ", mute);
    }
    return li;
  }));
  const box = $("chatmuted");
  box.replaceChildren(...[...muted].map((s) => {
    const b = el("button", names[s] ? t("Unmute {name}", { name: names[s] }) : t("Unmute a writer"), "unmute");
    b.type = "button";
    b.onclick = () => { muted.delete(s); storeMutes(); draw(); };
    return b;
  }));
  $("chatlines").scrollTop = $("chatlines").scrollHeight;
}
