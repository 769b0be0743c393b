import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import type { Permission } from '@app/contracts';
import './reports.css';

type Tab = 'business' | 'cashier' | 'players' | 'rewards' | 'agents' | 'compliance' | 'exports';

/** Each tab is its own chunk; a tab shows to staff holding one of its permissions. */
const TABS: { id: Tab; permission: Permission[]; component: LazyExoticComponent<ComponentType> }[] = [
  { id: 'business', permission: ['reports.view'], component: lazy(() => import('./business')) },
  { id: 'cashier', permission: ['reports.view'], component: lazy(() => import('./cashier')) },
  { id: 'players', permission: ['reports.view'], component: lazy(() => import('./players')) },
  { id: 'rewards', permission: ['reports.view'], component: lazy(() => import('./rewards')) },
  { id: 'agents', permission: ['reports.view', 'agents.view'], component: lazy(() => import('./agents')) },
  { id: 'compliance', permission: ['reports.view'], component: lazy(() => import('./compliance')) },
  { id: 'exports', permission: ['reports.export'], component: lazy(() => import('./exports')) },
];

/**
 * Reports: business, cashier, players, promotions and rewards, agents, responsible gaming and AML,
 * each by the brand's local days (or every brand for a platform owner), with charts, sortable
 * tables with totals, drill-downs, and exports to CSV and XLSX.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const { brand, can } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((x) => x.permission.some(can));
  const wanted = params.get('tab');
  const current = tabs.find((x) => x.id === wanted) ?? tabs[0];
  if (!current) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  const Panel = current.component;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab>
        tabs={tabs.map((x) => ({ id: x.id, label: t(`tabs.${x.id}`) }))}
        value={current.id}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      <Suspense fallback={<div className="bo-center-note">…</div>}>
        <Panel />
      </Suspense>
    </>
  );
}
