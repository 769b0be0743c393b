import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { showMoney } from '../../../lib/money';
import { useAgentHome } from '../api/get-agent-home';

/** The sign-up link that puts a new member in this agent's team. */
export const inviteLink = (origin: string, code: string) =>
  `${origin}${paths.register}?affiliateCode=${encodeURIComponent(code)}`;

/**
 * The agent home (/agentHome, reached after an agent-page login): the account, its invitation
 * code and sign-up link, its upline, the team's size and the balance, and the way into the agent
 * centre.
 */
export function AgentHomePanel({ onOpenCentre }: { onOpenCentre: () => void }) {
  const { t } = useTranslation('agent');
  const home = useAgentHome();
  return (
    <section className="sec-card ag-home" aria-labelledby="agent-home-title" data-testid="agent-home">
      <QueryState query={home}>
        {(h) => (
          <>
            <header className="ag-home-head">
              <span className="mc-avatar" aria-hidden="true">
                {h.account.slice(0, 1).toUpperCase()}
              </span>
              <div>
                <h1 id="agent-home-title" className="ag-home-title">
                  {t('home.welcome', { account: h.account })}
                </h1>
                <p className="sec-desc">
                  {h.upline ? t('home.upline', { upline: h.upline }) : t('home.topAgent')}
                </p>
              </div>
            </header>
            <dl className="mc-stats">
              <div className="mc-stat">
                <dt>{t('home.balance')}</dt>
                <dd data-testid="agent-home-balance">{showMoney(h.balance, h.currencySymbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('overview.members')}</dt>
                <dd data-testid="agent-home-team">{h.teamMembers}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('home.directMembers')}</dt>
                <dd>{h.directMembers}</dd>
              </div>
            </dl>
            {h.affiliateCode && (
              <dl className="mc-share">
                <div>
                  <dt>{t('home.code')}</dt>
                  <dd>
                    <code className="mc-code" data-testid="agent-home-code">
                      {h.affiliateCode}
                    </code>
                    <CopyButton text={h.affiliateCode} label={t('home.code')} testId="agent-copy-code" />
                  </dd>
                </div>
                <div>
                  <dt>{t('home.link')}</dt>
                  <dd>
                    <code className="mc-code mc-link-text">
                      {inviteLink(window.location.origin, h.affiliateCode)}
                    </code>
                    <CopyButton
                      text={inviteLink(window.location.origin, h.affiliateCode)}
                      label={t('home.link')}
                      testId="agent-copy-link"
                    />
                  </dd>
                </div>
              </dl>
            )}
            <div className="sec-actions">
              <button
                type="button"
                className="btn btn-primary"
                onClick={onOpenCentre}
                data-testid="open-agent-centre"
              >
                {t('home.openCentre')}
              </button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
