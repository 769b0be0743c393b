import type { IntervalJob } from '../../platform/module';
import type { WithdrawalService } from './withdrawal.service';

/** How often unanswered payouts are looked for: a payout is settled at most this late after its deadline. */
const AUTO_CONFIRM_INTERVAL_MS = 60_000;

/**
 * Marks every AWAITING payout past its confirmation deadline AUTO_RECEIVED (SPEC section 4: no
 * answer in time counts as received). One UPDATE: idempotent, and safe when several instances
 * run it at once. No money moves. Returns how many payouts it settled.
 */
export function autoConfirmWithdrawalPayouts(
  withdrawals: Pick<WithdrawalService, 'autoConfirm'>,
): Promise<number> {
  return withdrawals.autoConfirm();
}

/** The auto-confirm pass, every minute. */
export function withdrawalAutoConfirmJob(withdrawals: WithdrawalService): IntervalJob {
  return {
    name: 'withdrawal auto-confirm',
    everyMs: AUTO_CONFIRM_INTERVAL_MS,
    run: () => autoConfirmWithdrawalPayouts(withdrawals),
  };
}
