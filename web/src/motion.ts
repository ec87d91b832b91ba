// Cards that travel: each move's cards fly from where they were (the stock, the pile, a seat, your
// hand) to where they land, with the Web Animations API on the card elements themselves (or on a
// stand-in card in a layer over the page when the place they land shows no card, an opponent's
// seat). Nothing ever waits for an animation: the page is drawn first and the cards fly into it;
// a move made meanwhile finishes every flight at once. Under prefers-reduced-motion nothing moves.
import { cardBackSvg, cardFaceSvg } from './cardSvg';
import { svg } from './dom';

/** A place on the table (the data-zone of its element): stock, discard, hand, felt, seatN, spreadN. */
export type Zone = string;

export interface Flight {
  card: string | null;   // null: a face-down card (a draw seen by others, a deal to an opponent)
  from: Zone;
  to: Zone;
  delay?: number;        // ms, for a deal's one-at-a-time rhythm
  faceDown?: boolean;    // travels face down and turns over where it lands (your draw from the stock)
}

export type Rects = Map<string, DOMRect>;

const kMs = 380;

/** Whether cards stay still: the player asked for reduced motion, or the browser has no Web Animations. */
export function reducedMotion(): boolean {
  if (typeof Element === 'undefined' || typeof Element.prototype.animate !== 'function') return true;
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Where every zone and every card of your hand is now (before the page is redrawn). */
export function measure(root: ParentNode): Rects {
  const out: Rects = new Map();
  root.querySelectorAll<HTMLElement>('[data-zone]').forEach((el) => out.set(el.dataset.zone!, cardRect(el)));
  root.querySelectorAll<HTMLElement>('.my-hand [data-card]').forEach((el) => out.set(`card:${el.dataset.card}`, restingRect(el)));
  return out;
}

export class Motion {
  private running = new Set<Animation>();
  // Flights on elements of the page: when the page is redrawn mid-flight (the next move arrived),
  // the flight goes on, on the element that now shows the card, from where it had got to.
  private flips: { f: Flight; from: DOMRect; t0: number; el: HTMLElement }[] = [];
  private layer: HTMLElement | null = null;
  private sources = new Map<string, DOMRect>();   // a dragged card's drop point, the start of its flight

  /** The next flight of `card` from your hand starts at `rect` (where a drag let go of it). */
  startFrom(card: string, rect: DOMRect): void { this.sources.set(card, rect); }

  /** Ends every flight now (a move made during one: the table is shown as it is). */
  finishAll(): void {
    for (const a of [...this.running]) { try { a.finish(); } catch { a.cancel(); } }
    this.running.clear();
    this.flips = [];
    this.layer?.replaceChildren();
  }

  /** Plays `flights` on the page just drawn in `root`; `before` is where things were. */
  play(flights: Flight[], before: Rects, root: ParentNode): void {
    if (reducedMotion()) { this.sources.clear(); return; }
    this.carryOn(root);
    if (!flights.length) return;
    for (const f of flights) {
      const from = (f.card && this.sources.get(f.card)) || (f.card && f.from === 'hand' ? before.get(`card:${f.card}`) : undefined)
        || before.get(f.from) || zoneRect(root, f.from);
      if (!from) continue;
      const target = landing(root, f);
      if (target) this.flip(target, from, f);
      else { const to = zoneRect(root, f.to); if (to) this.stand(f, from, to); }
    }
    this.sources.clear();
  }

  /** The hand's end: the cards each player shows turn over (on the seats and in the result), one after another. */
  reveal(root: ParentNode): void {
    if (reducedMotion()) return;
    root.querySelectorAll<HTMLElement>('.seat .card.shown, .results tbody .card').forEach((el, i) => this.track(el.animate(
      [{ transform: 'rotateY(90deg)', opacity: 0.4 }, { transform: 'none', opacity: 1 }],
      { duration: 320, delay: Math.min(i * 45, 900), easing: 'ease-out', fill: 'backwards' })));
  }

  /** Flights whose element a redraw replaced go on, on the new element, where they had got to. */
  private carryOn(root: ParentNode): void {
    const now = performance.now();
    const live = this.flips.filter((x) => now - x.t0 < kMs + (x.f.delay ?? 0));
    this.flips = [];
    for (const x of live) {
      if (x.el.isConnected) { this.flips.push(x); continue; }
      const el = landing(root, x.f);
      if (el) this.flip(el, x.from, x.f, now - x.t0, x.t0);
    }
  }

  /** Moves the element that shows the card from `from` to where it is now (`elapsed` ms into the flight). */
  private flip(el: HTMLElement, from: DOMRect, f: Flight, elapsed = 0, t0 = performance.now()): void {
    const to = el.getBoundingClientRect();
    if (!to.width) return;
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const s = from.width ? Math.max(0.4, Math.min(2.5, from.width / to.width)) : 1;
    const frames: Keyframe[] = f.faceDown
      ? [{ transform: `translate(${dx}px, ${dy}px) scale(${s}) rotateY(180deg)` }, { transform: 'translate(0, 0) scale(1) rotateY(0deg)' }]
      : [{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: 'none' }];
    el.classList.add('flying');
    const a = el.animate(frames, { duration: kMs, delay: f.delay ?? 0, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' });
    if (elapsed) a.currentTime = elapsed;
    this.flips.push({ f, from, t0, el });
    this.track(a, () => el.classList.remove('flying'));
  }

  /** A stand-in card that flies from `from` to `to` and is gone once it lands. */
  private stand(f: Flight, from: DOMRect, to: DOMRect): void {
    const layer = this.ensureLayer();
    const el = document.createElement('span');
    el.className = 'card flyer';
    el.append(svg(f.card ? cardFaceSvg(f.card) : cardBackSvg()));
    const w = from.width && from.width < 90 ? from.width : 40;
    const hgt = w * 1.4;
    Object.assign(el.style, { left: `${to.left + to.width / 2 - w / 2}px`, top: `${to.top + to.height / 2 - hgt / 2}px`, width: `${w}px`, height: `${hgt}px` });
    layer.append(el);
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const a = el.animate([{ transform: `translate(${dx}px, ${dy}px)`, opacity: 1 }, { transform: 'none', opacity: 1, offset: 0.85 }, { transform: 'none', opacity: 0 }],
      { duration: kMs + 80, delay: f.delay ?? 0, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'both' });
    this.track(a, () => el.remove());
  }

  private track(a: Animation, done?: () => void): void {
    this.running.add(a);
    const end = () => { this.running.delete(a); done?.(); };
    a.addEventListener('finish', end);
    a.addEventListener('cancel', end);
  }

  private ensureLayer(): HTMLElement {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = document.createElement('div');
      this.layer.className = 'fly-layer';
      this.layer.setAttribute('aria-hidden', 'true');
      document.body.append(this.layer);
    }
    return this.layer;
  }
}

/** The element that shows the card where it lands, when there is one. */
function landing(root: ParentNode, f: Flight): HTMLElement | null {
  if (!f.card) return null;
  const esc = (s: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s);
  if (f.to === 'hand') return root.querySelector<HTMLElement>(`.my-hand [data-card="${esc(f.card)}"]`);
  if (f.to === 'discard') return root.querySelector<HTMLElement>(`[data-zone="discard"] [data-card="${esc(f.card)}"]`);
  if (f.to.startsWith('spread')) return root.querySelector<HTMLElement>(`[data-zone="${esc(f.to)}"] [data-card="${esc(f.card)}"]`);
  return null;
}

function zoneRect(root: ParentNode, zone: Zone): DOMRect | null {
  const el = root.querySelector<HTMLElement>(`[data-zone="${zone}"]`);
  return el ? cardRect(el) : null;
}

/** Where a zone's cards are: its first card (the stock's top, a seat's backs), else the zone itself. */
function cardRect(el: HTMLElement): DOMRect {
  const card = el.querySelector<HTMLElement>('.card');
  const r = card ? restingRect(card) : null;
  return r && r.width ? r : el.getBoundingClientRect();
}

/**
 * Where an element sits, without the transform a flight gives it now: a card still flying to the
 * pile is measured where it lands, not where it is in the air (else the next card to leave the pile
 * would start from mid-air). Our flights move the centre by the transform's translation.
 */
export function restingRect(el: HTMLElement): DOMRect {
  const r = el.getBoundingClientRect();
  const t = typeof getComputedStyle === 'function' ? getComputedStyle(el).transform : 'none';
  if (!t || t === 'none' || typeof DOMMatrixReadOnly === 'undefined') return r;
  const m = new DOMMatrixReadOnly(t);
  const w = el.offsetWidth || r.width;
  const h = el.offsetHeight || r.height;
  const cx = r.left + r.width / 2 - m.m41;
  const cy = r.top + r.height / 2 - m.m42;
  return new DOMRect(cx - w / 2, cy - h / 2, w, h);
}

/** The big word at a hand's end ("Tonk!", "Caught!"), shown over the table for a moment. */
export function moment(text: string, tone: 'good' | 'bad' | 'plain'): void {
  clearMoment();   // one at a time
  const el = document.createElement('div');
  el.className = `moment ${tone}`;
  el.setAttribute('role', 'status');
  el.textContent = text;
  document.body.append(el);
  if (reducedMotion()) { setTimeout(() => el.remove(), 1400); return; }
  const a = el.animate([{ transform: 'translate(-50%, -50%) scale(.3)', opacity: 0 }, { transform: 'translate(-50%, -50%) scale(1.1)', opacity: 1, offset: 0.2 },
    { transform: 'translate(-50%, -50%) scale(1)', opacity: 1, offset: 0.8 }, { transform: 'translate(-50%, -50%) scale(1)', opacity: 0 }],
  { duration: 1500, easing: 'ease-out', fill: 'both' });
  a.addEventListener('finish', () => el.remove());
  a.addEventListener('cancel', () => el.remove());
}

/** Takes a table's word away at once: the page left the table (it is said over the table only). */
export function clearMoment(): void {
  document.querySelectorAll('.moment').forEach((m) => m.remove());
}

/** The word for a hand's end: a going-out win is "Tonk!", a caught drop "Caught!". */
export function momentWord(reason: string): { text: string; strong: boolean } {
  if (reason === 'tonk out' || reason === 'dealt tonk') return { text: 'Tonk!', strong: true };
  if (reason === 'caught') return { text: 'Caught!', strong: true };
  if (reason === 'out by discard') return { text: 'Out!', strong: true };
  if (reason === 'drop') return { text: 'Drop!', strong: true };
  return { text: 'Hand over', strong: false };
}
