import { describe, expect, it } from 'vitest';

import {
  LANGUAGE_FILES,
  SUPPORTED_LANGUAGES,
  VOICE_OVER_LANGUAGES,
  chooseLanguage,
  htmlLangOf,
  isRightToLeft,
  normaliseLanguage,
  offeredLanguages,
  voiceOverLanguage,
} from './languages';

describe('languages', () => {
  it('lists the 37 SPEC codes; every one but zh has a file', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(37);
    expect(new Set(SUPPORTED_LANGUAGES).size).toBe(37);
    expect(LANGUAGE_FILES).toHaveLength(36);
    expect(LANGUAGE_FILES).not.toContain('zh');
    for (const code of SUPPORTED_LANGUAGES) expect(normaliseLanguage(code), code).not.toBeNull();
  });

  it('resolves aliases, case and region suffixes', () => {
    expect(normaliseLanguage('zh')).toBe('cn');
    expect(normaliseLanguage('ZH-Hans')).toBe('cn');
    expect(normaliseLanguage('zh_TW')).toBe('cn');
    expect(normaliseLanguage('nb')).toBe('no');
    expect(normaliseLanguage('NN')).toBe('no');
    expect(normaliseLanguage('pt-BR')).toBe('pt');
    expect(normaliseLanguage('AR')).toBe('ar');
    expect(normaliseLanguage(' de ')).toBe('de');
    expect(normaliseLanguage('xx')).toBeNull();
    expect(normaliseLanguage('')).toBeNull();
    expect(normaliseLanguage(null)).toBeNull();
    expect(normaliseLanguage('english')).toBeNull();
  });

  it('chooses the launch language, else the server one, else English', () => {
    expect(chooseLanguage({})).toBe('en');
    expect(chooseLanguage({ server: 'de' })).toBe('de');
    expect(chooseLanguage({ requested: 'fr', server: 'de' })).toBe('fr');
    expect(chooseLanguage({ requested: 'zh', server: 'de' })).toBe('cn');
    expect(chooseLanguage({ requested: 'klingon', server: 'nb' })).toBe('no');
    expect(chooseLanguage({ requested: 'xx', server: 'yy' })).toBe('en');
  });

  it('gives way to the first offered language when the operator does not offer it', () => {
    const offered = offeredLanguages({ languages: ['DE', 'zh', 'en', 'de', 'xx'] });
    expect(offered).toEqual(['de', 'cn', 'en']);
    expect(chooseLanguage({ requested: 'zh', offered })).toBe('cn');
    expect(chooseLanguage({ requested: 'ar', offered })).toBe('de');
    expect(chooseLanguage({ server: 'ja', offered: ['ko'] })).toBe('ko');
    expect(chooseLanguage({ offered: ['ko'] })).toBe('ko'); // English is not offered either
    expect(offeredLanguages({})).toEqual([]);
    expect(offeredLanguages(null)).toEqual([]);
    expect(offeredLanguages({ languages: 'en' })).toEqual([]);
    expect(chooseLanguage({ requested: 'ar', offered: [] })).toBe('ar'); // no list: all offered
  });

  it('knows right to left and the html lang tag', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('fa')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
    expect(isRightToLeft('hy')).toBe(false);
    expect(htmlLangOf('cn')).toBe('zh-CN');
    expect(htmlLangOf('nf')).toBe('nl-BE');
    expect(htmlLangOf('ar')).toBe('ar');
  });

  it("picks the voice-over language: the player's when it has voice-over, else English", () => {
    expect(VOICE_OVER_LANGUAGES).toEqual([
      'cn',
      'es',
      'bn',
      'pt',
      'en',
      'id',
      'ja',
      'th',
      'vi',
      'ko',
    ]);
    expect(voiceOverLanguage('es')).toBe('es');
    expect(voiceOverLanguage('zh')).toBe('cn');
    expect(voiceOverLanguage('pt-BR')).toBe('pt');
    expect(voiceOverLanguage('de')).toBe('en');
    expect(voiceOverLanguage('ar')).toBe('en');
    // the server's voice_over_languages (those the operator offers) narrow the list
    expect(voiceOverLanguage('es', ['en', 'ja'])).toBe('en');
    expect(voiceOverLanguage('ja', ['en', 'ja'])).toBe('ja');
    expect(voiceOverLanguage('ja', [])).toBe('ja');
  });
});
