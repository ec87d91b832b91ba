// A player who has played here before: the first-hand walkthrough was seen, and Drop does not ask
// first. The browser tests of other things than a new player's first visit start their pages with
// it (`context.addInitScript(seasonedPlayer)`); e2e/table_feel.mjs meets both as a new player does.
export function seasonedPlayer() {
  localStorage.setItem('tonk.dropAskAbove', '0');
  localStorage.setItem('tonk.walkthrough.done', 'true');
}
