// The rules shown in the page: the sections of docs/RULES.md for the table's preset (the standard
// game's S1–S18, then the house rules it adds). The rulebook is loaded only when asked for (its own
// small chunk), so the first page load stays light.

export interface RulesSection { id: string; title: string; paragraphs: string[] }

const kPresetRules: Record<string, string[]> = {
  'P-STD': [], 'P-RUSH': ['V12'], 'P-BATON': ['V11'], 'P-CHICAGO': ['V13'], 'P-DC': ['V9'], 'P-NEWARK': ['V10'],
  'P-PUSHUP': ['V15'], 'P-SEATTLE': ['V18'], 'P-VIETNAM': ['V18', 'V11'], 'P-WASH': ['V14'],
};

/** The house rules a preset adds to the standard game: from the server's `rule_ids`, else the known presets. */
export function presetRuleIds(preset: string, ruleIds: string[] | undefined): string[] {
  const fromServer = (ruleIds ?? []).filter((id) => /^V\d+$/.test(id));
  return fromServer.length ? fromServer : kPresetRules[preset] ?? [];
}

/** Plain text of a markdown line: no emphasis marks or code ticks. */
function plain(s: string): string { return s.replace(/\*\*|`/g, '').trim(); }

/** The `### ID Title` sections of the rulebook whose ID is one of `extra` (first) or S1–S18, in its order. */
export function rulesSections(markdown: string, extra: string[]): RulesSection[] {
  const out: RulesSection[] = [];
  let cur: RulesSection | null = null;
  let para = '';
  const flush = () => { if (cur && para.trim()) cur.paragraphs.push(plain(para)); para = ''; };
  for (const line of markdown.split('\n')) {
    const m = /^###\s+(\S+)\s+(.*)$/.exec(line);
    if (m || /^##?\s/.test(line)) {
      flush();
      cur = null;
      if (m && (/^S\d+$/.test(m[1]) || extra.includes(m[1]))) { cur = { id: m[1], title: plain(m[2]), paragraphs: [] }; out.push(cur); }
      continue;
    }
    if (!cur) continue;
    if (!line.trim()) flush();
    else if (/^\s*-\s/.test(line)) { flush(); para = line.replace(/^\s*-\s/, '• '); }
    else para += (para ? ' ' : '') + line.trim();
  }
  flush();
  // What this table changes first, then the standard game it changes.
  return [...out.filter((x) => extra.includes(x.id)), ...out.filter((x) => !extra.includes(x.id))];
}

/** Loads the rulebook and picks the preset's sections. */
export async function loadRules(preset: string, ruleIds: string[] | undefined): Promise<RulesSection[]> {
  const md = (await import('../../docs/RULES.md?raw')).default;
  return rulesSections(md, presetRuleIds(preset, ruleIds));
}
