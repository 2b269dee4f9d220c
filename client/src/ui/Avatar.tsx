// The players' avatars (issue 15, part 4): a set shipped with the client (public/avatars,
// one round emblem each), chosen by the player (the `avatar` setting, saved on the
// server), and shown beside their name in the chat and at the seats. A player with no
// avatar, or one this client does not know, shows the initial of their name.
import { useTranslation } from 'react-i18next';

export const AVATARS = [
  'spade',
  'heart',
  'diamond',
  'club',
  'star',
  'crown',
  'seven',
  'clover',
  'dice',
  'moon',
  'bolt',
  'cherry',
] as const;
export type AvatarId = (typeof AVATARS)[number];

export function isAvatar(id: unknown): id is AvatarId {
  return typeof id === 'string' && (AVATARS as readonly string[]).includes(id);
}

/** An avatar beside a name: decorative (the name beside it says who it is). */
export function Avatar({ id, name, size = 24 }: { id?: string; name: string; size?: number }) {
  if (isAvatar(id))
    return (
      <img
        className="avatar"
        src={`/avatars/${id}.svg`}
        alt=""
        width={size}
        height={size}
        data-avatar={id}
      />
    );
  return (
    <span
      className="avatar avatar-initial"
      aria-hidden="true"
      style={{ width: size, height: size }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** The avatar picker: a radio group of the set, and "none". */
export function AvatarPicker({
  value,
  onChange,
  className = '',
}: {
  value: string | null;
  onChange: (id: AvatarId | null) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const current = isAvatar(value) ? value : null;
  const option = (id: AvatarId | null) => (
    <label key={id ?? 'none'} className={`avatar-option ${current === id ? 'on' : ''}`}>
      <input
        type="radio"
        name="avatar"
        checked={current === id}
        onChange={() => onChange(id)}
        aria-label={id ? t(`AVATAR_${id}`) : t('AVATAR_NONE')}
      />
      {id ? (
        <img src={`/avatars/${id}.svg`} alt="" width={40} height={40} />
      ) : (
        <span className="avatar avatar-initial" aria-hidden="true">
          –
        </span>
      )}
    </label>
  );
  return (
    <fieldset className={`avatar-picker ${className}`.trim()} data-testid="avatar-picker">
      <legend>{t('AVATAR_CHOOSE')}</legend>
      {option(null)}
      {AVATARS.map((id) => option(id))}
    </fieldset>
  );
}
