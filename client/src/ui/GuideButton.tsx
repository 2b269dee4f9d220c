// The way to the quick guide (app/QuickGuide) from a table's help.
import { useTranslation } from 'react-i18next';

import { openGuide } from '../lib/guide';
import { useServices } from '../lib/session';
import { useStore } from '../lib/store';

export function GuideButton({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const offered = useStore(session, (s) => s.config?.casinoConfig.quick_guide_disabled !== true);
  if (!offered) return null;
  return (
    <button
      type="button"
      className="link-button"
      data-testid="guide-button"
      onClick={() => {
        onOpen?.();
        openGuide();
      }}
    >
      {t('GUIDE_TITLE')}
    </button>
  );
}
