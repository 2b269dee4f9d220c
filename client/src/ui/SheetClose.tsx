// The close button of a panel that opens as a sheet on phones (racetrack, chat): named
// "Close: <panel>", hidden on wide screens, where the panel sits in a column and its
// toggle closes it.
import { useTranslation } from 'react-i18next';

export function SheetClose({ panel, onClose }: { panel: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="sheet-close"
      aria-label={`${t('CLOSE')}: ${panel}`}
      onClick={onClose}
    >
      <span aria-hidden="true">✕</span>
    </button>
  );
}
