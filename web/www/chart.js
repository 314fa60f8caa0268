// The simulation's charts, as the CLI's `--plot` draws them: in a sweep, the paired
// difference of each assignment's first-seat win share from the baseline's (95% intervals,
// a zero line); then each seat's win share and the first seat's with 95% intervals, one
// group per assignment, the fair share dashed.

const SVG = 'http://www.w3.org/2000/svg';
import { seatColour } from './board.js';

function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

export function drawChart(box, report, variant) {
  const runs = report.runs;
  const seats = runs[0].seats.length;
  const rowH = 16, groupH = (seats + 1) * rowH + 14;
  const diffs = runs.slice(1).filter((r) => r.difference);
  const forestH = diffs.length ? diffs.length * 22 + 40 : 0;
  const W = 460, L = 150, R = 20, H = forestH + runs.length * groupH + 40;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, id: 'sim-svg', role: 'img', 'aria-label': 'simulation chart' }, null);
  let y0 = 16;
  if (diffs.length) {
    el('text', { x: 4, y: y0, 'font-weight': 'bold', 'font-size': 12 }, svg, 'first-seat win share: difference from the baseline');
    const span = Math.max(0.05, ...diffs.map((r) => Math.max(Math.abs(r.difference.first_seat.ci[0]), Math.abs(r.difference.first_seat.ci[1]))));
    const sx = (d) => L + (d + span) / (2 * span) * (W - L - R);
    el('line', { x1: sx(0), x2: sx(0), y1: y0 + 6, y2: y0 + 10 + diffs.length * 22, stroke: '#888', 'stroke-dasharray': '4 3' }, svg);
    diffs.forEach((r, i) => {
      const y = y0 + 20 + i * 22, d = r.difference.first_seat;
      el('text', { x: L - 6, y: y + 4, 'text-anchor': 'end', 'font-size': 11 }, svg, r.label);
      el('line', { x1: sx(d.ci[0]), x2: sx(d.ci[1]), y1: y, y2: y, stroke: '#000', 'stroke-width': 2 }, svg);
      el('circle', { cx: sx(d.mean), cy: y, r: 4, fill: d.significant ? '#c00' : '#000', class: 'diff-point' }, svg);
      el('text', { x: W - 4, y: y + 4, 'text-anchor': 'end', 'font-size': 10 }, svg, `${(d.mean * 100).toFixed(1)} pp`);
    });
    y0 += forestH;
  }
  el('text', { x: 4, y: y0, 'font-weight': 'bold', 'font-size': 12 }, svg, 'win share, 95% intervals');
  const max = Math.min(1, Math.max(...runs.flatMap((r) => [...r.seats.map((s) => s.win_share_ci[1]), r.first_seat.win_share_ci[1]])) * 1.1);
  const sx = (v) => L + v / max * (W - L - R);
  runs.forEach((run, g) => {
    const top = y0 + 10 + g * groupH;
    el('text', { x: 4, y: top + 10, 'font-size': 11, 'font-style': 'italic' }, svg, run.label || 'baseline');
    const rows = run.seats.map((s, i) => ({ name: s.name, share: s.win_share, ci: s.win_share_ci, colour: seatColour(variant, i).fill }));
    rows.push({ name: 'first seat', share: run.first_seat.win_share, ci: run.first_seat.win_share_ci, colour: '#000' });
    rows.forEach((row, i) => {
      const y = top + 14 + i * rowH;
      el('text', { x: L - 6, y: y + 10, 'text-anchor': 'end', 'font-size': 11 }, svg, row.name);
      el('rect', { x: L, y: y + 2, width: Math.max(1, sx(row.share) - L), height: rowH - 5, fill: row.colour, stroke: '#333', class: 'share-bar', 'data-seat': row.name }, svg);
      el('line', { x1: sx(row.ci[0]), x2: sx(row.ci[1]), y1: y + 7, y2: y + 7, stroke: '#000', 'stroke-width': 1.5 }, svg);
    });
    const fair = sx(run.first_seat.fair_share);
    el('line', { x1: fair, x2: fair, y1: top + 12, y2: top + 14 + rows.length * rowH, stroke: '#555', 'stroke-dasharray': '5 3' }, svg);
  });
  box.innerHTML = '';
  box.appendChild(svg);
}
