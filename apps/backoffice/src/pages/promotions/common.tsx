import type { PromotionAdminState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../ui';

const TONES: Record<PromotionAdminState, BadgeTone> = {
  DRAFT: 'neutral',
  SCHEDULED: 'info',
  RUNNING: 'success',
  ENDED: 'neutral',
  STOPPED: 'danger',
};

export function PromotionStateBadge({ state }: { state: PromotionAdminState }) {
  const { t } = useTranslation('promotions');
  return <Badge tone={TONES[state]}>{t(`state.${state}`)}</Badge>;
}

/** A text in the back office's language, else the first one written. */
export function useLocalText() {
  const { i18n } = useTranslation();
  const lang = i18n.language.slice(0, 2).toUpperCase();
  return (texts: Record<string, string>): string => texts[lang] ?? texts.EN ?? Object.values(texts)[0] ?? '';
}
