// The playground: a rule-file editor checked as the user types, the board of any rule file
// as SVG, play by clicks or by the REPL's move notation, computer players and quick
// simulations in a Web Worker (worker.js). Everything about the rules comes from the
// WebAssembly module (pkg/, built by tools/web-build); this file only draws and dispatches.
import init, { Game, builtins, builtin_text, check, plot } from './pkg/ashtapada_web.js';
import { drawBoard, seatColour } from './board.js';

const $ = (id) => document.getElementById(id);
const ui = {
  game: null, state: null, text: '', options: {}, seed: 1,
  selected: null,       // { from: 'e2' } or { drop: kindIndex }
  players: [],          // per seat: 'human', 'easy', 'medium' or 'hard'
  version: 0,           // bumped by every change: stale computer replies are dropped
  worker: null, pending: new Map(), nextId: 1,
};

/// Seat name with its symbol, coloured.
function seatLabel(i) {
  const s = ui.state.variant.seats[i];
  const c = seatColour(ui.state.variant, i);
  return `<span class="seat-swatch" style="background:${c.fill}"></span>${s.symbol ? s.symbol + ' ' : ''}${s.name}`;
}

function escapeHtml(t) {
  return String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// ---------------------------------------------------------------- rule file and checking

/// Marks the lines of the editor that diagnostics point at, in a layer under its text.
function markLines(list) {
  const marks = new Map();
  for (const d of list) {
    if (!d.line || d.source !== '<editor>') continue;
    for (let l = d.line; l <= (d.end_line || d.line); l++) {
      if (marks.get(l) !== 'err') marks.set(l, d.severity === 'error' ? 'err' : 'warn');
    }
  }
  const pre = $('editor-marks');
  pre.innerHTML = '';
  $('editor').value.split('\n').forEach((text, i) => {
    const span = document.createElement('span');
    const cls = marks.get(i + 1);
    if (cls) { span.className = cls; span.dataset.line = i + 1; }
    span.textContent = text + '\n';
    pre.appendChild(span);
  });
  syncScroll();
}

function syncScroll() {
  $('editor-marks').scrollTop = $('editor').scrollTop;
  $('editor-marks').scrollLeft = $('editor').scrollLeft;
}

function showDiagnostics(list) {
  markLines(list);
  const ul = $('diagnostics');
  ul.innerHTML = '';
  for (const d of list) {
    const li = document.createElement('li');
    li.className = d.severity;
    const where = d.line ? `${d.source === '<editor>' ? '' : d.source + ' '}${d.line}:${d.col}` : '';
    li.dataset.line = d.line || '';
    li.dataset.col = d.col || '';
    li.innerHTML = `<b>${where}</b> ${escapeHtml(d.message)}` +
      (d.label ? ` — ${escapeHtml(d.label)}` : '') +
      (d.help ? `<br><i>help: ${escapeHtml(d.help)}</i>` : '');
    if (d.line && d.source === '<editor>') li.addEventListener('click', () => selectLine(d.line, d.col));
    ul.appendChild(li);
  }
}

/// Puts the editor's caret at line:col (1-based) and selects to the line's end.
function selectLine(line, col) {
  const ed = $('editor');
  const lines = ed.value.split('\n');
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[line - 1] || '').length;
  ed.focus();
  ed.setSelectionRange(start + col - 1, end);
}

function runCheck() {
  const result = JSON.parse(check($('editor').value));
  const st = $('check-status');
  const problems = result.diagnostics.filter((d) => d.severity === 'error').length;
  st.textContent = result.ok ? '✓ valid' : `✗ ${problems} problem${problems === 1 ? '' : 's'}`;
  st.className = result.ok ? 'ok' : 'bad';
  showDiagnostics(result.diagnostics);
  return result.ok;
}

let checkTimer = null;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, 300);
}

// ---------------------------------------------------------------- loading a game

function optionsForm() {
  const box = $('options');
  box.innerHTML = '';
  const sweep = $('sim-sweep');
  sweep.innerHTML = '<option value="">no option</option>';
  for (const o of JSON.parse(ui.game.options())) {
    const label = document.createElement('label');
    label.textContent = o.name + ' ';
    label.title = o.description || '';
    const sel = document.createElement('select');
    sel.dataset.option = o.name;
    for (const c of o.choices) sel.add(new Option(c, c, false, c === o.value));
    label.appendChild(sel);
    box.appendChild(label);
    sweep.add(new Option(o.name, o.name));
  }
}

function readOptions() {
  const opts = {};
  for (const sel of $('options').querySelectorAll('select[data-option]')) opts[sel.dataset.option] = sel.value;
  return opts;
}

/// Starts a game of the editor's text under `options`; shows the diagnostics if it fails.
function startGame(options) {
  const text = $('editor').value;
  let game;
  try {
    game = new Game(text, JSON.stringify(options || {}), ui.seed);
  } catch (e) {
    runCheck();
    let list = [];
    try { list = JSON.parse(e).diagnostics; } catch (_) { list = [{ severity: 'error', message: String(e) }]; }
    showDiagnostics(list);
    $('load-status').textContent = 'the rule file has problems: see the list under the editor';
    return false;
  }
  if (ui.game) ui.game.free();
  ui.game = game;
  ui.text = text;
  ui.options = options || {};
  ui.selected = null;
  $('load-status').textContent = '';
  runCheck();
  refresh();
  const n = ui.state.variant.seats.length;
  if (ui.players.length !== n) ui.players = Array(n).fill('human');
  playersForm();
  if (!options || Object.keys(options).length === 0) optionsForm();
  return true;
}

function loadBuiltin(name) {
  $('editor').value = builtin_text(name) || '';
  startGame({});
}

// ---------------------------------------------------------------- drawing

/// Redraws everything from the game's state; a computer seat to move then plays unless
/// `auto` is false (after undo and redo, so that a person can take back past its moves).
function refresh(auto = true) {
  ui.version++;
  ui.state = JSON.parse(ui.game.state());
  const s = ui.state, p = s.position, v = s.variant;
  drawBoard($('board'), s, ui.selected, onSquare);
  drawHands();
  drawDice();
  const moves = $('moves');
  moves.innerHTML = '';
  s.played.forEach((t) => { const li = document.createElement('li'); li.textContent = t; moves.appendChild(li); });
  moves.scrollTop = moves.scrollHeight;
  $('undo').disabled = !s.can_undo;
  $('redo').disabled = !s.can_redo;
  $('fen').value = v.seats.length === 2 ? p.fen : p.position;
  if (p.outcome) {
    $('status').innerHTML = 'Game over: ' + escapeHtml(p.outcome.text);
    const rows = p.outcome.ranks.map((r, i) => [r, i]).sort((a, b) => a[0] - b[0])
      .map(([r, i]) => `<tr><td>${r}.</td><td>${seatLabel(i)}</td>${p.scores ? `<td>${p.scores[i]}</td>` : ''}</tr>`);
    $('result').innerHTML = `<div id="outcome">${escapeHtml(p.outcome.text)}</div><table id="ranking">${rows.join('')}</table>`;
  } else {
    let st = `${seatLabel(p.to_move)} to move`;
    if (p.awaiting_roll) st += ' — roll the dice';
    if (p.checks.length) st += ' — check: ' + p.checks.map((c) => v.seats[c].name).join(', ');
    if (p.scores) st += ' — scores ' + p.scores.map((x, i) => `${v.seats[i].name} ${x}`).join(', ');
    $('status').innerHTML = st;
    $('result').innerHTML = '';
  }
  if (auto) maybeComputer();
}

function drawHands() {
  const s = ui.state, v = s.variant, p = s.position;
  const top = $('hands-top'), bottom = $('hands-bottom');
  top.innerHTML = ''; bottom.innerHTML = '';
  if (!v.hands) return;
  p.hands.forEach((held, seat) => {
    const box = document.createElement('div');
    box.className = 'hand';
    box.dataset.seat = seat;
    box.innerHTML = seatLabel(seat) + ':';
    const c = seatColour(v, seat);
    for (const h of held) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.seat = seat;
      b.dataset.kind = h.kind;
      b.textContent = h.count > 1 ? `${h.text}×${h.count}` : h.text;
      b.style.background = c.fill; b.style.color = c.text;
      b.title = v.kinds[h.kind].name;
      if (ui.selected && ui.selected.drop === h.kind && seat === p.to_move) b.classList.add('selected');
      b.addEventListener('click', () => onHand(seat, h.kind));
      box.appendChild(b);
    }
    (seat === 0 ? bottom : top).appendChild(box);
  });
}

function drawDice() {
  const s = ui.state, p = s.position;
  const bar = $('dice-bar');
  bar.hidden = !s.variant.dice && !p.can_pass && !p.can_resign;
  $('roll').hidden = !s.variant.dice;
  $('roll').disabled = !p.awaiting_roll || !!p.outcome;
  $('pass').disabled = !p.can_pass;
  $('resign').disabled = !p.can_resign;
  const dice = $('dice');
  dice.innerHTML = '';
  if (!s.variant.dice) return;
  for (const d of p.dice_left) {
    const el = document.createElement('span');
    el.className = 'die';
    el.textContent = d;
    dice.appendChild(el);
  }
  if (p.dice_left.length === 0) dice.textContent = p.awaiting_roll ? 'dice: roll due' : '';
}

// ---------------------------------------------------------------- playing

function play(text) {
  try {
    ui.game.play(text);
    $('move-error').textContent = '';
  } catch (e) {
    $('move-error').textContent = String(e);
    return false;
  }
  ui.selected = null;
  hideChoice();
  refresh();
  return true;
}

/// Several legal moves share the clicked squares (promotions, dice): the user picks one.
function choose(moves) {
  if (moves.length === 1) return play(moves[0].text);
  const box = $('choice-buttons');
  box.innerHTML = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.promotion ? `${m.promotion} (${m.text})` : m.text;
    b.dataset.move = m.text;
    b.addEventListener('click', () => play(m.text));
    box.appendChild(b);
  }
  $('choice').hidden = false;
}

function hideChoice() { $('choice').hidden = true; }

function humanToMove() {
  const p = ui.state.position;
  return !p.outcome && ui.players[p.to_move] === 'human';
}

function onSquare(square) {
  if (!humanToMove()) return;
  const legal = ui.state.legal;
  const sel = ui.selected;
  if (sel) {
    const moves = legal.filter((m) => m.to === square &&
      (sel.drop !== undefined ? m.drop === sel.drop : m.from === sel.from));
    if (moves.length) return choose(moves);
  }
  hideChoice();
  ui.selected = legal.some((m) => m.from === square) ? { from: square } : null;
  drawBoard($('board'), ui.state, ui.selected, onSquare);
  drawHands();
}

function onHand(seat, kind) {
  if (!humanToMove() || seat !== ui.state.position.to_move) return;
  hideChoice();
  ui.selected = { drop: kind };
  drawBoard($('board'), ui.state, ui.selected, onSquare);
  drawHands();
}

function action(fn, auto = true) {
  try { fn(); $('move-error').textContent = ''; } catch (e) { $('move-error').textContent = String(e); }
  ui.selected = null;
  refresh(auto);
}

// ---------------------------------------------------------------- computer players

function playersForm() {
  const box = $('players');
  box.innerHTML = '';
  ui.state.variant.seats.forEach((_, i) => {
    const label = document.createElement('label');
    label.innerHTML = seatLabel(i) + ' ';
    const sel = document.createElement('select');
    sel.dataset.seat = i;
    for (const l of ['human', 'easy', 'medium', 'hard']) sel.add(new Option(l, l, false, ui.players[i] === l));
    sel.addEventListener('change', () => { ui.players[i] = sel.value; maybeComputer(); });
    label.appendChild(sel);
    box.appendChild(label);
    box.appendChild(document.createElement('br'));
  });
}

function ask(message) {
  const id = ui.nextId++;
  return new Promise((resolve) => {
    ui.pending.set(id, resolve);
    ui.worker.postMessage({ id, ...message });
  });
}

let thinking = false;
async function computerTurn(level) {
  if (thinking || ui.state.position.outcome) return;
  thinking = true;
  $('thinking').textContent = `${level} is thinking…`;
  const version = ui.version;
  const s = ui.state;
  const reply = await ask({
    kind: 'turn', text: ui.text, options: JSON.stringify(ui.options), seed: ui.seed + s.position.ply,
    start: s.start, actions: s.actions, level,
  });
  thinking = false;
  $('thinking').textContent = '';
  if (version !== ui.version) return maybeComputer();
  if (reply.error) { $('move-error').textContent = reply.error; return; }
  for (const t of reply.texts) {
    try { ui.game.play(t); } catch (e) { $('move-error').textContent = `computer: ${e}`; break; }
  }
  ui.selected = null;
  refresh();
}

function maybeComputer() {
  const p = ui.state.position;
  const level = ui.players[p.to_move];
  if (!p.outcome && level && level !== 'human') setTimeout(() => computerTurn(level), 50);
}

// ---------------------------------------------------------------- simulation

async function simulate() {
  const agent = $('sim-agent').value;
  $('sim-status').textContent = `playing (${agent} players)…`;
  $('sim-chart').innerHTML = '';
  const t0 = performance.now();
  const reply = await ask({
    kind: 'simulate', text: ui.text, options: JSON.stringify(ui.options), sweep: $('sim-sweep').value,
    games: Number($('sim-games').value) || 1, seed: Number($('sim-seed').value) || 0, agent,
  });
  if (reply.error) { $('sim-status').textContent = reply.error; return; }
  const report = JSON.parse(reply.report);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  $('sim-status').textContent = `${report.games} games per assignment, seed ${report.seed}, ${agent} players (${secs} s)`;
  // The CLI's `--plot` picture, drawn by the module on this thread (the browser measures
  // its text): the differences from the baseline, win shares and game lengths.
  $('sim-chart').innerHTML = plot(reply.report);
  const svg = $('sim-chart').querySelector('svg');
  svg.id = 'sim-svg';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'simulation charts');
}

// ---------------------------------------------------------------- start

function keyboard(e) {
  if (e.target.matches('input, textarea, select')) return;
  if (e.key === 'u') action(() => ui.game.undo(), false);
  else if (e.key === 'r' && ui.state.position.awaiting_roll) action(() => ui.game.roll());
  else if (e.key === 'm' || e.key === '/') { e.preventDefault(); $('move-input').focus(); }
  else if (e.key === 'Escape') { ui.selected = null; hideChoice(); refresh(); }
}

async function main() {
  await init();
  ui.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  ui.worker.onerror = (e) => { $('move-error').textContent = `worker: ${e.message || 'failed to start'}`; };
  ui.worker.onmessage = (e) => { const r = ui.pending.get(e.data.id); ui.pending.delete(e.data.id); if (r) r(e.data); };
  const sel = $('variant');
  const groups = {};
  for (const b of JSON.parse(builtins())) {
    if (!groups[b.group]) { groups[b.group] = document.createElement('optgroup'); groups[b.group].label = b.group; sel.appendChild(groups[b.group]); }
    groups[b.group].appendChild(new Option(b.name, b.name));
  }
  const start = new URLSearchParams(location.search).get('variant') || 'chaturaji';
  sel.value = start;
  sel.addEventListener('change', () => { ui.players = []; loadBuiltin(sel.value); });
  $('file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) { $('editor').value = await f.text(); ui.players = []; startGame({}); }
  });
  $('editor').addEventListener('input', scheduleCheck);
  $('editor').addEventListener('scroll', syncScroll);
  $('apply').addEventListener('click', () => startGame(readOptions()));
  $('new-game').addEventListener('click', () => startGame(ui.options));
  $('roll').addEventListener('click', () => action(() => ui.game.roll()));
  $('pass').addEventListener('click', () => play('pass'));
  $('resign').addEventListener('click', () => play('resign'));
  $('undo').addEventListener('click', () => action(() => ui.game.undo(), false));
  $('redo').addEventListener('click', () => action(() => ui.game.redo(), false));
  $('move-form').addEventListener('submit', (e) => { e.preventDefault(); if (play($('move-input').value)) $('move-input').value = ''; });
  $('set-fen').addEventListener('click', () => {
    try { ui.game.set_position($('fen').value); $('fen-error').textContent = ''; } catch (e) { $('fen-error').textContent = String(e); return; }
    ui.selected = null; refresh();
  });
  $('ai-move').addEventListener('click', () => { const p = ui.state.position; computerTurn(ui.players[p.to_move] !== 'human' ? ui.players[p.to_move] : 'easy'); });
  $('sim-run').addEventListener('click', simulate);
  document.addEventListener('keydown', keyboard);
  loadBuiltin(start);
  window.playground = ui;   // for the browser test and the console
  document.body.dataset.ready = 'true';
}

main();
