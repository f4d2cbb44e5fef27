// The page's connection to the server: JSON requests with the seat's token, and the
// WebSocket that pushes the seat's view after every change. When the connection drops the
// page says so in a banner and reconnects with backoff (0.5 s doubling to 8 s, jittered);
// once back, the server's first push is the current view, which the page shows by itself.
// A bad or expired link (the server closes with 4403: a bad token, 4404: no such table)
// stops the reconnecting: the page shows why instead.

import { t } from "./i18n.js";

const banner = () => document.getElementById("connection");

export class LinkError extends Error {}   // the link itself is bad: no use retrying

let lost = false;
let onBack = () => {};
let onFatal = () => {};

// The connection is down: the banner says so until a push arrives again.
export function connectionLost(detail) {
  lost = true;
  const b = banner();
  b.hidden = false;
  b.textContent = detail ? t("Connection lost ({detail}). Reconnecting… your moves are safe on the server.", { detail })
    : t("Connection lost. Reconnecting… your moves are safe on the server.");
}

function connectionBack() {
  const was = lost;
  lost = false;
  banner().hidden = true;
  if (was) onBack();
}

export function isLost() { return lost; }

// The headers of a credential: a seat token ({token}, or the token itself), or a player
// key and the seat it holds ({key, seat}: issue 25), or none (a spectator).
export function credHeaders(cred) {
  if (!cred) return {};
  if (typeof cred === "string") return { "x-seat-token": cred };
  if (cred.token) return { "x-seat-token": cred.token };
  return { "x-player-key": cred.key, ...(cred.seat !== undefined && cred.seat !== null ? { "x-seat": String(cred.seat) } : {}) };
}

// The server's clock minus this one's (ms), from the Date of its answers: a deadline is
// counted down on the server's time (0 within the Date header's one-second grain).
let skew = 0;
export function serverNow() { return Date.now() + skew; }
function learnSkew(r, sent) {
  const date = Date.parse(r.headers.get("date") || "");
  if (Number.isNaN(date)) return;
  const diff = date + 500 - (sent + Date.now()) / 2;
  skew = Math.abs(diff) > 1500 ? diff : 0;
}

// A JSON request to the table's API. Network failures mark the connection lost and throw
// an Error whose message says so; refusals throw the server's words (its "detail").
// ``extra``: more headers (a player key beside a seat token).
export async function request(tableId, path, token, body, extra = {}) {
  const headers = { "content-type": "application/json", ...credHeaders(token), ...extra };
  const sent = Date.now();
  let r;
  try {
    r = await fetch(`/api/tables/${tableId}${path ? "/" + path : ""}`,
      body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  } catch (e) {
    connectionLost();
    throw new Error(t("the server could not be reached; the page retries by itself"));
  }
  learnSkew(r, sent);
  const d = await r.json().catch(() => ({ detail: t("the server answered {status}", { status: r.status }) }));
  if (r.status === 403 || r.status === 404) {
    if (!path) throw new LinkError(r.status === 404 ? "no-table" : token && token.key ? "bad-key" : "bad-token");
  }
  if (!r.ok) {
    const e = new Error(d.detail || t("the server answered {status}", { status: r.status }));
    e.code = d.code;   // a refusal's machine-readable code, where the server gives one
    throw e;
  }
  return d;
}

// Keep a WebSocket open to the table; ``onView`` gets every view pushed, ``onChat`` the
// chat's lines ({type: "chat"}). ``back`` runs after a reconnection (the page then asks
// again for what it was doing); ``fatal(reason)`` when the link is bad (no more
// reconnecting). A player key goes as a subprotocol ("key.KEY" beside "regalia"), never
// in the URL.
export function connect(tableId, token, onView, back, fatal, onChat = () => {}) {
  onBack = back;
  onFatal = fatal;
  let delay = 500;
  const cred = typeof token === "string" ? { token } : token;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}/api/tables/${tableId}/ws`
      + (cred && cred.token ? "?token=" + encodeURIComponent(cred.token)
        : cred && cred.key ? `?seat=${cred.seat}` : "");
    const ws = cred && cred.key ? new WebSocket(url, ["regalia", "key." + cred.key]) : new WebSocket(url);
    ws.onmessage = (m) => {
      delay = 500;
      connectionBack();
      const d = JSON.parse(m.data);
      if (d.type === "chat") onChat(d.lines); else onView(d);
    };
    ws.onclose = (e) => {
      if (e.code === 4403 || e.code === 4404) { onFatal(e.code === 4404 ? "no-table" : cred && cred.key ? "bad-key" : "bad-token"); return; }
      connectionLost();
      const wait = delay * (0.75 + Math.random() / 2);
      delay = Math.min(delay * 2, 8000);
      setTimeout(open, wait);
    };
  };
  open();
}
