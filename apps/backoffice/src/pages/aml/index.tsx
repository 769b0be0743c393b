import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useLocation } from 'react-router';
import { RequirePermission, useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import { CasePage } from './case-page';
import { CaseQueue } from './queue';
import { ListsPanel } from './lists';
import { ReportPanel } from './report';
import { RulesPanel } from './rules';
import '../players/players.css';
import './aml.css';

type Section = 'cases' | 'rules' | 'lists' | 'report';

/** The AML section under /aml: the case queue and case pages, the brand's rules and lists, reports. */
export default function AmlRoutes() {
  return (
    <RequirePermission permission="aml.cases">
      <Routes>
        <Route path="cases/:id" element={<CasePage />} />
        <Route path="*" element={<AmlHome />} />
      </Routes>
    </RequirePermission>
  );
}

function AmlHome() {
  const { t } = useTranslation('aml');
  const { brand } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = (['rules', 'lists', 'report'] as const).find((s) => pathname.endsWith(`/${s}`)) ?? 'cases';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Section>
        tabs={[
          { id: 'cases', label: t('tabs.cases') },
          { id: 'rules', label: t('tabs.rules') },
          { id: 'lists', label: t('tabs.lists') },
          { id: 'report', label: t('tabs.report') },
        ]}
        value={current}
        onChange={(s) => void navigate(s === 'cases' ? `/aml${search}` : `/aml/${s}`)}
      />
      {current === 'cases' && <CaseQueue />}
      {current === 'rules' && <RulesPanel />}
      {current === 'lists' && <ListsPanel />}
      {current === 'report' && <ReportPanel />}
    </>
  );
}
