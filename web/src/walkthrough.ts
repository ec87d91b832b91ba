// The first-hand walkthrough: a few short steps a new player can read or skip; once finished or
// skipped it is not shown again in this browser (localStorage).
export const kWalkthroughKey = 'tonk.walkthrough.done';

export const kWalkthroughSteps: string[] = [
  'Your hand is at the bottom. The lowest count wins: aces count 1, face cards 10.',
  'On your turn, tap the stock to draw, or the discard pile to take its top card.',
  'Lay three of a kind or a run of three in one suit: select the cards and drag them to the table (or press the Spread button).',
  'End your turn by dragging a card onto the discard pile. Empty your hand to win; Drop at the start of a turn if you think your count is the lowest.',
];

export function walkthroughDone(storage: Storage | null): boolean {
  try { return storage?.getItem(kWalkthroughKey) === 'true'; } catch { return true; }
}

export function finishWalkthrough(storage: Storage | null): void {
  try { storage?.setItem(kWalkthroughKey, 'true'); } catch { /* storage off */ }
}
