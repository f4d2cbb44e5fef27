// The Review tab of a finished table (issue 26): the seat's chance to win (solo: its
// expected score or margin) after each of its decisions, each decision labelled with what
// it cost, the board of a decision with the played move (orange) and the better one
// (blue) drawn by the server, and the key moments. The review is computed on the server
// (in its worker pool, stored with the table); this page asks for it, shows its progress
// and reads it. Every word about a move comes from the server as text and goes in as text.
import * as net from "./net.js";
import { el } from "./panels.js";
import { number, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 1000;
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
// a label in words (the review's labels are keys)
function labelWords(k) {
  return { best: t("best"), good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"),
    blunder: t("blunder") }[k] || k;
}

let ctx = null;      // {tableId, token, view}: the table and the viewer
let seat = null;     // the seat reviewed
let review = null;   // the review shown (decisions without their observations)
let chosen = null;   // the decision shown on the board
let polling = null;  // the timer of the next progress request
let asked = 0;       // bumped at each new review asked: an older answer is dropped

// At the end of the game: offer the Review tab to a seat, and to spectators of a game of
// perfect information (a game with hidden information is reviewed for its own seat only).
export function offer(v, tableId, token) {
  const may = v.terminal && (v.perfect_information || v.seat !== null);
  $("views").hidden = !may;
  if (!may) { showTable(); return; }
  const first = ctx === null;
  ctx = { tableId, token, view: v };
  if (first) {
    $("tabtable").onclick = showTable;
    $("tabreview").onclick = showReview;
  }
}

function pressed(review) {
  $("tabtable").setAttribute("aria-pressed", String(!review));
  $("tabreview").setAttribute("aria-pressed", String(review));
}

function showTable() {
  $("reviewpanel").hidden = true;
  $("boardbox").hidden = false;
  $("side").hidden = false;
  if (ctx) pressed(false);
  clearTimeout(polling);
}

function showReview() {
  $("boardbox").hidden = true;
  $("side").hidden = true;
  $("reviewpanel").hidden = false;
  pressed(true);
  if (!$("reviewstatus")) build();
  const v = ctx.view;
  ask(seat ?? (v.seat ?? 0));
}

// The panel's parts (once): the heading, whose play (perfect information: any seat), the
// progress, the chart, the board of a decision, the key moments and every decision.
function build() {
  const v = ctx.view;
  const panel = $("reviewpanel");
  const parts = [];
  if (v.perfect_information && v.seats.length > 1) {
    const label = el("label", t("Whose play") + " ");
    const select = el("select");
    select.id = "reviewwho";
    v.seats.forEach((s, i) => {
      const o = el("option", i === v.seat ? t("{name} (you)", { name: s.label }) : s.label);
      o.value = String(i);
      select.append(o);
    });
    select.value = String(v.seat ?? 0);
    select.onchange = () => ask(Number(select.value));
    label.append(select);
    parts.push(el("p", null, "review-who"));
    parts[parts.length - 1].append(label);
  }
  const status = el("p", "", "review-status");
  status.id = "reviewstatus";
  status.setAttribute("role", "status");
  const chart = el("div", null, "review-chart");
  chart.id = "reviewchart";
  const moment = el("div", null, "review-moment");
  moment.id = "reviewmoment";
  moment.setAttribute("aria-live", "polite");
  const keys = el("section", null, "review-keys");
  keys.setAttribute("aria-labelledby", "reviewkeystitle");
  const kh = el("h3", t("Key moments"));
  kh.id = "reviewkeystitle";
  keys.append(kh, el("ol"));
  keys.id = "reviewkeys";
  const all = el("details", null, "review-all");
  all.append(el("summary", t("Every decision")), el("ol"));
  all.id = "reviewall";
  const about = el("p", "", "review-about");
  about.id = "reviewabout";
  const grid = el("div", null, "review-grid");
  const left = el("div");
  left.append(chart, keys, all, about);
  grid.append(left, moment);
  panel.append(...parts, status, grid);
}

// Ask for the review of ``s`` (started on the server unless stored or under way), then
// follow its progress until it is done.
async function ask(s) {
  clearTimeout(polling);
  const mine = ++asked;
  if (s !== seat) { seat = s; review = null; chosen = null; clear(); }
  const q = `review?seat=${s}`;
  let d;
  try {
    d = await net.request(ctx.tableId, q, ctx.token, {});
    while (mine === asked && d.status === "running") {
      shown(d);
      await new Promise((ok) => { polling = setTimeout(ok, POLL_MS); });
      if (mine !== asked || $("reviewpanel").hidden) return;
      d = await net.request(ctx.tableId, q, ctx.token);
    }
  } catch (e) {
    if (mine === asked) $("reviewstatus").textContent = e.message;
    return;
  }
  if (mine === asked) shown(d);
}

function clear() {
  $("reviewchart").replaceChildren();
  $("reviewmoment").replaceChildren();
  $("reviewkeys").querySelector("ol").replaceChildren();
  $("reviewall").querySelector("ol").replaceChildren();
  $("reviewabout").textContent = "";
}

// The message for the viewer's own seat (``mine``), else ``theirs`` with the seat's {name}.
function whose(mine, theirs) {
  const v = ctx.view;
  return seat === v.seat ? mine : theirs.replace(/\{name\}/g, v.seats[seat].label);
}

// A review's state: its progress while it runs, then the chart, the lists and a board.
function shown(d) {
  const status = $("reviewstatus");
  if (d.status === "failed") { status.textContent = t("The review stopped: {why}", { why: d.error }); return; }
  if (d.status === "running") {
    const counts = { done: d.done, total: d.total };
    status.textContent = d.total
      ? whose(t("Reviewing your play: {done} of {total} decisions judged…", counts),
        t("Reviewing {name}'s play: {done} of {total} decisions judged…", counts))
      : whose(t("Reviewing your play…"), t("Reviewing {name}'s play…"));
  } else {
    const c = d.review.counts;
    const n = d.review.decisions.length;
    const labels = LABELS.filter((k) => c[k]).map((k) => `${c[k]} ${labelWords(k)}`).join(", ");
    status.textContent = whose(
      tn("Your play, {n} decision: {labels}.",
        "Your play, {n} decisions: {labels}.", n, { labels }), // i18n: no (tn's plural, extracted)
      tn("{name}'s play, {n} decision: {labels}.",
        "{name}'s play, {n} decisions: {labels}.", n, { labels })); // i18n: no (tn's plural, extracted)
  }
  if (!d.review) return;
  review = d.review;
  chart();
  lists();
  about();
  if (d.status === "done" && chosen === null && review.decisions.length) {
    const worst = review.key_moments.length ? review.key_moments[0] : 0;
    choose(worst, false);
  }
}

// ------------------------------------------------------------------ words for values
function percent(x) {
  const digits = x !== 0 && Math.abs(x) < 0.1 ? 1 : 0;
  return new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}
function points(x) { return t("{points} points", { points: number(x, 1) }); }
function cost(d) {
  if (d.forced) return t("the only legal move");
  if (!d.cost) return t("cost nothing");
  return review.unit === "points" ? t("cost {points}", { points: points(d.cost) })
    : t("cost {percent} of win chance", { percent: percent(d.cost) });
}
// A value in its measure's words: "chance to win 63%", "expected margin +4.2", ...
function what() {
  return { win: t("chance to win"), margin: t("expected final margin"), score: t("expected final score") }[review.measure];
}
function short(x) {
  if (review.measure === "win") return percent(x);
  return `${review.measure === "margin" && x >= 0 ? "+" : ""}${number(x, 1)}`;
}
function value(x) {
  if (x === null || x === undefined) return "";
  return `${what()} ${short(x)}`;
}
function line(d) {
  return t("Move {n}: {move} · {label} · {cost}", { n: d.ply + 1, move: d.played.notation, label: labelWords(d.label), cost: cost(d) });
}

// ------------------------------------------------------------------ the chart
// The value after each decision (x: the seat's decisions in order; y: the chance to win,
// 0 to 100%, or the points), each point coloured by its label; a point is clicked to see
// its board (the lists below do the same with a keyboard).
const H = 220, PAD = { l: 44, r: 10, t: 12, b: 26 };
const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function chart() {
  const pts = review.curve;
  const box = $("reviewchart");
  const W = Math.max(280, Math.round(box.clientWidth || 600));   // 1 unit: 1 CSS pixel
  const n = Math.max(review.decision_count || review.decisions.length, 2);
  let lo = 0, hi = 1;
  if (review.measure !== "win") {
    const vs = pts.map((p) => p.value);
    lo = Math.min(0, ...vs); hi = Math.max(1, ...vs);
  }
  const x = (i) => PAD.l + (W - PAD.l - PAD.r) * i / (n - 1);
  const y = (v) => PAD.t + (H - PAD.t - PAD.b) * (1 - (v - lo) / (hi - lo || 1));
  const first = pts[0], last = pts[pts.length - 1];
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "review-curve" });
  const span = first ? { what: what(), from: short(first.value), to: short(last.value) } : { what: what() };
  svg.setAttribute("aria-label", first
    ? whose(t("The {what} after each of your decisions: from {from} to {to}", span), t("The {what} after each of {name}'s decisions: from {from} to {to}", span))
    : whose(t("The {what} after each of your decisions", span), t("The {what} after each of {name}'s decisions", span)));
  const ticks = review.measure === "win" ? [0, 0.5, 1] : [lo, (lo + hi) / 2, hi];
  for (const tick of ticks) {
    svg.append(svgEl("line", { x1: PAD.l, x2: W - PAD.r, y1: y(tick), y2: y(tick), class: "grid" }));
    svg.append(svgEl("text", { x: PAD.l - 6, y: y(tick) + 4, "text-anchor": "end" },
      review.measure === "win" ? percent(tick) : number(tick, 0)));
  }
  svg.append(svgEl("text", { x: (W + PAD.l) / 2, y: H - 6, "text-anchor": "middle" }, whose(t("Your decisions, in order"), t("{name}'s decisions, in order"))));
  if (pts.length > 1) {
    svg.append(svgEl("polyline", { points: pts.map((p) => `${x(p.index)},${y(p.value)}`).join(" "), class: "curve" }));
  }
  const byIndex = new Map(review.decisions.map((d) => [d.index, d]));
  for (const p of pts) {
    const d = byIndex.get(p.index);
    const dot = svgEl("circle", { cx: x(p.index), cy: y(p.value), r: d.key ? 7 : 4.5,
      class: `dot ${d.label}${d.key ? " key" : ""}`, "data-index": p.index });
    dot.append(svgEl("title", {}, line(d)));
    dot.addEventListener("click", () => choose(p.index, true));
    svg.append(dot);
  }
  box.replaceChildren(svg);
}

// ------------------------------------------------------------------ the lists
function item(d) {
  const li = el("li");
  const b = el("button", null, "review-decision");
  b.type = "button";
  b.dataset.index = d.index;
  b.dataset.label = d.label;
  b.append(el("span", labelWords(d.label), `tag ${d.label}`), " " + t("Move {n}: {move} ({cost})", { n: d.ply + 1, move: d.played.notation, cost: cost(d) }));
  b.onclick = () => choose(d.index, true);
  li.append(b);
  return li;
}

function lists() {
  const keys = review.key_moments.map((i) => review.decisions[i]).filter(Boolean);
  const ol = $("reviewkeys").querySelector("ol");
  ol.replaceChildren(...keys.map(item));
  if (!keys.length) ol.replaceChildren(el("li", review.complete ? t("No decision cost enough to be a key moment.") : "…"));
  $("reviewall").querySelector("ol").replaceChildren(...review.decisions.map(item));
  mark();
}

function about() {
  const th = review.thresholds, s = review.search;
  const u = review.unit === "points" ? (x) => t("{points} points", { points: number(x) }) : (x) => percent(x);
  const budget = s.iterations ? tn("{n} playout a decision", "{n} playouts a decision", s.iterations) : t("the time allowed");
  const judged = whose(t("Each decision was judged from what you knew then, by a tree search of {budget} that deals again what you could not see.", { budget }),
    t("Each decision was judged from what {name} knew then, by a tree search of {budget} that deals again what {name} could not see.", { budget }));
  $("reviewabout").textContent = judged + " " + t("Labels by cost: best up to {best}, good below {inaccuracy}, inaccuracy below {mistake}, mistake below {blunder}, blunder from {blunder} ({evidence}).",
    { best: u(th.best), inaccuracy: u(th.inaccuracy), mistake: u(th.mistake), blunder: u(th.blunder), evidence: review.evidence });
}

function mark() {
  for (const e of document.querySelectorAll("#reviewpanel [data-index]")) {
    const on = Number(e.dataset.index) === chosen;
    e.classList.toggle("chosen", on);
    if (e.tagName === "BUTTON") e.setAttribute("aria-current", on ? "true" : "false");
  }
}

// ------------------------------------------------------------------ a decision's board
async function choose(index, focus) {
  chosen = index;
  mark();
  const d = review.decisions[index];
  const box = $("reviewmoment");
  const caption = el("p", null, "review-caption");
  caption.append(el("strong", line(d)));
  if (d.value_after !== null && d.value_after !== undefined) caption.append(" · " + t("after it: {value}", { value: value(d.value_after) }));
  const parts = [caption];
  if (d.better) {
    const p = el("p", null, "review-better");
    p.append(el("span", "", "swatch better") /* i18n: no (classes) */, " " + (d.value_before !== null
      ? t("Better: {move} ({value})", { move: d.better.notation, value: value(d.value_before) })
      : t("Better: {move}", { move: d.better.notation })));
    parts.push(p);
  }
  const played = el("p", null, "review-played");
  played.append(el("span", "", "swatch played") /* i18n: no (classes) */, " " + (d.played.clicks.length
    ? t("Played: {move}", { move: d.played.notation })
    : t("Played: {move} (a button of the page, not drawn)", { move: d.played.notation })));
  parts.push(played);
  const board = el("div", null, "review-board");
  board.id = "reviewboard";
  parts.push(board);
  box.replaceChildren(...parts);
  try {
    const b = await net.request(ctx.tableId, `review/${index}?seat=${seat}`, ctx.token);
    if (chosen !== index) return;
    board.innerHTML = b.svg;    // the server's drawing (every text escaped there)
    const root = board.querySelector("svg");
    const title = root && root.querySelector("title");
    if (root) {
      root.setAttribute("role", "img");
      root.setAttribute("focusable", "false");
      if (title && title.id) root.setAttribute("aria-labelledby", title.id);
    }
  } catch (e) { board.replaceChildren(el("p", e.message, "error")); }
  if (focus) box.scrollIntoView({ block: "nearest" });
}
