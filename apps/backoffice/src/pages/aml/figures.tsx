import type { AmlListKind } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, formatMoney } from '../../ui';

const FIGURES = [
  'threshold',
  'amount',
  'total',
  'deposits',
  'stakes',
  'bandFrom',
  'windowHours',
  'percent',
  'required',
  'accountNo',
  'device',
  'members',
  'allowed',
  'name',
  'dateOfBirth',
] as const;
/** Figures that are money (major units). `deposits` is money except in counts of deposits. */
const MONEY = new Set(['threshold', 'amount', 'total', 'stakes', 'bandFrom']);

interface Match {
  listKind: AmlListKind;
  name: string;
  dateOfBirth: string | null;
  country: string | null;
}

/** A case's figures at the hit (the rule's threshold and what was measured), and list matches. */
export function Figures({ detail, rule }: { detail: Record<string, unknown>; rule: string }) {
  const { t } = useTranslation('aml');
  const shown = FIGURES.filter((k) => detail[k] !== undefined && detail[k] !== null);
  const matches = Array.isArray(detail.matches) ? (detail.matches as Match[]) : [];
  const money = (k: string) => MONEY.has(k) || (k === 'deposits' && rule === 'LITTLE_PLAY');
  return (
    <>
      {shown.length === 0 && matches.length === 0 && <p className="bo-muted">{t('noFigures')}</p>}
      {shown.length > 0 && (
        <dl className="bo-dl">
          {shown.map((k) => (
            <div key={k}>
              <dt>{t(`figure.${k}`)}</dt>
              <dd className={typeof detail[k] === 'number' ? 'bo-mono' : undefined}>
                {typeof detail[k] === 'number' && money(k) ? formatMoney(detail[k]) : String(detail[k])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {matches.length > 0 && (
        <>
          <h3>{t('matches')}</h3>
          <DataTable
            dense
            rows={matches}
            rowKey={(m) => `${m.listKind}:${m.name}:${m.dateOfBirth ?? ''}`}
            columns={[
              { key: 'list', header: t('listKind'), render: (m) => t(`list.${m.listKind}`) },
              { key: 'name', header: t('fullName'), render: (m) => m.name },
              { key: 'dob', header: t('dateOfBirth'), render: (m) => m.dateOfBirth ?? '—' },
              { key: 'country', header: t('country'), render: (m) => m.country ?? '—' },
            ]}
          />
        </>
      )}
    </>
  );
}
