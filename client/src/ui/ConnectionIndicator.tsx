// The connection's quality as a small signal-bars icon with the round trip in its label.
import { useTranslation } from 'react-i18next';

import type { Quality } from '../lib/realtime/realtime';

const BARS: Record<Quality, number> = { good: 3, fair: 2, poor: 1, offline: 0 };

export function ConnectionIndicator({ quality, rtt }: { quality: Quality; rtt: number | null }) {
  const { t } = useTranslation();
  const label = `${t('CONNECTION', { quality: t(`CONNECTION_${quality}`) })}${rtt !== null ? `, ${t('LATENCY', { ms: rtt })}` : ''}`;
  return (
    <span
      className={`connection connection-${quality}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="connection"
      data-quality={quality}
    >
      {[1, 2, 3].map((b) => (
        <span key={b} className={`bar bar-${b} ${b <= BARS[quality] ? 'on' : ''}`} />
      ))}
    </span>
  );
}
