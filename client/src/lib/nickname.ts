// The player's screen name (SPEC §5 "Nickname"): the checks the client makes before it
// sends a new name, and the texts of the server's refusals. The server checks again and
// alone knows whether a name is taken (1014).
//   - 2 to 20 characters, counted as code points (a combining mark counts as one);
//   - only letters, digits and combining marks, in any script;
//   - not the current name, ignoring case.

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;

const ALLOWED = /^[\p{L}\p{N}\p{M}]+$/u;

export interface NicknameLimits {
  min: number;
  max: number;
}

export const NICKNAME_LIMITS: NicknameLimits = { min: NICKNAME_MIN, max: NICKNAME_MAX };

/** Why a name cannot be sent: the SPEC §5 message key and its parameters. */
export type NicknameProblem =
  | { key: 'SETTINGS_CHAR_ACCEPTED_UNICODE' }
  | { key: 'SETTINGS_NICKNAME_CHAR'; min: number }
  | { key: 'SETTINGS_NICKNAME_CHAR_MAX'; max: number }
  | { key: 'SETTINGS_SELECTED_NICKNAME' };

/** The text of a refusal by the server, by its code (SPEC §5). */
export type NicknameErrorKey =
  | 'SETTINGS_CHAR_ACCEPTED_UNICODE'
  | 'SETTINGS_NICKNAME_EXIST'
  | 'SETTINGS_SELECTED_NICKNAME'
  | 'ERROR.2001';

/** The length as the player sees it: code points, not UTF-16 units ("𠀋" is one). */
export function nicknameLength(name: string): number {
  return [...name].length;
}

/** Whether two names are the same ignoring case (and how accents were typed). */
export function sameNickname(a: string, b: string): boolean {
  return a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
}

/**
 * The first reason `name` cannot replace `current`, or null when it may be sent. The
 * characters come first (a longer or shorter name does not mend them), then the length,
 * then the current name. An empty field is too short.
 */
export function nicknameProblem(
  name: string,
  current: string,
  limits: NicknameLimits = NICKNAME_LIMITS,
): NicknameProblem | null {
  if (name !== '' && !ALLOWED.test(name)) return { key: 'SETTINGS_CHAR_ACCEPTED_UNICODE' };
  const length = nicknameLength(name);
  if (length < limits.min) return { key: 'SETTINGS_NICKNAME_CHAR', min: limits.min };
  if (length > limits.max) return { key: 'SETTINGS_NICKNAME_CHAR_MAX', max: limits.max };
  if (sameNickname(name, current)) return { key: 'SETTINGS_SELECTED_NICKNAME' };
  return null;
}

/** SPEC §5: 1013 → the characters, 1014 → taken, 1016 → the current name, else 2001. */
export function nicknameErrorKey(code: number | undefined): NicknameErrorKey {
  if (code === 1013) return 'SETTINGS_CHAR_ACCEPTED_UNICODE';
  if (code === 1014) return 'SETTINGS_NICKNAME_EXIST';
  if (code === 1016) return 'SETTINGS_SELECTED_NICKNAME';
  return 'ERROR.2001';
}

/** GET /api/user/screenName, read defensively (the limits are the SPEC's by default). */
export interface ScreenNameInfo {
  screenName: string;
  editable: boolean;
  limits: NicknameLimits;
}

export function screenNameInfoOf(raw: unknown): ScreenNameInfo | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.screenName !== 'string') return null;
  const whole = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
  const min = whole(r.minLength, NICKNAME_MIN);
  const max = whole(r.maxLength, NICKNAME_MAX);
  return {
    screenName: r.screenName,
    editable: r.editable !== false,
    limits: min <= max ? { min, max } : NICKNAME_LIMITS,
  };
}
