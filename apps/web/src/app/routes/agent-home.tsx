import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgentHomePanel } from '../../features/agent/components/agent-home';
import { AgentLoginForm } from '../../features/agent/components/agent-login-form';
import { paths } from '../../config/paths';
import { usePopups } from '../../lib/popups';
import { canOpenAccountCentre, useSession } from '../../lib/session';
import '../../styles/security.css';
import '../../styles/cashier.css';
import '../../styles/agent.css';

/**
 * /agentHome: the agent-page login until an agent's session is held (a member's session is not
 * enough: the agent login replaces it), then the agent home with the way into the agent centre.
 */
export function AgentHomePage() {
  const { t } = useTranslation('agent');
  const agent = useSession(canOpenAccountCentre);
  const show = usePopups((s) => s.show);
  return (
    <div className="content-page ag-page">
      {agent ? (
        <AgentHomePanel onOpenCentre={() => show('agentCentre')} />
      ) : (
        <>
          <AgentLoginForm />
          <p className="ag-join">
            {t('login.notAgent')} <Link to={paths.join}>{t('login.join')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
