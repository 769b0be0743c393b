import {
  EXCLUSION_TERMS,
  PROTECTED_FILTERS,
  type ProtectedPlayer,
  type ProtectionSettings,
  type RealityCheckReport,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { RequirePermission, useSession } from '../../auth/session';
import {
  Badge,
  Button,
  DateTime,
  Field,
  PageHeader,
  PagedTable,
  SettingsCard,
  Tabs,
  errorText,
  formatMoney,
  formatNumber,
} from '../../ui';
import './protection.css';

type Filter = (typeof PROTECTED_FILTERS)[number];
type Tab = 'players' | 'reality' | 'settings';
const PAGE_SIZE = 50;

/**
 * Player protection for staff: who has limits and breaks in force (a read of personal data in
 * bulk, audited by the server), reality-check interventions, and the brand's rules.
 */
export default function ProtectionPage() {
  return (
    <RequirePermission permission="protection.view">
      <Protection />
    </RequirePermission>
  );
}

function Protection() {
  const { t } = useTranslation('protection');
  const { brand } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'players';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab>
        tabs={[
          { id: 'players', label: t('tabs.players') },
          { id: 'reality', label: t('tabs.reality') },
          { id: 'settings', label: t('tabs.settings') },
        ]}
        value={tab}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      {tab === 'players' && <Register />}
      {tab === 'reality' && <RealityChecks />}
      {tab === 'settings' && <SettingsForm />}
    </>
  );
}

function Register() {
  const { t } = useTranslation('protection');
  const { brand } = useSession();
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') as Filter | null) ?? 'ALL';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const list = useQuery({
    queryKey: ['protection', 'players', brand, kind, q, page],
    queryFn: () =>
      api.get<Paged<ProtectedPlayer>>('/protection/players', {
        kind,
        q: q || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const set = (next: Record<string, string>) => setParams(new URLSearchParams({ tab: 'players', ...next }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    set({ kind, ...(draft.trim() ? { q: draft.trim() } : {}) });
  };
  const limitText = (l: ProtectedPlayer['limits'][number]) => {
    const value =
      l.amount === null
        ? t('none')
        : l.kind === 'SESSION'
          ? t('minutes', { count: l.amount })
          : formatMoney(l.amount);
    return `${t(`kind.${l.kind}`)} ${t(`period.${l.period}`)}: ${value}${l.pending ? ` → ${l.pending.amount === null ? t('none') : l.kind === 'SESSION' ? t('minutes', { count: l.pending.amount }) : formatMoney(l.pending.amount)}` : ''}`;
  };
  return (
    <>
      <form className="bo-card bo-form-row" onSubmit={apply} noValidate>
        <Field label={t('filter')}>
          <select value={kind} onChange={(e) => set({ kind: e.target.value, ...(q ? { q } : {}) })}>
            {PROTECTED_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('username')}>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={64} />
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary">
            {t('common.search')}
          </Button>
        </div>
      </form>
      <PagedTable
        query={list}
        rowKey={(r) => r.memberId}
        page={page}
        onPage={(p) => set({ kind, ...(q ? { q } : {}), page: String(p) })}
        empty={t('empty')}
        columns={[
          {
            key: 'member',
            header: t('username'),
            render: (r) => <Link to={`/players/${r.memberId}`}>{r.username}</Link>,
          },
          {
            key: 'break',
            header: t('break'),
            render: (r) =>
              r.exclusion ? (
                <>
                  <Badge tone={r.exclusion.kind === 'SELF_EXCLUSION' ? 'danger' : 'warning'}>
                    {t(`breakKind.${r.exclusion.kind}`)}
                  </Badge>{' '}
                  <span className="bo-mono">{r.exclusion.term}</span>
                  {r.exclusion.allBrands && <span className="bo-muted"> · {t('allBrands')}</span>}
                </>
              ) : (
                <span className="bo-muted">—</span>
              ),
          },
          {
            key: 'until',
            header: t('until'),
            width: '11rem',
            render: (r) =>
              r.exclusion ? (
                r.exclusion.endsAt ? (
                  <DateTime value={r.exclusion.endsAt} />
                ) : (
                  t('permanent')
                )
              ) : (
                <span className="bo-muted">—</span>
              ),
          },
          {
            key: 'limits',
            header: t('limits'),
            render: (r) =>
              r.limits.length === 0 ? (
                <span className="bo-muted">—</span>
              ) : (
                r.limits.map((l) => (
                  <div key={`${l.kind}${l.period}`} className="bo-prot-limit">
                    {limitText(l)}
                  </div>
                ))
              ),
          },
          {
            key: 'changed',
            header: t('lastChange'),
            width: '11rem',
            render: (r) => <DateTime value={r.lastChangeAt} />,
          },
        ]}
      />
    </>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function RealityChecks() {
  const { t } = useTranslation('protection');
  const { brand } = useSession();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const invalid = !from || !to || from > to;
  const report = useQuery({
    queryKey: ['protection', 'reality', brand, from, to],
    queryFn: () =>
      api.get<RealityCheckReport>('/protection/reality-checks', {
        from: new Date(`${from}T00:00:00`).toISOString(),
        to: new Date(new Date(`${to}T00:00:00`).getTime() + 86_400_000).toISOString(),
      }),
    enabled: !invalid,
  });
  const r = report.data;
  return (
    <section className="bo-card">
      <h2>{t('reality.title')}</h2>
      <p className="bo-muted">{t('reality.intro')}</p>
      <div className="bo-form-row">
        <Field label={t('reality.from')}>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={t('reality.to')} error={invalid ? t('reality.rangeError') : undefined}>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
      </div>
      {report.isPending && !invalid && <p className="bo-muted">…</p>}
      {report.error && <p role="alert">{errorText(report.error)}</p>}
      {r && (
        <table className="bo-table bo-table-dense" data-testid="reality-report">
          <tbody>
            <tr>
              <th scope="row">{t('reality.total')}</th>
              <td className="bo-prot-num">{formatNumber(r.total)}</td>
            </tr>
            <tr>
              <th scope="row">{t('reality.continued')}</th>
              <td className="bo-prot-num">{formatNumber(r.continued)}</td>
            </tr>
            <tr>
              <th scope="row">{t('reality.loggedOut')}</th>
              <td className="bo-prot-num">
                {formatNumber(r.loggedOut)}
                {r.total > 0 && (
                  <span className="bo-muted"> ({Math.round((r.loggedOut / r.total) * 100)}%)</span>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('reality.members')}</th>
              <td className="bo-prot-num">{formatNumber(r.members)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}

const same = (s: ProtectionSettings) => s;
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

function SettingsForm() {
  const { t } = useTranslation('protection');
  const { brand, can } = useSession();
  const validate = (draft: ProtectionSettings) => {
    return {
      coolingOffHours:
        Number.isInteger(draft.coolingOffHours) && draft.coolingOffHours >= 0 && draft.coolingOffHours <= 720
          ? null
          : t('settings.range', { min: 0, max: 720 }),
      realityCheckMinutes:
        draft.realityCheckMinutes === null ||
        (Number.isInteger(draft.realityCheckMinutes) &&
          draft.realityCheckMinutes >= 5 &&
          draft.realityCheckMinutes <= 240)
          ? null
          : t('settings.range', { min: 5, max: 240 }),
      minAge:
        Number.isInteger(draft.minAge) && draft.minAge >= 18 && draft.minAge <= 25
          ? null
          : t('settings.range', { min: 18, max: 25 }),
      exclusionTerms: draft.exclusionTerms.length > 0 ? null : t('settings.termsRequired'),
      operatorGroup:
        draft.operatorGroup === null || /^[A-Za-z0-9_-]{1,40}$/.test(draft.operatorGroup)
          ? null
          : t('settings.groupFormat'),
    };
  };
  return (
    <SettingsCard
      title={t('settings.title')}
      path="/protection/settings"
      queryKey={['protection', 'settings', brand]}
      editable={can('protection.manage')}
      toDraft={same}
      fromDraft={same}
      validate={validate}
      text={{
        save: t('settings.save'),
        discard: t('settings.discard'),
        confirmTitle: t('settings.confirmTitle'),
        confirmText: t('settings.confirmText', { brand }),
        saved: t('settings.saved'),
      }}
    >
      {(draft, setDraft, errors) => (
        <>
          <Field
            label={t('settings.coolingOffHours')}
            hint={t('settings.coolingOffHint')}
            error={errors.coolingOffHours ?? undefined}
          >
            <input
              type="number"
              min={0}
              max={720}
              value={Number.isNaN(draft.coolingOffHours) ? '' : draft.coolingOffHours}
              onChange={(e) => setDraft({ ...draft, coolingOffHours: num(e.target.value) })}
            />
          </Field>
          <Field
            label={t('settings.realityCheckMinutes')}
            hint={t('settings.realityHint')}
            error={errors.realityCheckMinutes ?? undefined}
          >
            <input
              type="number"
              min={5}
              max={240}
              value={draft.realityCheckMinutes ?? ''}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  realityCheckMinutes: e.target.value === '' ? null : num(e.target.value),
                })
              }
            />
          </Field>
          <Field
            label={t('settings.minAge')}
            hint={t('settings.minAgeHint')}
            error={errors.minAge ?? undefined}
          >
            <input
              type="number"
              min={18}
              max={25}
              value={Number.isNaN(draft.minAge) ? '' : draft.minAge}
              onChange={(e) => setDraft({ ...draft, minAge: num(e.target.value) })}
            />
          </Field>
          <Field label={t('settings.offerLimits')}>
            <select
              value={draft.offerLimits}
              onChange={(e) =>
                setDraft({ ...draft, offerLimits: e.target.value as ProtectionSettings['offerLimits'] })
              }
            >
              {(['NONE', 'REGISTRATION', 'FIRST_DEPOSIT'] as const).map((o) => (
                <option key={o} value={o}>
                  {t(`settings.offer.${o}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('settings.operatorGroup')}
            hint={t('settings.groupHint')}
            error={errors.operatorGroup ?? undefined}
          >
            <input
              value={draft.operatorGroup ?? ''}
              maxLength={40}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  operatorGroup: e.target.value.trim() === '' ? null : e.target.value.trim(),
                })
              }
            />
          </Field>
          <div className="bo-field">
            <label className="bo-check">
              <input
                type="checkbox"
                checked={draft.askBirthDate}
                onChange={(e) => setDraft({ ...draft, askBirthDate: e.target.checked })}
              />{' '}
              {t('settings.askBirthDate')}
            </label>
            <p className="bo-muted">{t('settings.askBirthHint')}</p>
          </div>
          <div className="bo-field bo-prot-terms">
            <span>{t('settings.exclusionTerms')}</span>
            {EXCLUSION_TERMS.map((term) => (
              <label key={term} className="bo-check">
                <input
                  type="checkbox"
                  checked={draft.exclusionTerms.includes(term)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      exclusionTerms: e.target.checked
                        ? EXCLUSION_TERMS.filter((x) => x === term || draft.exclusionTerms.includes(x))
                        : draft.exclusionTerms.filter((x) => x !== term),
                    })
                  }
                />{' '}
                {t(`settings.term.${term}`)}
              </label>
            ))}
            {errors.exclusionTerms && (
              <p className="bo-field-error" role="alert">
                {errors.exclusionTerms}
              </p>
            )}
          </div>
        </>
      )}
    </SettingsCard>
  );
}
