import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequirePermission, useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import './agents.css';
import { MovesTab } from './moves';
import { StatementsTab } from './statements';
import { TemplatesTab } from './templates';
import { TreeTab } from './tree';

type Tab = 'tree' | 'templates' | 'statements' | 'moves';

/**
 * Agents for staff: the tree (searched, read a level at a time), top agents' contracts and the
 * templates they are granted from, statements traced to bets and ledger entries, and moves of a
 * member with its team to another agent.
 */
export default function AgentsPage() {
  return (
    <RequirePermission permission="agents.view">
      <Agents />
    </RequirePermission>
  );
}

function Agents() {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'tree';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab>
        tabs={[
          { id: 'tree', label: t('tabs.tree') },
          { id: 'templates', label: t('tabs.templates') },
          { id: 'statements', label: t('tabs.statements') },
          { id: 'moves', label: t('tabs.moves') },
        ]}
        value={tab}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      {tab === 'tree' && <TreeTab />}
      {tab === 'templates' && <TemplatesTab />}
      {tab === 'statements' && <StatementsTab />}
      {tab === 'moves' && <MovesTab />}
    </>
  );
}
