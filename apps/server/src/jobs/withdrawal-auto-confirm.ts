import type { FastifyInstance } from 'fastify';
import type { WithdrawalService } from '../modules/cashier/withdrawal.service';
import { startIntervalJob } from './interval-job';

/** How often unanswered payouts are looked for: a payout is settled at most this late after its deadline. */
export const AUTO_CONFIRM_INTERVAL_MS = 60_000;

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

/** Runs the job every minute for the life of the app: unref'd (never keeps the process up), stopped on close. */
export function startWithdrawalAutoConfirm(app: FastifyInstance, withdrawals: WithdrawalService): void {
  startIntervalJob(app, {
    name: 'withdrawal auto-confirm',
    everyMs: AUTO_CONFIRM_INTERVAL_MS,
    run: () => autoConfirmWithdrawalPayouts(withdrawals),
  });
}
