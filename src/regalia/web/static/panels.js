// The side panel's parts, each drawn from a view (or a replayed ply): what happened since
// the viewer's last move, the score table, the move log (folded into turns, or every
// step), the scoring help and the result screen. Text only: every word comes from the
// server as text and goes in as text (the page's own words: i18n.js).
import { t, tp } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function el(tag, content, cls) {
  const e = document.createElement(tag);
  if (content !== undefined && content !== null) e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

// "You" for the viewer's own seat, else the seat's label.
export function who(v, seat) {
  if (seat === null || seat === undefined) return null;
  return seat === v.seat ? tp("the viewer, before a move", "You") : v.seats[seat].label;
}

function sentence(v, e) {
  const name = who(v, e.seat);
  const text = e.text || "";
  // Translators: a seat (or You) and what it did, in the game's words
  return name ? t("{name} {did}", { name, did: text }) : text.charAt(0).toUpperCase() + text.slice(1);
}

// What happened since the viewer's last move, in words (spectators: the last turn).
export function story(v, told) {
  const box = $("story");
  const entries = (told && told.entries) || [];
  box.hidden = !entries.length;
  $("storytitle").textContent = v.seat === null ? t("The last turn") : t("Since your last move");
  $("storylist").replaceChildren(...entries.map((e) => {
    const li = el("li", sentence(v, e) + ".");
    if (e.seat !== null && e.seat !== undefined) li.dataset.seat = e.seat;
    return li;
  }));
}

// The move log: turns in words (chance told with the move it belongs to), or every step
// in notation with the toggle. ``upto``: the plies shown (a replay), all for null.
export function log(v, upto) {
  const plies = upto === null || upto === undefined ? v.log.length : upto;
  const seats = (v.log_seats || []).slice(0, plies);
  const lines = v.log.slice(0, plies);
  $("log").replaceChildren(...lines.map((m, i) => {
    const li = el("li", m);
    if (seats[i] === null || seats[i] === undefined) li.classList.add("chance");
    else li.dataset.who = `${v.seats[seats[i]].label}: `;
    return li;
  }));
  let lastMove = lines.length - 1;
  while (lastMove >= 0 && (seats[lastMove] === null || seats[lastMove] === undefined)) lastMove--;
  if (lastMove >= 0) $("log").children[lastMove].classList.add("lastmove");
  const entries = (v.entries || []).filter((e) => e.ply < plies);
  $("entries").replaceChildren(...entries.map((e, i) => {
    const li = el("li", null, i === entries.length - 1 ? "lastmove" : "");
    const name = who(v, e.seat);
    if (name) {
      // the name in bold, then what it did: the message "{name} {did}" split at {did}
      const [before, after] = t("{name} {did}").split("{did}");
      li.append(el("strong", before.replace("{name}", name)), e.text, after || "");
    } else li.append(sentence(v, e));
    return li;
  }));
  const last = entries[entries.length - 1];
  $("last").textContent = last ? "· " + t("last: {move}", { move: sentence(v, last) }) : "";
  const every = $("alllog").checked;
  $("log").hidden = !every;
  $("entries").hidden = every;
  scrollLog();
}

// The shown list shows its last lines, the top one whole: scrolled to the end, the box is
// made shorter by the part of its top line the scrolling cut (lines wrap: no fixed height).
export function scrollLog() {
  const box = $("alllog").checked ? $("log") : $("entries");
  box.style.maxHeight = "";
  box.scrollTop = box.scrollHeight;
  if (!box.clientHeight || box.scrollTop === 0) return;
  const top = box.scrollTop;
  const cut = [...box.children].find((li) => li.offsetTop + li.offsetHeight > top);
  if (!cut || cut.offsetTop >= top) return;
  box.style.maxHeight = `${box.clientHeight - (cut.offsetTop + cut.offsetHeight - top)}px`;
  box.scrollTop = box.scrollHeight;
}

// The score table (every drawing's shape: a corner heading, one column per seat; the
// row labelled Total in bold). ``final``: the winners' columns starred.
export function scores(table, winners, final) {
  const box = $("scoretable");
  if (!table) { box.replaceChildren(); $("scores").hidden = true; return; }
  $("scores").hidden = false;
  const head = el("tr");
  const [corner, ...seatHeads] = table.headings;
  head.append(el("th", corner, "corner"), ...seatHeads.map((h, i) => {
    const th = el("th", h, winners && winners.includes(i) ? "winner" : "");
    th.scope = "col";
    return th;
  }));
  const rows = table.rows.map((r) => {
    const tr = el("tr", undefined, r.total === true || /^total$/i.test(r.label) || r.label === t("Total") ? "total" : "");
    const th = el("th", r.label);
    th.scope = "row";
    tr.append(th, ...r.cells.map((c) => el("td", String(c))));
    return tr;
  });
  box.classList.toggle("many", seatHeads.length >= 3);
  box.replaceChildren(el("caption", final ? t("Final scores") : t("Scores")), el("thead"), el("tbody"));
  box.tHead.append(head);
  box.tBodies[0].append(...rows);
}

export function scoringHelp(items) {
  $("helpbox").hidden = !items || !items.length;
  if (!items) return;
  $("scoringhelp").replaceChildren(...items.map((h) => {
    const d = el("div", undefined, "help");
    d.append(el("h4", h.heading), el("p", h.text), el("p", h.source, "source"));
    return d;
  }));
}

// The result screen of a finished game: the banner, the ranking, notes, and the buttons
// (download, play again) the page wires.
export function result(v) {
  const box = $("result");
  box.hidden = !v.terminal || !v.result;
  if (box.hidden) return;
  const r = v.result;
  const banner = el("h2", r.banner, "winner-line");
  banner.id = "banner";
  const ranking = el("ol", undefined, "ranking");
  for (const p of r.ranking) {
    const scored = p.score !== null && p.score !== undefined;
    const you = p.seat === v.seat;
    const li = el("li", scored
      ? (you ? t("{name} {score} points (you)", { name: p.name, score: p.score }) : t("{name} {score} points", { name: p.name, score: p.score }))
      : (you ? t("{name} (you)", { name: p.name }) : p.name));
    li.value = p.place;
    ranking.append(li);
  }
  const notes = (r.notes || []).map((n) => el("p", n, "note"));
  const actions = el("p", undefined, "actions");
  const a = el("a", t("Download the record"));
  a.id = "download";
  actions.append(a);
  if (v.seat !== null && v.again) {
    const again = el("button", t("Play again"));
    again.type = "button";
    again.id = "again";
    actions.append(again);
  }
  const parts = r.ranking.length > 1 ? [banner, ranking] : [banner];   // solo: the banner says it
  box.replaceChildren(...parts, ...notes, actions, el("div", undefined, "again-links"));
}
