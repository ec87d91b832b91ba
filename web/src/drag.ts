// Dragging cards from your hand with pointer events (mouse, pen and touch alike): onto the pile to
// discard, onto a spread to hit it, onto the felt to lay a spread. A drag starts once the pointer
// has moved a few pixels (a tap stays a tap: it selects the card). Where the cards go is the host's
// decision (it looks the move up in the server's list); a drop that makes no move snaps back.
import type { DropTarget } from './directMoves';
import { reducedMotion } from './motion';

export interface DragHost {
  /** The cards a drag of `card` carries: the selection when the card is in it, else the card. */
  cardsFor(card: string): string[];
  /** The cards were let go over `target` (null: nowhere to drop). True when a move was made. */
  dropped(cards: string[], target: DropTarget | null, at: DOMRect): boolean;
}

const kStartPx = 8;

export function dropTargetOf(el: Element | null): DropTarget | null {
  const t = el?.closest<HTMLElement>('[data-drop]')?.dataset.drop;
  if (!t) return null;
  if (t === 'discard') return { zone: 'discard' };
  if (t === 'felt') return { zone: 'felt' };
  const m = /^spread:(\d+)$/.exec(t);
  return m ? { zone: 'spread', index: Number(m[1]) } : null;
}

/** Listens on `root` (which the page redraws inside) for drags of `.my-hand button.card`. */
export function installDrag(root: HTMLElement, host: DragHost): void {
  let start: { x: number; y: number; card: string; rect: DOMRect; id: number } | null = null;
  let ghost: HTMLElement | null = null;
  let over: HTMLElement | null = null;
  let suppressClick = false;

  const mark = (el: HTMLElement | null) => {
    if (over === el) return;
    over?.classList.remove('drop-over');
    over = el;
    over?.classList.add('drop-over');
  };
  const targetAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop]') ?? null;

  root.addEventListener('pointerdown', (e) => {
    const el = (e.target as Element).closest<HTMLElement>('.my-hand button.card');
    if (!el || e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, card: el.dataset.card!, rect: el.getBoundingClientRect(), id: e.pointerId };
  });
  window.addEventListener('pointermove', (e) => {
    if (!start || e.pointerId !== start.id) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!ghost) {
      if (Math.hypot(dx, dy) < kStartPx) return;
      ghost = makeGhost(root, host.cardsFor(start.card), start.rect);
    }
    ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    mark(targetAt(e.clientX, e.clientY));
  });
  const end = (e: PointerEvent, cancelled: boolean) => {
    if (!start || e.pointerId !== start.id) return;
    const s = start;
    start = null;
    const g = ghost;
    ghost = null;
    mark(null);
    if (!g) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    const at = g.firstElementChild ? (g.firstElementChild as HTMLElement).getBoundingClientRect() : s.rect;
    const target = cancelled ? null : dropTargetOf(targetAt(e.clientX, e.clientY));
    const made = host.dropped(host.cardsFor(s.card), target, at);
    if (made || reducedMotion()) { g.remove(); return; }
    const back = g.animate([{ transform: g.style.transform }, { transform: 'translate(0, 0)' }], { duration: 220, easing: 'ease-out' });
    back.addEventListener('finish', () => g.remove());
    back.addEventListener('cancel', () => g.remove());
  };
  window.addEventListener('pointerup', (e) => end(e, false));
  window.addEventListener('pointercancel', (e) => end(e, true));
  // The click that ends a drag is not a tap on the card.
  window.addEventListener('click', (e) => { if (suppressClick) { e.stopPropagation(); e.preventDefault(); suppressClick = false; } }, true);
}

/** The dragged cards, fanned, in a layer that follows the pointer. */
function makeGhost(root: HTMLElement, cards: string[], rect: DOMRect): HTMLElement {
  const g = document.createElement('div');
  g.className = 'drag-ghost';
  g.setAttribute('aria-hidden', 'true');
  Object.assign(g.style, { left: `${rect.left}px`, top: `${rect.top}px` });
  cards.forEach((c, i) => {
    const src = root.querySelector(`.my-hand button.card[data-card="${c}"]`);
    const card = document.createElement('span');
    card.className = 'card';
    Object.assign(card.style, { width: `${rect.width}px`, height: `${rect.height}px`, left: `${i * rect.width * 0.35}px` });
    if (src?.firstElementChild) card.append(src.firstElementChild.cloneNode(true));
    g.append(card);
  });
  document.body.append(g);
  return g;
}
