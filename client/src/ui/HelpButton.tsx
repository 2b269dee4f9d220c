// The button that opens a table's help: a toggle in the strip under the studio, or a link
// beside the bet controls (className="link-button").
import { useTranslation } from 'react-i18next';

import { Icon } from './icons';

export function HelpButton({
  onOpen,
  className = 'toggle',
}: {
  onOpen: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} data-testid="help-button" onClick={onOpen}>
      <Icon name="help" />
      <span className="toggle-label">{t('HELP')}</span>
    </button>
  );
}
