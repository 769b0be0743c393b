import type { AmlCaseRule, AmlCaseState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../ui';

const TONE: Record<AmlCaseState, BadgeTone> = {
  OPEN: 'warning',
  CLEARED: 'success',
  FROZEN: 'danger',
  REPORTED: 'info',
};

export function StateBadge({ state }: { state: AmlCaseState }) {
  const { t } = useTranslation('aml');
  return <Badge tone={TONE[state]}>{t(`state.${state}`)}</Badge>;
}

export function RuleName({ rule }: { rule: AmlCaseRule }) {
  const { t } = useTranslation('aml');
  return <>{t(`rule.${rule}`)}</>;
}
