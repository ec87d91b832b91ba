// The name rule of docs/PROTOCOL.md ("Names"), mirrored from the server (src/protocol/player_name.cc)
// so that the page says what is wrong before it sends anything (and no empty table is left behind).

/** Longest name, in characters (Unicode code points, not bytes or UTF-16 units). */
export const kMaxNameChars = 32;

// Unicode general category Cc (controls) and Cf (format: zero-width, bidi marks, BOM, tags), and
// the line and paragraph separators (Zl, Zp: U+2028, U+2029), which break a line as a newline does.
const kInvisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Trims `raw` (JavaScript's trim(): Unicode white space at both ends) and checks it. Returns the
 * name to send, or why it cannot be sent (a sentence for the form).
 */
export function checkName(raw: string): { name: string; error: string | null } {
  const name = raw.trim();
  const chars = [...name].length;
  if (chars === 0) return { name, error: 'Type your name first.' };
  if (chars > kMaxNameChars) return { name, error: `Your name is ${chars} characters long; at most ${kMaxNameChars}.` };
  if (kInvisible.test(name)) return { name, error: 'Your name holds an invisible control or format character (zero-width or bidi); type it again.' };
  return { name, error: null };
}
