import { describe, expect, it } from 'vitest';

import { HttpError } from './http/http';
import { locationHref, locationParams, locationRefusal } from './location';

const refused = (code: number, body = `{"error":"LOCATION_RESTRICTED","code":${code}}`) =>
  new HttpError('forbidden', 403, body, code);

describe('location refusals', () => {
  it('are the 403 answers with code 1052 or 2006', () => {
    expect(locationRefusal(refused(1052))).toEqual({ code: 1052, uk: false });
    expect(locationRefusal(refused(2006))).toEqual({ code: 2006, uk: false });
    expect(locationRefusal(refused(1052, '{"code":1052,"uk":true}'))).toEqual({
      code: 1052,
      uk: true,
    });
    const page = '{"code":1052,"page":"/play/location-restrictions?code=1052&lang=en&uk=1"}';
    expect(locationRefusal(refused(1052, page))).toEqual({ code: 1052, uk: true });
    expect(locationRefusal(new HttpError('forbidden', 403, 'XSRF', undefined))).toBeNull();
    expect(locationRefusal(new HttpError('http', 404, '{"code":1052}', 1052))).toBeNull();
    expect(locationRefusal(new HttpError('forbidden', 403, '{"code":10103}', 10103))).toBeNull();
    expect(locationRefusal(new Error('1052'))).toBeNull();
  });

  it('lead to the location page in the language in use, English when it is none of ours', () => {
    expect(locationHref({ code: 1052, uk: false }, 'de')).toBe(
      '/play/location-restrictions?lang=de&code=1052',
    );
    expect(locationHref({ code: 2006, uk: false }, 'pt-BR')).toBe(
      '/play/location-restrictions?lang=pt&code=2006',
    );
    expect(locationHref({ code: 1052, uk: true }, 'xx')).toBe(
      '/play/location-restrictions?lang=en&code=1052&uk=1',
    );
    expect(locationHref({ code: 1052, uk: false }, undefined)).toContain('lang=en');
  });
});

describe("the location page's address", () => {
  it('names the language, the code and the UK-only message', () => {
    expect(locationParams('?lang=de&code=1052')).toEqual({ lang: 'de', code: 1052, uk: false });
    expect(locationParams('?lang=it&code=2006&uk=1')).toEqual({
      lang: 'it',
      code: 2006,
      uk: true,
    });
    expect(locationParams('?lang=zh&code=2006')).toMatchObject({ lang: 'cn' });
  });

  it('falls back to English and 1052 for what it does not know', () => {
    expect(locationParams('')).toEqual({ lang: 'en', code: 1052, uk: false });
    expect(locationParams('?lang=<script>&code=404&uk=yes')).toEqual({
      lang: 'en',
      code: 1052,
      uk: false,
    });
  });
});
