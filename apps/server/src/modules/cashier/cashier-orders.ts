import { randomInt } from 'node:crypto';
import { AppError } from '../../platform/app-error';

/**
 * A cashier order number: the kind's letter ('D' deposit, 'W' withdrawal), the brand's calendar
 * day and 10 random digits. Readable, sortable by day, not guessable.
 */
export function newOrderNo(prefix: 'D' | 'W', timezone: string): string {
  let day: string;
  try {
    day = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  } catch {
    // A bad zone in the brand's settings must not stop the cashier; UTC still gives a valid number.
    day = new Date().toISOString().slice(0, 10);
  }
  return `${prefix}${day.replace(/-/g, '')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** request.invalid naming one field and what is wrong with it. */
export const invalidField = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });
