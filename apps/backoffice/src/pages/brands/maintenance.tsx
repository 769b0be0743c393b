import {
  COUNTRY_CODE_PATTERN,
  type Language,
  type MaintenanceState,
  type MaintenanceWindowInput,
  type MaintenanceWindowView,
  type RegionRules,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, ConfirmDialog, DataTable, DateTime, Field, errorText, useToast } from '../../ui';
import { lines } from './brand-list';

/** A datetime-local value (the staff member's local time) as an instant; null when empty or bad. */
const instant = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d : null;
};
const localValue = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

const TONE = { ACTIVE: 'danger', UPCOMING: 'warning', ENDED: 'neutral', CANCELLED: 'neutral' } as const;

/** The brand's maintenance: the switch, scheduled windows, and who may use the site from where. */
export function MaintenancePanel() {
  return (
    <>
      <Windows />
      <Regions />
    </>
  );
}

function Windows() {
  const { t } = useTranslation('brands');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['brands', 'maintenance', brand];
  const state = useQuery({ queryKey: key, queryFn: () => api.get<MaintenanceState>('/brand/maintenance') });
  const settings = useQuery({
    queryKey: ['brands', 'settings', brand],
    queryFn: () =>
      api.get<{ general: { languages: Language[]; defaultLanguage: Language } }>('/brand/settings'),
  });
  const [cancelling, setCancelling] = useState<MaintenanceWindowView | null>(null);
  const [switching, setSwitching] = useState<boolean | null>(null);
  const languages = settings.data?.general.languages ?? [];
  const defaultLanguage = settings.data?.general.defaultLanguage ?? 'EN';
  const on = state.data?.maintenanceOn ?? false;

  return (
    <>
      <section className="bo-card">
        <div className="bo-section-head">
          <h2>{t('maintenance.switchTitle')}</h2>
          <Badge tone={on ? 'danger' : 'success'}>
            {on ? t('maintenance.closed') : t('maintenance.open')}
          </Badge>
        </div>
        <p className="bo-muted">{t('maintenance.switchHint')}</p>
        <Button variant={on ? 'primary' : 'danger'} onClick={() => setSwitching(!on)} disabled={!state.data}>
          {on ? t('maintenance.switchOff') : t('maintenance.switchOn')}
        </Button>
      </section>
      <ScheduleForm
        languages={languages}
        defaultLanguage={defaultLanguage}
        onScheduled={() => void queryClient.invalidateQueries({ queryKey: key })}
      />
      <section className="bo-card">
        <h2>{t('maintenance.windows')}</h2>
        <DataTable
          dense
          rows={state.data?.windows}
          loading={state.isFetching}
          error={state.error}
          onRetry={() => void state.refetch()}
          rowKey={(w) => w.id}
          empty={t('maintenance.none')}
          columns={[
            {
              key: 'state',
              header: t('maintenance.state'),
              render: (w) => <Badge tone={TONE[w.state]}>{t(`windowState.${w.state}`)}</Badge>,
            },
            {
              key: 'from',
              header: t('maintenance.startsAt'),
              render: (w) => <DateTime value={w.startsAt} />,
            },
            { key: 'to', header: t('maintenance.endsAt'), render: (w) => <DateTime value={w.endsAt} /> },
            {
              key: 'msg',
              header: t('maintenance.message'),
              render: (w) => w.message[defaultLanguage] ?? Object.values(w.message)[0] ?? '',
            },
            {
              key: 'allowed',
              header: t('maintenance.allowed'),
              render: (w) =>
                w.allowedUsernames.length ? (
                  w.allowedUsernames.join(', ')
                ) : (
                  <span className="bo-muted">—</span>
                ),
            },
            { key: 'by', header: t('maintenance.by'), render: (w) => w.cancelledBy ?? w.createdBy },
            {
              key: 'act',
              header: '',
              render: (w) =>
                w.state === 'ACTIVE' || w.state === 'UPCOMING' ? (
                  <Button size="sm" variant="ghost" onClick={() => setCancelling(w)}>
                    {t('maintenance.cancel')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </section>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('maintenance.cancelTitle')}
        message={t('maintenance.cancelText')}
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          await api.del(`/brand/maintenance/windows/${cancelling!.id}`);
          await queryClient.invalidateQueries({ queryKey: key });
          setCancelling(null);
          toast(t('maintenance.cancelled'));
        }}
      />
      <ConfirmDialog
        open={switching !== null}
        danger={switching === true}
        title={switching ? t('maintenance.switchOnTitle') : t('maintenance.switchOffTitle')}
        message={switching ? t('maintenance.switchOnText') : t('maintenance.switchOffText')}
        onClose={() => setSwitching(null)}
        onConfirm={async () => {
          const next = await api.put<MaintenanceState>('/brand/maintenance', {
            on: switching,
            endTime: null,
          });
          queryClient.setQueryData(key, next);
          setSwitching(null);
          toast(t('maintenance.switched'));
        }}
      />
    </>
  );
}

function ScheduleForm({
  languages,
  defaultLanguage,
  onScheduled,
}: {
  languages: Language[];
  defaultLanguage: Language;
  onScheduled(): void;
}) {
  const { t } = useTranslation('brands');
  const toast = useToast();
  const soon = new Date(Date.now() + 3_600_000);
  soon.setMinutes(0, 0, 0);
  const [start, setStart] = useState(localValue(soon));
  const [end, setEnd] = useState(localValue(new Date(soon.getTime() + 2 * 3_600_000)));
  const [message, setMessage] = useState<Partial<Record<Language, string>>>({});
  const [allowed, setAllowed] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const from = instant(start);
  const to = instant(end);
  const users = lines(allowed).map((u) => u.toLowerCase());
  const errors: Record<string, string> = {};
  if (!from) errors.start = t('errors.required');
  if (!to) errors.end = t('errors.required');
  else if (from && to <= from) errors.end = t('errors.endAfterStart');
  else if (to.getTime() <= Date.now()) errors.end = t('errors.past');
  if (!message[defaultLanguage]?.trim())
    errors.message = t('errors.messageDefault', { language: t(`language.${defaultLanguage}`) });
  if (users.some((u) => !/^[a-z0-9_]{2,30}$/.test(u))) errors.allowed = t('errors.username');
  const invalid = Object.keys(errors).length > 0;
  const shown = (k: string) => (touched ? errors[k] : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!invalid) setConfirming(true);
  };
  const body = (): MaintenanceWindowInput => ({
    startsAt: from!.toISOString(),
    endsAt: to!.toISOString(),
    message: Object.fromEntries(Object.entries(message).filter(([, v]) => v?.trim())),
    allowedUsernames: users,
  });

  return (
    <>
      <form className="bo-card" onSubmit={submit} noValidate data-testid="maintenance-schedule">
        <h2>{t('maintenance.schedule')}</h2>
        <div className="bo-form-row">
          <Field label={t('maintenance.startsAt')} error={shown('start')}>
            <input
              type="datetime-local"
              name="startsAt"
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </Field>
          <Field label={t('maintenance.endsAt')} error={shown('end')}>
            <input type="datetime-local" name="endsAt" value={end} onChange={(e) => setEnd(e.target.value)} />
          </Field>
        </div>
        {languages.map((l) => (
          <Field
            key={l}
            label={t('maintenance.messageIn', { language: t(`language.${l}`) })}
            error={l === defaultLanguage ? shown('message') : undefined}
          >
            <textarea
              rows={2}
              maxLength={500}
              name={`message-${l}`}
              value={message[l] ?? ''}
              onChange={(e) => setMessage({ ...message, [l]: e.target.value })}
            />
          </Field>
        ))}
        <Field label={t('maintenance.allowed')} hint={t('maintenance.allowedHint')} error={shown('allowed')}>
          <textarea rows={2} name="allowed" value={allowed} onChange={(e) => setAllowed(e.target.value)} />
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary" disabled={touched && invalid}>
            {t('maintenance.scheduleSubmit')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('maintenance.scheduleTitle')}
        message={t('maintenance.scheduleText', {
          from: from?.toLocaleString() ?? '',
          to: to?.toLocaleString() ?? '',
          users: users.length ? users.join(', ') : t('none'),
        })}
        confirmLabel={t('maintenance.scheduleSubmit')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.post('/brand/maintenance/windows', body());
          setConfirming(false);
          setTouched(false);
          setMessage({});
          setAllowed('');
          toast(t('maintenance.scheduled'));
          onScheduled();
        }}
      />
    </>
  );
}

function Regions() {
  const { t } = useTranslation('brands');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['brands', 'regions', brand];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<RegionRules>('/brand/regions') });
  const [draft, setDraft] = useState<{ allowed: string; blocked: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (current.isPending) return <p className="bo-muted">…</p>;
  if (current.error)
    return (
      <p role="alert" className="bo-card">
        {errorText(current.error)}
      </p>
    );
  const saved = current.data;
  const d = draft ?? { allowed: saved.allowedCountries.join(' '), blocked: saved.blockedCountries.join(' ') };
  const codes = (text: string) => [
    ...new Set(
      text
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ];
  const allowed = codes(d.allowed);
  const blocked = codes(d.blocked);
  const errors: Record<string, string> = {};
  if (allowed.some((c) => !COUNTRY_CODE_PATTERN.test(c))) errors.allowed = t('errors.country');
  if (blocked.some((c) => !COUNTRY_CODE_PATTERN.test(c))) errors.blocked = t('errors.country');
  const both = allowed.find((c) => blocked.includes(c));
  if (both) errors.blocked = t('errors.countryBoth', { country: both });
  const sorted = (list: string[]) => [...list].sort().join(',');
  const dirty =
    sorted(allowed) !== sorted(saved.allowedCountries) || sorted(blocked) !== sorted(saved.blockedCountries);
  return (
    <section className="bo-card" data-testid="brand-regions">
      <h2>{t('regions.title')}</h2>
      <p className="bo-muted">{t('regions.hint')}</p>
      <div className="bo-form-row">
        <Field label={t('regions.allowed')} hint={t('regions.allowedHint')} error={errors.allowed}>
          <input
            value={d.allowed}
            onChange={(e) => setDraft({ ...d, allowed: e.target.value })}
            name="allowed"
          />
        </Field>
        <Field label={t('regions.blocked')} error={errors.blocked}>
          <input
            value={d.blocked}
            onChange={(e) => setDraft({ ...d, blocked: e.target.value })}
            name="blocked"
          />
        </Field>
      </div>
      <div className="bo-page-actions">
        <Button disabled={!dirty} onClick={() => setDraft(null)}>
          {t('settings.discard')}
        </Button>
        <Button
          variant="primary"
          disabled={!dirty || Object.keys(errors).length > 0}
          onClick={() => setConfirming(true)}
        >
          {t('regions.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('regions.confirmTitle')}
        message={t('regions.confirmText', {
          allowed: allowed.length ? allowed.join(', ') : t('regions.everyone'),
          blocked: blocked.length ? blocked.join(', ') : t('none'),
        })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const next = await api.put<RegionRules>('/brand/regions', {
            allowedCountries: allowed,
            blockedCountries: blocked,
          });
          queryClient.setQueryData(key, next);
          setDraft(null);
          setConfirming(false);
          toast(t('regions.saved'));
        }}
      />
    </section>
  );
}
