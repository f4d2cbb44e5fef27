// The scoring pad (/score): enter a physical game's end position by tapping. The page
// knows no game: the server's pad draws each part (SVG whose tappable elements carry
// data-edit or data-focus), describes its controls and menus as groups of buttons, and
// scores the position with the game's own scoring. The position is the score text of
// `regalia score`, kept here (and in this browser's storage), never on the server unless
// it is shared by a link. The page's own words: i18n.js.
import { datetime, t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const SAVED = 'regalia-pad';
const state = { games: [], game: null, text: null, focus: null, part: 0, view: null };
let queue = Promise.resolve();

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error((data && data.detail) || t('the server answered {status}', { status: r.status }));
  return data;
}

function el(tag, attrs = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  if (text) e.textContent = text;
  return e;
}

function refuse(slot, message) { $(slot).textContent = message; }
function clearRefusals() {
  for (const e of document.querySelectorAll('.refusal')) e.textContent = '';
}

// one request at a time, each on the text the previous one left
function later(job) {
  queue = queue.then(job, job);
  return queue;
}

// ---------------------------------------------------------------- the start
function gameTitle(name) {
  const g = state.games.find((x) => x.name === name);
  return g ? g.title : name;
}

function renderStart(chosen) {
  const box = $('games');
  box.replaceChildren();
  const game = chosen || (state.games[0] && state.games[0].name);
  for (const g of state.games) {
    const b = el('button', { type: 'button', 'aria-pressed': String(g.name === game),
      'data-game': g.name }, g.title);
    b.addEventListener('click', () => renderStart(g.name));
    box.append(b);
  }
  const setup = $('setup');
  setup.replaceChildren();
  const g = state.games.find((x) => x.name === game);
  $('begin').dataset.game = game;
  for (const q of (g ? g.setup : [])) {
    const div = el('div', { class: 'group', role: 'group', 'aria-label': q.label });
    div.append(el('span', { class: 'label' }, q.label));
    const row = el('div', { class: 'buttons' });
    for (const o of q.options) {
      const b = el('button', { type: 'button', 'data-name': q.name,
        'aria-pressed': String(o.value === q.default) }, o.label);
      b.dataset.value = JSON.stringify(o.value);
      b.addEventListener('click', () => {
        for (const x of row.children) x.setAttribute('aria-pressed', String(x === b));
      });
      row.append(b);
    }
    div.append(row);
    setup.append(div);
  }
  for (const o of $('text-game').options) o.selected = o.value === game;
}

function begin() {
  const game = $('begin').dataset.game;
  const choices = {};
  for (const b of $('setup').querySelectorAll('button[aria-pressed=true]')) {
    choices[b.dataset.name] = JSON.parse(b.dataset.value);
  }
  return later(async () => {
    try {
      const v = await api(`/api/pad/${game}/new`, { choices });
      state.game = game; state.focus = null; state.part = 0;
      show(v);
    } catch (e) { refuse('start-refusal', e.message); }
  });
}

// ---------------------------------------------------------------- the pad
function groupNode(g, slot) {
  const div = el('div', { class: `group ${g.kind}`, role: 'group',
    'aria-label': g.label || (g.options[0] && g.options[0].label) || t('options') });
  if (g.label) div.append(el('span', { class: 'label' }, g.label));
  const row = el('div', { class: g.kind === 'stepper' ? 'stepper' : 'buttons' });
  if (g.kind === 'name') {
    const o = g.options[0];
    const box = el('div', { class: 'name-field' });
    const input = el('input', { type: 'text', value: g.value, maxlength: '40',
      'aria-label': g.label || t('Name') });
    const b = el('button', { type: 'button' }, o.label);
    const go = () => edit({ ...o.edit, name: input.value }, slot);
    b.addEventListener('click', go);
    input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') go(); });
    box.append(input, b);
    div.append(box);
    return div;
  }
  const buttons = g.options.map((o, i) => {
    const b = el('button', { type: 'button', class: 'option',
      'aria-pressed': g.kind === 'choice' || g.kind === 'toggle' ? String(!!o.selected) : null,
      disabled: !o.edit && !o.focus });
    if (g.kind === 'stepper') {
      b.textContent = i === 0 ? '−' : '+';
      b.setAttribute('aria-label', o.label);
    } else {
      if (o.svg) b.insertAdjacentHTML('beforeend', o.svg);
      b.append(document.createTextNode(o.label));
      if (o.note) b.append(el('span', { class: 'note' }, o.note));
    }
    if (o.edit) b.addEventListener('click', () => edit(o.edit, slot));
    else if (o.focus) b.addEventListener('click', () => focusOn(o.focus, slot));
    return b;
  });
  if (g.kind === 'stepper') {
    row.append(buttons[0], el('output', { 'aria-live': 'polite' }, String(g.value)), buttons[1]);
  } else {
    row.append(...buttons);
  }
  div.append(row);
  return div;
}

function show(v) {
  state.view = v;
  state.text = v.text;
  state.focus = v.menu ? v.menu.focus : null;
  localStorage.setItem(SAVED, JSON.stringify({ game: state.game, text: v.text }));
  $('start').hidden = true;
  $('pad').hidden = false;
  $('score').hidden = false;
  $('pad-title').textContent = v.title;
  $('notes').replaceChildren(...v.notes.map((n) => el('li', {}, n)));
  $('controls').replaceChildren(...v.controls.map((g) => groupNode(g, 'controls-refusal')));
  state.part = Math.min(state.part, v.parts.length - 1);
  const tabs = $('tabs');
  tabs.hidden = v.parts.length < 2;
  tabs.replaceChildren(...v.parts.map((p, i) => {
    const b = el('button', { type: 'button', role: 'tab', 'aria-selected': String(i === state.part),
      id: `tab-${p.id}` }, p.title);
    b.addEventListener('click', () => { state.part = i; renderPart(); renderTabs(); });
    return b;
  }));
  renderPart();
  renderMenu(v.menu);
  renderScore(v.score);
  $('text').value = v.text;
  for (const o of $('text-game').options) o.selected = o.value === state.game;
}

function renderTabs() {
  [...$('tabs').children].forEach((b, i) => b.setAttribute('aria-selected', String(i === state.part)));
}

function renderPart() {
  const p = state.view.parts[state.part];
  // each board keeps its sideways scroll across re-draws of the same part
  const kept = new Map([...$('part').querySelectorAll('.board')]
    .map((b) => [b.dataset.board, b.scrollLeft]));
  const box = el('div', { role: state.view.parts.length > 1 ? 'tabpanel' : null,
    'aria-labelledby': state.view.parts.length > 1 ? `tab-${p.id}` : null });
  const boards = p.boards.map((svg, i) => {
    const board = el('div', { class: 'board', 'data-board': `${p.id}-${i}` });
    board.innerHTML = svg;
    return board;
  });
  box.append(...boards, el('p', { class: 'refusal', role: 'alert', id: 'part-refusal' }));
  box.append(...(p.controls || []).map((g) => groupNode(g, 'part-refusal')));
  $('part').replaceChildren(box);
  for (const b of boards) if (kept.has(b.dataset.board)) b.scrollLeft = kept.get(b.dataset.board);
}

function renderMenu(menu) {
  const m = $('menu');
  m.hidden = !menu;
  document.body.classList.toggle('menu-open', !!menu);
  if (!menu) return;
  $('menu-title').textContent = menu.title;
  $('menu-groups').replaceChildren(...menu.groups.map((g) => groupNode(g, 'menu-refusal')));
  // the tapped element stays in sight above the sheet
  const chosen = $('part').querySelector('.board [aria-pressed=true]');
  if (chosen) {
    const r = chosen.getBoundingClientRect();
    const free = window.innerHeight - m.getBoundingClientRect().height;
    if (r.top < 0 || r.bottom > free) window.scrollBy(0, r.top - Math.max(8, (free - r.height) / 2));
  }
}

function renderScore(s) {
  $('result').textContent = s.result;
  const head = el('tr');
  for (const h of ['#', t('player'), ...s.key_names]) head.append(el('th', { scope: 'col' }, h));
  $('ranking').tHead.replaceChildren(head);
  $('ranking').tBodies[0].replaceChildren(...s.ranking.map((r) => {
    const tr = el('tr', { class: r.rank === 1 ? 'first' : null });
    tr.append(el('td', {}, String(r.rank)), el('td', {}, r.name));
    for (const k of r.keys) tr.append(el('td', {}, String(k)));
    return tr;
  }));
  $('tiebreak').textContent = `${s.tie_break.text} (${s.tie_break.source})`;
  $('steps').replaceChildren(...s.players.map((p) => {
    const d = el('details', { class: 'player-steps' });
    d.append(el('summary', {}, t('{name}: {total} points, step by step', { name: p.name, total: p.total })));
    const steps = el('table');
    let section = '';
    for (const st of p.steps) {
      const tr = el('tr');
      const what = el('td');
      what.append(el('span', {}, st.label + (st.detail ? `: ${st.detail}` : '')));
      // the rulebook's section, once for the steps that come from it
      if (st.section && st.section !== section) what.append(el('div', { class: 'section' }, st.section));
      section = st.section;
      tr.append(what, el('td', { class: 'points' }, String(st.points)));
      steps.append(tr);
    }
    const total = el('tr');
    total.append(el('td', {}, t('total')), el('td', { class: 'points' }, String(p.total)));
    steps.append(total);
    d.append(steps);
    for (const w of p.warnings) d.append(el('p', { class: 'warning' }, t('Warning: {warning}', { warning: w })));
    if (p.note) d.append(el('p', { class: 'hint' }, p.note));
    return d;
  }));
}

function edit(change, slot) {
  return later(async () => {
    try {
      const v = await api(`/api/pad/${state.game}/edit`,
        { text: state.text, edit: change, focus: state.focus });
      clearRefusals();
      show(v);
    } catch (e) { refuse(slot, e.message); }
  });
}

function focusOn(key, slot = 'part-refusal') {
  return later(async () => {
    try {
      const v = await api(`/api/pad/${state.game}/view`, { text: state.text, focus: key });
      clearRefusals();
      show(v);
    } catch (e) { refuse(slot, e.message); }
  });
}

function tapped(target) {
  const t = target.closest('[data-edit], [data-focus]');
  if (!t) return;
  if (t.dataset.edit) edit(JSON.parse(t.dataset.edit), 'part-refusal');
  else focusOn(t.dataset.focus);
}

// ---------------------------------------------------------------- the text
function openText(game, text) {
  return later(async () => {
    try {
      const v = await api(`/api/pad/${game}/view`, { text });
      state.game = game; state.focus = null; state.part = 0;
      clearRefusals();
      show(v);
    } catch (e) { refuse('text-refusal', e.message); }
  });
}

async function copy() {
  const text = $('text').value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {   // no clipboard API (a page not served over https): select and copy
    $('text').select();
    document.execCommand('copy');
  }
  $('copied').textContent = t('Copied.');
}

function download() {
  const url = URL.createObjectURL(new Blob([$('text').value], { type: 'text/plain' }));
  const a = el('a', { href: url, download: `${state.game || 'score'}-score.txt` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function share() {
  return later(async () => {
    try {
      const s = await api('/api/pad/shares', { game: state.game, text: state.text });
      $('shared').hidden = false;
      $('share-link').href = s.url;
      $('share-link').textContent = s.url;
      $('expires').textContent = datetime(new Date(s.expires));
      $('qr').innerHTML = s.qr || '';
    } catch (e) { refuse('text-refusal', e.message); }
  });
}

async function loadShare(link) {
  try {
    const s = await api(`/api/pad/shares/${encodeURIComponent(link)}`);
    history.replaceState(null, '', location.pathname);
    await openText(s.game, s.text);
  } catch (e) { refuse('start-refusal', e.message); }
}

// ---------------------------------------------------------------- start
async function init() {
  state.games = await api('/api/pad/games');
  $('text-game').replaceChildren(...state.games.map((g) => el('option', { value: g.name }, g.title)));
  renderStart(null);
  $('begin').addEventListener('click', begin);
  $('part').addEventListener('click', (ev) => tapped(ev.target));
  $('part').addEventListener('keydown', (ev) => {
    if ((ev.key === 'Enter' || ev.key === ' ') && ev.target.closest('[role=button]')) {
      ev.preventDefault();
      tapped(ev.target);
    }
  });
  $('menu-close').addEventListener('click', () => focusOn(null));
  $('apply').addEventListener('click', () => openText($('text-game').value, $('text').value));
  $('copy').addEventListener('click', copy);
  $('download').addEventListener('click', download);
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async () => {
    const f = $('file').files[0];
    if (!f) return;
    $('text').value = await f.text();
    $('file').value = '';
    openText($('text-game').value, $('text').value);
  });
  $('share').addEventListener('click', share);
  $('restart').addEventListener('click', () => {
    localStorage.removeItem(SAVED);
    state.text = null; state.view = null; state.focus = null;
    $('pad').hidden = true; $('score').hidden = true; $('menu').hidden = true;
    $('start').hidden = false; $('shared').hidden = true; $('text').value = '';
    document.body.classList.remove('menu-open');
    renderStart(state.game);
  });
  const link = new URLSearchParams(location.hash.slice(1)).get('share');
  const saved = JSON.parse(localStorage.getItem(SAVED) || 'null');
  if (link) await loadShare(link);
  else if (saved && saved.game && saved.text) await openText(saved.game, saved.text);
  document.body.dataset.ready = '1';
}

init().catch((e) => refuse('start-refusal', e.message));
