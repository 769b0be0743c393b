import type { AmlCase, AmlDecision } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  DateTime,
  Field,
  Money,
  errorText,
  useToast,
} from '../../ui';
import { Figures } from './figures';
import { RuleName, StateBadge } from './shared';

type Decision = AmlDecision['decision'];

/** One case: who, what triggered it, its history, and the staff's actions on it. */
export function CasePage() {
  const { t } = useTranslation('aml');
  const { id = '' } = useParams();
  const { brand, can } = useSession();
  const qc = useQueryClient();
  const toast = useToast();
  const key = ['aml', 'case', brand, id];
  const c = useQuery({ queryKey: key, queryFn: () => api.get<AmlCase>(`/aml/cases/${id}`) });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: ['aml'] });
  const assign = useMutation({
    mutationFn: () => api.post(`/aml/cases/${id}/assign`, {}),
    onSuccess: () => {
      toast(t('assigned'), 'info');
      void refresh();
    },
    onError: (e) => toast(errorText(e), 'error'),
  });
  const addNote = useMutation({
    mutationFn: (text: string) => api.post(`/aml/cases/${id}/notes`, { text }),
    onSuccess: () => {
      setNote('');
      void refresh();
    },
    onError: (e) => toast(errorText(e), 'error'),
  });

  if (c.isPending) return <div className="bo-center-note">…</div>;
  if (c.isError)
    return (
      <div className="bo-card bo-table-state" role="alert">
        <p>{errorText(c.error)}</p>
        <Button onClick={() => void c.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  const v = c.data;
  const open = v.state === 'OPEN';
  const writable = can('aml.cases');

  function submitNote(e: FormEvent) {
    e.preventDefault();
    if (note.trim()) addNote.mutate(note.trim());
  }

  return (
    <>
      <nav className="bo-crumbs">
        <Link to="/aml">{t('title')}</Link> › #{v.id}
      </nav>
      <header className="bo-page-header">
        <div>
          <h1>
            {t('case')} #{v.id} · <RuleName rule={v.rule} />
          </h1>
          <p className="bo-muted">
            <StateBadge state={v.state} /> {v.blocked && open && <Badge tone="danger">{t('blocked')}</Badge>}{' '}
            <span className="bo-mono">{v.subject}</span> · {t('opened')} <DateTime value={v.createdAt} />
          </p>
        </div>
        {open && writable && (
          <div className="bo-page-actions">
            <Button busy={assign.isPending} onClick={() => assign.mutate()} data-testid="aml-assign">
              {t('assignToMe')}
            </Button>
            <Button variant="primary" onClick={() => setDeciding('CLEARED')} data-testid="aml-clear">
              {t('decision.CLEARED')}
            </Button>
            <Button onClick={() => setDeciding('REPORTED')} data-testid="aml-report">
              {t('decision.REPORTED')}
            </Button>
            <Button variant="danger" onClick={() => setDeciding('FROZEN')} data-testid="aml-freeze">
              {t('decision.FROZEN')}
            </Button>
          </div>
        )}
      </header>

      <div className="bo-grid-2">
        <section className="bo-card">
          <h2>{t('member')}</h2>
          <dl className="bo-dl">
            <div>
              <dt>{t('username')}</dt>
              <dd>
                {can('players.view') ? (
                  <Link to={`/players/${v.memberId}`}>{v.member.username}</Link>
                ) : (
                  v.member.username
                )}
              </dd>
            </div>
            <div>
              <dt>{t('fullName')}</dt>
              <dd>{v.member.payeeName ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('dateOfBirth')}</dt>
              <dd>{v.member.dateOfBirth ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('accountStatus')}</dt>
              <dd>{v.member.status === 'ACTIVE' ? t('memberStatus.ACTIVE') : t('memberStatus.DISABLED')}</dd>
            </div>
            <div>
              <dt>{t('registered')}</dt>
              <dd>
                <DateTime value={v.member.registeredAt} />
              </dd>
            </div>
            <div>
              <dt>{t('deposits')}</dt>
              <dd>
                <Money value={v.member.depositTotal} />
              </dd>
            </div>
            <div>
              <dt>{t('withdrawals')}</dt>
              <dd>
                <Money value={v.member.withdrawalTotal} />
              </dd>
            </div>
          </dl>
        </section>
        <section className="bo-card">
          <h2>{t('decisionTitle')}</h2>
          <dl className="bo-dl">
            <div>
              <dt>{t('filter.assignee')}</dt>
              <dd data-testid="aml-assignee">{v.assignee ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('decidedBy')}</dt>
              <dd>{v.decidedBy ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('decidedAt')}</dt>
              <dd>{v.decidedAt ? <DateTime value={v.decidedAt} /> : '—'}</dd>
            </div>
            <div>
              <dt>{t('common.reason')}</dt>
              <dd>{v.decisionReason ?? '—'}</dd>
            </div>
          </dl>
          <h3>{t('figures')}</h3>
          <Figures detail={v.detail} rule={v.rule} />
        </section>
      </div>

      <section className="bo-card">
        <h2>{t('transactions')}</h2>
        <DataTable
          dense
          rows={v.transactions}
          rowKey={(r) => `${r.kind}:${r.orderNo}`}
          empty={t('noTransactions')}
          columns={[
            { key: 'kind', header: t('kind'), render: (r) => t(`tx.${r.kind}`) },
            {
              key: 'order',
              header: t('orderNo'),
              render: (r) => <span className="bo-mono">{r.orderNo}</span>,
            },
            { key: 'amount', header: t('amount'), align: 'right', render: (r) => <Money value={r.amount} /> },
            { key: 'at', header: t('at'), render: (r) => <DateTime value={r.at} /> },
          ]}
        />
      </section>

      <section className="bo-card">
        <h2>{t('history')}</h2>
        <ol className="bo-aml-timeline">
          {v.notes.map((n) => (
            <li key={n.id}>
              <span className="bo-muted">
                <DateTime value={n.at} /> · {n.actor}
              </span>{' '}
              <Badge>{t(`event.${n.kind}`)}</Badge>
              {n.body && <p className="bo-note-text">{n.body}</p>}
            </li>
          ))}
        </ol>
        {writable && (
          <form className="bo-form-row" onSubmit={submitNote}>
            <Field label={t('addNote')}>
              <textarea value={note} rows={2} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            </Field>
            <div className="bo-page-actions">
              <Button type="submit" busy={addNote.isPending} disabled={!note.trim()}>
                {t('addNote')}
              </Button>
            </div>
          </form>
        )}
      </section>

      <ConfirmDialog
        open={deciding !== null}
        title={deciding ? t(`decision.${deciding}`) : ''}
        message={deciding ? t(`confirm.${deciding}`, { username: v.member.username }) : ''}
        requireReason
        danger={deciding === 'FROZEN'}
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          await api.post(`/aml/cases/${id}/decision`, { decision: deciding, reason });
          toast(t('decided'), 'info');
          await refresh();
        }}
      />
    </>
  );
}
