import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

interface State {
  failed: boolean;
}

/** Contains a failure to its own section of the page, with a way to try again. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <div className="state-box" role="alert">
            <p>{t('errors.section')}</p>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              {t('common.retry')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
