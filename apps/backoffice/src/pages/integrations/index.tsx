import type { Integration, IntegrationInput } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { RequirePermission, useSession } from '../../auth/session';
import { Badge, Button, ConfirmDialog, DateTime, Field, PageHeader, errorText, useToast } from '../../ui';
import { fieldsOf, fromText, toText, type SettingField } from './schema-form';
import './integrations.css';

export default function IntegrationsPage() {
  return (
    <RequirePermission permission="integrations.manage">
      <Integrations />
    </RequirePermission>
  );
}

function Integrations() {
  const { t } = useTranslation('integrations');
  const { brand } = useSession();
  const list = useQuery({
    queryKey: ['integrations', brand],
    queryFn: () => api.get<Integration[]>('/integrations'),
  });
  const header = <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />;
  if (list.isPending)
    return (
      <>
        {header}
        <p className="bo-center-note">{t('loading')}</p>
      </>
    );
  if (list.error)
    return (
      <>
        {header}
        <p role="alert">{errorText(list.error)}</p>
        <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
      </>
    );
  const groups = (['GAME', 'PAYMENT'] as const).map((kind) => ({
    kind,
    items: list.data.filter((i) => i.kind === kind),
  }));
  return (
    <>
      {header}
      {list.data.length === 0 && <p className="bo-notice">{t('none')}</p>}
      {groups
        .filter((g) => g.items.length > 0)
        .map((g) => (
          <section key={g.kind} aria-labelledby={`int-${g.kind}`}>
            <h2 id={`int-${g.kind}`} className="bo-int-group">
              {t(g.kind === 'GAME' ? 'games' : 'payments')}
            </h2>
            {g.items.map((i) => (
              <ProviderCard key={`${brand}-${i.provider}-${i.updatedAt ?? ''}`} integration={i} />
            ))}
          </section>
        ))}
    </>
  );
}

type SecretEdit = { mode: 'keep' } | { mode: 'replace'; text: string } | { mode: 'clear' };
type FieldError = 'required' | 'number' | 'json' | 'url';

/** One provider: its state at a glance, and the form that saves settings and credentials. */
function ProviderCard({ integration: i }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fields = useMemo(() => fieldsOf(i.settingsSchema), [i.settingsSchema]);
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState(i.enabled);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, toText(f, i.settings[f.name])])),
  );
  const [multi, setMulti] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(
      fields
        .filter((f) => f.kind === 'multi')
        .map((f) => [f.name, Array.isArray(i.settings[f.name]) ? (i.settings[f.name] as string[]) : []]),
    ),
  );
  const [secrets, setSecrets] = useState<Record<string, SecretEdit>>({});
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const read = (f: SettingField): { value?: unknown; error?: FieldError } => {
    if (f.kind === 'multi') return { value: multi[f.name] ?? [] };
    if (f.kind === 'boolean') return { value: texts[f.name] === 'true' };
    return fromText(f, texts[f.name] ?? '');
  };
  const errors = Object.fromEntries(
    fields.map((f) => [f.name, read(f).error]).filter((e): e is [string, FieldError] => e[1] !== undefined),
  );
  const secretEmpty = i.secrets.filter((s) => {
    const e = secrets[s.name];
    return e?.mode === 'replace' && e.text.trim() === '';
  });
  // Switching on needs every credential: set now, or kept from before.
  const missing = i.secrets.filter((s) => {
    const e = secrets[s.name] ?? { mode: 'keep' };
    return e.mode === 'clear' || (e.mode === 'keep' && !s.set) || (e.mode === 'replace' && !e.text.trim());
  });
  const blocked = Object.keys(errors).length > 0 || secretEmpty.length > 0 || (enabled && missing.length > 0);

  function body(): IntegrationInput {
    const settings: Record<string, unknown> = {};
    for (const f of fields) {
      const r = read(f);
      if (r.value !== undefined) settings[f.name] = r.value;
    }
    const changed: Record<string, string | null> = {};
    for (const [name, e] of Object.entries(secrets)) {
      if (e.mode === 'replace') changed[name] = e.text.trim();
      if (e.mode === 'clear') changed[name] = null;
    }
    return { enabled, settings, secrets: changed };
  }

  const fieldError = (name: string) => {
    const e = errors[name];
    return touched && e ? t(`error.${e}`) : undefined;
  };

  return (
    <article className="bo-card bo-int-card" aria-label={i.name}>
      <header className="bo-int-head">
        <div>
          <h3>
            {i.name} <span className="bo-muted bo-mono">{i.provider}</span>
          </h3>
          <p className="bo-muted">{i.description}</p>
        </div>
        <div className="bo-int-state">
          <Badge tone={i.enabled ? 'success' : 'neutral'}>{i.enabled ? t('on') : t('off')}</Badge>
          <small className="bo-muted">
            {i.updatedAt ? (
              <>
                {t('updated', { by: i.updatedBy ?? '—' })} <DateTime value={i.updatedAt} />
              </>
            ) : (
              t('never')
            )}
          </small>
          {i.catalogueSync && i.enabled && <SyncButton provider={i.provider} name={i.name} />}
          <Button onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('close') : t('configure')}
          </Button>
        </div>
      </header>
      {open && (
        <form
          className="bo-int-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!blocked) setConfirming(true);
          }}
        >
          <label className="bo-check">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            <span>{t('enabled')}</span>
          </label>
          {enabled && missing.length > 0 && (
            <p className="bo-notice" role="status">
              {t('missing', { list: missing.map((s) => s.label).join(', ') })}
            </p>
          )}
          <fieldset className="bo-fieldset">
            <legend>{t('settings')}</legend>
            <div className="bo-int-grid">
              {fields.map((f) => (
                <SettingControl
                  key={f.name}
                  field={f}
                  text={texts[f.name] ?? ''}
                  selected={multi[f.name] ?? []}
                  error={fieldError(f.name)}
                  onText={(v) => setTexts((s) => ({ ...s, [f.name]: v }))}
                  onSelected={(v) => setMulti((s) => ({ ...s, [f.name]: v }))}
                />
              ))}
            </div>
          </fieldset>
          {i.secrets.length > 0 && (
            <fieldset className="bo-fieldset">
              <legend>{t('credentials')}</legend>
              <p className="bo-muted">{t('credentialsIntro')}</p>
              {i.secrets.map((s) => {
                const e = secrets[s.name] ?? { mode: 'keep' };
                const set = (next: SecretEdit) => setSecrets((all) => ({ ...all, [s.name]: next }));
                return (
                  <div key={s.name} className="bo-int-secret">
                    <div className="bo-int-secret-head">
                      <strong>{s.label}</strong>
                      <Badge tone={s.set ? 'success' : 'warning'}>{s.set ? t('set') : t('notSet')}</Badge>
                      {e.mode === 'keep' ? (
                        <>
                          <Button onClick={() => set({ mode: 'replace', text: '' })}>
                            {s.set ? t('replace') : t('enter')}
                          </Button>
                          {s.set && (
                            <Button variant="danger" onClick={() => set({ mode: 'clear' })}>
                              {t('clear')}
                            </Button>
                          )}
                        </>
                      ) : (
                        <Button onClick={() => set({ mode: 'keep' })}>{t('undo')}</Button>
                      )}
                    </div>
                    {e.mode === 'clear' && <p className="bo-notice">{t('willClear')}</p>}
                    {e.mode === 'replace' && (
                      <Field
                        label={t('newValue', { name: s.label })}
                        error={touched && !e.text.trim() ? t('error.required') : undefined}
                      >
                        {s.multiline ? (
                          <textarea
                            className="bo-mono"
                            rows={6}
                            autoComplete="off"
                            spellCheck={false}
                            value={e.text}
                            onChange={(ev) => set({ mode: 'replace', text: ev.target.value })}
                          />
                        ) : (
                          <input
                            type="password"
                            autoComplete="new-password"
                            spellCheck={false}
                            value={e.text}
                            onChange={(ev) => set({ mode: 'replace', text: ev.target.value })}
                          />
                        )}
                      </Field>
                    )}
                  </div>
                );
              })}
            </fieldset>
          )}
          <div className="bo-page-actions">
            <Button type="submit" variant="primary">
              {t('save')}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmTitle', { name: i.name })}
        message={
          enabled && !i.enabled ? t('confirmOn') : !enabled && i.enabled ? t('confirmOff') : t('confirmSave')
        }
        danger={!enabled && i.enabled}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const saved = await api.put<Integration>(`/integrations/${i.provider}`, body());
          queryClient.setQueryData<Integration[]>(['integrations', brand], (all) =>
            all?.map((x) => (x.provider === saved.provider ? saved : x)),
          );
          toast(t('saved', { name: i.name }));
        }}
      />
    </article>
  );
}

interface SyncResult {
  studios: number;
  games: number;
  disabled: number;
}

/** Pulls the provider's game list into the catalogue now (a daily job does it too). */
function SyncButton({ provider, name }: { provider: string; name: string }) {
  const { t } = useTranslation('integrations');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setConfirming(true)}>{t('sync')}</Button>
      <ConfirmDialog
        open={confirming}
        title={t('syncTitle', { name })}
        message={t('syncText')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const r = await api.post<SyncResult>(`/integrations/${provider}/sync`);
          toast(t('synced', { studios: r.studios, games: r.games, disabled: r.disabled }));
        }}
      />
    </>
  );
}

function SettingControl({
  field: f,
  text,
  selected,
  error,
  onText,
  onSelected,
}: {
  field: SettingField;
  text: string;
  selected: string[];
  error: string | undefined;
  onText(v: string): void;
  onSelected(v: string[]): void;
}) {
  const { t } = useTranslation('integrations');
  const label = f.required ? `${f.label} *` : f.label;
  switch (f.kind) {
    case 'boolean':
      return (
        <label className="bo-check">
          <input
            type="checkbox"
            checked={text === 'true'}
            onChange={(e) => onText(String(e.target.checked))}
          />
          <span>{f.label}</span>
        </label>
      );
    case 'select':
      return (
        <Field label={label} error={error}>
          <select value={text} onChange={(e) => onText(e.target.value)}>
            {!f.required && <option value="">{t('default')}</option>}
            {f.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
      );
    case 'multi':
      return (
        <fieldset className="bo-int-multi">
          <legend>{label}</legend>
          {f.options.map((o) => (
            <label key={o} className="bo-check">
              <input
                type="checkbox"
                checked={selected.includes(o)}
                onChange={(e) =>
                  onSelected(e.target.checked ? [...selected, o] : selected.filter((x) => x !== o))
                }
              />
              <span>{o}</span>
            </label>
          ))}
        </fieldset>
      );
    case 'json':
      return (
        <Field label={label} error={error} hint={t('jsonHint')}>
          <textarea className="bo-mono" rows={6} value={text} onChange={(e) => onText(e.target.value)} />
        </Field>
      );
    default:
      return (
        <Field label={label} error={error}>
          <input
            type={f.kind === 'url' ? 'url' : 'text'}
            inputMode={f.kind === 'number' ? 'decimal' : undefined}
            value={text}
            onChange={(e) => onText(e.target.value)}
          />
        </Field>
      );
  }
}
