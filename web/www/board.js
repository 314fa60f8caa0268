// The board as SVG for any rule file: files × ranks squares (the first rank at the bottom),
// coordinates, each piece a disc in its seat's colour with its kind's letter (and the seat's
// symbol where the rule file gives one), the last move, checks, the selected piece and its
// targets.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 60;
const MARGIN = 22;

// Colours a seat's name says, chosen to stay apart for four seats and to carry dark or
// light text; other seats take the palette by turn order.
const NAMED = {
  white: { fill: '#ffffff', stroke: '#222', text: '#111' },
  black: { fill: '#262626', stroke: '#000', text: '#fff' },
  red: { fill: '#d62728', stroke: '#5a0b0b', text: '#fff' },
  blue: { fill: '#1f5fbf', stroke: '#0b2350', text: '#fff' },
  yellow: { fill: '#f2c80f', stroke: '#5c4a00', text: '#111' },
  green: { fill: '#2a9d3a', stroke: '#0d3d14', text: '#fff' },
  sente: { fill: '#ffffff', stroke: '#222', text: '#111' },
  gote: { fill: '#262626', stroke: '#000', text: '#fff' },
};
const PALETTE = [
  { fill: '#ffffff', stroke: '#222', text: '#111' },
  { fill: '#262626', stroke: '#000', text: '#fff' },
  { fill: '#d62728', stroke: '#5a0b0b', text: '#fff' },
  { fill: '#1f5fbf', stroke: '#0b2350', text: '#fff' },
  { fill: '#f2c80f', stroke: '#5c4a00', text: '#111' },
  { fill: '#2a9d3a', stroke: '#0d3d14', text: '#fff' },
  { fill: '#8e44ad', stroke: '#3b1a4a', text: '#fff' },
  { fill: '#e67e22', stroke: '#5c3000', text: '#111' },
];

/// The colours of seat `i` of the variant: `{fill, stroke, text}`.
export function seatColour(variant, i) {
  return NAMED[variant.seats[i].name] || PALETTE[i % PALETTE.length];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// Draws `state` (the game's JSON state) into `svg`; `selected` is `{from}` or `{drop}` or
/// null; `onSquare(name)` is called with the square clicked.
export function drawBoard(svg, state, selected, onSquare) {
  const v = state.variant, p = state.position;
  const w = v.files * CELL + MARGIN, h = v.ranks * CELL + MARGIN;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('aria-label', `${v.title}: ${v.files} by ${v.ranks} board`);
  svg.innerHTML = '';
  const x = (file) => MARGIN + file * CELL;
  const y = (rank) => (v.ranks - 1 - rank) * CELL;
  const targets = new Set();
  if (selected) {
    for (const m of state.legal) {
      if (selected.drop !== undefined ? m.drop === selected.drop : m.from === selected.from) targets.add(m.to);
    }
  }
  const checked = new Set();
  for (const pc of p.pieces) {
    if (p.checks.includes(pc.seat) && v.kinds[pc.kind].royal) checked.add(pc.square);
  }
  v.squares.forEach((name, i) => {
    const file = i % v.files, rank = Math.floor(i / v.files);
    let cls = (file + rank) % 2 === 0 ? 'square dark' : 'square light';
    if (p.last && (p.last.to === name || p.last.from === name)) cls += ' last';
    if (checked.has(name)) cls += ' check';
    if (selected && selected.from === name) cls += ' from';
    if (targets.has(name)) cls += ' target';
    const r = el('rect', { x: x(file), y: y(rank), width: CELL, height: CELL, class: cls, 'data-square': name }, svg);
    r.addEventListener('click', () => onSquare(name));
  });
  for (let f = 0; f < v.files; f++) {
    const t = el('text', { x: x(f) + CELL / 2, y: h - 6, 'text-anchor': 'middle', class: 'coord' }, svg);
    t.textContent = v.squares[f].replace(/[0-9]+$/, '');
  }
  for (let r = 0; r < v.ranks; r++) {
    const t = el('text', { x: 4, y: y(r) + CELL / 2 + 4, class: 'coord' }, svg);
    t.textContent = v.squares[r * v.files].replace(/^[a-z]+/, '');
  }
  for (const pc of p.pieces) drawPiece(svg, v, pc, x(pc.file), y(pc.rank), onSquare);
  for (const t of targets) {
    const i = v.squares.indexOf(t);
    const cx = x(i % v.files) + CELL / 2, cy = y(Math.floor(i / v.files)) + CELL / 2;
    el('circle', { cx, cy, r: 7, fill: '#1a7f1a', opacity: 0.7, 'pointer-events': 'none', class: 'target-dot' }, svg);
  }
}

function drawPiece(svg, v, pc, x0, y0, onSquare) {
  const c = seatColour(v, pc.seat);
  const seat = v.seats[pc.seat];
  const g = el('g', {
    class: 'piece' + (pc.dead ? ' dead' : ''), 'data-square': pc.square, 'data-seat': pc.seat,
    'data-seat-name': seat.name, 'data-kind': v.kinds[pc.kind].name, 'data-text': pc.text,
  }, svg);
  const royal = v.kinds[pc.kind].royal;
  el('circle', {
    cx: x0 + CELL / 2, cy: y0 + CELL / 2, r: CELL * 0.4, fill: c.fill, stroke: c.stroke,
    'stroke-width': royal ? 4 : 2,
  }, g);
  const t = el('text', {
    x: x0 + CELL / 2, y: y0 + CELL / 2 + 8, 'text-anchor': 'middle', 'font-size': pc.text.length > 1 ? 19 : 24,
    'font-weight': 'bold', fill: c.text,
  }, g);
  t.textContent = pc.text;
  if (seat.symbol) {
    const s = el('text', { x: x0 + 5, y: y0 + 14, 'font-size': 12, fill: c.stroke }, g);
    s.textContent = seat.symbol;
  }
  const title = el('title', {}, g);
  title.textContent = `${seat.name} ${v.kinds[pc.kind].name} on ${pc.square}`;
  g.addEventListener('click', () => onSquare(pc.square));
}
