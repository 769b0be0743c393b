import type { Deposit, PaymentChannel } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import '../../../styles/cashier.css';
import { useChannels } from '../api/get-channels';
import { DepositForm } from './deposit-form';
import { DepositList } from './deposit-list';
import { DepositPayment } from './deposit-payment';

/** The order a provider's page sends the member back with: `/?member=depositv2&order=D…`. */
const RETURN_PARAM = 'order';
const ORDER_NO = /^D\d{18}$/;

function feeText(c: PaymentChannel, symbol: string, t: TFunction): string {
  if (c.feePercent === 0 && c.feeFixed === 0) return t('cashier.deposit.noFee');
  if (c.feeFixed === 0) return t('cashier.deposit.feePercent', { percent: c.feePercent });
  if (c.feePercent === 0) return t('cashier.deposit.feeFixed', { fee: showMoney(c.feeFixed, symbol) });
  return t('cashier.deposit.feeBoth', { percent: c.feePercent, fee: showMoney(c.feeFixed, symbol) });
}

/** The channels as cards to choose from (a radio group). */
function ChannelCards({
  channels,
  symbol,
  selected,
  onSelect,
}: {
  channels: PaymentChannel[];
  symbol: string;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mc-channels">
      <legend className="mc-label">{t('cashier.deposit.chooseChannel')}</legend>
      {channels.map((c) => (
        <label
          key={c.id}
          className={c.id === selected ? 'mc-channel active' : 'mc-channel'}
          data-testid={`channel-${c.code}`}
        >
          <input
            type="radio"
            name="deposit-channel"
            value={c.id}
            checked={c.id === selected}
            onChange={() => onSelect(c.id)}
          />
          {c.logo && <img className="mc-channel-logo" src={c.logo} alt="" width={28} height={28} />}
          <span className="mc-channel-name">{c.name}</span>
          <span className="mc-badge mc-badge-info">
            {c.kind === 'BANK' ? t('cashier.deposit.kindBank') : t('cashier.deposit.kindOnline')}
          </span>
          <span className="mc-muted">
            {showMoney(c.minAmount, symbol)} – {showMoney(c.maxAmount, symbol)}
          </span>
          <span className="mc-muted">{feeText(c, symbol, t)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Deposit (member centre page `depositv2`): choose a channel, fill its form, confirm; below,
 * the recent deposits with their state.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  const [selected, setSelected] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const returned = params.get(RETURN_PARAM);
  const [payment, setPayment] = useState<{ orderNo: string; initial?: Deposit } | null>(
    returned && ORDER_NO.test(returned) ? { orderNo: returned } : null,
  );
  const closePayment = () => {
    setPayment(null);
    if (params.has(RETURN_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(RETURN_PARAM);
      setParams(next, { replace: true });
    }
  };

  return (
    <div className="sec-page" data-testid="deposit-page">
      <h3 className="sec-page-title">{t('cashier.deposit.title')}</h3>
      <QueryState query={channels}>
        {({ channels: list, currencySymbol }) => {
          const channel = list.find((c) => c.id === selected) ?? list[0];
          if (payment) {
            return (
              <>
                <DepositPayment
                  orderNo={payment.orderNo}
                  initial={payment.initial}
                  symbol={currencySymbol}
                  onClose={closePayment}
                />
                <DepositList symbol={currencySymbol} />
              </>
            );
          }
          return (
            <>
              <section className="sec-card" aria-labelledby="deposit-form-title">
                <header className="sec-card-head">
                  <h4 id="deposit-form-title">{t('cashier.deposit.newDeposit')}</h4>
                </header>
                {!channel ? (
                  <p className="state-box" data-testid="deposit-no-channels">
                    {t('cashier.deposit.noChannels')}
                  </p>
                ) : (
                  <>
                    <ChannelCards
                      channels={list}
                      symbol={currencySymbol}
                      selected={channel.id}
                      onSelect={setSelected}
                    />
                    <DepositForm
                      key={channel.id}
                      channel={channel}
                      symbol={currencySymbol}
                      onPayment={(d) => setPayment({ orderNo: d.orderNo, initial: d })}
                    />
                  </>
                )}
              </section>
              <DepositList
                symbol={currencySymbol}
                onOpen={(d) => setPayment({ orderNo: d.orderNo, initial: d })}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
