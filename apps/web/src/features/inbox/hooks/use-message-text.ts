import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { MESSAGE_KINDS, type InboxMessage, type MessageKind } from '../api/get-messages';

const isKind = (k: string): k is MessageKind => (MESSAGE_KINDS as readonly string[]).includes(k);
const CONTRACTS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const;
const isContract = (k: string): k is (typeof CONTRACTS)[number] =>
  (CONTRACTS as readonly string[]).includes(k);

/**
 * A message's title and text in the member's language, from its kind and params. Money params
 * arrive as numbers with 2 decimals (or their text) and are shown with the currency symbol.
 */
export function useMessageText() {
  const { t } = useTranslation('inbox');
  const brand = useBrand();
  return (m: InboxMessage): { title: string; body: string; reason: string | null } => {
    const text = (k: string) => (m.params[k] === undefined ? '' : String(m.params[k]));
    const money = (k: string) => {
      const raw = m.params[k];
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n)) return text(k);
      // A debit (an adjustment can be one) reads "−P 50.00", not "P -50.00".
      return n < 0 ? showSigned(n, brand.currencySymbol) : showMoney(n, brand.currencySymbol);
    };
    const contract = text('contract');
    const values = {
      orderNo: text('orderNo'),
      amount: money('amount'),
      credit: money('credit'),
      paid: money('paid'),
      remaining: money('remaining'),
      title: text('title'),
      day: text('day'),
      friend: text('friend'),
      level: text('level'),
      label: text('label'),
      reward: text('reward'),
      points: text('points'),
      member: text('member'),
      content: text('content'),
      contract: isContract(contract) ? t(`inbox.contracts.${contract}`) : contract,
    };
    const reason = typeof m.params.reason === 'string' && m.params.reason ? m.params.reason : null;
    if (!isKind(m.kind)) return { title: t('inbox.kinds.OTHER.title'), body: '', reason };
    return {
      // A system message carries its own title.
      title: m.kind === 'SYSTEM' && values.title ? values.title : t(`inbox.kinds.${m.kind}.title`),
      body: t(`inbox.kinds.${m.kind}.body`, values),
      reason,
    };
  };
}
