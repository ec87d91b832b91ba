// The player's identity without sign-up (docs/RATINGS.md, docs/WEB.md "You"): a random player key
// kept in localStorage, sent with `join` and `quick` so that a quick table's hands between people
// are rated. The key is the only credential: *Export key* shows it, *Import key* takes one pasted
// from another device (checked here as the server checks it), *Forget me* asks the server to delete
// the player and draws a new key.

/** Where the key is kept. */
export const kPlayerKeyItem = 'tonk.playerKey';
/** The key's length the page draws: 32 random bytes, 64 hex digits. */
export const kPlayerKeyBytes = 32;

/** "" when `text` (trimmed) is a player key the server takes: 32 to 128 hex digits, even length. */
export function playerKeyProblem(text: string): string {
  const key = text.trim();
  if (key === '') return 'paste a player key';
  if (!/^[0-9a-fA-F]*$/.test(key)) return 'a player key is hex digits only (0-9, a-f)';
  if (key.length < 32 || key.length > 128) return 'a player key is 32 to 128 hex digits';
  if (key.length % 2 !== 0) return 'a player key has an even number of hex digits';
  return '';
}

/** A new random key: kPlayerKeyBytes bytes of the browser's CSPRNG, lowercase hex. */
export function newPlayerKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(kPlayerKeyBytes));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The player's key, drawn and kept on first use; a stored value that is no key is replaced. */
export function playerKey(storage: Storage = localStorage, random?: (bytes: Uint8Array) => Uint8Array): string {
  let key: string | null = null;
  try { key = storage.getItem(kPlayerKeyItem); } catch { /* storage off */ }
  if (key !== null && playerKeyProblem(key) === '') return key;
  key = newPlayerKey(random);
  try { storage.setItem(kPlayerKeyItem, key); } catch { /* storage off: the key lasts this page */ }
  return key;
}

/** Takes a pasted key (lowercased, trimmed) as the player's; returns why not ("" when taken). */
export function importPlayerKey(text: string, storage: Storage = localStorage): string {
  const problem = playerKeyProblem(text);
  if (problem !== '') return problem;
  try { storage.setItem(kPlayerKeyItem, text.trim().toLowerCase()); } catch { return 'this browser keeps nothing (storage is off)'; }
  return '';
}

/** After *Forget me*: a new key, so the page plays as nobody the server knows. */
export function replacePlayerKey(storage: Storage = localStorage, random?: (bytes: Uint8Array) => Uint8Array): string {
  try { storage.removeItem(kPlayerKeyItem); } catch { /* ignore */ }
  return playerKey(storage, random);
}
