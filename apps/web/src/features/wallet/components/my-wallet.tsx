import { fromMinor, toMinor, type MerchantWallet, type WalletBalance } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import '../../../styles/cashier.css';
import { useBalance } from '../api/get-balance';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { useTransferWallet } from '../api/transfer-wallet';
import { TransferDialog, type TransferTarget } from './transfer-dialog';

/** The main wallet's row in the balance list. */
const MAIN = 'MAIN';

function Summary({ balance, single }: { balance: WalletBalance; single: boolean }) {
  const { t } = useTranslation();
  const symbol = balance.currencySymbol;
  return (
    <dl className="mc-stats" data-testid="wallet-summary">
      {!single && (
        <div className="mc-stat mc-stat-main">
          <dt>{t('wallet.total')}</dt>
          <dd data-testid="wallet-total">{showMoney(balance.sumBalance, symbol)}</dd>
        </div>
      )}
      <div className={single ? 'mc-stat mc-stat-main' : 'mc-stat'}>
        <dt>{t('wallet.main')}</dt>
        <dd data-testid="wallet-main">{showMoney(balance.mainBalance, symbol)}</dd>
      </div>
      <div className="mc-stat">
        <dt>{t('wallet.locked')}</dt>
        <dd data-testid="wallet-locked">{showMoney(balance.lockedBalance, symbol)}</dd>
        <p className="mc-stat-note">{t('wallet.lockedNote')}</p>
      </div>
    </dl>
  );
}

function VendorWallets({
  balance,
  merchant,
  onTransfer,
  status,
  setStatus,
}: {
  balance: WalletBalance;
  merchant: MerchantWallet;
  onTransfer: (target: TransferTarget) => void;
  status: Status;
  setStatus: (status: Status) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const recall = useTransferWallet();
  const request = useRequestId();
  const [confirming, setConfirming] = useState(false);
  const symbol = balance.currencySymbol;
  const vendors = balance.balance.filter((w) => w.vendor !== MAIN);
  const seamless = merchant.wallets.filter((w) => w.walletType === 'SEAMLESS');
  const anyInVendors = vendors.some((w) => w.balance > 0);
  // Summed in minor units: the amounts are money, never added as floats.
  const inVendors = fromMinor(vendors.reduce((sum, w) => sum + (toMinor(String(w.balance)) ?? 0n), 0n));

  const recallAll = () => {
    setStatus(null);
    const body = { direction: 'OUT' as const };
    recall.mutate(
      { ...body, requestId: request.idFor(body) },
      {
        onSuccess: () => {
          request.settle();
          setConfirming(false);
          setStatus({ ok: true, text: t('wallet.recalled') });
        },
        onError: (err) => {
          setConfirming(false);
          setStatus({ ok: false, text: errorText(err) });
        },
      },
    );
  };

  return (
    <section className="sec-card" aria-labelledby="wallet-vendors-title" data-testid="wallet-vendors">
      <header className="sec-card-head">
        <h4 id="wallet-vendors-title">{t('wallet.vendors')}</h4>
        <button
          type="button"
          className="btn btn-sm"
          disabled={!anyInVendors || confirming}
          onClick={() => {
            setStatus(null);
            setConfirming(true);
          }}
          data-testid="wallet-recall-all"
        >
          {t('wallet.recallAll')}
        </button>
      </header>
      <p className="sec-desc">{t('wallet.vendorsNote')}</p>
      {confirming && (
        <div className="sec-confirm" data-testid="wallet-recall-confirm">
          <p>{t('wallet.recallConfirm', { amount: showMoney(inVendors, symbol) })}</p>
          <div className="sec-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={recall.isPending}
              onClick={recallAll}
              data-testid="wallet-recall-confirm-submit"
            >
              {recall.isPending ? t('cashierCommon.working') : t('cashierCommon.confirm')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={recall.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('cashierCommon.cancel')}
            </button>
          </div>
        </div>
      )}
      <FormStatus status={status} testId="wallet-status" />
      {vendors.length === 0 ? (
        <p className="state-box">{t('wallet.noVendors')}</p>
      ) : (
        <ul className="mc-wallets">
          {vendors.map((w) => (
            <li key={w.vendor} className="mc-wallet" data-testid={`wallet-${w.vendor}`}>
              <div className="mc-wallet-name">
                <strong>{w.displayName}</strong>
                <span className="mc-muted">
                  {t(`categories.${w.gameType}`, { defaultValue: w.gameType })}
                </span>
              </div>
              <span className="mc-wallet-amount" data-testid={`wallet-${w.vendor}-balance`}>
                {showMoney(w.balance, symbol)}
              </span>
              <div className="mc-wallet-actions">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={balance.mainBalance <= 0}
                  onClick={() =>
                    onTransfer({
                      direction: 'IN',
                      vendor: w.vendor,
                      displayName: w.displayName,
                      available: balance.mainBalance,
                    })
                  }
                  data-testid={`wallet-${w.vendor}-in`}
                >
                  {t('wallet.transferIn')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={w.balance <= 0}
                  onClick={() =>
                    onTransfer({
                      direction: 'OUT',
                      vendor: w.vendor,
                      displayName: w.displayName,
                      available: w.balance,
                    })
                  }
                  data-testid={`wallet-${w.vendor}-out`}
                >
                  {t('wallet.transferOut')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {seamless.length > 0 && (
        <p className="sec-note">
          {t('wallet.seamlessNote', { vendors: seamless.map((w) => w.displayName).join(', ') })}
        </p>
      )}
    </section>
  );
}

/**
 * My wallet (member centre page `transferFund`): total, main and on-hold balances, and on
 * multi-wallet brands each vendor wallet with transfer in and out, plus "recall all".
 * Single-wallet brands show the main balance only: every game plays from it.
 */
export function MyWallet() {
  const { t } = useTranslation();
  const balance = useBalance();
  const merchant = useMerchantWallet();
  const [target, setTarget] = useState<TransferTarget | null>(null);
  const [status, setStatus] = useState<Status>(null);

  return (
    <div className="sec-page" data-testid="my-wallet">
      <div className="mc-page-head">
        <h3 className="sec-page-title">{t('wallet.title')}</h3>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void balance.refetch()}
          disabled={balance.isFetching}
          data-testid="wallet-refresh"
        >
          {balance.isFetching ? t('cashierCommon.refreshing') : t('cashierCommon.refresh')}
        </button>
      </div>
      <QueryState query={balance}>
        {(b) => (
          <QueryState query={merchant}>
            {(m) => (
              <>
                <Summary balance={b} single={m.isSingle} />
                {m.isSingle ? (
                  <p className="sec-note" data-testid="wallet-single">
                    {t('wallet.singleNote')}
                  </p>
                ) : (
                  <VendorWallets
                    balance={b}
                    merchant={m}
                    status={status}
                    setStatus={setStatus}
                    onTransfer={(next) => {
                      setStatus(null);
                      setTarget(next);
                    }}
                  />
                )}
                {target && (
                  <TransferDialog
                    key={`${target.direction}-${target.vendor}`}
                    target={target}
                    symbol={b.currencySymbol}
                    onClose={() => setTarget(null)}
                    onDone={(text) => {
                      setTarget(null);
                      setStatus({ ok: true, text });
                    }}
                  />
                )}
              </>
            )}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}
