// This browser's player key and name (issue 25): the key is the browser's identity instead
// of an account. The server makes it (POST /api/players) and keeps only its hash; the page
// keeps it in local storage and sends it in the X-Player-Key header (never in a URL but the
// one a person asks for to move it to another device). The name is the one the person chose
// last, offered again when they create, join or sit at a table.
import { t } from "./i18n.js";

const KEY = "regalia.key";
const NAME = "regalia.name";

export function key() { return localStorage.getItem(KEY); }
export function name() { return localStorage.getItem(NAME) || ""; }
export function rememberName(n) { if (n) localStorage.setItem(NAME, n); }
export function setKey(k) { localStorage.setItem(KEY, k); }
export function forget() { localStorage.removeItem(KEY); }

// The header that names this browser's key (none when it has none yet).
export function headers() { const k = key(); return k ? { "x-player-key": k } : {}; }

async function json(r) { return r.json().catch(() => ({ detail: t("the server answered {status}", { status: r.status }) })); }

// A POST of JSON with this browser's key; the answer, or an Error with the server's words.
export async function post(path, body, extra = {}) {
  const r = await fetch(path, { method: "POST", body: JSON.stringify(body || {}),
    headers: { "content-type": "application/json", ...headers(), ...extra } });
  const d = await json(r);
  if (!r.ok) { const e = new Error(d.detail || t("the server answered {status}", { status: r.status })); e.status = r.status; e.code = d.code; throw e; }
  return d;
}

export async function get(path) {
  const r = await fetch(path, { headers: headers() });
  const d = await json(r);
  if (r.status === 403 && key()) forget();   // revoked on another device, or unknown here
  if (!r.ok) { const e = new Error(d.detail || t("the server answered {status}", { status: r.status })); e.status = r.status; e.code = d.code; throw e; }
  return d;
}

// This browser's key, made by the server on first need.
export async function ensureKey() {
  if (key()) return key();
  const d = await post("/api/players", {});
  setKey(d.key);
  return d.key;
}
