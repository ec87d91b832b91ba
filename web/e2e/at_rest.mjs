// Layout is measured with the table at rest: cards fly with the Web Animations API (src/motion.ts),
// and a card in flight sits where it flew from (the stock, a seat), under whatever is drawn there,
// so a measure taken mid-flight sees controls "covered" or out of place that a moment later are not.
// `atRest` waits in the page, bounded, until no animation runs (document.getAnimations()) and then
// measures in the same task, so that no message arriving between the wait and the measure can start
// a new flight. What still moves after the bound is returned, for the failure's message: the
// measure is made anyway (it still fails when something is covered).

/** In the page: resolves once no animation runs, or after `ms`, with what still runs then. */
function untilStill(ms) {
  const t0 = performance.now();
  const moving = () => document.getAnimations().filter((a) => a.playState === 'running' || a.pending);
  return new Promise((resolve) => {
    const look = () => {
      const m = moving();
      if (!m.length || performance.now() - t0 >= ms) {
        resolve(m.map((a) => { const t = a.effect?.target; return t ? `${t.tagName.toLowerCase()}.${(t.getAttribute('class') ?? '').split(' ').join('.')}` : String(a.id || 'animation'); }));
      } else setTimeout(look, 30);
    };
    look();
  });
}

/**
 * Runs `measure(arg)` in `page` once nothing moves (at most `ms` later). `measure` must be
 * self-contained (it is sent to the page as source); it gets `arg` and what still moved ([] at rest).
 */
export function atRest(page, measure, arg = null, ms = 3000) {
  return page.evaluate(`(async () => {
    const moving = await (${untilStill.toString()})(${Number(ms)});
    return (${measure.toString()})(${JSON.stringify(arg)}, moving);
  })()`);
}

/** Waits until nothing moves (at most `ms`); returns what still moved. */
export function settle(page, ms = 3000) {
  return atRest(page, (_, moving) => moving, null, ms);
}
