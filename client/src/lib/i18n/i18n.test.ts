import { describe, expect, it } from 'vitest';

import en from './locales/en.json';
import { initTestI18n, keysAsTexts, loadLanguageFile } from './index';

describe('i18n', () => {
  it('shows keys in the test locale', async () => {
    const i18n = await initTestI18n(en);
    expect(i18n.t('PLACE_YOUR_BETS')).toBe('[[PLACE_YOUR_BETS]]');
    expect(i18n.t('ERROR.1007')).toBe('[[ERROR.1007]]');
    expect(keysAsTexts({ A: 'x', B: { C: 'y' } })).toEqual({ A: '[[A]]', B: { C: '[[B.C]]' } });
  });

  it('has an English text for every SPEC error code', async () => {
    const file = await loadLanguageFile('en');
    const codes = [
      10104, 10008, 10103, 10102, 10007, 2400, 101019, 20100, 20101, 20102, 20103, 20104, 10003,
      10006, 1001, 1004, 1005, 1028, 1029, 1030, 1006, 1007, 1008, 1009, 1010, 1012, 1013, 1017,
      1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1031, 1037, 2001, 2002, 2003,
      2004, 2005, 2006, 2007, 2008, 4001, 3001, 3002, 3003, 1052, 104, 1000, 1400, 1500, 10100,
      10101, 10105, 10106, 0, 10004, 10005, 1002, 1003, 1014, 1015, 1016, 1032, 1033, 2000,
    ];
    for (const code of codes)
      expect(file.ERROR[String(code) as keyof typeof file.ERROR], String(code)).toBeTruthy();
    expect(file.ERROR['1007']).toBe('Bet late. Please try again next round.');
  });
});
