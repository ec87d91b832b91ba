// A scrolling area whose content goes on below its edge says so: it gets the class `more-below`
// (style.css gives it a strip at its foot, outside what scrolls, with a small "▾ more below" tag,
// so the tag covers none of its lines) until it is scrolled to the end. Marked
// after each redraw and on each scroll of the areas that can hide things: the felt and the result.
const kAreas = '.board, .result-layer, .rules-panel';

function mark(el: Element): void {
  const more = el.scrollHeight - el.scrollTop - el.clientHeight > 4;
  el.classList.toggle('more-below', more);
}

/** Marks every area of `root` now. */
export function markScrollCues(root: ParentNode): void {
  root.querySelectorAll(kAreas).forEach(mark);
}

/** Keeps the marks as the player scrolls and as the window changes size. */
export function watchScrollCues(root: HTMLElement): void {
  root.addEventListener('scroll', (e) => { const t = e.target as Element; if (t.matches?.(kAreas)) mark(t); }, true);
  window.addEventListener('resize', () => markScrollCues(root));
}
