// The review of a finished hand (docs/REVIEW.md): the engine's `tonk_review` (apps/wasm) run in a
// Web Worker of its own, so that neither the server nor the page's offline table waits for it; and
// its drawing for the end-of-hand summary: each of the seat's decisions with the move played, the
// best move by the expert bot's search from the seat's own view, the cost and the mistakes; then,
// apart and labelled as such, the hindsight of the oracle that knew every card.
import { actionLabel, parseLegal } from './actions';
import type { LegalAction } from './protocol';
import { h } from './dom';
import { kWasm } from './offline';

export interface ReviewColumn { played: number; best: number; best_action: string; best_move: LegalAction; cost: number }

export interface ReviewDecision {
  move: number;
  turn: number;
  played: string;
  played_move: LegalAction;
  choices: number;
  fair: ReviewColumn;
  mistake: boolean;
  hindsight: ReviewColumn | null;
}

/** One review, as `tonk review --json` writes each (src/protocol/review_json.h). */
export interface ReviewResult {
  hand: number;
  seat: number;
  name: string;
  unit: string;
  threshold: number;
  fair_search: string;
  hindsight_search: string | null;
  hand_over: boolean;
  hindsight: boolean;
  forced: number;
  unreviewed: number;
  mistakes: number;
  total_cost: number;
  decisions: ReviewDecision[];
}

/** What the summary shows: the review, 'running', or why there is none. */
export type ReviewState = { hand: number; result: ReviewResult } | { hand: number; running: true } | { hand: number; error: string };

let worker: Worker | null = null;
let ready: Promise<Worker> | null = null;
let nextId = 1;

/** The reviewer's worker, started (and its engine loaded) on the first review. */
function reviewer(): Promise<Worker> {
  if (ready) return ready;
  ready = new Promise<Worker>((resolve, reject) => {
    if (!kWasm || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') {
      reject(new Error('this page was built without the engine the review runs on'));
      return;
    }
    worker = new Worker(new URL('./offlineWorker.ts', import.meta.url), { type: 'module' });
    const w = worker;
    w.onmessage = (e: MessageEvent) => {
      const m = e.data as { type: string; reason?: string };
      if (m.type === 'offline_ready') resolve(w);
      else if (m.type === 'offline_unavailable') reject(new Error(`the engine did not load: ${m.reason ?? ''}`));
    };
    w.onerror = () => reject(new Error('the engine did not load'));
    w.postMessage({ type: 'start', wasm: new URL(kWasm, location.href).href });
  });
  ready.catch(() => { ready = null; });
  return ready;
}

/** Reviews seat `seat` in hand `hand` of the record `text`, off the page's thread. */
export async function requestReview(text: string, hand: number, seat: number): Promise<ReviewResult> {
  const w = await reviewer();
  const id = nextId++;
  return new Promise<ReviewResult>((resolve, reject) => {
    const listener = (e: MessageEvent) => {
      const m = e.data as { type: string; re?: number; review?: ReviewResult; message?: string };
      if (m.re !== id) return;
      w.removeEventListener('message', listener);
      if (m.type === 'review' && m.review) resolve(m.review);
      else reject(new Error(m.message ?? 'the review failed'));
    };
    w.addEventListener('message', listener);
    w.postMessage({ type: 'review', id, record: text, hand, seat });
  });
}

/** A value in the table's unit, two decimals, signed. */
export function reviewNumber(v: number, sign = true): string {
  const t = Math.abs(v).toFixed(2);
  if (t === '0.00') return sign ? '0.00' : t;
  return v < 0 ? `−${t}` : sign ? `+${t}` : t;
}

function actionText(move: LegalAction): string {
  try { return actionLabel(parseLegal(move)); } catch { return move.id; }
}

/** One column as a table: per decision the move played and its value, the best and its value, the cost. */
function columnTable(r: ReviewResult, which: 'fair' | 'hindsight', caption: string, bestHead: string): HTMLElement {
  return h('table', { class: `results review-table review-${which}` },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Turn'), h('th', { scope: 'col' }, 'You played'),
      h('th', { scope: 'col' }, bestHead), h('th', { scope: 'col' }, 'Cost'))),
    h('tbody', {}, r.decisions.map((d) => {
      const c = (which === 'fair' ? d.fair : d.hindsight)!;
      const same = c.played === c.best;
      const mistake = which === 'fair' && d.mistake;
      return h('tr', { class: mistake ? 'mistake' : '' },
        h('td', {}, String(d.turn)),
        h('td', {}, actionText(d.played_move), ' ', h('span', { class: 'review-value' }, reviewNumber(c.played))),
        h('td', {}, same ? h('span', { class: 'muted' }, 'the same') : [actionText(c.best_move), ' ',
          h('span', { class: 'review-value' }, reviewNumber(c.best))]),
        h('td', {}, reviewNumber(c.cost, false), mistake ? h('strong', { class: 'mistake-mark' }, ' ✗ mistake') : null));
    })));
}

/** The review in the end-of-hand summary. */
export function reviewSection(state: ReviewState | null | undefined, hand: number): HTMLElement | null {
  if (!state || state.hand !== hand) return null;
  if ('running' in state) return h('p', { role: 'status', class: 'review-status' }, 'Reviewing your decisions…');
  if ('error' in state) return h('p', { role: 'status', class: 'error review-status' }, state.error);
  const r = state.result;
  const unit = r.unit === 'push-ups' ? 'push-ups (shown negative: higher is better)' : r.unit;
  const parts: (HTMLElement | null)[] = [
    h('h3', {}, `Review of your play, hand ${r.hand}`),
    h('p', { class: 'muted small' },
      `Each move you chose between two or more is valued by the expert bot's search from what you could see (${r.fair_search}), ` +
      `as your expected result in ${unit} per hand. A move costing more than ${reviewNumber(r.threshold, false)} is a mistake.`),
  ];
  if (!r.decisions.length) {
    parts.push(h('p', {}, 'You had no choice to make in this hand.'));
  } else {
    parts.push(columnTable(r, 'fair', 'Fair: from what you could see', 'Best move'));
    parts.push(h('p', { class: 'review-total' },
      `${r.decisions.length} decision${r.decisions.length === 1 ? '' : 's'}, ${r.mistakes} mistake${r.mistakes === 1 ? '' : 's'}, ` +
      `cost ${reviewNumber(r.total_cost, false)} ${r.unit} in all.`));
    if (r.unreviewed) parts.push(h('p', { class: 'muted small' }, `${r.unreviewed} later decisions were not reviewed: the review's time ran out.`));
    if (r.hindsight) {
      parts.push(columnTable(r, 'hindsight', 'Hindsight: what the oracle would have played knowing every card (not a fair standard)', "Oracle's best"));
    }
  }
  return h('section', { class: 'review', 'aria-label': `Review of hand ${r.hand}` }, ...parts);
}
