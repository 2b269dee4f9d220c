import { describe, expect, it } from 'vitest';

import { accountLanguage } from './AccountEntry';

describe("the login page's language", () => {
  it("is the launch lang, else the first of the browser's languages there is a file for", () => {
    expect(accountLanguage('?lang=de', ['fr-FR'])).toBe('de');
    expect(accountLanguage('', ['xx-YY', 'pt-BR', 'fr'])).toBe('pt');
    expect(accountLanguage('?form=register', ['zh-CN'])).toBe('cn');
    expect(accountLanguage('', ['xx'])).toBe('en');
    expect(accountLanguage('', [])).toBe('en');
  });
});
