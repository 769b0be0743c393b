import type { KycReview } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { Badge, Button, ConfirmDialog, DateTime, Money, PageHeader, errorText, useToast } from '../../ui';
import { DocumentImage, KycHistory, KycStateBadge } from './common';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? <span className="bo-muted">—</span>}</dd>
    </div>
  );
}

/** One submission: the documents beside the member's profile, and the decision. */
export function KycReviewPage() {
  const { submissionId = '' } = useParams();
  const { t } = useTranslation('kyc');
  const toast = useToast();
  const client = useQueryClient();
  const [deciding, setDeciding] = useState<'APPROVE' | 'REJECT' | null>(null);
  const q = useQuery({
    queryKey: ['bo', '/kyc/submissions', submissionId],
    queryFn: () => api.get<KycReview>(`/kyc/submissions/${encodeURIComponent(submissionId)}`),
  });
  if (q.isPending)
    return (
      <div className="bo-card" aria-busy="true">
        <span className="bo-skeleton bo-skeleton-title" />
        <span className="bo-skeleton" />
      </div>
    );
  if (q.isError)
    return (
      <div className="bo-card bo-table-state">
        <p role="alert">{errorText(q.error)}</p>
        <Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>{' '}
        <Link to="/kyc">{t('back')}</Link>
      </div>
    );
  const r = q.data;
  const s = r.submission;
  const m = r.member;
  const underAge = m.declaredAge < m.minAge;
  return (
    <>
      <p className="bo-crumbs">
        <Link to="/kyc">← {t('back')}</Link>
      </p>
      <PageHeader
        title={t('reviewTitle', { username: m.username })}
        subtitle={
          <>
            {t('submittedAt')} <DateTime value={s.createdAt} />
          </>
        }
        actions={
          s.state === 'PENDING' ? (
            <span className="bo-row-actions">
              <Button variant="primary" disabled={underAge} onClick={() => setDeciding('APPROVE')}>
                {t('approve')}
              </Button>
              <Button variant="danger" onClick={() => setDeciding('REJECT')}>
                {t('reject')}
              </Button>
            </span>
          ) : (
            <KycStateBadge state={s.state} />
          )
        }
      />
      {underAge && (
        <p className="bo-form-error" role="alert">
          {t('underAge', { age: m.declaredAge, min: m.minAge })}
        </p>
      )}
      {r.waitingWithdrawals > 0 && (
        <p className="bo-kyc-note">{t('waitingWithdrawals', { count: r.waitingWithdrawals })}</p>
      )}
      <div className="bo-kyc-review">
        <section className="bo-card">
          <h2>{t('documents')}</h2>
          <div className="bo-kyc-docs">
            {s.documents.map((d) => (
              <DocumentImage key={d.id} id={d.id} kind={d.kind} />
            ))}
          </div>
        </section>
        <section className="bo-card">
          <h2>{t('declared')}</h2>
          <dl className="bo-dl">
            <Row label={t('col.fullName')}>
              <strong>{s.fullName}</strong>
            </Row>
            <Row label={t('idNumber')}>
              <span className="bo-mono">{s.idNumber}</span>
            </Row>
            <Row label={t('dateOfBirth')}>
              {s.dateOfBirth} <span className="bo-muted">({t('ageYears', { n: m.declaredAge })})</span>
            </Row>
            <Row label={t('idExpiry')}>{s.idExpiry}</Row>
            {s.reason && <Row label={t('col.reason')}>{s.reason}</Row>}
          </dl>
          <h2 className="bo-kyc-subhead">{t('profile')}</h2>
          <dl className="bo-dl">
            <Row label={t('col.player')}>
              <Link to={`/players/${encodeURIComponent(m.id)}?tab=kyc`}>{m.username}</Link>{' '}
              <KycStateBadge state={r.state} />
              {r.flag && (
                <>
                  {' '}
                  <Badge tone="danger">{t('flagged')}</Badge>
                </>
              )}
            </Row>
            <Row label={t('realName')}>{m.realName}</Row>
            <Row label={t('profileDob')}>
              {m.dateOfBirth}
              {m.dateOfBirthVerifiedAt && (
                <>
                  {' '}
                  <Badge tone="success">{t('verified')}</Badge>
                </>
              )}
            </Row>
            <Row label={t('mobile')}>{m.mobile && <span className="bo-mono">{m.mobile}</span>}</Row>
            <Row label={t('email')}>{m.email}</Row>
            <Row label={t('registeredAt')}>
              <DateTime value={m.registeredAt} />
            </Row>
            <Row label={t('registerIp')}>
              {m.registerIp && <span className="bo-mono">{m.registerIp}</span>}
            </Row>
            <Row label={t('depositsTotal')}>
              <Money value={m.depositsTotal} />
            </Row>
            <Row label={t('withdrawalsTotal')}>
              <Money value={m.withdrawalsTotal} />
            </Row>
            {r.flag && <Row label={t('flagReason')}>{r.flag.reason}</Row>}
          </dl>
        </section>
      </div>
      <section className="bo-card">
        <h2>{t('history.title')}</h2>
        <KycHistory events={r.history} />
      </section>
      <ConfirmDialog
        open={deciding !== null}
        title={t(deciding === 'APPROVE' ? 'approveTitle' : 'rejectTitle', { username: m.username })}
        message={t(deciding === 'APPROVE' ? 'approveMessage' : 'rejectMessage', {
          name: s.fullName,
          count: r.waitingWithdrawals,
        })}
        requireReason={deciding === 'REJECT'}
        danger={deciding === 'REJECT'}
        confirmLabel={t(deciding === 'APPROVE' ? 'approve' : 'reject')}
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          const out = await api.post<{ state: string; released: number }>(
            `/kyc/submissions/${encodeURIComponent(s.id)}/decision`,
            deciding === 'APPROVE' ? { decision: 'APPROVE' } : { decision: 'REJECT', reason },
          );
          toast(
            out.state === 'APPROVED'
              ? t('approved', { username: m.username, count: out.released })
              : t('rejected', { username: m.username }),
          );
          await client.invalidateQueries({ queryKey: ['bo', '/kyc'] });
          await client.invalidateQueries({ queryKey: ['bo', '/kyc/queue'] });
          await client.invalidateQueries({ queryKey: ['bo', '/kyc/submissions'] });
        }}
      />
    </>
  );
}
