import { describe, expect, it } from 'vitest';
import { discard, hit, move, spread } from './moves';
import { resolveDrop, tapMove } from '../src/directMoves';

const legal = [spread(['Ac', '2c', '3c'], { kind: 'run', suit: 'c', places: ['A', '2', '3'] }), hit(0, ['7s']), discard('Ac'), discard('7s'), discard('Kd')];
const start = ['drop', 'stock', 'take'].map((k) => move(k));

describe('moves made on the table', () => {
  it('finds the listed move for cards dropped on the pile, a spread or the felt', () => {
    expect(resolveDrop(legal, ['Kd'], { zone: 'discard' }, true, 'after_draw')).toEqual({ move: 'discard Kd' });
    expect(resolveDrop(legal, ['7s'], { zone: 'spread', index: 0 }, true, 'after_draw')).toEqual({ move: 'hit 0 7s' });
    expect(resolveDrop(legal, ['3c', 'Ac', '2c'], { zone: 'felt' }, true, 'after_draw')).toEqual({ move: 'spread Ac2c3c' });
  });

  it('says why a drop makes no move', () => {
    expect(resolveDrop([], ['Kd'], { zone: 'discard' }, false, 'start_of_turn')).toEqual({ reason: 'It is not your turn (S8).' });
    expect(resolveDrop(start, ['Kd'], { zone: 'discard' }, true, 'start_of_turn')).toEqual({ reason: 'First draw from the stock or take the top of the pile (S9).' });
    expect(resolveDrop(legal, ['Kd'], { zone: 'spread', index: 0 }, true, 'after_draw')).toEqual({ reason: 'K♦ does not fit spread 1 (S12).' });
    expect(resolveDrop(legal, ['Kd', 'Ac'], { zone: 'discard' }, true, 'after_draw')).toEqual({ reason: 'You discard one card at a time (S9).' });
    expect(resolveDrop(legal, ['Kd'], { zone: 'felt' }, true, 'after_draw')).toMatchObject({ reason: expect.stringMatching(/three or more cards/) });
    expect(resolveDrop(legal, ['Kd', '7s', 'Ac'], { zone: 'felt' }, true, 'after_draw')).toEqual({ reason: 'K♦ 7♠ A♣ make no book or run (S11).' });
    const taken = [discard('Ac')];   // the card taken from the pile is not listed (I1)
    expect(resolveDrop(taken, ['Kd'], { zone: 'discard' }, true, 'after_draw')).toMatchObject({ reason: expect.stringMatching(/I1/) });
  });

  it('a tap on the stock or the pile is the listed draw or take, or nothing', () => {
    expect(tapMove(start, 'stock')).toBe('stock');
    expect(tapMove(start, 'discard')).toBe('take');
    expect(tapMove(legal, 'stock')).toBeNull();
  });
});

describe('where a drag lets go', () => {
  it('reads the drop target from the element under the pointer or its ancestors', async () => {
    const { dropTargetOf } = await import('../src/drag');
    document.body.innerHTML = '<section data-drop="felt"><div class="pile" data-drop="discard"><span id="top"></span></div>'
      + '<ol><li data-drop="spread:2"><span id="c"></span></li></ol><p id="felt"></p></section><p id="out"></p>';
    expect(dropTargetOf(document.getElementById('top'))).toEqual({ zone: 'discard' });
    expect(dropTargetOf(document.getElementById('c'))).toEqual({ zone: 'spread', index: 2 });
    expect(dropTargetOf(document.getElementById('felt'))).toEqual({ zone: 'felt' });
    expect(dropTargetOf(document.getElementById('out'))).toBeNull();
    expect(dropTargetOf(null)).toBeNull();
  });
});
