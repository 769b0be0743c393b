import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The agent page's login card: its title and lead around the login form, which app/ hands in
 * (the session feature's one login form, sending the agent login: agent types only get a
 * session; any other account gets the server's "not an agent" message).
 */
export function AgentLoginCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('agent');
  return (
    <section className="sec-card ag-login" aria-labelledby="agent-login-title">
      <h2 id="agent-login-title" className="ag-login-title">
        {t('login.title')}
      </h2>
      <p className="sec-desc">{t('login.lead')}</p>
      {children}
    </section>
  );
}
