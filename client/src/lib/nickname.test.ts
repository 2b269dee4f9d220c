import { describe, expect, it } from 'vitest';

import {
  NICKNAME_LIMITS,
  nicknameErrorKey,
  nicknameLength,
  nicknameProblem,
  sameNickname,
  screenNameInfoOf,
} from './nickname';

const problem = (name: string, current = 'Guest5664') => nicknameProblem(name, current)?.key;

describe('a new screen name (SPEC §5)', () => {
  it('needs at least 2 characters', () => {
    expect(nicknameProblem('', 'Guest1')).toEqual({ key: 'SETTINGS_NICKNAME_CHAR', min: 2 });
    expect(nicknameProblem('A', 'Guest1')).toEqual({ key: 'SETTINGS_NICKNAME_CHAR', min: 2 });
    expect(problem('Al')).toBeUndefined();
  });

  it('takes at most 20 characters', () => {
    expect(problem('a'.repeat(20))).toBeUndefined();
    expect(nicknameProblem('a'.repeat(21), 'Guest1')).toEqual({
      key: 'SETTINGS_NICKNAME_CHAR_MAX',
      max: 20,
    });
  });

  it('counts code points, so a character outside the BMP counts once', () => {
    const ext = '𠀋'; // CJK extension B: two UTF-16 units, one character
    expect(ext.length).toBe(2);
    expect(nicknameLength(ext)).toBe(1);
    expect(problem(ext)).toBe('SETTINGS_NICKNAME_CHAR');
    expect(problem(ext.repeat(20))).toBeUndefined();
    expect(problem(ext.repeat(21))).toBe('SETTINGS_NICKNAME_CHAR_MAX');
  });

  it('accepts letters of any script, digits and combining marks', () => {
    for (const name of [
      'Ann',
      'Zoë',
      'Jose\u0301', // e + combining acute accent
      '李小龍',
      '山田太郎',
      '김민준',
      'Σωκράτης',
      'Иван2024',
      'محمد',
      'नमस्ते', // Devanagari with combining vowel signs and virama
      'ไทย',
      '٣٤٥abc', // Arabic-Indic digits
      '1234',
    ])
      expect(problem(name), name).toBeUndefined();
    // The combining mark counts as a character of its own.
    expect(nicknameLength('e\u0301')).toBe(2);
    expect(problem('e\u0301')).toBeUndefined();
  });

  it('refuses spaces, punctuation, symbols and emoji', () => {
    for (const name of [
      'Ann Lee',
      ' Ann',
      'Ann ',
      'Ann\t',
      'ann_lee',
      'ann-lee',
      'ann.lee',
      'O’Neil',
      'a@b',
      '<b>hi</b>',
      'Ann!',
      'ann😀',
      '😀😀',
      'a\u200bb', // zero-width space
      '$$',
    ])
      expect(problem(name), name).toBe('SETTINGS_CHAR_ACCEPTED_UNICODE');
  });

  it('reports the characters before the length', () => {
    expect(problem('!')).toBe('SETTINGS_CHAR_ACCEPTED_UNICODE');
    expect(problem('!'.repeat(25))).toBe('SETTINGS_CHAR_ACCEPTED_UNICODE');
  });

  it('refuses the current name, in any case', () => {
    expect(problem('Guest5664')).toBe('SETTINGS_SELECTED_NICKNAME');
    expect(problem('GUEST5664')).toBe('SETTINGS_SELECTED_NICKNAME');
    expect(problem('guest5664')).toBe('SETTINGS_SELECTED_NICKNAME');
    expect(problem('ZOË', 'zoë')).toBe('SETTINGS_SELECTED_NICKNAME');
    expect(problem('Zoe\u0308', 'zoë')).toBe('SETTINGS_SELECTED_NICKNAME'); // decomposed ë
    expect(problem('Guest5665')).toBeUndefined();
    expect(sameNickname('Ann', 'Anna')).toBe(false);
  });

  it("follows the server's limits when it gives others", () => {
    expect(nicknameProblem('abc', 'x', { min: 4, max: 6 })).toEqual({
      key: 'SETTINGS_NICKNAME_CHAR',
      min: 4,
    });
    expect(nicknameProblem('abcdefg', 'x', { min: 4, max: 6 })).toEqual({
      key: 'SETTINGS_NICKNAME_CHAR_MAX',
      max: 6,
    });
  });
});

describe("the server's refusals", () => {
  it('have the SPEC §5 texts', () => {
    expect(nicknameErrorKey(1013)).toBe('SETTINGS_CHAR_ACCEPTED_UNICODE');
    expect(nicknameErrorKey(1014)).toBe('SETTINGS_NICKNAME_EXIST');
    expect(nicknameErrorKey(1016)).toBe('SETTINGS_SELECTED_NICKNAME');
    expect(nicknameErrorKey(2001)).toBe('ERROR.2001');
    expect(nicknameErrorKey(1005)).toBe('ERROR.2001');
    expect(nicknameErrorKey(undefined)).toBe('ERROR.2001');
  });
});

describe('GET /api/user/screenName', () => {
  it('is read with the SPEC limits by default', () => {
    expect(
      screenNameInfoOf({ screenName: 'Guest5664', editable: true, minLength: 2, maxLength: 20 }),
    ).toEqual({ screenName: 'Guest5664', editable: true, limits: { min: 2, max: 20 } });
    expect(screenNameInfoOf({ screenName: 'Ann', editable: false })).toEqual({
      screenName: 'Ann',
      editable: false,
      limits: NICKNAME_LIMITS,
    });
    expect(screenNameInfoOf({ screenName: 'Ann', minLength: 9, maxLength: 3 })?.limits).toEqual(
      NICKNAME_LIMITS,
    );
    expect(screenNameInfoOf({ screenName: 'Ann', minLength: -1, maxLength: 1.5 })?.limits).toEqual(
      NICKNAME_LIMITS,
    );
    expect(screenNameInfoOf(null)).toBeNull();
    expect(screenNameInfoOf('Ann')).toBeNull();
    expect(screenNameInfoOf({ name: 'Ann' })).toBeNull();
  });
});
