import { toMinor, type PaymentChannel } from '@app/contracts';

/** Basis points in the whole: a fee of 1.5 % is 150 bp. */
const BP_PER_WHOLE = 10_000n;

type FeeRule = Pick<PaymentChannel, 'feePercent' | 'feeFixed'>;
type Limits = Pick<PaymentChannel, 'minAmount' | 'maxAmount'> & FeeRule;

/** A money value of an answer (at most 2 decimals) in minor units; 0 for anything unexpected. */
const answerToMinor = (value: number): bigint => toMinor(String(value)) ?? 0n;

/**
 * The channel's fee on an amount, in minor units, exactly as the server computes it: the percent
 * part rounded down to the cent, plus the fixed part. No float touches the money: the percent
 * (2 decimals) is read as basis points.
 */
export function feeFor(amountMinor: bigint, rule: FeeRule): bigint {
  // "1.5" percent read with 2 decimals is 150 hundredths of a percent: 150 bp.
  const bp = toMinor(String(rule.feePercent)) ?? 0n;
  return (amountMinor * bp) / BP_PER_WHOLE + answerToMinor(rule.feeFixed);
}

interface DepositPreview {
  amount: bigint;
  fee: bigint;
  /** What reaches the wallet: amount - fee. */
  credit: bigint;
}

/** The fee and credit for a typed amount, or null while the text is not an amount. */
export function previewDeposit(text: string, rule: FeeRule): DepositPreview | null {
  const amount = toMinor(text);
  if (amount === null || amount <= 0n) return null;
  const fee = feeFor(amount, rule);
  return { amount, fee, credit: amount - fee };
}

export type AmountProblem = 'required' | 'format' | 'belowMin' | 'aboveMax' | 'feeTooHigh';

/** Same checks as the server: an amount within the channel's limits that the fee does not eat. */
export function checkDepositAmount(text: string, channel: Limits): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const preview = previewDeposit(text, channel);
  if (!preview) return 'format';
  if (preview.amount < answerToMinor(channel.minAmount)) return 'belowMin';
  if (preview.amount > answerToMinor(channel.maxAmount)) return 'aboveMax';
  if (preview.credit <= 0n) return 'feeTooHigh';
  return null;
}

export type WithdrawProblem = 'required' | 'format' | 'belowMin' | 'aboveMax' | 'overWithdrawable';

/** A withdrawal amount within the limits and what may be withdrawn now. */
export function checkWithdrawAmount(
  text: string,
  limits: { minAmount: number; maxAmount: number; withdrawable: number },
): WithdrawProblem | null {
  if (text.trim() === '') return 'required';
  const amount = toMinor(text);
  if (amount === null || amount <= 0n) return 'format';
  if (amount < answerToMinor(limits.minAmount)) return 'belowMin';
  if (amount > answerToMinor(limits.maxAmount)) return 'aboveMax';
  if (amount > answerToMinor(limits.withdrawable)) return 'overWithdrawable';
  return null;
}
