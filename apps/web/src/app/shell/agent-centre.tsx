import { useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGENT_DEFAULT_PAGE,
  isAgentMenuKey,
  visibleMenu,
  type AgentMenuKey,
} from '../../features/agent/agent-menu';
import { useContractFlags } from '../../features/agent/api/contracts';
import {
  awaitingByEntry,
  contractMenuFlags,
  type ContractMenuKey,
} from '../../features/agent/contract-rules';
import { usePopups } from '../../lib/popups';
import { canOpenAccountCentre, useSession } from '../../lib/session';
import '../../styles/security.css';
import '../../styles/cashier.css';
import '../../styles/agent.css';
import { CentreShell, page } from './centre-shell';

/**
 * Each entry's page, loaded when first shown. The contract entries (dividend, daily wage, hourly
 * salary, real-time salary) show when the consolidated call's flag for their kind is on.
 */
const PAGES: Partial<Record<AgentMenuKey, LazyExoticComponent<ComponentType>>> = {
  announcement: page(
    () => import('./agent-pages/announcement'),
    (m) => m.AnnouncementPage,
  ),
  teamOverview: page(
    () => import('../../features/agent/components/team-overview'),
    (m) => m.TeamOverview,
  ),
  registerAccount: page(
    () => import('./agent-pages/register-account'),
    (m) => m.RegisterAccountPage,
  ),
  teamManagement: page(
    () => import('../../features/agent/components/team-management'),
    (m) => m.TeamManagement,
  ),
  teamBetting: page(
    () => import('../../features/agent/components/team-reports'),
    (m) => m.TeamBettingReport,
  ),
  userProfitLoss: page(
    () => import('../../features/agent/components/team-reports'),
    (m) => m.TeamProfitReport,
  ),
  myIncome: page(
    () => import('../../features/agent/components/agent-transactions'),
    (m) => m.MyIncome,
  ),
  transactionDetails: page(
    () => import('../../features/agent/components/agent-transactions'),
    (m) => m.AgentTransactionsPage,
  ),
  dividend: page(
    () => import('../../features/agent/components/contract-page'),
    (m) => m.DividendPage,
  ),
  dailyWage: page(
    () => import('../../features/agent/components/contract-page'),
    (m) => m.DailyWagePage,
  ),
  hourlySalary: page(
    () => import('../../features/agent/components/contract-page'),
    (m) => m.HourlySalaryPage,
  ),
  realTimeSalary: page(
    () => import('../../features/agent/components/contract-page'),
    (m) => m.RealTimeSalaryPage,
  ),
};

const pageOf = (data: unknown, menu: readonly AgentMenuKey[]): AgentMenuKey | undefined =>
  data && typeof data === 'object' && 'page' in data && isAgentMenuKey(data.page) && menu.includes(data.page)
    ? data.page
    : undefined;

/**
 * The agent centre: a large dialog on desktop, full screen on a phone (the menu becomes a
 * horizontal strip), open while `usePopups().open === 'agentCentre'` (its `data` may carry
 * `{ page }`), and only for agent types (isAgent 1, 2, 41, 42). Default page: team overview.
 */
export function AgentCentre() {
  const { t } = useTranslation('agent');
  const open = usePopups((s) => s.open === 'agentCentre');
  const data = usePopups((s) => s.data);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const username = useSession((s) => s.username);
  const allowed = useSession(canOpenAccountCentre);
  // The contract entries follow the consolidated flags (SPEC section 3): shown when their kind is
  // on, with a badge when an offer or a termination request awaits this agent's answer.
  const flags = useContractFlags();
  const menu = visibleMenu(contractMenuFlags(flags.data)).filter((key) => PAGES[key] !== undefined);
  const awaiting = awaitingByEntry(flags.data);

  useEffect(() => {
    if (open && !allowed) close();
  }, [open, allowed, close]);

  const active: AgentMenuKey = pageOf(data, menu) ?? AGENT_DEFAULT_PAGE;
  const Page = PAGES[active];

  return (
    <CentreShell
      id="agentCentre"
      title={t('centre.title')}
      open={open && allowed}
      onClose={close}
      layoutClassName="ag-layout"
      menuLabel={t('centre.menu')}
      menuTestId="agent-menu"
      username={username}
      entries={menu}
      active={active}
      onPick={(key) => show('agentCentre', { page: key })}
      entryLabel={(key) => t(`menu.${key}`)}
      badge={(key) => {
        const request = awaiting[key as ContractMenuKey];
        return (
          request && (
            <span className="mc-count ag-count" data-testid={`${key}-badge`} data-request={request}>
              <span aria-hidden="true">!</span>
              <span className="visually-hidden">{t(`contracts.awaiting.${request}`)}</span>
            </span>
          )
        );
      }}
    >
      {Page && <Page key={active} />}
    </CentreShell>
  );
}
