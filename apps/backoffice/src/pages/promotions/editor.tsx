import {
  BACKOFFICE_HEADERS,
  HEADERS,
  LANGUAGES,
  PROMO_ADMIN_LIMITS,
  PROMOTION_KINDS,
  PROMOTION_PERIODS,
  promotionRuleIssues,
  type Language,
  type PromoCategoryAdmin,
  type PromotionAdmin,
  type PromotionCreate,
  type PromotionForecast,
  type PromotionKind,
  type PromotionPeriod,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Button,
  ConfirmDialog,
  DateTime,
  Field,
  Money,
  PageHeader,
  Tabs,
  errorText,
  formatNumber,
  useToast,
} from '../../ui';
import { PromotionStateBadge, useLocalText } from './common';

/** The form as typed: numbers as text (empty: not set). */
interface Draft {
  code: string;
  kind: PromotionKind;
  categoryId: string;
  title: Partial<Record<Language, string>>;
  summary: Partial<Record<Language, string>>;
  content: Partial<Record<Language, string>>;
  imagePath: string;
  startTime: string;
  endTime: string;
  period: PromotionPeriod;
  minVipLevel: string;
  maxVipLevel: string;
  newMemberDays: string;
  minDeposit: string;
  bonusPercent: string;
  maxBonus: string;
  bonusAmount: string;
  targetTurnover: string;
  turnoverMultiple: string;
  prizes: { amount: string; weight: string }[];
  budgetTotal: string;
  perMemberCap: string;
  maxClaims: string;
  sort: string;
}

/** Which figures each kind reads (the others are hidden and not sent). */
const FIGURES: Record<PromotionKind, (keyof Draft)[]> = {
  FIRST_DEPOSIT: ['minDeposit', 'bonusPercent', 'maxBonus'],
  RELOAD: ['minDeposit', 'bonusPercent', 'maxBonus'],
  TURNOVER: ['targetTurnover', 'bonusAmount'],
  APPLY: ['maxBonus'],
  SIGN_IN: ['bonusAmount'],
  RAFFLE: ['minDeposit'],
  REFERRAL: [],
};

/** datetime-local inputs read and write this browser's zone; the hint names it. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local value in this browser's zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (v: string): string | null => (v ? new Date(v).toISOString() : null);
const numText = (n: number | null) => (n === null ? '' : String(n));
const numOrNull = (s: string): number | null => (s.trim() === '' ? null : Number(s));

function emptyDraft(): Draft {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return {
    code: '',
    kind: 'RELOAD',
    categoryId: '',
    title: {},
    summary: {},
    content: {},
    imagePath: '',
    startTime: toLocalInput(start.toISOString()),
    endTime: '',
    period: 'DAILY',
    minVipLevel: '0',
    maxVipLevel: '',
    newMemberDays: '',
    minDeposit: '',
    bonusPercent: '',
    maxBonus: '',
    bonusAmount: '',
    targetTurnover: '',
    turnoverMultiple: '1',
    prizes: [],
    budgetTotal: '',
    perMemberCap: '',
    maxClaims: '',
    sort: '0',
  };
}

function toDraft(p: PromotionAdmin): Draft {
  return {
    code: p.code,
    kind: p.kind,
    categoryId: p.categoryId,
    title: p.title,
    summary: p.summary,
    content: p.content,
    imagePath: p.imagePath ?? '',
    startTime: toLocalInput(p.startTime),
    endTime: toLocalInput(p.endTime),
    period: p.period,
    minVipLevel: String(p.minVipLevel),
    maxVipLevel: numText(p.maxVipLevel),
    newMemberDays: numText(p.newMemberDays),
    minDeposit: numText(p.minDeposit),
    bonusPercent: numText(p.bonusPercent),
    maxBonus: numText(p.maxBonus),
    bonusAmount: numText(p.bonusAmount),
    targetTurnover: numText(p.targetTurnover),
    turnoverMultiple: String(p.turnoverMultiple),
    prizes: p.prizes.map((x) => ({ amount: String(x.amount), weight: String(x.weight) })),
    budgetTotal: numText(p.budgetTotal),
    perMemberCap: numText(p.perMemberCap),
    maxClaims: numText(p.maxClaims),
    sort: String(p.sort),
  };
}

/** The request body (figures the kind does not read are sent empty). */
function toBody(d: Draft, images: Record<string, string>) {
  const reads = new Set(FIGURES[d.kind]);
  const fig = (k: keyof Draft) => (reads.has(k) ? numOrNull(d[k] as string) : null);
  return {
    categoryId: d.categoryId,
    title: d.title,
    summary: d.summary,
    content: d.content,
    imagePath: d.imagePath.trim() || null,
    images,
    startTime: fromLocalInput(d.startTime) ?? '',
    endTime: fromLocalInput(d.endTime),
    period: d.period,
    minVipLevel: Number(d.minVipLevel || 0),
    maxVipLevel: numOrNull(d.maxVipLevel),
    newMemberDays: numOrNull(d.newMemberDays),
    minDeposit: fig('minDeposit'),
    bonusPercent: fig('bonusPercent'),
    maxBonus: fig('maxBonus'),
    bonusAmount: fig('bonusAmount'),
    targetTurnover: fig('targetTurnover'),
    turnoverMultiple: Number(d.turnoverMultiple || 0),
    prizes:
      d.kind === 'RAFFLE'
        ? d.prizes.map((p) => ({ amount: Number(p.amount), weight: Number(p.weight) }))
        : [],
    budgetTotal: numOrNull(d.budgetTotal),
    perMemberCap: numOrNull(d.perMemberCap),
    maxClaims: numOrNull(d.maxClaims),
    sort: Number(d.sort || 0),
  };
}

export function PromotionEditorPage() {
  const { id } = useParams();
  const { brand } = useSession();
  const existing = useQuery({
    queryKey: ['bo', '/promotions', brand, id],
    queryFn: () => api.get<PromotionAdmin>(`/promotions/${id}`),
    enabled: id !== undefined,
  });
  const { t } = useTranslation('promotions');
  if (id !== undefined && !existing.data) {
    return (
      <>
        <PageHeader title={t('editTitle')} />
        <div className="bo-card" role={existing.error ? 'alert' : 'status'}>
          {existing.error ? errorText(existing.error) : t('loading')}
        </div>
      </>
    );
  }
  return <Editor key={existing.data?.updatedAt ?? 'new'} promotion={existing.data ?? null} />;
}

function Editor({ promotion }: { promotion: PromotionAdmin | null }) {
  const { t } = useTranslation('promotions');
  const { brand, session } = useSession();
  const text = useLocalText();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (promotion ? toDraft(promotion) : emptyDraft()));
  const [lang, setLang] = useState<Language>('EN');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [dialog, setDialog] = useState<'publish' | 'unpublish' | 'kill' | 'resume' | null>(null);
  const categories = useQuery({
    queryKey: ['bo', '/promotion-categories', brand],
    queryFn: () => api.get<PromoCategoryAdmin[]>('/promotion-categories'),
  });
  useEffect(() => {
    if (!draft.categoryId && categories.data?.[0])
      setDraft((d) => ({ ...d, categoryId: categories.data[0]!.id }));
  }, [categories.data, draft.categoryId]);
  const dirty = promotion === null || JSON.stringify(toDraft(promotion)) !== JSON.stringify(draft);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  // What the server checks too, said here by field before anything is sent.
  const issues = promotionRuleIssues({
    kind: draft.kind,
    period: draft.period,
    startTime: fromLocalInput(draft.startTime) ?? '',
    endTime: fromLocalInput(draft.endTime),
    minVipLevel: Number(draft.minVipLevel || 0),
    maxVipLevel: numOrNull(draft.maxVipLevel),
    minDeposit: draft.minDeposit.trim() || null,
    bonusPercent: numOrNull(draft.bonusPercent),
    maxBonus: draft.maxBonus.trim() || null,
    bonusAmount: draft.bonusAmount.trim() || null,
    targetTurnover: draft.targetTurnover.trim() || null,
    prizes: draft.prizes,
  });
  const fieldError = (k: string): string | undefined => {
    if (!touched) return undefined;
    const i = issues.find((x) => x.field === k);
    return i ? t(`error.${i.message}`) : undefined;
  };
  const titleMissing =
    touched && !(draft.title.EN ?? '').trim() && !Object.values(draft.title).some((v) => v?.trim());

  async function save(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (issues.length > 0 || !Object.values(draft.title).some((v) => v?.trim()) || !draft.startTime) {
      setError(t('error.fix'));
      return;
    }
    setBusy(true);
    try {
      const body = toBody(draft, promotion?.images ?? {});
      if (promotion) {
        await api.put<PromotionAdmin>(`/promotions/${promotion.id}`, body);
        toast(t('saved'));
        await client.invalidateQueries({ queryKey: ['bo', '/promotions'] });
      } else {
        const created = await api.post<PromotionAdmin>('/promotions', {
          ...body,
          code: draft.code.trim(),
          kind: draft.kind,
        } satisfies PromotionCreate);
        toast(t('created'));
        await client.invalidateQueries({ queryKey: ['bo', '/promotions'] });
        navigate(`/promotions/${created.id}`, { replace: true });
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const reads = new Set(FIGURES[draft.kind]);
  const moneyField = (k: keyof Draft, label: string, hint?: string) =>
    reads.has(k) && (
      <Field key={k} label={label} hint={hint} error={fieldError(k)}>
        <input
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={draft[k] as string}
          onChange={(e) => set(k, e.target.value as never)}
          data-testid={`promo-${k}`}
        />
      </Field>
    );

  return (
    <>
      <PageHeader
        title={promotion ? text(promotion.title) || promotion.code : t('newTitle')}
        subtitle={
          promotion ? (
            <>
              <PromotionStateBadge state={promotion.state} /> {t(`kind.${promotion.kind}`)} ·{' '}
              <span className="bo-mono">{promotion.code}</span>
            </>
          ) : (
            t('newSubtitle')
          )
        }
        actions={
          <Link className="bo-btn bo-btn-secondary bo-btn-md" to="/promotions">
            {t('back')}
          </Link>
        }
      />
      <div className="bo-promo-layout">
        <form className="bo-promo-form" onSubmit={(e) => void save(e)} noValidate>
          {promotion && (
            <p className="bo-notice" data-testid="promo-terms-note">
              {t('termsNote')}
            </p>
          )}
          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.basics')}</legend>
            <div className="bo-promo-grid">
              <Field label={t('field.code')} hint={promotion ? t('hint.codeFixed') : t('hint.code')}>
                <input
                  value={draft.code}
                  onChange={(e) => set('code', e.target.value)}
                  disabled={promotion !== null}
                  maxLength={PROMO_ADMIN_LIMITS.codeMax}
                  data-testid="promo-code"
                />
              </Field>
              <Field
                label={t('field.kind')}
                hint={promotion ? t('hint.kindFixed') : t(`kindHint.${draft.kind}`)}
              >
                <select
                  value={draft.kind}
                  disabled={promotion !== null}
                  onChange={(e) => set('kind', e.target.value as PromotionKind)}
                  data-testid="promo-kind"
                >
                  {PROMOTION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`kind.${k}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('field.category')}>
                <select value={draft.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
                  {categories.data?.map((c) => (
                    <option key={c.id} value={c.id}>
                      {text(c.name)}
                      {c.active ? '' : ` (${t('inactive')})`}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('field.sort')} hint={t('hint.sort')}>
                <input
                  type="number"
                  min={0}
                  max={9999}
                  value={draft.sort}
                  onChange={(e) => set('sort', e.target.value)}
                />
              </Field>
            </div>
          </fieldset>

          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.schedule')}</legend>
            <div className="bo-promo-grid">
              <Field
                label={t('field.startTime')}
                hint={t('hint.localZone', { zone: LOCAL_ZONE })}
                error={touched && !draft.startTime ? t('error.required') : undefined}
              >
                <input
                  type="datetime-local"
                  value={draft.startTime}
                  onChange={(e) => set('startTime', e.target.value)}
                />
              </Field>
              <Field label={t('field.endTime')} hint={t('hint.endTime')} error={fieldError('endTime')}>
                <input
                  type="datetime-local"
                  value={draft.endTime}
                  onChange={(e) => set('endTime', e.target.value)}
                />
              </Field>
              <Field label={t('field.period')} hint={t('hint.period')} error={fieldError('period')}>
                <select
                  value={draft.period}
                  onChange={(e) => set('period', e.target.value as PromotionPeriod)}
                >
                  {PROMOTION_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t(`period.${p}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </fieldset>

          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.rules')}</legend>
            <p className="bo-muted">{t(`kindHint.${draft.kind}`)}</p>
            <div className="bo-promo-grid">
              {moneyField('minDeposit', t('field.minDeposit'))}
              {reads.has('bonusPercent') && (
                <Field label={t('field.bonusPercent')} error={fieldError('bonusPercent')}>
                  <input
                    type="number"
                    min={0.01}
                    max={1000}
                    step="0.01"
                    value={draft.bonusPercent}
                    onChange={(e) => set('bonusPercent', e.target.value)}
                    data-testid="promo-bonusPercent"
                  />
                </Field>
              )}
              {moneyField(
                'maxBonus',
                t('field.maxBonus'),
                draft.kind === 'APPLY' ? t('hint.applyMax') : undefined,
              )}
              {moneyField('targetTurnover', t('field.targetTurnover'))}
              {moneyField('bonusAmount', t('field.bonusAmount'))}
              <Field
                label={t('field.turnoverMultiple')}
                hint={t(
                  draft.kind === 'FIRST_DEPOSIT' || draft.kind === 'RELOAD'
                    ? 'hint.multipleDeposit'
                    : 'hint.multiple',
                )}
              >
                <input
                  type="number"
                  min={0}
                  max={100}
                  value={draft.turnoverMultiple}
                  onChange={(e) => set('turnoverMultiple', e.target.value)}
                  data-testid="promo-turnoverMultiple"
                />
              </Field>
            </div>
            {draft.kind === 'RAFFLE' && (
              <div className="bo-promo-prizes">
                <h3>{t('prizes.title')}</h3>
                {fieldError('prizes') && (
                  <p className="bo-field-error" role="alert">
                    {fieldError('prizes')}
                  </p>
                )}
                {draft.prizes.map((p, i) => (
                  <div key={i} className="bo-form-row">
                    <Field label={t('prizes.amount')}>
                      <input
                        type="number"
                        min={0.01}
                        step="0.01"
                        value={p.amount}
                        onChange={(e) =>
                          set(
                            'prizes',
                            draft.prizes.map((x, j) => (j === i ? { ...x, amount: e.target.value } : x)),
                          )
                        }
                      />
                    </Field>
                    <Field label={t('prizes.weight')}>
                      <input
                        type="number"
                        min={1}
                        value={p.weight}
                        onChange={(e) =>
                          set(
                            'prizes',
                            draft.prizes.map((x, j) => (j === i ? { ...x, weight: e.target.value } : x)),
                          )
                        }
                      />
                    </Field>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        set(
                          'prizes',
                          draft.prizes.filter((_, j) => j !== i),
                        )
                      }
                    >
                      {t('prizes.remove')}
                    </Button>
                  </div>
                ))}
                <Button
                  size="sm"
                  disabled={draft.prizes.length >= PROMO_ADMIN_LIMITS.maxPrizes}
                  onClick={() => set('prizes', [...draft.prizes, { amount: '', weight: '1' }])}
                >
                  {t('prizes.add')}
                </Button>
              </div>
            )}
          </fieldset>

          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.eligibility')}</legend>
            <div className="bo-promo-grid">
              <Field label={t('field.minVipLevel')}>
                <input
                  type="number"
                  min={0}
                  max={100}
                  value={draft.minVipLevel}
                  onChange={(e) => set('minVipLevel', e.target.value)}
                />
              </Field>
              <Field label={t('field.maxVipLevel')} hint={t('hint.empty')} error={fieldError('maxVipLevel')}>
                <input
                  type="number"
                  min={0}
                  max={100}
                  value={draft.maxVipLevel}
                  onChange={(e) => set('maxVipLevel', e.target.value)}
                />
              </Field>
              <Field label={t('field.newMemberDays')} hint={t('hint.newMemberDays')}>
                <input
                  type="number"
                  min={1}
                  max={365}
                  value={draft.newMemberDays}
                  onChange={(e) => set('newMemberDays', e.target.value)}
                />
              </Field>
            </div>
          </fieldset>

          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.caps')}</legend>
            <p className="bo-muted">{t('hint.caps')}</p>
            <div className="bo-promo-grid">
              <Field label={t('field.budgetTotal')} hint={t('hint.empty')}>
                <input
                  type="number"
                  min={0}
                  step="0.01"
                  value={draft.budgetTotal}
                  onChange={(e) => set('budgetTotal', e.target.value)}
                  data-testid="promo-budgetTotal"
                />
              </Field>
              <Field label={t('field.perMemberCap')} hint={t('hint.empty')}>
                <input
                  type="number"
                  min={0}
                  step="0.01"
                  value={draft.perMemberCap}
                  onChange={(e) => set('perMemberCap', e.target.value)}
                />
              </Field>
              <Field label={t('field.maxClaims')} hint={t('hint.empty')}>
                <input
                  type="number"
                  min={1}
                  value={draft.maxClaims}
                  onChange={(e) => set('maxClaims', e.target.value)}
                />
              </Field>
            </div>
            {promotion && (
              <p className="bo-muted" data-testid="promo-used">
                {t('used', {
                  claims: formatNumber(promotion.claimsCount),
                  members: formatNumber(promotion.participants),
                })}{' '}
                <Money value={promotion.budgetUsed} />
              </p>
            )}
          </fieldset>

          <fieldset className="bo-card bo-fieldset">
            <legend>{t('section.texts')}</legend>
            <Tabs<Language>
              tabs={LANGUAGES.map((l) => ({ id: l, label: draft.title[l]?.trim() ? `${l} ✓` : l }))}
              value={lang}
              onChange={setLang}
            />
            <Field
              label={t('field.title')}
              error={titleMissing ? t('error.title') : undefined}
              hint={t('hint.defaultLanguage')}
            >
              <input
                value={draft.title[lang] ?? ''}
                maxLength={PROMO_ADMIN_LIMITS.titleMax}
                onChange={(e) => set('title', { ...draft.title, [lang]: e.target.value })}
                data-testid="promo-title"
              />
            </Field>
            <Field label={t('field.summary')}>
              <input
                value={draft.summary[lang] ?? ''}
                maxLength={PROMO_ADMIN_LIMITS.summaryMax}
                onChange={(e) => set('summary', { ...draft.summary, [lang]: e.target.value })}
              />
            </Field>
            <Field label={t('field.content')} hint={t('hint.content')}>
              <textarea
                rows={6}
                value={draft.content[lang] ?? ''}
                maxLength={PROMO_ADMIN_LIMITS.contentMax}
                onChange={(e) => set('content', { ...draft.content, [lang]: e.target.value })}
              />
            </Field>
            <Field label={t('field.imagePath')} hint={t('hint.imagePath')}>
              <input
                value={draft.imagePath}
                onChange={(e) => set('imagePath', e.target.value)}
                maxLength={500}
              />
            </Field>
          </fieldset>

          {error && (
            <p className="bo-form-error" role="alert">
              {error}
            </p>
          )}
          <div className="bo-promo-save">
            <Button type="submit" variant="primary" busy={busy} disabled={!dirty} data-testid="promo-save">
              {promotion ? t('save') : t('create')}
            </Button>
            {promotion && dirty && <span className="bo-muted">{t('unsaved')}</span>}
          </div>
        </form>

        {!promotion && (
          <aside className="bo-promo-side">
            <section className="bo-card">
              <p className="bo-muted">{t('newSide')}</p>
            </section>
          </aside>
        )}
        {promotion && (
          <aside className="bo-promo-side">
            <StatusCard promotion={promotion} onAction={setDialog} dirty={dirty} />
            <ImageCard promotion={promotion} brand={brand} csrf={session?.csrfToken ?? null} />
            <ForecastCard promotion={promotion} dirty={dirty} />
          </aside>
        )}
      </div>
      {promotion && dialog && (
        <ActionDialog promotion={promotion} action={dialog} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

type Action = 'publish' | 'unpublish' | 'kill' | 'resume';

function StatusCard({
  promotion: p,
  onAction,
  dirty,
}: {
  promotion: PromotionAdmin;
  onAction(a: Action): void;
  dirty: boolean;
}) {
  const { t } = useTranslation('promotions');
  return (
    <section className="bo-card" aria-labelledby="promo-status">
      <h2 id="promo-status">{t('status.title')}</h2>
      <dl className="bo-promo-facts">
        <dt>{t('col.state')}</dt>
        <dd data-testid="promo-state">
          <PromotionStateBadge state={p.state} />
        </dd>
        <dt>{t('col.schedule')}</dt>
        <dd>
          <DateTime value={p.startTime} /> – {p.endTime ? <DateTime value={p.endTime} /> : t('noEnd')}
        </dd>
        {p.killedAt && (
          <>
            <dt>{t('status.stoppedBy')}</dt>
            <dd>
              {p.killedBy} · <DateTime value={p.killedAt} />
            </dd>
          </>
        )}
      </dl>
      <div className="bo-promo-actions">
        {p.published ? (
          <Button onClick={() => onAction('unpublish')}>{t('unpublish')}</Button>
        ) : (
          <Button
            variant="primary"
            disabled={dirty}
            onClick={() => onAction('publish')}
            data-testid="promo-publish"
          >
            {t('publish')}
          </Button>
        )}
        {p.killedAt ? (
          <Button onClick={() => onAction('resume')}>{t('resume')}</Button>
        ) : (
          <Button variant="danger" onClick={() => onAction('kill')} data-testid="promo-kill">
            {t('kill')}
          </Button>
        )}
      </div>
      {!p.published && dirty && <p className="bo-muted">{t('status.saveFirst')}</p>}
      <p className="bo-muted">{t('status.killHint')}</p>
    </section>
  );
}

function ActionDialog({
  promotion: p,
  action,
  onClose,
}: {
  promotion: PromotionAdmin;
  action: Action;
  onClose(): void;
}) {
  const { t } = useTranslation('promotions');
  const { brand } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const forecast = useQuery({
    queryKey: ['bo', '/promotions/forecast', brand, p.id, p.updatedAt],
    queryFn: () => api.get<PromotionForecast>(`/promotions/${p.id}/forecast`),
    enabled: action === 'publish',
  });
  return (
    <ConfirmDialog
      open
      title={t(`confirm.${action}.title`)}
      message={t(`confirm.${action}.text`, { brand })}
      amount={action === 'publish' && forecast.data?.estimated ? forecast.data.expectedCost : undefined}
      requireReason={action === 'kill'}
      danger={action === 'kill'}
      confirmLabel={t(`confirm.${action}.button`)}
      onClose={onClose}
      onConfirm={async (reason) => {
        if (action === 'kill') await api.post(`/promotions/${p.id}/kill`, { reason });
        else await api.post(`/promotions/${p.id}/${action}`);
        toast(t(`confirm.${action}.done`));
        await client.invalidateQueries({ queryKey: ['bo', '/promotions'] });
      }}
    >
      {action === 'publish' && (
        <p className="bo-muted">
          {forecast.data
            ? forecast.data.estimated
              ? t('confirm.publish.forecast', { claims: formatNumber(forecast.data.expectedClaims) })
              : t('forecast.notEstimated')
            : t('loading')}
        </p>
      )}
    </ConfirmDialog>
  );
}

function ImageCard({
  promotion: p,
  brand,
  csrf,
}: {
  promotion: PromotionAdmin;
  brand: string | null;
  csrf: string | null;
}) {
  const { t, i18n } = useTranslation('promotions');
  const toast = useToast();
  const client = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [lang, setLang] = useState<Language | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = lang ? (p.images[lang] ?? p.imagePath) : p.imagePath;

  async function upload() {
    const f = file.current?.files?.[0];
    setError(null);
    if (!f) return setError(t('image.choose'));
    if (
      !(PROMO_ADMIN_LIMITS.imageTypes as readonly string[]).includes(f.type) ||
      f.size > PROMO_ADMIN_LIMITS.maxImageBytes
    )
      return setError(t('image.invalid'));
    setBusy(true);
    try {
      // The API client sends JSON only; an image goes as its raw bytes with the same headers.
      const headers: Record<string, string> = { 'content-type': f.type, [HEADERS.language]: i18n.language };
      if (brand) headers[HEADERS.merchant] = brand;
      if (csrf) headers[BACKOFFICE_HEADERS.csrf] = csrf;
      const res = await fetch(`/wps/admin/promotions/${p.id}/image${lang ? `?lang=${lang}` : ''}`, {
        method: 'POST',
        headers,
        body: f,
        credentials: 'same-origin',
      });
      const json = (await res.json()) as { success: boolean; message?: string; errorCode?: string };
      if (!json.success) throw new Error(json.message || json.errorCode || t('image.invalid'));
      toast(t('image.done'));
      if (file.current) file.current.value = '';
      await client.invalidateQueries({ queryKey: ['bo', '/promotions'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="bo-card" aria-labelledby="promo-image">
      <h2 id="promo-image">{t('image.title')}</h2>
      <div className="bo-promo-image">
        {current ? (
          <img
            src={current.startsWith('/') || current.startsWith('http') ? current : `/media/${current}`}
            alt=""
          />
        ) : (
          <span className="bo-muted">{t('image.none')}</span>
        )}
      </div>
      <Field label={t('image.language')}>
        <select value={lang} onChange={(e) => setLang(e.target.value as Language | '')}>
          <option value="">{t('image.allLanguages')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l}
              {p.images[l] ? ' ✓' : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('image.file')} hint={t('image.hint')}>
        <input ref={file} type="file" accept={PROMO_ADMIN_LIMITS.imageTypes.join(',')} />
      </Field>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <Button busy={busy} onClick={() => void upload()}>
        {t('image.upload')}
      </Button>
    </section>
  );
}

function ForecastCard({ promotion: p, dirty }: { promotion: PromotionAdmin; dirty: boolean }) {
  const { t } = useTranslation('promotions');
  const { brand } = useSession();
  const f = useQuery({
    queryKey: ['bo', '/promotions/forecast', brand, p.id, p.updatedAt],
    queryFn: () => api.get<PromotionForecast>(`/promotions/${p.id}/forecast`),
  });
  return (
    <section className="bo-card" aria-labelledby="promo-forecast" data-testid="promo-forecast">
      <h2 id="promo-forecast">{t('forecast.title')}</h2>
      {dirty && (
        <p className="bo-notice" role="status">
          {t('forecast.stale')}
        </p>
      )}
      {f.error ? (
        <p role="alert">{errorText(f.error)}</p>
      ) : !f.data ? (
        <p className="bo-muted">{t('loading')}</p>
      ) : !f.data.estimated ? (
        <p className="bo-muted">{t('forecast.notEstimated')}</p>
      ) : (
        <>
          <dl className="bo-promo-forecast">
            <div>
              <dt>{t('forecast.expectedCost')}</dt>
              <dd data-testid="promo-forecast-cost">
                <Money value={f.data.expectedCost} />
              </dd>
            </div>
            <div>
              <dt>{t('forecast.expectedClaims')}</dt>
              <dd>{formatNumber(f.data.expectedClaims)}</dd>
            </div>
            <div>
              <dt>{t('forecast.maxCost')}</dt>
              <dd>
                <Money value={f.data.maxCost} />
              </dd>
            </div>
            <div>
              <dt>{t('forecast.takeUp')}</dt>
              <dd>{formatNumber(Math.round(f.data.takeUp * 1000) / 10)} %</dd>
            </div>
          </dl>
          <ul className="bo-promo-forecast-facts">
            <li>
              {t('forecast.members', {
                active: formatNumber(f.data.activeMembers),
                eligible: formatNumber(f.data.eligibleMembers),
                days: f.data.windowDays,
              })}
            </li>
            <li>{t('forecast.run', { days: formatNumber(f.data.runDays), window: f.data.windowDays })}</li>
            <li>
              {f.data.takeUpSource === 'SIMILAR'
                ? t('forecast.similar', {
                    n: f.data.similarPromotions,
                    claims: formatNumber(f.data.similarClaims),
                  })
                : t('forecast.noSimilar')}
            </li>
            {f.data.cappedBy && (
              <li className="bo-promo-capped">{t(`forecast.capped.${f.data.cappedBy}`)}</li>
            )}
          </ul>
        </>
      )}
      <details className="bo-promo-method">
        <summary>{t('forecast.method.title')}</summary>
        <ol>
          <li>{t('forecast.method.eligible')}</li>
          <li>{t('forecast.method.max')}</li>
          <li>{t('forecast.method.scale')}</li>
          <li>{t('forecast.method.takeUp')}</li>
          <li>{t('forecast.method.caps')}</li>
        </ol>
      </details>
    </section>
  );
}
