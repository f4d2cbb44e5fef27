// The board: the server's SVG morphed in place (idiomorph), so that an element keeping its
// id moves, recolours or fades by CSS transitions instead of being redrawn; the drawing's
// click targets made buttons a keyboard and a screen reader can use; on a small screen,
// zoomed so that every target is at least 44 x 44 CSS pixels.
import { Idiomorph } from "./vendor/idiomorph/idiomorph.esm.js";
import { t } from "./i18n.js";

const MIN_TARGET = 44;        // CSS pixels: the smallest comfortable touch target
const box = () => document.getElementById("board");
let zoomWanted = true;        // the person may switch the zoom off ("Whole board")
let onActivate = () => {};
let focusKey = null;          // the target focused before a redraw, focused again after

function svgOf() { return box().querySelector("svg"); }

// Show ``svg`` (the server's text; every text escaped there). The first drawing is put in
// as it is; later ones are morphed into it, new elements marked to fade in.
export function draw(svg) {
  const old = svgOf();
  if (document.activeElement && box().contains(document.activeElement)) {
    focusKey = document.activeElement.getAttribute("data-click");
  }
  if (!old) {
    box().innerHTML = svg;
  } else {
    Idiomorph.morph(old, svg, { callbacks: { afterNodeAdded: arrived } });
  }
  const root = svgOf();
  if (root) {
    root.setAttribute("role", "group");
    root.setAttribute("aria-labelledby", "board-title");
    root.setAttribute("aria-describedby", "board-desc");
    root.setAttribute("focusable", "false");
  }
}

// A new element fades in (CSS ``.arrived``); the mark is taken off once the animation is
// over (or at once where motion is reduced), so that the board settles to exactly the
// server's drawing.
const ARRIVAL_MS = 700;
function arrived(n) {
  if (!n.classList || !n.id) return;
  n.classList.add("arrived");
  setTimeout(() => n.classList.remove("arrived"), ARRIVAL_MS);
}

// The accessible name of a clickable element: its own <title> (the drawing's words for
// it), else what its click object says.
function label(el) {
  const title = [...el.children].find((c) => c.tagName.toLowerCase() === "title");
  const words = title ? title.textContent.split("\n")[0].trim() : "";
  if (words) return words;
  try {
    return Object.entries(JSON.parse(el.getAttribute("data-click"))).map(([k, v]) => `${k} ${v}`).join(", ");
  } catch { return t("a place on the board"); }
}

// Outline the drawing's targets (``keys``: canonical JSON texts); they become buttons a
// keyboard reaches (Tab) and activates (Enter, Space). Other clickable elements still
// answer a mouse but are left out of the tab order.
export function setTargets(keys) {
  const targets = new Set(keys || []);
  let first = null;
  for (const e of box().querySelectorAll("[data-click]")) {
    const on = targets.has(e.getAttribute("data-click"));
    e.classList.toggle("hl", on);
    if (on) {
      e.setAttribute("role", "button");
      e.setAttribute("tabindex", "0");
      e.setAttribute("aria-label", label(e));
      first = first || e;
    } else {
      e.removeAttribute("role");
      e.removeAttribute("tabindex");
      e.removeAttribute("aria-label");
    }
  }
  if (focusKey !== null) {   // the keyboard's place survives the redraw
    const el = [...box().querySelectorAll("[data-click].hl")].find((e) => e.getAttribute("data-click") === focusKey);
    (el || first)?.focus({ preventScroll: true });
    focusKey = null;
  }
  fit();
  return first;
}

// Clicks and key presses on the board's targets go to ``handler(clickObject)``.
export function listen(handler) {
  onActivate = handler;
  const b = box();
  b.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-click]");
    if (!el || !b.contains(el)) return;
    ev.stopPropagation();
    activate(el);
  });
  b.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest && ev.target.closest("[data-click]");
    if (!el || !b.contains(el)) return;
    ev.preventDefault();
    activate(el);
  });
  window.addEventListener("resize", () => fit());
}

function activate(el) {
  let c;
  try { c = JSON.parse(el.getAttribute("data-click")); } catch { return; }
  onActivate(c);
}

// ---------------------------------------------------------------- zoom on small screens
// When the targets would be smaller than 44 px (a phone showing a whole table), the board
// grows until the smallest target is 44 px and scrolls to show the targets; "Whole board"
// switches it back (and pinch zoom always works).
function smallScreen() { return window.matchMedia("(max-width: 900px)").matches; }

function fit() {
  const root = svgOf();
  const b = box();
  const button = document.getElementById("zoom");
  if (!root) return;
  const targets = [...b.querySelectorAll("[data-click].hl")];
  b.classList.remove("zoomed");
  root.style.width = "";
  if (!smallScreen() || !targets.length) { button.hidden = true; return; }
  const sizes = targets.map((x) => x.getBoundingClientRect()).filter((r) => r.width && r.height);
  if (!sizes.length) { button.hidden = true; return; }
  const smallest = Math.min(...sizes.map((r) => Math.min(r.width, r.height)));
  button.hidden = smallest >= MIN_TARGET;
  if (smallest >= MIN_TARGET || !zoomWanted) {
    button.textContent = t("Zoom in on the targets");
    return;
  }
  button.textContent = t("Whole board");
  const scale = (MIN_TARGET + 4) / smallest;
  const width = root.getBoundingClientRect().width * scale;
  b.classList.add("zoomed");
  root.style.width = `${width}px`;
  // scroll the targets into the middle of the board's box
  const after = targets.map((x) => x.getBoundingClientRect());
  const frame = b.getBoundingClientRect();
  const left = Math.min(...after.map((r) => r.left)), right = Math.max(...after.map((r) => r.right));
  const top = Math.min(...after.map((r) => r.top)), bottom = Math.max(...after.map((r) => r.bottom));
  b.scrollLeft += (left + right) / 2 - (frame.left + frame.width / 2);
  b.scrollTop += (top + bottom) / 2 - (frame.top + frame.height / 2);
}

export function zoomToggle() {
  zoomWanted = !zoomWanted;
  fit();
}
