import { describe, expect, it } from 'vitest';
import {
  distributePaste,
  emptyCode,
  isComplete,
  joinCode,
  pasteCode,
  setBox,
  typeIntoBox,
} from '../../../src/domain/account/codes';

describe('code boxes', () => {
  it('starts with every box empty', () => {
    expect(emptyCode(4)).toEqual(['', '', '', '']);
    expect(emptyCode(0)).toEqual([]);
  });

  it('is complete when every box holds one digit', () => {
    expect(isComplete(['1', '2', '3', '4'], 4)).toBe(true);
    expect(isComplete(['1', '2', '', '4'], 4)).toBe(false);
    expect(isComplete(['1', '2', 'a', '4'], 4)).toBe(false);
    expect(isComplete(['1', '2', '34', '5'], 4)).toBe(false);
    expect(isComplete(['1', '2', '3'], 4)).toBe(false);
  });

  it('joins the boxes into the code', () => {
    expect(joinCode(['0', '4', '2', '9'])).toBe('0429');
  });

  it('spreads a paste over the boxes from the first, digits only', () => {
    expect(distributePaste('1234', 4)).toEqual(['1', '2', '3', '4']);
    expect(distributePaste(' 12-34 ', 4)).toEqual(['1', '2', '3', '4']);
    expect(distributePaste('123456', 4)).toEqual(['1', '2', '3', '4']);
    expect(distributePaste('12', 4)).toEqual(['1', '2', '', '']);
    expect(distributePaste('code', 4)).toEqual(['', '', '', '']);
  });

  it('sends the focus after a paste to the first box still empty', () => {
    expect(pasteCode('12', 4)).toEqual({ values: ['1', '2', '', ''], focus: 2 });
    expect(pasteCode('1234', 4)).toEqual({ values: ['1', '2', '3', '4'], focus: 3 });
    expect(pasteCode('abcd', 4)).toBeNull();
  });

  it('sets one box', () => {
    expect(setBox(['1', '2', '3', '4'], 1, '')).toEqual(['1', '', '3', '4']);
  });

  describe('typing into a box', () => {
    const empty = emptyCode(4);

    it('takes a digit and moves on', () => {
      expect(typeIntoBox(empty, 0, '7')).toEqual({ values: ['7', '', '', ''], focus: 1 });
      expect(typeIntoBox(['1', '2', '3', ''], 3, '4')).toEqual({ values: ['1', '2', '3', '4'], focus: 3 });
    });

    it('rejects anything but a digit', () => {
      expect(typeIntoBox(empty, 0, 'a')).toBeNull();
      expect(typeIntoBox(['5', '', '', ''], 0, '5a')).toBeNull();
      expect(typeIntoBox(empty, 0, ' ')).toBeNull();
    });

    it('replaces the digit already there with the one typed beside it', () => {
      expect(typeIntoBox(['5', '', '', ''], 0, '58')).toEqual({ values: ['8', '', '', ''], focus: 1 });
      expect(typeIntoBox(['5', '', '', ''], 0, '85')).toEqual({ values: ['8', '', '', ''], focus: 1 });
      expect(typeIntoBox(['5', '', '', ''], 0, '55')).toEqual({ values: ['5', '', '', ''], focus: 1 });
    });

    it('clears a box that is emptied, keeping the focus', () => {
      expect(typeIntoBox(['1', '2', '', ''], 1, '')).toEqual({ values: ['1', '', '', ''], focus: 1 });
    });

    it('spreads a whole code (one-time-code autofill) from the first box', () => {
      expect(typeIntoBox(['9', '', '', ''], 0, '1234')).toEqual({ values: ['1', '2', '3', '4'], focus: 3 });
      expect(typeIntoBox(empty, 2, '12')).toEqual({ values: ['1', '2', '', ''], focus: 2 });
    });
  });
});
