import {
  TIMEOUT_DAYS_MAX,
  type Exclusion,
  type ProtectionLimit,
  type ProtectionLimitKind,
  type ProtectionState,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/protection.css';
import {
  useExclude,
  usePendingChange,
  useProtection,
  useProtectionHistory,
  useRequestReturn,
  useProtectionSession,
  useSetLimit,
  useSetRealityInterval,
} from '../api/protection';
import { isLimitAmount, LimitAmountField } from './limit-amount-field';

type Period = ProtectionLimit['period'];
const GROUPS: { kind: ProtectionLimitKind; periods: Period[] }[] = [
  { kind: 'DEPOSIT', periods: ['D', 'W', 'M'] },
  { kind: 'LOSS', periods: ['D', 'W', 'M'] },
  { kind: 'WAGER', periods: ['D', 'W', 'M'] },
  { kind: 'SESSION', periods: ['S'] },
];

/**
 * The member centre's responsible-gaming page: the member's own limits (tighter at once, looser
 * after the cooling-off and a confirmation), a break (time-out or self-exclusion), and the
 * history of every change.
 */
export function ResponsibleGaming() {
  const { t } = useTranslation('protection');
  const state = useProtection();
  return (
    <div className="sec-page" data-testid="responsible-gaming">
      <h3 className="sec-page-title">{t('title')}</h3>
      <QueryState query={state}>
        {(s) => (
          <>
            <p className="sec-note">{t('intro', { hours: s.rules.coolingOffHours })}</p>
            {s.exclusion && <BreakInForce exclusion={s.exclusion} />}
            {GROUPS.map((g) => (
              <LimitGroup key={g.kind} kind={g.kind} periods={g.periods} state={s} />
            ))}
            <RealityInterval />
            {!s.exclusion && <TakeABreak state={s} />}
            <History />
          </>
        )}
      </QueryState>
    </div>
  );
}

function LimitGroup({
  kind,
  periods,
  state,
}: {
  kind: ProtectionLimitKind;
  periods: Period[];
  state: ProtectionState;
}) {
  const { t } = useTranslation('protection');
  return (
    <section className="sec-card rg-group" aria-labelledby={`rg-${kind}`} data-testid={`rg-${kind}`}>
      <div className="sec-card-head">
        <h4 id={`rg-${kind}`}>{t(`kind.${kind}`)}</h4>
      </div>
      <p className="sec-hint">{t(`kindHint.${kind}`)}</p>
      {periods.map((p) => (
        <LimitRow
          key={p}
          kind={kind}
          period={p}
          limit={state.limits.find((l) => l.kind === kind && l.period === p) ?? null}
          coolingHours={state.rules.coolingOffHours}
          sessionMax={state.rules.sessionMinutesMax}
        />
      ))}
    </section>
  );
}

function LimitRow({
  kind,
  period,
  limit,
  coolingHours,
  sessionMax,
}: {
  kind: ProtectionLimitKind;
  period: Period;
  limit: ProtectionLimit | null;
  coolingHours: number;
  sessionMax: number;
}) {
  const { t } = useTranslation('protection');
  const brand = useBrand();
  const errorText = useErrorText();
  const setLimit = useSetLimit();
  const pending = usePendingChange();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [confirming, setConfirming] = useState<'raise' | 'remove' | null>(null);
  const session = kind === 'SESSION';
  const show = (v: number | null) =>
    v === null ? t('none') : session ? t('minutes', { count: v }) : showMoney(v, brand.currencySymbol);
  const id = `rg-${kind}-${period}`;

  const value = text.trim();
  const valid = session
    ? /^\d{1,4}$/.test(value) && Number(value) >= 5 && Number(value) <= sessionMax
    : isLimitAmount(value);
  const current = limit?.amount ?? null;
  const loosening = (next: number | null) => current !== null && (next === null || next > current);

  const send = (amount: number | null) => {
    setConfirming(null);
    const body =
      kind === 'SESSION'
        ? { kind, period: 'S' as const, amount }
        : { kind, period: period as 'D' | 'W' | 'M', amount: amount === null ? null : value };
    setLimit.mutate(body, {
      onSuccess: (r) => {
        setText('');
        setStatus({ ok: true, text: t(`effect.${r.effect}`, { hours: coolingHours }) });
      },
      onError: (err) => setStatus({ ok: false, text: errorText(err) }),
    });
  };
  const decide = (action: 'confirm' | 'cancel') =>
    pending.mutate(
      { kind, period, action },
      {
        onSuccess: () => setStatus({ ok: true, text: t(action === 'confirm' ? 'confirmed' : 'cancelled') }),
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );

  return (
    <div className="rg-row" data-testid={id}>
      <div className="rg-row-head">
        <span className="rg-period">{t(`period.${period}`)}</span>
        <span className="rg-current" data-testid={`${id}-current`}>
          {show(current)}
        </span>
        {limit?.used !== null && limit?.used !== undefined && current !== null && (
          <span className="rg-used">
            {t('used', { amount: showMoney(limit.used, brand.currencySymbol) })}
          </span>
        )}
      </div>
      {current !== null && limit?.used !== null && limit?.used !== undefined && (
        <div className="rg-meter" aria-hidden="true">
          <span style={{ width: `${Math.min(100, (limit.used / current) * 100)}%` }} />
        </div>
      )}
      {limit?.pending && (
        <div className="rg-pending" data-testid={`${id}-pending`}>
          <p>
            {limit.pending.confirmable
              ? t('pendingReady', { amount: show(limit.pending.amount) })
              : t('pendingWait', {
                  amount: show(limit.pending.amount),
                  time: formatInZone(limit.pending.from, brand.timezone, false),
                })}
          </p>
          <div className="sec-actions">
            {limit.pending.confirmable && (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={pending.isPending}
                onClick={() => decide('confirm')}
              >
                {t('confirm')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm"
              disabled={pending.isPending}
              onClick={() => decide('cancel')}
            >
              {t('keep')}
            </button>
          </div>
        </div>
      )}
      {confirming ? (
        <InlineConfirm
          testId={`${id}-confirm`}
          text={t(confirming === 'remove' ? 'removeConfirm' : 'raiseConfirm', { hours: coolingHours })}
          busy={setLimit.isPending}
          onConfirm={() => send(confirming === 'remove' ? null : Number(value))}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        <form
          className="rg-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) {
              setStatus({
                ok: false,
                text: t(session ? 'invalidMinutes' : 'invalidAmount', { max: sessionMax }),
              });
              return;
            }
            if (loosening(Number(value))) setConfirming('raise');
            else send(Number(value));
          }}
        >
          <LimitAmountField
            id={`${id}-input`}
            label={t('newLimit', { kind: t(`kind.${kind}`), period: t(`period.${period}`) })}
            labelHidden
            minutes={session}
            value={text}
            onChange={setText}
          />
          <button
            type="submit"
            className="btn btn-sm btn-primary"
            disabled={setLimit.isPending || value === ''}
          >
            {current === null ? t('set') : t('change')}
          </button>
          {current !== null && !limit?.pending && (
            <button type="button" className="btn btn-sm" onClick={() => setConfirming('remove')}>
              {t('remove')}
            </button>
          )}
        </form>
      )}
      <FormStatus status={status} testId={id} />
    </div>
  );
}

const TIMEOUTS = [1, 7, 30] as const;

function TakeABreak({ state }: { state: ProtectionState }) {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const exclude = useExclude();
  const [choice, setChoice] = useState<string>('T7');
  const [days, setDays] = useState('14');
  const [allBrands, setAllBrands] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const customDays = Number(days);
  const customValid = /^\d{1,2}$/.test(days) && customDays >= 1 && customDays <= TIMEOUT_DAYS_MAX;

  const input = () =>
    choice.startsWith('T')
      ? { kind: 'TIMEOUT' as const, days: choice === 'TC' ? customDays : Number(choice.slice(1)), allBrands }
      : {
          kind: 'SELF_EXCLUSION' as const,
          term: choice.slice(1) as ProtectionState['rules']['exclusionTerms'][number],
          allBrands,
        };
  const describe = () => {
    const i = input();
    return i.kind === 'TIMEOUT' ? t('timeoutFor', { count: i.days }) : t(`term.${i.term}`);
  };

  return (
    <section className="sec-card" aria-labelledby="rg-break" data-testid="rg-break">
      <div className="sec-card-head">
        <h4 id="rg-break">{t('breakTitle')}</h4>
      </div>
      <p className="sec-hint">{t('breakIntro')}</p>
      <fieldset className="rg-choices">
        <legend>{t('timeout')}</legend>
        {TIMEOUTS.map((d) => (
          <label key={d} className="rg-choice">
            <input
              type="radio"
              name="rg-break"
              checked={choice === `T${d}`}
              onChange={() => setChoice(`T${d}`)}
            />
            <span>{t('timeoutFor', { count: d })}</span>
          </label>
        ))}
        <label className="rg-choice">
          <input type="radio" name="rg-break" checked={choice === 'TC'} onChange={() => setChoice('TC')} />
          <span>{t('timeoutCustom', { max: TIMEOUT_DAYS_MAX })}</span>
          <input
            className="sec-input rg-days"
            inputMode="numeric"
            aria-label={t('days')}
            value={days}
            onFocus={() => setChoice('TC')}
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
      </fieldset>
      <fieldset className="rg-choices">
        <legend>{t('selfExclusion')}</legend>
        {state.rules.exclusionTerms.map((term) => (
          <label key={term} className="rg-choice">
            <input
              type="radio"
              name="rg-break"
              checked={choice === `E${term}`}
              onChange={() => setChoice(`E${term}`)}
            />
            <span>{t(`term.${term}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="rg-choice">
        <input type="checkbox" checked={allBrands} onChange={(e) => setAllBrands(e.target.checked)} />
        <span>{t('allBrands')}</span>
      </label>
      {confirming ? (
        <InlineConfirm
          testId="rg-break-confirm"
          size="md"
          text={t(choice.startsWith('T') ? 'timeoutConfirm' : 'exclusionConfirm', { what: describe() })}
          confirmLabel={t('startBreak')}
          busy={exclude.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            exclude.mutate(input(), {
              onSuccess: () => setConfirming(false),
              onError: (err) => {
                setConfirming(false);
                setStatus({ ok: false, text: errorText(err) });
              },
            })
          }
        />
      ) : (
        <div className="sec-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="rg-break-start"
            onClick={() => {
              if (choice === 'TC' && !customValid) {
                setStatus({ ok: false, text: t('invalidDays', { max: TIMEOUT_DAYS_MAX }) });
                return;
              }
              setStatus(null);
              setConfirming(true);
            }}
          >
            {t('startBreak')}
          </button>
        </div>
      )}
      <FormStatus status={status} testId="rg-break" />
    </section>
  );
}

function BreakInForce({ exclusion }: { exclusion: Exclusion }) {
  const { t } = useTranslation('protection');
  const brand = useBrand();
  const errorText = useErrorText();
  const ask = useRequestReturn();
  const [status, setStatus] = useState<Status>(null);
  const until = exclusion.endsAt ? formatInZone(exclusion.endsAt, brand.timezone, false) : null;
  return (
    <section className="sec-card rg-break-on" role="status" data-testid="rg-in-force">
      <div className="sec-card-head">
        <h4>{t(exclusion.kind === 'TIMEOUT' ? 'onTimeout' : 'onExclusion')}</h4>
        <span className="sec-badge">{exclusion.term}</span>
      </div>
      <p>{until ? t('until', { time: until }) : t('permanent')}</p>
      <p className="sec-hint">{t('onBreakHint')}</p>
      {exclusion.status === 'WAITING' && exclusion.returnFrom && (
        <p>{t('returnFrom', { time: formatInZone(exclusion.returnFrom, brand.timezone, false) })}</p>
      )}
      {exclusion.status === 'ASK' && (
        <div className="sec-actions">
          <button
            type="button"
            className="btn"
            disabled={ask.isPending}
            onClick={() =>
              ask.mutate(undefined, { onError: (err) => setStatus({ ok: false, text: errorText(err) }) })
            }
          >
            {t('askReturn')}
          </button>
        </div>
      )}
      <FormStatus status={status} testId="rg-return" />
    </section>
  );
}

function History() {
  const { t } = useTranslation('protection');
  const brand = useBrand();
  const history = useProtectionHistory();
  return (
    <section className="sec-card" aria-labelledby="rg-history" data-testid="rg-history">
      <div className="sec-card-head">
        <h4 id="rg-history">{t('history')}</h4>
      </div>
      <QueryState query={history}>
        {(events) =>
          events.length === 0 ? (
            <p className="sec-hint">{t('noHistory')}</p>
          ) : (
            <ul className="rg-history">
              {events.map((e, i) => (
                <li key={`${e.at}-${i}`}>
                  <time dateTime={e.at}>{formatInZone(e.at, brand.timezone, false)}</time>
                  <span>{t(`action.${e.action}`, { defaultValue: e.action })}</span>
                  {typeof e.detail.kind === 'string' && typeof e.detail.period === 'string' && (
                    <span className="sec-hint">
                      {t(`kind.${e.detail.kind}`, { defaultValue: e.detail.kind })} ·{' '}
                      {t(`period.${e.detail.period}`, { defaultValue: e.detail.period })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

const REALITY_CHOICES = [15, 30, 60, 90, 120, 240];

/** The member's reality-check interval: their own, or the brand's default. */
function RealityInterval() {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const session = useProtectionSession(true);
  const save = useSetRealityInterval();
  const [choice, setChoice] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const s = session.data;
  if (!s) return null;
  const value = choice ?? (s.realityCheckOwn === null ? '' : String(s.realityCheckOwn));
  const choices = [...new Set([...REALITY_CHOICES, ...(s.realityCheckOwn ? [s.realityCheckOwn] : [])])].sort(
    (a, b) => a - b,
  );
  return (
    <section className="sec-card rg-group" aria-labelledby="rg-reality" data-testid="rg-reality">
      <div className="sec-card-head">
        <h4 id="rg-reality">{t('watch.interval')}</h4>
      </div>
      <p className="sec-hint">{t('watch.intervalHint')}</p>
      <div className="rg-form">
        <select
          aria-labelledby="rg-reality"
          value={value}
          onChange={(e) => {
            setChoice(e.target.value);
            setStatus(null);
          }}
          data-testid="rg-reality-select"
        >
          <option value="">
            {s.realityCheckDefault === null
              ? t('watch.off')
              : t('watch.brandDefault', { minutes: s.realityCheckDefault })}
          </option>
          {choices.map((m) => (
            <option key={m} value={String(m)}>
              {t('minutes', { count: m })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={save.isPending || choice === null}
          onClick={() =>
            save.mutate(value === '' ? null : Number(value), {
              onSuccess: () => {
                setChoice(null);
                setStatus({ ok: true, text: t('watch.saved') });
              },
              onError: (err) => setStatus({ ok: false, text: errorText(err) }),
            })
          }
        >
          {t('watch.save')}
        </button>
      </div>
      <FormStatus status={status} />
    </section>
  );
}
