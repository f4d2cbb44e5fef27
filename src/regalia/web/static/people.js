// The people at a table (issue 25): each seat's name with the computer's mark, its rating
// at this game and the games it rests on, a free or forfeited seat; the move clock counting
// down on the server's time; whether the game will be rated; and the dialog that asks a
// person's name when they take a seat. Text only: every name goes in as text.
import { serverNow } from "./net.js";
import * as player from "./player.js";
import { number, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let view = null;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// "0:42", "2 h 05 min", "1 d 3 h": what is left of a move's time.
export function duration(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return t("{days} d {hours} h", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("{hours} h {minutes} min", { hours: Math.floor(s / 3600), minutes: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function limitWords(seconds) {
  if (seconds % 86400 === 0) return tn("{n} day", "{n} days", seconds / 86400);
  if (seconds % 3600 === 0) return tn("{n} hour", "{n} hours", seconds / 3600);
  if (seconds % 60 === 0) return tn("{n} minute", "{n} minutes", seconds / 60);
  return tn("{n} second", "{n} seconds", seconds);
}

export function show(v) {
  view = v;
  const people = v.people || {};
  const info = people.seats || [];
  $("seatlist").replaceChildren(...v.seats.map((s) => {
    const p = info[s.seat] || {};
    const li = el("li", undefined, s.seat === v.current_player && !v.terminal ? "tomove" : "");
    li.append(el("span", s.label, "name"));
    if (s.kind === "computer") li.append(" ", el("span", t("computer"), "mark"));
    if (s.seat === v.seat) li.append(" ", el("span", t("you"), "you"));
    if (p.forfeited) li.append(" ", el("span", t("forfeited"), "forfeited"));
    else if (s.kind !== "computer" && !p.held && people.open) li.append(" ", el("span", t("free seat"), "free"));
    if (p.rating) li.append(" ", el("span", tn("rating {rating} ({n} game)", "rating {rating} ({n} games)", p.rating.games, { rating: number(p.rating.value, 1) }), "rating"));
    return li;
  }));
  const rated = $("rated");
  rated.hidden = !people.rated || v.seats.length < 2;
  rated.textContent = people.rated ? people.rated.charAt(0).toUpperCase() + people.rated.slice(1) + "." : "";
  tick();
}

// The clock of the move due: counted down every second on the server's time.
export function tick() {
  const box = $("clock");
  const c = view && view.people && view.people.clock;
  const cur = view ? view.current_player : null;
  if (!c || view.terminal || cur === null || cur === undefined) { box.hidden = true; return; }
  box.hidden = false;
  const name = view.seats[cur].label;
  const limit = c.timeout === "forfeit" ? t("Move time limit: {limit}; then the seat forfeits.", { limit: limitWords(c.seconds) })
    : t("Move time limit: {limit}; then the computer plays the move.", { limit: limitWords(c.seconds) });
  if (c.expired !== null && c.expired !== undefined) {
    box.textContent = t("Time is up for {name}: the computer plays the move.", { name: view.seats[c.expired].label }) + " " + limit;
    box.className = "expired";
  } else if (c.deadline) {
    const left = c.deadline - serverNow();
    const time = duration(left);
    const said = left <= 0 ? t("Time is up for {name}.", { name })
      : cur === view.seat ? t("You have {time} for this move.", { time }) : t("{name} has {time} for this move.", { name, time });
    box.textContent = `${said} ${limit}`;
    box.className = left > 0 && left < 60000 ? "short" : "";
  } else {
    box.textContent = limit;
    box.className = "";
  }
}
setInterval(tick, 1000);

// Take a seat opened by its link under the person's name, so that this browser's key holds
// it (Your games finds it again without the link): at once with the name this browser
// remembers, else (or when that name is refused) with the form shown beside the board,
// which does not stop the game meanwhile. ``sit(name)`` asks the server.
export async function takeSeat(label, sit) {
  const known = player.name();
  if (known) {
    try { await sit(known); return; } catch (e) { $("siterror").textContent = e.message; }
  }
  $("sittext").textContent = t("You play the seat “{label}”. Give your name to show the others, and this browser finds the game again without its link.", { label });
  $("sitname").value = known;
  $("sit").hidden = false;
  $("sitform").onsubmit = async (ev) => {
    ev.preventDefault();
    $("siterror").textContent = "";
    const name = $("sitname").value.trim();
    try {
      await sit(name);
      player.rememberName(name);
      $("sit").hidden = true;
    } catch (e) { $("siterror").textContent = e.message; }
  };
}
