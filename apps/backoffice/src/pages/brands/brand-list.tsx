import {
  BRAND_CODE_PATTERN,
  CURRENCY_CODE_PATTERN,
  HOST_PATTERN,
  LANGUAGES,
  PLATFORM_THEME,
  type BrandSettings,
  type BrandSummary,
  type BrandTheme,
  type CreateBrand,
  type Language,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Session } from '../../api/types';
import { SESSION_KEY, useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, Field, useToast } from '../../ui';

/** Whether the signed-in staff member may manage the platform (create brands): a platform grant. */
export function usePlatformOwner(): boolean {
  const { session } = useSession();
  return !!session?.grants.some((g) => g.merchant === null && g.permissions.includes('system.manage'));
}

export const TIME_ZONES: string[] = Intl.supportedValuesOf('timeZone');

/** Lines of a text area, trimmed, empty ones dropped. */
export const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The theme with three brand colours applied to both palettes (the rest stays the platform's). */
export function themeWith(primary: string, accent: string, header: string): BrandTheme {
  return {
    ...PLATFORM_THEME,
    light: { ...PLATFORM_THEME.light, primary, accent, headerBg: header },
    dark: { ...PLATFORM_THEME.dark, primary, accent, headerBg: header },
  };
}

export function BrandList({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation('brands');
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: ['brands', 'list'], queryFn: () => api.get<BrandSummary[]>('/brands') });
  return (
    <>
      <div className="bo-section-head">
        <h2>{t('list.title')}</h2>
        {!creating && (
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="brand-new">
            {t('list.new')}
          </Button>
        )}
      </div>
      {creating && <CreateBrandForm onClose={() => setCreating(false)} onCreated={onCreated} />}
      <DataTable
        dense
        rows={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(b) => b.code}
        empty={t('list.empty')}
        columns={[
          { key: 'code', header: t('fields.code'), render: (b) => <span className="bo-mono">{b.code}</span> },
          { key: 'name', header: t('fields.name'), render: (b) => b.name },
          { key: 'hosts', header: t('fields.hosts'), render: (b) => b.hosts.join(', ') },
          { key: 'langs', header: t('fields.languages'), render: (b) => b.languages.join(' ') },
          {
            key: 'cur',
            header: t('fields.currencyCode'),
            render: (b) => `${b.currency} (${b.currencySymbol})`,
          },
          { key: 'tz', header: t('fields.timezone'), render: (b) => b.timezone },
        ]}
      />
    </>
  );
}

interface Draft {
  code: string;
  name: string;
  hosts: string;
  defaultLanguage: Language;
  languages: Language[];
  currency: string;
  currencySymbol: string;
  timezone: string;
  logoPath: string;
  faviconPath: string;
  customTheme: boolean;
  primary: string;
  accent: string;
  header: string;
  android: string;
  ios: string;
  liveChat: string;
}

const EMPTY: Draft = {
  code: '',
  name: '',
  hosts: '',
  defaultLanguage: 'EN',
  languages: ['EN'],
  currency: '',
  currencySymbol: '',
  timezone: 'Asia/Manila',
  logoPath: '',
  faviconPath: '',
  customTheme: false,
  primary: PLATFORM_THEME.light.primary,
  accent: PLATFORM_THEME.light.accent,
  header: PLATFORM_THEME.light.headerBg,
  android: '',
  ios: '',
  liveChat: '',
};

const HTTPS = /^https:\/\/\S+$/;
/** The region's currencies, offered as the code is typed (any ISO 4217 code is accepted). */
const CURRENCIES = ['PHP', 'MYR', 'THB', 'IDR', 'VND', 'SGD', 'USD', 'MMK', 'KHR', 'LAK', 'INR', 'CNY'];

function CreateBrandForm({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { t } = useTranslation('brands');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { setBrand, setSession } = useSession();
  const [d, setD] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const hosts = lines(d.hosts).map((h) => h.toLowerCase());
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!BRAND_CODE_PATTERN.test(d.code)) errors.code = t('errors.code');
  if (!d.name.trim()) errors.name = t('errors.required');
  if (hosts.length === 0) errors.hosts = t('errors.required');
  else if (hosts.some((h) => !HOST_PATTERN.test(h))) errors.hosts = t('errors.host');
  if (d.languages.length === 0) errors.languages = t('errors.required');
  else if (!d.languages.includes(d.defaultLanguage)) errors.defaultLanguage = t('errors.defaultLanguage');
  if (!CURRENCY_CODE_PATTERN.test(d.currency)) errors.currency = t('errors.currencyCode');
  if (!d.currencySymbol.trim()) errors.currencySymbol = t('errors.required');
  if (!TIME_ZONES.includes(d.timezone) && d.timezone !== 'UTC') errors.timezone = t('errors.timezone');
  for (const k of ['android', 'ios', 'liveChat'] as const)
    if (d[k] && !HTTPS.test(d[k])) errors[k] = t('errors.https');
  const invalid = Object.keys(errors).length > 0;
  const shown = (k: keyof Draft) => (touched ? errors[k] : undefined);

  const body = (): CreateBrand => ({
    code: d.code,
    name: d.name.trim(),
    hosts,
    defaultLanguage: d.defaultLanguage,
    languages: d.languages,
    currency: d.currency,
    currencySymbol: d.currencySymbol.trim(),
    timezone: d.timezone,
    logoPath: d.logoPath.trim() || null,
    faviconPath: d.faviconPath.trim() || null,
    theme: d.customTheme ? themeWith(d.primary, d.accent, d.header) : null,
    resources: [
      ...(d.android ? [{ type: 'ANDROID', url: d.android }] : []),
      ...(d.ios ? [{ type: 'IOS', url: d.ios }] : []),
    ],
    customerService: d.liveChat ? [{ position: 'HOME', type: 'LIVECHAT' as const, url: d.liveChat }] : [],
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!invalid) setConfirming(true);
  };

  return (
    <>
      <form className="bo-card" onSubmit={submit} noValidate data-testid="brand-create">
        <h2>{t('create.title')}</h2>
        <div className="bo-grid-2">
          <div>
            <Field label={t('fields.code')} hint={t('create.codeHint')} error={shown('code')}>
              <input
                value={d.code}
                maxLength={20}
                onChange={(e) => set({ code: e.target.value.toUpperCase() })}
                name="code"
              />
            </Field>
            <Field label={t('fields.name')} error={shown('name')}>
              <input
                value={d.name}
                maxLength={60}
                onChange={(e) => set({ name: e.target.value })}
                name="name"
              />
            </Field>
            <Field label={t('fields.hosts')} hint={t('create.hostsHint')} error={shown('hosts')}>
              <textarea
                rows={3}
                value={d.hosts}
                onChange={(e) => set({ hosts: e.target.value })}
                name="hosts"
              />
            </Field>
            <Field
              label={t('fields.currencyCode')}
              hint={t('create.currencyCodeHint')}
              error={shown('currency')}
            >
              <input
                value={d.currency}
                maxLength={3}
                list="bo-currencies"
                onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
                name="currency"
              />
            </Field>
            <datalist id="bo-currencies">
              {CURRENCIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Field
              label={t('fields.currency')}
              hint={t('create.currencyHint')}
              error={shown('currencySymbol')}
            >
              <input
                value={d.currencySymbol}
                maxLength={8}
                onChange={(e) => set({ currencySymbol: e.target.value })}
                name="currencySymbol"
              />
            </Field>
            <Field label={t('fields.timezone')} error={shown('timezone')}>
              <input
                list="bo-time-zones"
                value={d.timezone}
                onChange={(e) => set({ timezone: e.target.value })}
                name="timezone"
              />
            </Field>
            <datalist id="bo-time-zones">
              {TIME_ZONES.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </div>
          <div>
            <LanguagePicker
              languages={d.languages}
              defaultLanguage={d.defaultLanguage}
              onChange={(languages, defaultLanguage) => set({ languages, defaultLanguage })}
              error={shown('languages') ?? shown('defaultLanguage')}
            />
            <Field label={t('fields.logo')} hint={t('create.logoHint')}>
              <input value={d.logoPath} onChange={(e) => set({ logoPath: e.target.value })} />
            </Field>
            <Field label={t('fields.favicon')} hint={t('fields.imageHint')}>
              <input value={d.faviconPath} onChange={(e) => set({ faviconPath: e.target.value })} />
            </Field>
            <label className="bo-check">
              <input
                type="checkbox"
                checked={d.customTheme}
                onChange={(e) => set({ customTheme: e.target.checked })}
              />
              <span>{t('fields.customColours')}</span>
            </label>
            {d.customTheme && (
              <div className="bo-brand-colours">
                <Field label={t('fields.primary')}>
                  <input type="color" value={d.primary} onChange={(e) => set({ primary: e.target.value })} />
                </Field>
                <Field label={t('fields.accent')}>
                  <input type="color" value={d.accent} onChange={(e) => set({ accent: e.target.value })} />
                </Field>
                <Field label={t('fields.header')}>
                  <input type="color" value={d.header} onChange={(e) => set({ header: e.target.value })} />
                </Field>
              </div>
            )}
            <Field label={t('fields.android')} error={shown('android')}>
              <input
                value={d.android}
                onChange={(e) => set({ android: e.target.value })}
                placeholder="https://"
              />
            </Field>
            <Field label={t('fields.ios')} error={shown('ios')}>
              <input value={d.ios} onChange={(e) => set({ ios: e.target.value })} placeholder="https://" />
            </Field>
            <Field label={t('fields.liveChat')} error={shown('liveChat')}>
              <input
                value={d.liveChat}
                onChange={(e) => set({ liveChat: e.target.value })}
                placeholder="https://"
              />
            </Field>
          </div>
        </div>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary" disabled={touched && invalid}>
            {t('create.submit')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('create.confirmTitle', { code: d.code })}
        message={t('create.confirmText', { name: d.name, hosts: hosts.join(', ') })}
        confirmLabel={t('create.submit')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.post<BrandSettings>('/brands', body());
          toast(t('create.done', { code: d.code }));
          await queryClient.invalidateQueries({ queryKey: ['brands'] });
          // The new brand joins the session's brands (platform owners see every brand).
          setSession(await api.get<Session>('/auth/session'));
          await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
          setBrand(d.code);
          setConfirming(false);
          onClose();
          onCreated();
        }}
      />
    </>
  );
}

/** Offered languages (check boxes) and the default among them. */
export function LanguagePicker({
  languages,
  defaultLanguage,
  onChange,
  error,
}: {
  languages: Language[];
  defaultLanguage: Language;
  onChange(languages: Language[], defaultLanguage: Language): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('brands');
  return (
    <>
      <fieldset className="bo-plain">
        <legend>{t('fields.languages')}</legend>
        <div className="bo-brand-langs">
          {LANGUAGES.map((l) => (
            <label key={l} className="bo-check">
              <input
                type="checkbox"
                checked={languages.includes(l)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...languages, l] : languages.filter((x) => x !== l),
                    defaultLanguage,
                  )
                }
              />
              <span>{t(`language.${l}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('fields.defaultLanguage')} error={error}>
        <select value={defaultLanguage} onChange={(e) => onChange(languages, e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`language.${l}`)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
