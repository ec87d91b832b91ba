import { describe, expect, it } from 'vitest';
import { momentWord } from '../src/motion';
import { missingOptions, playerRules, ruleOptions } from '../src/rulesText';
import { Sounds } from '../src/sound';
import { finishWalkthrough, walkthroughDone } from '../src/walkthrough';
import { kStandardRules } from './fixtures';

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

  it('writes the rules for a player from the table\'s rule line: its numbers, no rule codes or program talk in the prose', () => {
    const std = playerRules(`${kStandardRules} players=3`, 8);
    const prose = std.flatMap((x) => x.paragraphs).join(' ');
    expect(prose).toContain('This table has three players (these rules allow 2 to 8)');
    expect(prose).toContain('Everyone gets five cards from one 52-card deck');
    expect(prose).toContain('you are caught: you pay 2 stakes to each of them');
    expect(prose).not.toMatch(/\b[SVIP]-?\d+[a-z]?\b|tonk (play|sim)|Two to four/);
    expect(std.find((x) => x.title === 'Dropping')!.ids).toEqual(['S15']);   // the IDs stay, apart from the prose
    // Baton Rouge's 40-card deck and Rushville's units and "tonk" for a drop come from the line too.
    const baton = playerRules(`${kStandardRules} deck=forty dealt_tonk_min=47`, null).flatMap((x) => x.paragraphs).join(' ');
    expect(baton).toContain('a 40-card deck (no 8s, 9s or 10s)');
    expect(baton).toContain('the 7 is next to the jack');
    expect(baton).toContain('count 47 to 50');
    const rush = playerRules(`${kStandardRules} scoring=units drop_called_tonk=true dealt_tonk_min=0 dealt_five_faces_pays=2`, 8);
    expect(rush.map((x) => x.title)).toContain('Dropping (“tonk”)');
    expect(rush.flatMap((x) => x.paragraphs).join(' ')).toContain('face cards only (jacks, queens, kings) wins 2 units');
    expect(ruleOptions(`${kStandardRules} players=4`).players).toBe('4');   // a later value wins
  });

  it('keeps no default values of its own: a rule line that lacks an option gives no rules rather than a guess', () => {
    expect(missingOptions(kStandardRules)).toEqual([]);
    expect(missingOptions('players=3 hand_size=5')).toContain('deck');
    expect(playerRules('players=3 hand_size=5 deck=full52', 8)).toEqual([]);
    expect(ruleOptions('players=4').hand_size).toBeUndefined();
    // Every number comes from the line: a preset's changed payout is what the text says.
    const doubled = playerRules(`${kStandardRules} drop_pays=3`, 8).flatMap((x) => x.paragraphs).join(' ');
    expect(doubled).toContain('you win 3 stakes from each player');
  });

  it('shows the walkthrough until it is finished or skipped', () => {
    localStorage.removeItem('tonk.walkthrough.done');
    expect(walkthroughDone(localStorage)).toBe(false);
    finishWalkthrough(localStorage);
    expect(walkthroughDone(localStorage)).toBe(true);
  });
});
