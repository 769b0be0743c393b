import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useLoginHistory, type LoginHistoryEntry } from '../api/get-login-history';
import { formatInZone } from '../format-time';
import { Section } from './section';

const METHODS = [
  'PASSWORD',
  'SMS',
  'REMEMBER',
  'REGISTER',
  'REGISTER_MOBILE',
  'RESET_MOBILE',
  'FREEPLAY',
] as const;
type KnownMethod = (typeof METHODS)[number];
const isKnown = (m: string): m is KnownMethod => (METHODS as readonly string[]).includes(m);
const STEPS = ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] as const;
type KnownStep = (typeof STEPS)[number];
const isStep = (m: string): m is KnownStep => (STEPS as readonly string[]).includes(m);

function useMethodLabel() {
  const { t } = useTranslation('security');
  return (method: string) => {
    // A login that needed the extra step is recorded as PASSWORD+SMS, PASSWORD+TOTP, ...
    const [first = '', second] = method.split('+');
    const base = isKnown(first) ? t(`history.methods.${first}`) : first;
    if (!second) return base;
    const step = isStep(second) ? t(`history.steps.${second}`) : second;
    return t('history.methods.verified', { method: base, step });
  };
}

function HistoryTable({ list, timeZone }: { list: LoginHistoryEntry[]; timeZone: string }) {
  const { t } = useTranslation('security');
  const methodLabel = useMethodLabel();
  const cols = {
    time: t('history.time'),
    ip: t('history.ip'),
    device: t('history.device'),
    method: t('history.method'),
    result: t('history.result'),
  };
  return (
    <table className="sec-table" data-testid="login-history">
      <caption className="sec-hint">{t('history.zone', { zone: timeZone })}</caption>
      <thead>
        <tr>
          <th scope="col">{cols.time}</th>
          <th scope="col">{cols.ip}</th>
          <th scope="col">{cols.device}</th>
          <th scope="col">{cols.method}</th>
          <th scope="col">{cols.result}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row, i) => (
          <tr key={`${row.time}-${i}`} data-testid="login-history-row">
            <td data-label={cols.time}>
              <time dateTime={row.time}>{formatInZone(row.time, timeZone)}</time>
            </td>
            <td data-label={cols.ip}>{row.ip}</td>
            <td data-label={cols.device}>{row.device || '—'}</td>
            <td data-label={cols.method}>{methodLabel(row.method)}</td>
            <td data-label={cols.result}>
              <span className={row.success ? 'sec-badge on' : 'sec-badge bad'}>
                {row.success ? t('history.success') : t('history.failed')}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Recent logins (time in the brand's time zone, IP, device), newest first, paged. */
export function LoginHistorySection() {
  const { t } = useTranslation('security');
  const brand = useBrand();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page);

  return (
    <Section id="sec-history" title={t('history.title')} description={t('history.description')}>
      <QueryState query={history}>
        {({ list, totalPages }) =>
          list.length === 0 ? (
            <p className="state-box">{t('history.empty')}</p>
          ) : (
            <>
              <div
                className={history.isPlaceholderData ? 'sec-table-wrap is-loading' : 'sec-table-wrap'}
                aria-busy={history.isPlaceholderData}
              >
                <HistoryTable list={list} timeZone={brand.timezone} />
              </div>
              {totalPages > 1 && (
                <nav className="sec-pager" aria-label={t('history.pages')}>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    {t('history.previous')}
                  </button>
                  <span aria-live="polite">{t('history.page', { page, total: totalPages })}</span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={page >= totalPages || history.isPlaceholderData}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t('history.next')}
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </Section>
  );
}
