import {
  BRAND_MODULES,
  CHAT_PATH,
  CS_TYPES,
  HOST_PATTERN,
  PLATFORM_THEME,
  REGISTER_FIELDS,
  REGISTER_PATTERN_IDS,
  type BrandChange,
  type BrandModule,
  type BrandSettings,
  type RegisterField,
  type RegisterPatternId,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, Field, errorText, useToast } from '../../ui';
import { LanguagePicker, lines, TIME_ZONES } from './brand-list';

const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const HTTPS = /^https:\/\/\S+$/;
const RESOURCE_TYPES = ['ANDROID', 'IOS', 'LITE'] as const;

/** The draft keeps the domains as text (one a line) so typing is free; the rest is the settings. */
interface Draft {
  settings: BrandSettings;
  hosts: string;
}

const toDraft = (s: BrandSettings): Draft => ({
  settings: structuredClone(s),
  hosts: s.links.hosts.join('\n'),
});
const fromDraft = (d: Draft): BrandSettings => ({
  ...d.settings,
  links: { ...d.settings.links, hosts: lines(d.hosts).map((h) => h.toLowerCase()) },
});

/** Each message the draft fails, keyed by where it shows; empty when it can be previewed. */
function problems(
  d: Draft,
  t: (
    k:
      | 'errors.required'
      | 'errors.host'
      | 'errors.https'
      | 'errors.amount'
      | 'errors.minMax'
      | 'errors.timezone'
      | 'errors.defaultLanguage'
      | 'errors.lengths'
      | 'errors.requiredShown'
      | 'errors.duplicate',
  ) => string,
) {
  const s = fromDraft(d);
  const e: Record<string, string> = {};
  if (!s.general.name.trim()) e.name = t('errors.required');
  if (s.general.languages.length === 0) e.languages = t('errors.required');
  else if (!s.general.languages.includes(s.general.defaultLanguage))
    e.languages = t('errors.defaultLanguage');
  if (!s.general.currencySymbol.trim()) e.currency = t('errors.required');
  if (!TIME_ZONES.includes(s.general.timezone) && s.general.timezone !== 'UTC')
    e.timezone = t('errors.timezone');
  if (s.links.hosts.length === 0) e.hosts = t('errors.required');
  else if (s.links.hosts.some((h) => !HOST_PATTERN.test(h))) e.hosts = t('errors.host');
  for (const k of ['facebook', 'telegram', 'whatsapp'] as const)
    if (s.general.social[k] && !HTTPS.test(s.general.social[k])) e[`social.${k}`] = t('errors.https');
  s.links.resources.forEach((r, i) => {
    if (!HTTPS.test(r.url)) e[`resource.${i}`] = t('errors.https');
  });
  s.links.domainRoutes.forEach((d, i) => {
    if (!HOST_PATTERN.test(d.domain)) e[`domainRoute.${i}`] = t('errors.host');
    else if (s.links.domainRoutes.findIndex((x) => x.domain === d.domain) !== i)
      e[`domainRoute.${i}`] = t('errors.duplicate');
  });
  s.links.customerService.forEach((c, i) => {
    if (!HTTPS.test(c.url) && !c.url.startsWith('/')) e[`service.${i}`] = t('errors.https');
  });
  for (const r of s.registerRules) {
    if (!(r.min <= r.max)) e[`rule.${r.field}`] = t('errors.lengths');
    if (r.required && !r.enabled) e[`rule.${r.field}`] = t('errors.requiredShown');
  }
  const c = s.cashier;
  if (!AMOUNT.test(c.withdrawMin)) e.withdrawMin = t('errors.amount');
  if (!AMOUNT.test(c.withdrawMax)) e.withdrawMax = t('errors.amount');
  if (!e.withdrawMin && !e.withdrawMax && Number(c.withdrawMin) > Number(c.withdrawMax))
    e.withdrawMax = t('errors.minMax');
  return e;
}

/**
 * Every brand switch the site reads, edited as one draft. "Review changes" asks the server what
 * players will notice (in plain words); saving needs that review confirmed. The server checks
 * everything again and audits the change with before and after.
 */
export function BrandSettingsEditor() {
  const { t } = useTranslation('brands');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['brands', 'settings', brand];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<BrandSettings>('/brand/settings') });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [changes, setChanges] = useState<BrandChange[] | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  useEffect(() => {
    if (current.data) setDraft(toDraft(current.data));
  }, [current.data]);

  if (current.isPending) return <p className="bo-muted">…</p>;
  if (current.error)
    return (
      <p role="alert" className="bo-card">
        {errorText(current.error)}
      </p>
    );
  if (!draft || !current.data) return null;
  const s = draft.settings;
  const errs = problems(draft, t);
  const dirty = JSON.stringify(fromDraft(draft)) !== JSON.stringify(current.data);
  const set = (fn: (s: BrandSettings) => void) =>
    setDraft((d) => {
      if (!d) return d;
      const next = structuredClone(d.settings);
      fn(next);
      return { ...d, settings: next };
    });

  const review = async () => {
    setReviewError(null);
    setReviewing(true);
    try {
      const out = await api.post<{ changes: BrandChange[] }>('/brand/settings/preview', fromDraft(draft));
      setChanges(out.changes);
    } catch (e) {
      setReviewError(errorText(e));
    } finally {
      setReviewing(false);
    }
  };

  const theme = s.general.theme;
  const palette = theme?.light ?? PLATFORM_THEME.light;
  const setColour = (k: 'primary' | 'accent' | 'headerBg', v: string) =>
    set((x) => {
      const base = x.general.theme ?? PLATFORM_THEME;
      x.general.theme = { ...base, light: { ...base.light, [k]: v }, dark: { ...base.dark, [k]: v } };
    });

  return (
    <div data-testid="brand-settings">
      <Section title={t('settings.general')}>
        <div className="bo-grid-2">
          <div>
            <Field label={t('fields.name')} error={errs.name}>
              <input
                value={s.general.name}
                maxLength={60}
                onChange={(e) => set((x) => void (x.general.name = e.target.value))}
              />
            </Field>
            <Field label={t('fields.currency')} error={errs.currency}>
              <input
                value={s.general.currencySymbol}
                maxLength={8}
                onChange={(e) => set((x) => void (x.general.currencySymbol = e.target.value))}
              />
            </Field>
            <Field label={t('fields.timezone')} error={errs.timezone}>
              <input
                list="bo-time-zones-settings"
                value={s.general.timezone}
                onChange={(e) => set((x) => void (x.general.timezone = e.target.value))}
              />
            </Field>
            <datalist id="bo-time-zones-settings">
              {TIME_ZONES.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <label className="bo-check">
              <input
                type="checkbox"
                checked={s.general.loginedToHomePage}
                onChange={(e) => set((x) => void (x.general.loginedToHomePage = e.target.checked))}
              />
              <span>{t('fields.homeAfterLogin')}</span>
            </label>
            <Field label={t('fields.gtag')} hint={t('fields.gtagHint')}>
              <input
                value={s.general.gtagId ?? ''}
                onChange={(e) => set((x) => void (x.general.gtagId = e.target.value.trim() || null))}
              />
            </Field>
          </div>
          <div>
            <LanguagePicker
              languages={s.general.languages}
              defaultLanguage={s.general.defaultLanguage}
              onChange={(languages, defaultLanguage) =>
                set((x) => {
                  x.general.languages = languages;
                  x.general.defaultLanguage = defaultLanguage;
                })
              }
              error={errs.languages}
            />
            <Field label={t('fields.logo')} hint={t('fields.logoHint')}>
              <input
                value={s.general.logoPath ?? ''}
                onChange={(e) => set((x) => void (x.general.logoPath = e.target.value.trim() || null))}
              />
            </Field>
            <Field label={t('fields.favicon')} hint={t('fields.imageHint')}>
              <input
                value={s.general.faviconPath ?? ''}
                onChange={(e) => set((x) => void (x.general.faviconPath = e.target.value.trim() || null))}
              />
            </Field>
          </div>
        </div>
        <label className="bo-check">
          <input
            type="checkbox"
            checked={theme !== null}
            onChange={(e) =>
              set(
                (x) =>
                  void (x.general.theme = e.target.checked
                    ? (current.data.general.theme ?? PLATFORM_THEME)
                    : null),
              )
            }
          />
          <span>{t('fields.customColours')}</span>
        </label>
        {theme && (
          <div className="bo-brand-colours">
            <Field label={t('fields.primary')}>
              <input
                type="color"
                value={palette.primary}
                onChange={(e) => setColour('primary', e.target.value)}
              />
            </Field>
            <Field label={t('fields.accent')}>
              <input
                type="color"
                value={palette.accent}
                onChange={(e) => setColour('accent', e.target.value)}
              />
            </Field>
            <Field label={t('fields.header')}>
              <input
                type="color"
                value={palette.headerBg}
                onChange={(e) => setColour('headerBg', e.target.value)}
              />
            </Field>
          </div>
        )}
        <div className="bo-form-row">
          {(['facebook', 'telegram', 'whatsapp'] as const).map((k) => (
            <Field key={k} label={t(`fields.${k}`)} error={errs[`social.${k}`]}>
              <input
                value={s.general.social[k]}
                placeholder="https://"
                onChange={(e) => set((x) => void (x.general.social[k] = e.target.value.trim()))}
              />
            </Field>
          ))}
        </div>
      </Section>

      <Section title={t('settings.links')}>
        <Field label={t('fields.hosts')} hint={t('create.hostsHint')} error={errs.hosts}>
          <textarea
            rows={3}
            value={draft.hosts}
            onChange={(e) => setDraft({ ...draft, hosts: e.target.value })}
          />
        </Field>
        <h3>{t('settings.apps')}</h3>
        {s.links.resources.map((r, i) => (
          <div className="bo-form-row" key={i}>
            <Field label={t('fields.appType')}>
              <select
                value={r.type}
                onChange={(e) => set((x) => void (x.links.resources[i]!.type = e.target.value))}
              >
                {RESOURCE_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {t(`app.${ty}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('fields.url')} error={errs[`resource.${i}`]}>
              <input
                value={r.url}
                onChange={(e) => set((x) => void (x.links.resources[i]!.url = e.target.value.trim()))}
              />
            </Field>
            <Button variant="ghost" onClick={() => set((x) => void x.links.resources.splice(i, 1))}>
              {t('remove')}
            </Button>
          </div>
        ))}
        {s.links.resources.length < RESOURCE_TYPES.length && (
          <Button
            size="sm"
            onClick={() =>
              set((x) => {
                const free =
                  RESOURCE_TYPES.find((ty) => !x.links.resources.some((r) => r.type === ty)) ?? 'LITE';
                x.links.resources.push({ type: free, url: '' });
              })
            }
          >
            {t('settings.addApp')}
          </Button>
        )}
        <h3>{t('settings.domainRoutes')}</h3>
        <p className="bo-muted">{t('settings.domainRoutesHint')}</p>
        {s.links.domainRoutes.map((d, i) => (
          <div className="bo-form-row" key={i}>
            <Field label={t('fields.routeDomain')} error={errs[`domainRoute.${i}`]}>
              <input
                value={d.domain}
                onChange={(e) =>
                  set((x) => void (x.links.domainRoutes[i]!.domain = e.target.value.trim().toLowerCase()))
                }
              />
            </Field>
            <Field label={t('fields.routeSpeed')}>
              <input
                type="number"
                min={0}
                max={100000}
                value={d.speed}
                onChange={(e) => set((x) => void (x.links.domainRoutes[i]!.speed = Number(e.target.value)))}
              />
            </Field>
            <Button variant="ghost" onClick={() => set((x) => void x.links.domainRoutes.splice(i, 1))}>
              {t('remove')}
            </Button>
          </div>
        ))}
        {s.links.domainRoutes.length < 20 && (
          <Button
            size="sm"
            onClick={() => set((x) => void x.links.domainRoutes.push({ domain: '', speed: 100 }))}
          >
            {t('settings.addDomainRoute')}
          </Button>
        )}
        <h3>{t('settings.service')}</h3>
        {s.links.customerService.map((c, i) => (
          <div className="bo-form-row" key={i}>
            <Field label={t('fields.serviceType')}>
              <select
                value={c.type}
                onChange={(e) =>
                  set(
                    (x) =>
                      void (x.links.customerService[i]!.type = e.target.value as (typeof CS_TYPES)[number]),
                  )
                }
              >
                {CS_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {t(`service.${ty}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={t('fields.url')}
              hint={c.url === CHAT_PATH ? t('fields.builtInChatHint') : t('fields.serviceHint')}
              error={errs[`service.${i}`]}
            >
              <input
                value={c.url}
                onChange={(e) => set((x) => void (x.links.customerService[i]!.url = e.target.value.trim()))}
              />
            </Field>
            {/* The site's own chat page: the service window opens it, support answers on the desk. */}
            <Button
              variant={c.url === CHAT_PATH ? 'primary' : 'secondary'}
              aria-pressed={c.url === CHAT_PATH}
              onClick={() => set((x) => void (x.links.customerService[i]!.url = CHAT_PATH))}
            >
              {t('fields.builtInChat')}
            </Button>
            <Button variant="ghost" onClick={() => set((x) => void x.links.customerService.splice(i, 1))}>
              {t('remove')}
            </Button>
          </div>
        ))}
        {s.links.customerService.length < CS_TYPES.length && (
          <Button
            size="sm"
            onClick={() =>
              set((x) => {
                const free =
                  CS_TYPES.find((ty) => !x.links.customerService.some((c) => c.type === ty)) ?? 'LIVECHAT';
                x.links.customerService.push({ position: 'HOME', type: free, url: '' });
              })
            }
          >
            {t('settings.addService')}
          </Button>
        )}
      </Section>

      <Section title={t('settings.modules')} hint={t('settings.modulesHint')}>
        <div className="bo-brand-scroll">
          <table className="bo-brand-table">
            <thead>
              <tr>
                <th>{t('settings.module')}</th>
                <th>{t('settings.shown')}</th>
                <th>{t('settings.order')}</th>
              </tr>
            </thead>
            <tbody>
              {BRAND_MODULES.map((modId) => {
                const m = s.modules.find((x) => x.modId === modId);
                if (!m) return null;
                return (
                  <tr key={modId}>
                    <td>
                      {t(`module.${modId as BrandModule}`)} <span className="bo-muted bo-mono">{modId}</span>
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('settings.shownOf', { name: t(`module.${modId as BrandModule}`) })}
                        checked={m.enabled}
                        onChange={(e) =>
                          set(
                            (x) =>
                              void (x.modules.find((y) => y.modId === modId)!.enabled = e.target.checked),
                          )
                        }
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        max={999}
                        aria-label={t('settings.order')}
                        value={m.sort}
                        onChange={(e) =>
                          set(
                            (x) =>
                              void (x.modules.find((y) => y.modId === modId)!.sort = Math.max(
                                0,
                                Math.min(999, Number(e.target.value) || 0),
                              )),
                          )
                        }
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title={t('settings.registration')} hint={t('settings.registrationHint')}>
        <div className="bo-brand-scroll">
          <table className="bo-brand-table">
            <thead>
              <tr>
                <th>{t('settings.field')}</th>
                <th>{t('settings.shown')}</th>
                <th>{t('settings.required')}</th>
                <th>{t('settings.pattern')}</th>
                <th>{t('settings.min')}</th>
                <th>{t('settings.max')}</th>
              </tr>
            </thead>
            <tbody>
              {REGISTER_FIELDS.map((field) => {
                const r = s.registerRules.find((x) => x.field === field);
                if (!r) return null;
                const edit = (fn: (r: BrandSettings['registerRules'][number]) => void) =>
                  set((x) => fn(x.registerRules.find((y) => y.field === field)!));
                return (
                  <tr key={field} data-field={field}>
                    <td>
                      {t(`field.${field as RegisterField}`)}
                      {errs[`rule.${field}`] && (
                        <small className="bo-field-error" role="alert">
                          <br />
                          {errs[`rule.${field}`]}
                        </small>
                      )}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('settings.shownOf', { name: t(`field.${field as RegisterField}`) })}
                        checked={r.enabled}
                        onChange={(e) =>
                          edit((y) => {
                            y.enabled = e.target.checked;
                            if (!y.enabled) y.required = false;
                          })
                        }
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('settings.requiredOf', { name: t(`field.${field as RegisterField}`) })}
                        checked={r.required}
                        disabled={!r.enabled}
                        onChange={(e) => edit((y) => void (y.required = e.target.checked))}
                      />
                    </td>
                    <td>
                      <select
                        value={r.patternId}
                        aria-label={t('settings.pattern')}
                        onChange={(e) =>
                          edit((y) => void (y.patternId = e.target.value as RegisterPatternId))
                        }
                      >
                        {REGISTER_PATTERN_IDS.map((p) => (
                          <option key={p} value={p}>
                            {t(`pattern.${p}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        max={255}
                        aria-label={t('settings.min')}
                        value={r.min}
                        onChange={(e) =>
                          edit((y) => void (y.min = Math.max(0, Math.min(255, Number(e.target.value) || 0))))
                        }
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        min={1}
                        max={255}
                        aria-label={t('settings.max')}
                        value={r.max}
                        onChange={(e) =>
                          edit((y) => void (y.max = Math.max(1, Math.min(255, Number(e.target.value) || 1))))
                        }
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Section>

      <div className="bo-grid-2">
        <Section title={t('settings.cashier')}>
          <div className="bo-form-row">
            <Field label={t('fields.withdrawMin')} error={errs.withdrawMin}>
              <input
                inputMode="decimal"
                value={s.cashier.withdrawMin}
                onChange={(e) => set((x) => void (x.cashier.withdrawMin = e.target.value.trim()))}
              />
            </Field>
            <Field label={t('fields.withdrawMax')} error={errs.withdrawMax}>
              <input
                inputMode="decimal"
                value={s.cashier.withdrawMax}
                onChange={(e) => set((x) => void (x.cashier.withdrawMax = e.target.value.trim()))}
              />
            </Field>
          </div>
          <div className="bo-form-row">
            <Field label={t('fields.withdrawCount')}>
              <input
                type="number"
                min={1}
                max={100}
                value={s.cashier.withdrawDailyCount}
                onChange={(e) =>
                  set(
                    (x) =>
                      void (x.cashier.withdrawDailyCount = Math.max(
                        1,
                        Math.min(100, Number(e.target.value) || 1),
                      )),
                  )
                }
              />
            </Field>
            <Field label={t('fields.withdrawConfirm')}>
              <input
                type="number"
                min={0}
                max={1440}
                value={s.cashier.withdrawConfirmMinutes}
                onChange={(e) =>
                  set(
                    (x) =>
                      void (x.cashier.withdrawConfirmMinutes = Math.max(
                        0,
                        Math.min(1440, Number(e.target.value) || 0),
                      )),
                  )
                }
              />
            </Field>
          </div>
          <label className="bo-check">
            <input
              type="checkbox"
              checked={s.cashier.uplineTransfer}
              onChange={(e) => set((x) => void (x.cashier.uplineTransfer = e.target.checked))}
            />
            <span>{t('fields.uplineTransfer')}</span>
          </label>
          <label className="bo-check">
            <input
              type="checkbox"
              checked={s.cashier.singleWallet}
              onChange={(e) => set((x) => void (x.cashier.singleWallet = e.target.checked))}
            />
            <span>{t('fields.singleWallet')}</span>
          </label>
        </Section>
        <Section title={t('settings.security')}>
          <label className="bo-check">
            <input
              type="checkbox"
              checked={s.security.legacyCrypto}
              onChange={(e) => set((x) => void (x.security.legacyCrypto = e.target.checked))}
            />
            <span>{t('fields.legacyCrypto')}</span>
          </label>
          <Field label={t('fields.passwordExpiry')} hint={t('fields.passwordExpiryHint')}>
            <input
              type="number"
              min={1}
              max={3650}
              value={s.security.passwordExpiryDays ?? ''}
              onChange={(e) =>
                set((x) => {
                  const n = Number(e.target.value);
                  x.security.passwordExpiryDays =
                    e.target.value && n >= 1 ? Math.min(3650, Math.floor(n)) : null;
                  if (x.security.passwordExpiryDays === null) x.security.enforcePasswordExpiry = false;
                })
              }
            />
          </Field>
          <label className="bo-check">
            <input
              type="checkbox"
              checked={s.security.enforcePasswordExpiry}
              disabled={s.security.passwordExpiryDays === null}
              onChange={(e) => set((x) => void (x.security.enforcePasswordExpiry = e.target.checked))}
            />
            <span>{t('fields.enforceExpiry')}</span>
          </label>
          <Field label={t('fields.geetest')} hint={t('fields.geetestHint')}>
            <input
              value={s.security.geetestId ?? ''}
              onChange={(e) => set((x) => void (x.security.geetestId = e.target.value.trim() || null))}
            />
          </Field>
        </Section>
      </div>

      <div className="bo-brand-sticky">
        {reviewError && (
          <p className="bo-form-error" role="alert">
            {reviewError}
          </p>
        )}
        <Button disabled={!dirty} onClick={() => setDraft(toDraft(current.data))}>
          {t('settings.discard')}
        </Button>
        <Button
          variant="primary"
          disabled={!dirty || Object.keys(errs).length > 0}
          busy={reviewing}
          onClick={() => void review()}
          data-testid="brand-review"
        >
          {t('settings.review')}
        </Button>
      </div>

      <ConfirmDialog
        open={changes !== null}
        title={t('settings.reviewTitle')}
        message={<ChangeList changes={changes ?? []} />}
        confirmLabel={t('settings.save')}
        onClose={() => setChanges(null)}
        onConfirm={async () => {
          const out = await api.put<{ settings: BrandSettings }>('/brand/settings', fromDraft(draft));
          queryClient.setQueryData(key, out.settings);
          setChanges(null);
          toast(t('settings.saved'));
        }}
      />
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="bo-card">
      <h2>{title}</h2>
      {hint && <p className="bo-muted">{hint}</p>}
      {children}
    </section>
  );
}

/** What players will notice, one line each, in the staff member's language. */
export function ChangeList({ changes }: { changes: BrandChange[] }) {
  const { t } = useTranslation('brands');
  if (changes.length === 0) return <p>{t('settings.noPlayerChanges')}</p>;
  const subject = (c: BrandChange) => {
    if (c.subject && (BRAND_MODULES as readonly string[]).includes(c.subject))
      return t(`module.${c.subject as BrandModule}`);
    if (c.subject && (REGISTER_FIELDS as readonly string[]).includes(c.subject))
      return t(`field.${c.subject as RegisterField}`);
    return c.subject ?? '';
  };
  const state = (c: BrandChange) => (c.to === 'true' ? t('on') : t('off'));
  return (
    <>
      <p>{t('settings.reviewText')}</p>
      <ul className="bo-brand-changes" data-testid="brand-changes">
        {changes.map((c, i) => (
          <li key={i}>
            {t(`change.${c.kind}`, {
              subject: subject(c),
              from: c.from ?? t('none'),
              to: c.to ?? t('none'),
              state: state(c),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
