// The page's connection to the server: JSON requests with the seat's token, and the
// WebSocket that pushes the seat's view after every change. When the connection drops the
// page says so in a banner and reconnects with backoff (0.5 s doubling to 8 s, jittered);
// once back, the server's first push is the current view, which the page shows by itself.
// A bad or expired link (the server closes with 4403: a bad token, 4404: no such table)
// stops the reconnecting: the page shows why instead.

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
  b.textContent = `Connection lost${detail ? ` (${detail})` : ""}. Reconnecting… your moves are safe on the server.`;
}

function connectionBack() {
  const was = lost;
  lost = false;
  banner().hidden = true;
  if (was) onBack();
}

export function isLost() { return lost; }

// A JSON request to the table's API. Network failures mark the connection lost and throw
// an Error whose message says so; refusals throw the server's words (its "detail").
export async function request(tableId, path, token, body) {
  const headers = { "content-type": "application/json", ...(token ? { "x-seat-token": token } : {}) };
  let r;
  try {
    r = await fetch(`/api/tables/${tableId}${path ? "/" + path : ""}`,
      body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  } catch (e) {
    connectionLost();
    throw new Error("the server could not be reached; the page retries by itself");
  }
  const d = await r.json().catch(() => ({ detail: `the server answered ${r.status}` }));
  if (r.status === 403 || r.status === 404) {
    if (!path) throw new LinkError(r.status === 403 ? "bad-token" : "no-table");
  }
  if (!r.ok) throw new Error(d.detail || `the server answered ${r.status}`);
  return d;
}

// Keep a WebSocket open to the table; ``onView`` gets every view pushed. ``back`` runs
// after a reconnection (the page then asks again for what it was doing); ``fatal(reason)``
// when the link is bad (no more reconnecting).
export function connect(tableId, token, onView, back, fatal) {
  onBack = back;
  onFatal = fatal;
  let delay = 500;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/tables/${tableId}/ws`
      + (token ? "?token=" + encodeURIComponent(token) : ""));
    ws.onmessage = (m) => {
      delay = 500;
      connectionBack();
      onView(JSON.parse(m.data));
    };
    ws.onclose = (e) => {
      if (e.code === 4403 || e.code === 4404) { onFatal(e.code === 4403 ? "bad-token" : "no-table"); return; }
      connectionLost();
      const wait = delay * (0.75 + Math.random() / 2);
      delay = Math.min(delay * 2, 8000);
      setTimeout(open, wait);
    };
  };
  open();
}
