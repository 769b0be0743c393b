import { describe, expect, it } from 'vitest';
import { checkViolation, isDatabaseUnavailable, isSerializationFailure, uniqueViolation } from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const violating = (code: string, constraint: string) => Object.assign(new Error('x'), { code, constraint });

describe('uniqueViolation', () => {
  it('names the unique key a statement ran into', () => {
    expect(uniqueViolation(violating('23505', 'member_mobile_key'))).toBe('member_mobile_key');
  });

  it('is null for any other error, and for a violation that names no constraint', () => {
    expect(uniqueViolation(violating('23514', 'member_mobile_key'))).toBeNull();
    expect(uniqueViolation(violating('23503', 'member_mobile_key'))).toBeNull();
    expect(uniqueViolation(withCode('23505'))).toBeNull();
    expect(uniqueViolation(new Error('duplicate key value violates unique constraint'))).toBeNull();
    expect(uniqueViolation(null)).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
    expect(uniqueViolation('23505')).toBeNull();
  });
});

describe('checkViolation', () => {
  it('knows a CHECK constraint by name', () => {
    const overdraft = violating('23514', 'point_balance_not_negative');
    expect(checkViolation(overdraft, 'point_balance_not_negative')).toBe(true);
    expect(checkViolation(overdraft, 'ledger_account_player_not_negative')).toBe(false);
  });

  it('leaves other violations of the same name alone', () => {
    expect(
      checkViolation(violating('23505', 'point_balance_not_negative'), 'point_balance_not_negative'),
    ).toBe(false);
    expect(checkViolation(withCode('23514'), 'point_balance_not_negative')).toBe(false);
    expect(checkViolation(null, 'point_balance_not_negative')).toBe(false);
  });
});

describe('isSerializationFailure', () => {
  it('knows a transaction that lost a race: serialization failure or deadlock', () => {
    expect(isSerializationFailure(withCode('40001'))).toBe(true);
    expect(isSerializationFailure(withCode('40P01'))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isSerializationFailure(withCode('23505'))).toBe(false);
    expect(isSerializationFailure(withCode('40002'))).toBe(false);
    expect(isSerializationFailure(withCode('57P01'))).toBe(false);
    expect(isSerializationFailure(new Error('could not serialize access'))).toBe(false);
    expect(isSerializationFailure(undefined)).toBe(false);
  });
});

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
