import type { KycDocumentKind, KycEvent, KycState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useProtectedImage } from '../../api/protected-image';
import { Badge, type BadgeTone, DataTable, DateTime, errorText } from '../../ui';

const TONES: Record<string, BadgeTone> = {
  NOT_SUBMITTED: 'neutral',
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
  EXPIRED: 'danger',
};

export function KycStateBadge({ state }: { state: KycState | 'PENDING' | 'APPROVED' | 'REJECTED' }) {
  const { t } = useTranslation('kyc');
  return <Badge tone={TONES[state] ?? 'neutral'}>{t(`state.${state}`)}</Badge>;
}

/**
 * One document photo. Fetched with the staff session (a plain <img src> would carry neither the
 * brand header nor the permission check); each fetch is an audited read on the server.
 */
export function DocumentImage({ id, kind }: { id: string; kind: KycDocumentKind }) {
  const { t } = useTranslation('kyc');
  const { image, url } = useProtectedImage(`/kyc/documents/${encodeURIComponent(id)}`);
  return (
    <figure className="bo-kyc-doc">
      <figcaption>{t(`kind.${kind}`)}</figcaption>
      {image.isPending && <span className="bo-skeleton bo-kyc-doc-skeleton" />}
      {image.isError && (
        <p className="bo-form-error" role="alert">
          {errorText(image.error)}
        </p>
      )}
      {url && (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={t(`kind.${kind}`)} />
        </a>
      )}
    </figure>
  );
}

/** The append-only history of a member's verification, newest first. */
export function KycHistory({ events }: { events: KycEvent[] }) {
  const { t } = useTranslation('kyc');
  return (
    <DataTable<KycEvent>
      dense
      rows={events}
      rowKey={(e) => `${e.at}:${e.action}:${e.actor}:${e.submissionId ?? ''}`}
      empty={t('history.empty')}
      columns={[
        { key: 'at', header: t('col.at'), render: (e) => <DateTime value={e.at} seconds /> },
        { key: 'action', header: t('col.action'), render: (e) => <Badge>{t(`action.${e.action}`)}</Badge> },
        {
          key: 'actor',
          header: t('col.actor'),
          render: (e) => (e.actor === 'MEMBER' ? t('actor.member') : e.actor),
        },
        {
          key: 'reason',
          header: t('col.reason'),
          render: (e) =>
            e.reason ? <span className="bo-reason">{e.reason}</span> : <span className="bo-muted">—</span>,
        },
      ]}
    />
  );
}
