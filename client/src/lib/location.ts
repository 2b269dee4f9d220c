// Location rules (docs/regulation.md "Location"): a player the operator's countries rule
// refuses (1052, location restricted) or a table's own rule keeps out (2006, service
// unavailable in the country) is sent to the static location-restrictions page, which
// says which in the language asked (SPEC §2: it takes a `lang` query), and with `uk=1`
// that play is only for players in the UK.
import { HttpError } from './http/http';
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, normaliseLanguage } from './i18n/languages';

export const LOCATION_PATH = '/play/location-restrictions';

/** SPEC §8: the player's location is restricted (the operator's countries). */
export const LOCATION_RESTRICTED = 1052;
/** SPEC §8: the service (a table) is not available in the player's country. */
export const COUNTRY_UNAVAILABLE = 2006;

export type LocationCode = typeof LOCATION_RESTRICTED | typeof COUNTRY_UNAVAILABLE;

export interface LocationRefusal {
  code: LocationCode;
  /** The operator allows only the UK: the UK-only play message. */
  uk: boolean;
}

const isLocationCode = (c: unknown): c is LocationCode =>
  c === LOCATION_RESTRICTED || c === COUNTRY_UNAVAILABLE;

/**
 * The location refusal an HTTP failure is (403 with code 1052 or 2006), or null. The UK-only
 * message is asked for by the answer's body: the location page it names has `uk=1`
 * (`"page":"/play/location-restrictions?code=1052&uk=1"`), or `"uk":true`.
 */
export function locationRefusal(e: unknown): LocationRefusal | null {
  if (!(e instanceof HttpError) || e.status !== 403 || !isLocationCode(e.code)) return null;
  let uk = false;
  try {
    const body = JSON.parse(e.body) as { uk?: unknown; page?: unknown };
    const page = typeof body.page === 'string' ? body.page : '';
    uk = body.uk === true || new URLSearchParams(page.split('?')[1] ?? '').get('uk') === '1';
  } catch {
    // a body that is not JSON says nothing more
  }
  return { code: e.code, uk };
}

/** The location page's address for a refusal, in `lang` (English when it is none of ours). */
export function locationHref(refusal: LocationRefusal, lang: string | null | undefined): string {
  const q = new URLSearchParams({
    lang: normaliseLanguage(lang) ?? DEFAULT_LANGUAGE,
    code: String(refusal.code),
  });
  if (refusal.uk) q.set('uk', '1');
  return `${LOCATION_PATH}?${q.toString()}`;
}

export interface LocationPageParams {
  lang: string;
  /** The code asked for; 1052 when the address names none or another. */
  code: LocationCode;
  uk: boolean;
}

/** What the location page's address asks for: its language, code and the UK-only message. */
export function locationParams(search: string): LocationPageParams {
  const q = new URLSearchParams(search);
  const code = Number(q.get('code'));
  const uk = q.get('uk');
  return {
    // The pseudo-locale too, so that the page can be checked for untranslated text.
    lang:
      q.get('lang') === PSEUDO_LANGUAGE
        ? PSEUDO_LANGUAGE
        : (normaliseLanguage(q.get('lang')) ?? DEFAULT_LANGUAGE),
    code: isLocationCode(code) ? code : LOCATION_RESTRICTED,
    uk: uk === '1' || uk === 'true',
  };
}

/** Loads the location page instead of the current one (a page of its own, never in place). */
export function goToLocationPage(refusal: LocationRefusal, lang: string | null | undefined): void {
  window.location.replace(locationHref(refusal, lang));
}
