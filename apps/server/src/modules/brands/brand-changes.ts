import type { BrandChange, BrandChangeKind, BrandSettings } from '@app/contracts';

/*
 * What a settings change means for players, one line per change, in the order of the settings
 * page. The back office words each line from its kind; `subject`, `from` and `to` fill it in.
 */

const change = (
  kind: BrandChangeKind,
  subject: string | null = null,
  from: string | null = null,
  to: string | null = null,
): BrandChange => ({ kind, subject, from, to });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function brandChanges(before: BrandSettings, after: BrandSettings): BrandChange[] {
  const out: BrandChange[] = [];
  const g0 = before.general;
  const g1 = after.general;
  if (g0.name !== g1.name) out.push(change('name', null, g0.name, g1.name));
  for (const l of g1.languages) if (!g0.languages.includes(l)) out.push(change('languages.added', l));
  for (const l of g0.languages) if (!g1.languages.includes(l)) out.push(change('languages.removed', l));
  if (g0.defaultLanguage !== g1.defaultLanguage)
    out.push(change('language.default', null, g0.defaultLanguage, g1.defaultLanguage));
  if (g0.currencySymbol !== g1.currencySymbol)
    out.push(change('currency', null, g0.currencySymbol, g1.currencySymbol));
  if (g0.timezone !== g1.timezone) out.push(change('timezone', null, g0.timezone, g1.timezone));
  if (g0.loginedToHomePage !== g1.loginedToHomePage)
    out.push(change('home.after.login', null, null, String(g1.loginedToHomePage)));
  if (g0.gtagId !== g1.gtagId) out.push(change('analytics', null, g0.gtagId, g1.gtagId));
  if (g0.logoPath !== g1.logoPath) out.push(change('logo', null, g0.logoPath, g1.logoPath));
  if (g0.faviconPath !== g1.faviconPath) out.push(change('favicon', null, g0.faviconPath, g1.faviconPath));
  if (!same(g0.theme, g1.theme)) out.push(change('theme'));
  for (const k of ['facebook', 'telegram', 'whatsapp'] as const)
    if (g0.social[k] !== g1.social[k]) out.push(change('social', k, g0.social[k], g1.social[k]));

  const l0 = before.links;
  const l1 = after.links;
  for (const h of l1.hosts) if (!l0.hosts.includes(h)) out.push(change('host.added', h));
  for (const h of l0.hosts) if (!l1.hosts.includes(h)) out.push(change('host.removed', h));
  const types = new Set([...l0.resources, ...l1.resources].map((r) => r.type));
  for (const t of types) {
    const a = l0.resources.find((r) => r.type === t)?.url ?? null;
    const b = l1.resources.find((r) => r.type === t)?.url ?? null;
    if (a !== b) out.push(change('resource.changed', t, a, b));
  }
  const routes = (l: BrandSettings['links']) =>
    l.domainRoutes.map((d) => `${d.domain} (${d.speed})`).join(', ');
  if (routes(l0) !== routes(l1))
    out.push(change('domain.routes', null, routes(l0) || '—', routes(l1) || '—'));
  const services = new Set(
    [...l0.customerService, ...l1.customerService].map((c) => `${c.position} ${c.type}`),
  );
  for (const key of services) {
    const a = l0.customerService.find((c) => `${c.position} ${c.type}` === key)?.url ?? null;
    const b = l1.customerService.find((c) => `${c.position} ${c.type}` === key)?.url ?? null;
    if (a !== b) out.push(change('service.changed', key, a, b));
  }

  for (const m of after.modules) {
    const was = before.modules.find((x) => x.modId === m.modId);
    if (!was || was.enabled !== m.enabled)
      out.push(change(m.enabled ? 'module.shown' : 'module.hidden', m.modId));
    else if (was.sort !== m.sort) out.push(change('module.order', m.modId, String(was.sort), String(m.sort)));
  }

  for (const r of after.registerRules) {
    const was = before.registerRules.find((x) => x.field === r.field);
    const wasEnabled = was?.enabled ?? false;
    const wasRequired = was?.required ?? false;
    if (wasEnabled !== r.enabled)
      out.push(change(r.enabled ? 'register.field.shown' : 'register.field.hidden', r.field));
    if (r.enabled && wasRequired !== r.required)
      out.push(change(r.required ? 'register.field.required' : 'register.field.optional', r.field));
    if (r.enabled && was && (was.patternId !== r.patternId || was.min !== r.min || was.max !== r.max))
      out.push(
        change(
          'register.field.rule',
          r.field,
          `${was.patternId} ${was.min}-${was.max}`,
          `${r.patternId} ${r.min}-${r.max}`,
        ),
      );
  }

  const c0 = before.cashier;
  const c1 = after.cashier;
  if (c0.withdrawMin !== c1.withdrawMin || c0.withdrawMax !== c1.withdrawMax)
    out.push(
      change(
        'withdraw.limits',
        null,
        `${c0.withdrawMin}-${c0.withdrawMax}`,
        `${c1.withdrawMin}-${c1.withdrawMax}`,
      ),
    );
  if (c0.withdrawDailyCount !== c1.withdrawDailyCount)
    out.push(change('withdraw.count', null, String(c0.withdrawDailyCount), String(c1.withdrawDailyCount)));
  if (c0.withdrawConfirmMinutes !== c1.withdrawConfirmMinutes)
    out.push(
      change('withdraw.confirm', null, String(c0.withdrawConfirmMinutes), String(c1.withdrawConfirmMinutes)),
    );
  if (c0.uplineTransfer !== c1.uplineTransfer)
    out.push(change('transfer.upline', null, null, String(c1.uplineTransfer)));
  if (c0.singleWallet !== c1.singleWallet)
    out.push(change('wallet.single', null, null, String(c1.singleWallet)));

  const s0 = before.security;
  const s1 = after.security;
  if (s0.legacyCrypto !== s1.legacyCrypto)
    out.push(change('legacy.crypto', null, null, String(s1.legacyCrypto)));
  if (s0.passwordExpiryDays !== s1.passwordExpiryDays)
    out.push(
      change(
        'password.expiry',
        null,
        s0.passwordExpiryDays === null ? null : String(s0.passwordExpiryDays),
        s1.passwordExpiryDays === null ? null : String(s1.passwordExpiryDays),
      ),
    );
  if (s0.enforcePasswordExpiry !== s1.enforcePasswordExpiry)
    out.push(change('password.enforce', null, null, String(s1.enforcePasswordExpiry)));
  if (s0.geetestId !== s1.geetestId) out.push(change('geetest', null, s0.geetestId, s1.geetestId));
  return out;
}
