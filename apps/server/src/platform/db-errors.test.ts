import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, uniqueViolation } from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection', () => {
    expect(
      isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('25P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect'))).toBe(true);
  });

  it('leaves every other failure alone: bad data, conflicts, bugs', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('40001'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('22021'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(uniqueViolation(withCode('57P01'))).toBeNull();
  });
});
