// The leaderboard (issue 25): the best rated players of a game (GET /api/ratings), this
// browser's player marked "(you)". Names go in as text.
import * as player from "./player.js";
import { number, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function cell(tag, text) { const e = document.createElement(tag); e.textContent = text; return e; }

async function show() {
  $("error").textContent = "";
  let rows = [];
  try { rows = await player.get(`/api/ratings?game=${encodeURIComponent($("game").value)}`); }
  catch (e) { $("error").textContent = e.message; }
  $("empty").hidden = rows.length > 0;
  $("rows").replaceChildren(...rows.map((r) => {
    const tr = document.createElement("tr");
    if (r.you) tr.className = "you-row";
    tr.append(cell("td", String(r.place)), cell("td", r.you ? t("{name} (you)", { name: r.name }) : r.name),
      cell("td", number(r.rating, 1)), cell("td", String(r.games)));
    return tr;
  }));
}

async function load() {
  const games = (await (await fetch("/api/games")).json()).filter((g) => g.playable);
  for (const g of games) {
    const o = document.createElement("option"); o.value = g.name; o.textContent = g.title;
    $("game").append(o);
  }
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && games.some((g) => g.name === asked)) $("game").value = asked;
  else if (games.some((g) => g.name === "kingdomino")) $("game").value = "kingdomino";
  $("game").onchange = show;
  show();
}
load();
