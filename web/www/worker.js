// The page's Web Worker: computer turns and simulations run here, so the page never
// freezes. A turn is computed on a copy of the game rebuilt from the rule file, the start
// position and the actions played; the page then plays the texts sent back.
import init, { Game, simulate } from './pkg/ashtapada_web.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  const m = e.data;
  try {
    if (m.kind === 'turn') {
      const g = new Game(m.text, m.options, m.seed);
      if (m.start) g.set_position(m.start);
      for (const a of m.actions) g.play(a);
      const texts = JSON.parse(g.computer_turn(m.level));
      g.free();
      self.postMessage({ id: m.id, texts });
    } else if (m.kind === 'simulate') {
      const report = simulate(m.text, m.options, m.sweep, m.games, m.seed, m.agent || 'random');
      self.postMessage({ id: m.id, report });
    }
  } catch (err) {
    let text = String(err);
    try { text = JSON.parse(err).diagnostics.map((d) => d.message).join('; '); } catch (_) { /* a message */ }
    self.postMessage({ id: m.id, error: text });
  }
};
