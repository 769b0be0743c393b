import { useTranslation } from 'react-i18next';
import { RequirePermission } from '../../auth/session';
import { PageHeader } from '../../ui';

/** The section's frame; its screens are filled in by the section's own work. */
export default function Page() {
  const { t } = useTranslation('agents');
  return (
    <RequirePermission permission="agents.view">
      <PageHeader title={t('title')} />
    </RequirePermission>
  );
}
