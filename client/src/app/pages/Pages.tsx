// Whole-page messages: the EV01 and EV03 pages of SPEC section 2 and the generic error page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { BackToLobby } from '../../ui/LobbyLink';
import { PageMessage as Page } from '../../ui/PageMessage';

export function LoginFailedPage() {
  const { t } = useTranslation();
  return <Page title={t('EV01_TITLE')} text={t('EV01_TEXT')} code="EV01" />;
}

export function MissingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('EV03_TITLE')} text={t('EV03_TEXT')} code="EV03" action={<BackToLobby />} />
  );
}

export function ErrorPage({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Page
      title={t('ERROR_PAGE_TITLE')}
      text={detail ?? t('ERROR_PAGE_TEXT')}
      code="ERROR"
      action={
        <button className="button" type="button" onClick={() => window.location.reload()}>
          {t('RELOAD')}
        </button>
      }
    />
  );
}

/** Shows the generic error page instead of a blank screen when rendering fails. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
