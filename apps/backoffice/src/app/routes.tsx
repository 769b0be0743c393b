import type { Permission } from '@app/contracts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useSession } from '../auth/session';
import type { IconName } from '../ui';
import { Layout } from './layout';

/** A section of the sidebar: shown only to staff holding `permission` on the selected brand. */
export interface NavItem {
  to: string;
  /** Key in the common namespace's `nav` group. */
  label: NavLabel;
  icon: IconName;
  permission: Permission | Permission[];
  children?: NavItem[];
}
export type NavLabel =
  | 'dashboard'
  | 'reports'
  | 'players'
  | 'chat'
  | 'cashier'
  | 'deposits'
  | 'withdrawals'
  | 'approvals'
  | 'staff'
  | 'apiKeys'
  | 'security'
  | 'integrations'
  | 'kyc'
  | 'aml'
  | 'protection'
  | 'brands'
  | 'content'
  | 'games'
  | 'lottery'
  | 'promotions'
  | 'rewards'
  | 'agents'
  | 'paymentChannels'
  | 'audit';

export const NAV: NavItem[] = [
  // First: where "/" leads staff who may see it.
  { to: '/dashboard', label: 'dashboard', icon: 'dashboard', permission: 'dashboard.view' },
  { to: '/reports', label: 'reports', icon: 'reports', permission: ['reports.view', 'agents.view'] },
  { to: '/players', label: 'players', icon: 'players', permission: 'players.search' },
  { to: '/chat', label: 'chat', icon: 'chat', permission: 'chat.answer' },
  {
    to: '/cashier',
    label: 'cashier',
    icon: 'deposits',
    permission: ['cashier.deposits.view', 'cashier.withdrawals.view', 'cashier.adjustments.approve'],
    children: [
      { to: '/cashier/deposits', label: 'deposits', icon: 'deposits', permission: 'cashier.deposits.view' },
      {
        to: '/cashier/withdrawals',
        label: 'withdrawals',
        icon: 'withdrawals',
        permission: 'cashier.withdrawals.view',
      },
      {
        to: '/cashier/approvals',
        label: 'approvals',
        icon: 'approvals',
        permission: ['cashier.withdrawals.decide', 'cashier.adjustments.approve'],
      },
    ],
  },
  { to: '/staff', label: 'staff', icon: 'staff', permission: 'staff.manage' },
  { to: '/api-keys', label: 'apiKeys', icon: 'apiKeys', permission: 'apikeys.manage' },
  { to: '/security', label: 'security', icon: 'security', permission: 'brand.security' },
  {
    to: '/integrations',
    label: 'integrations',
    icon: 'integrations',
    permission: 'integrations.manage',
  },
  { to: '/aml', label: 'aml', icon: 'aml', permission: 'aml.cases' },
  { to: '/kyc', label: 'kyc', icon: 'kyc', permission: 'kyc.review' },
  { to: '/protection', label: 'protection', icon: 'protection', permission: 'protection.view' },
  { to: '/brands', label: 'brands', icon: 'brands', permission: ['brand.settings', 'brand.maintenance'] },
  { to: '/content', label: 'content', icon: 'content', permission: ['content.site', 'content.messages'] },
  { to: '/games', label: 'games', icon: 'games', permission: 'games.manage' },
  { to: '/lottery', label: 'lottery', icon: 'lottery', permission: 'lottery.manage' },
  { to: '/promotions', label: 'promotions', icon: 'promotions', permission: 'rewards.manage' },
  { to: '/rewards', label: 'rewards', icon: 'rewards', permission: 'rewards.manage' },
  { to: '/agents', label: 'agents', icon: 'agents', permission: 'agents.view' },
  {
    to: '/payment-channels',
    label: 'paymentChannels',
    icon: 'paymentChannels',
    permission: 'integrations.manage',
  },
  { to: '/audit', label: 'audit', icon: 'audit', permission: 'audit.view' },
];

/** Whether the permission check of a nav item passes (any of a list). */
export function allowed(can: (p: Permission) => boolean, permission: Permission | Permission[]): boolean {
  return Array.isArray(permission) ? permission.some(can) : can(permission);
}

const SignIn = lazy(() => import('../pages/sign-in'));
const Dashboard = lazy(() => import('../pages/dashboard'));
const Reports = lazy(() => import('../pages/reports'));
const Account = lazy(() => import('../pages/account'));
const Staff = lazy(() => import('../pages/staff'));
const ApiKeys = lazy(() => import('../pages/api-keys'));
const Security = lazy(() => import('../pages/security'));
const Audit = lazy(() => import('../pages/audit'));
const Integrations = lazy(() => import('../pages/integrations'));
const Players = lazy(() => import('../pages/players'));
const Chat = lazy(() => import('../pages/chat'));
const Cashier = lazy(() => import('../pages/cashier'));
const Aml = lazy(() => import('../pages/aml'));
const Kyc = lazy(() => import('../pages/kyc'));
const Protection = lazy(() => import('../pages/protection'));
const Brands = lazy(() => import('../pages/brands'));
const Content = lazy(() => import('../pages/content'));
const Games = lazy(() => import('../pages/games'));
const Lottery = lazy(() => import('../pages/lottery'));
const Promotions = lazy(() => import('../pages/promotions'));
const Rewards = lazy(() => import('../pages/rewards'));
const Agents = lazy(() => import('../pages/agents'));
const PaymentChannels = lazy(() => import('../pages/payment-channels'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<div className="bo-center-note">…</div>}>
      <Component />
    </Suspense>
  );
}

/** The first section the staff member may open: where "/" leads after sign-in. */
function Home() {
  const { can, session } = useSession();
  const first = NAV.find((n) => allowed(can, n.permission));
  // A platform owner on a platform with no brand yet starts by creating one.
  const owner = session?.grants.some((g) => g.merchant === null && g.permissions.includes('system.manage'));
  if (!first && owner && session?.brands.length === 0) return <Navigate to="/brands" replace />;
  if (!first) return <p className="bo-forbidden">—</p>;
  const child = first.children?.find((c) => allowed(can, c.permission));
  return <Navigate to={child?.to ?? first.to} replace />;
}

const routes: RouteObject[] = [
  { path: '/sign-in', element: page(SignIn) },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'dashboard', element: page(Dashboard) },
      { path: 'reports/*', element: page(Reports) },
      { path: 'players/*', element: page(Players) },
      { path: 'chat/*', element: page(Chat) },
      { path: 'cashier/*', element: page(Cashier) },
      { path: 'staff', element: page(Staff) },
      { path: 'api-keys', element: page(ApiKeys) },
      { path: 'security', element: page(Security) },
      { path: 'integrations', element: page(Integrations) },
      { path: 'aml/*', element: page(Aml) },
      { path: 'kyc/*', element: page(Kyc) },
      { path: 'protection', element: page(Protection) },
      { path: 'brands/*', element: page(Brands) },
      { path: 'content/*', element: page(Content) },
      { path: 'games/*', element: page(Games) },
      { path: 'lottery/*', element: page(Lottery) },
      { path: 'promotions/*', element: page(Promotions) },
      { path: 'rewards/*', element: page(Rewards) },
      { path: 'agents/*', element: page(Agents) },
      { path: 'payment-channels/*', element: page(PaymentChannels) },
      { path: 'audit', element: page(Audit) },
      { path: 'account', element: page(Account) },
      { path: '*', element: <Home /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/backoffice' });
