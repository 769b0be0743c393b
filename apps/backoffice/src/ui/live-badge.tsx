import { useTranslation } from 'react-i18next';

/** Whether a queue page is kept current by the live channel, or by its 30-second refresh. */
export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`bo-live ${live ? 'is-on' : 'is-off'}`}
      data-testid="live-badge"
      data-live={live}
      title={t(live ? 'live.onHint' : 'live.offHint')}
    >
      <span className="bo-live-dot" aria-hidden="true" />
      {t(live ? 'live.on' : 'live.off')}
    </span>
  );
}
