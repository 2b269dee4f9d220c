import { useTranslation } from 'react-i18next';

export function Preloader({ percent, hidden }: { percent: number; hidden: boolean }) {
  const { t } = useTranslation();
  if (hidden) return null;
  return (
    <div className="preloader" data-testid="preloader">
      <div className="preloader-logo" aria-hidden="true" />
      <div
        className="preloader-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('LOADING')}
      >
        <div className="preloader-fill" style={{ width: `${percent}%` }} />
      </div>
      <p>{t('LOADING_PROGRESS', { percent })}</p>
    </div>
  );
}
