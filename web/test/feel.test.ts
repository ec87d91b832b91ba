import { describe, expect, it } from 'vitest';
import { momentWord } from '../src/motion';
import { presetRuleIds, rulesSections } from '../src/rulesText';
import { Sounds } from '../src/sound';
import { finishWalkthrough, walkthroughDone } from '../src/walkthrough';

describe('the table\'s moments, sound, rules and walkthrough', () => {
  it('says "Tonk!" for a going-out win and "Caught!" for a caught drop', () => {
    expect(momentWord('tonk out').text).toBe('Tonk!');
    expect(momentWord('dealt tonk').text).toBe('Tonk!');
    expect(momentWord('caught').text).toBe('Caught!');
    expect(momentWord('stock exhausted').strong).toBe(false);
  });

  it('keeps the mute switch in storage and is silent before a gesture', () => {
    localStorage.removeItem('tonk.muted');
    const a = new Sounds(localStorage);
    expect(a.muted).toBe(false);
    expect(a.audible).toBe(false);       // no gesture yet
    a.setMuted(true);
    expect(new Sounds(localStorage).muted).toBe(true);
    a.unlock();
    expect(a.audible).toBe(false);       // muted
  });

  it('picks the standard game\'s sections and the preset\'s house rules from the rulebook', () => {
    const md = '# Title\n\n## The standard game\n\n### S1 Players\n\nTwo to **four** players.\n\n### S15 Drop\n\nAt the start:\n\n- **S15a** lowest wins\n'
      + '## House rules (V)\n\n### V11 The 40-card deck\n\nNo `8`s.\n\n### V12 Rushville\n\nUnits.\n';
    const s = rulesSections(md, presetRuleIds('P-BATON', undefined));
    expect(s.map((x) => x.id)).toEqual(['V11', 'S1', 'S15']);   // what the preset changes first
    expect(s[1].paragraphs).toEqual(['Two to four players.']);
    expect(s[2].paragraphs).toEqual(['At the start:', '• S15a lowest wins']);
    expect(presetRuleIds('P-X', ['V12', 'S1'])).toEqual(['V12']);
  });

  it('shows the walkthrough until it is finished or skipped', () => {
    localStorage.removeItem('tonk.walkthrough.done');
    expect(walkthroughDone(localStorage)).toBe(false);
    finishWalkthrough(localStorage);
    expect(walkthroughDone(localStorage)).toBe(true);
  });
});
