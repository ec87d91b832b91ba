// Table codes (docs/PROTOCOL.md "Table codes"): six characters to read out, a dash and a secret of
// twenty that only the invite link carries. Pages show the six; links and requests use the whole code.

/** The whole code of a table link: `K7QX2M-…` (or an older table's six characters). */
export const kCodePattern = '[0-9A-Za-z]{4,12}(?:-[0-9A-Za-z]{20})?';

/** The part of a code shown on the page (the secret stays in the link). */
export function shownCode(code: string): string {
  return code.split('-')[0];
}

/** The code in what a person typed or pasted: a whole invite link, or the code itself. */
export function codeOfInput(text: string): string {
  const m = /#\/t\/([^/?#\s]+)/i.exec(text);
  return (m ? m[1] : text).trim().toUpperCase();
}
