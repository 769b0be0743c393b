import type { KycMemberView, KycSubmission } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, ConfirmDialog, DataTable, DateTime, errorText, useToast } from '../../ui';
import { KycHistory, KycStateBadge } from './common';
import './kyc.css';

/**
 * The player page's verification tab: state, the "require verification" flag (set or cleared
 * with a reason, audited), every submission and the history.
 */
export function MemberKyc({ memberId }: { memberId: string }) {
  const { t } = useTranslation('kyc');
  const { can } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const [flagging, setFlagging] = useState(false);
  const q = useQuery({
    queryKey: ['bo', '/kyc/members', memberId],
    queryFn: () => api.get<KycMemberView>(`/kyc/members/${encodeURIComponent(memberId)}`),
  });
  if (!can('kyc.review')) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  if (q.isPending) return <span className="bo-skeleton" aria-busy="true" />;
  if (q.isError)
    return (
      <div className="bo-card bo-table-state">
        <p role="alert">{errorText(q.error)}</p>
        <Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  const v = q.data;
  return (
    <>
      <section className="bo-card">
        <div className="bo-section-head">
          <h2>
            {t('title')} <KycStateBadge state={v.state} />
            {v.flag && (
              <>
                {' '}
                <Badge tone="danger">{t('flagged')}</Badge>
              </>
            )}
          </h2>
          <Button variant={v.flag ? 'ghost' : 'danger'} onClick={() => setFlagging(true)}>
            {v.flag ? t('unflag') : t('flag')}
          </Button>
        </div>
        {v.flag && (
          <p className="bo-muted">
            {t('flagBy', { by: v.flag.setBy })} <DateTime value={v.flag.setAt} /> — {v.flag.reason}
          </p>
        )}
        <DataTable<KycSubmission>
          dense
          rows={v.submissions}
          rowKey={(s) => s.id}
          empty={t('noSubmissions')}
          columns={[
            { key: 'at', header: t('col.submittedAt'), render: (s) => <DateTime value={s.createdAt} /> },
            { key: 'state', header: t('col.state'), render: (s) => <KycStateBadge state={s.state} /> },
            { key: 'name', header: t('col.fullName'), render: (s) => s.fullName },
            { key: 'dob', header: t('dateOfBirth'), render: (s) => s.dateOfBirth },
            {
              key: 'docs',
              header: t('documents'),
              render: (s) => s.documents.map((d) => t(`kind.${d.kind}`)).join(', '),
            },
            {
              key: 'decided',
              header: t('col.decidedAt'),
              render: (s) =>
                s.decidedAt ? (
                  <>
                    <DateTime value={s.decidedAt} />
                    {s.reason && <div className="bo-reason">{s.reason}</div>}
                  </>
                ) : (
                  <span className="bo-muted">—</span>
                ),
            },
            {
              key: 'open',
              header: t('col.actions'),
              render: (s) => (
                <Link className="bo-btn bo-btn-sm" to={`/kyc/${encodeURIComponent(s.id)}`}>
                  {s.state === 'PENDING' ? t('review') : t('open')}
                </Link>
              ),
            },
          ]}
        />
      </section>
      <section className="bo-card">
        <h2>{t('history.title')}</h2>
        <KycHistory events={v.history} />
      </section>
      <ConfirmDialog
        open={flagging}
        title={v.flag ? t('unflagTitle') : t('flagTitle')}
        message={v.flag ? t('unflagMessage') : t('flagMessage')}
        requireReason={!v.flag}
        danger={!v.flag}
        confirmLabel={v.flag ? t('unflag') : t('flag')}
        onClose={() => setFlagging(false)}
        onConfirm={async (reason) => {
          await api.put(
            `/kyc/members/${encodeURIComponent(memberId)}/flag`,
            v.flag ? { flagged: false } : { flagged: true, reason },
          );
          toast(v.flag ? t('unflagged') : t('flaggedDone'));
          await client.invalidateQueries({ queryKey: ['bo', '/kyc/members', memberId] });
        }}
      />
    </>
  );
}
