import type { LoginResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentLogin } from '../../features/agent/api/agent-login';
import { AgentHomePanel } from '../../features/agent/components/agent-home';
import { AgentLoginCard } from '../../features/agent/components/agent-login-card';
import { initialDialingCode } from '../../features/session/countries';
import { LoginForms } from '../../features/session/components/login-forms';
import { useStatus } from '../../features/system/api/get-status';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import { usePopups } from '../../lib/popups';
import { canOpenAccountCentre, useSession } from '../../lib/session';
import '../../styles/security.css';
import '../../styles/cashier.css';
import '../../styles/agent.css';

/**
 * /agentHome: the agent-page login until an agent's session is held (a member's session is not
 * enough: the agent login replaces it), then the agent home with the way into the agent centre.
 * The login is the header popup's form sending the agent login, so it asks for every step the
 * popup does (captcha after failures, extra verification from a new IP, SMS code login).
 */
export function AgentHomePage() {
  const { t } = useTranslation('agent');
  const agent = useSession(canOpenAccountCentre);
  const signIn = useSession((s) => s.signIn);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const qc = useQueryClient();
  const brand = useBrand();
  const status = useStatus();
  const onLogin = (result: LoginResult) => {
    signIn(result);
    close();
    // Another account's data may be cached (a member's session is replaced).
    void qc.invalidateQueries();
  };
  return (
    <div className="content-page ag-page">
      {agent ? (
        <AgentHomePanel onOpenCentre={() => show('agentCentre')} />
      ) : (
        <>
          <AgentLoginCard>
            <LoginForms
              idPrefix="agent-login"
              submit={agentLogin}
              onSuccess={onLogin}
              defaultDialingCode={initialDialingCode({
                visitorCountry: status.data?.location.countryCode ?? null,
                timezone: brand.timezone,
              })}
            />
          </AgentLoginCard>
          <p className="ag-join">
            {t('login.notAgent')} <Link to={paths.join}>{t('login.join')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
