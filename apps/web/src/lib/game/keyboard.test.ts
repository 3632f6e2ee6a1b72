import { describe, expect, it } from 'vitest';
import { gameKeyOf } from './keyboard.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
  gameKeyOf({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('gameKeyOf', () => {
  it('maps 1-7, space/d, u, h and n', () => {
    expect(key('1')).toEqual({ kind: 'play', column: 1 });
    expect(key('7')).toEqual({ kind: 'play', column: 7 });
    expect(key(' ')).toEqual({ kind: 'draw' });
    expect(key('D')).toEqual({ kind: 'draw' });
    expect(key('u')).toEqual({ kind: 'undo' });
    expect(key('h')).toEqual({ kind: 'hint' });
    expect(key('n')).toEqual({ kind: 'new' });
  });

  it('leaves other keys and shortcuts with modifiers alone', () => {
    expect(key('8')).toBeNull();
    expect(key('0')).toBeNull();
    expect(key('Enter')).toBeNull();
    expect(key('r', { ctrlKey: true })).toBeNull();
    expect(key('1', { metaKey: true })).toBeNull();
  });
});
