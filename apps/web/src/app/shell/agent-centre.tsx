import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
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
import { ErrorBoundary } from './error-boundary';

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

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
  const { t: ts } = useTranslation();
  const open = usePopups((s) => s.open === 'agentCentre');
  const data = usePopups((s) => s.data);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const username = useSession((s) => s.username);
  const allowed = useSession(canOpenAccountCentre);
  const menuRef = useRef<HTMLUListElement>(null);
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

  // On a phone the menu is a horizontal strip: keep the current entry in view.
  useEffect(() => {
    if (!open) return;
    const current = menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const strip = menuRef.current?.parentElement;
    if (!current || !strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollTo({ left: current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2 });
  }, [open, active]);

  return (
    <Modal
      id="agentCentre"
      title={t('centre.title')}
      open={open && allowed}
      onClose={close}
      closeLabel={ts('common.close')}
      size="lg"
    >
      <div className="mc-layout ag-layout">
        <nav className="mc-menu" aria-label={t('centre.menu')}>
          {username && (
            <p className="mc-user">
              <span className="mc-avatar" aria-hidden="true">
                {username.slice(0, 1).toUpperCase()}
              </span>
              <span className="mc-username">{username}</span>
            </p>
          )}
          <ul ref={menuRef} data-testid="agent-menu">
            {menu.map((key) => {
              const request = awaiting[key as ContractMenuKey];
              return (
                <li key={key}>
                  <button
                    type="button"
                    data-testid={key}
                    aria-current={key === active ? 'page' : undefined}
                    onClick={() => show('agentCentre', { page: key })}
                  >
                    <span className="mc-menu-label">{t(`menu.${key}`)}</span>
                    {request && (
                      <span className="mc-count ag-count" data-testid={`${key}-badge`} data-request={request}>
                        <span aria-hidden="true">!</span>
                        <span className="visually-hidden">{t(`contracts.awaiting.${request}`)}</span>
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mc-page">
          <ErrorBoundary key={active}>
            <Suspense
              fallback={<div className="skeleton-block" aria-busy="true" aria-label={ts('common.loading')} />}
            >
              {Page && <Page key={active} />}
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </Modal>
  );
}
