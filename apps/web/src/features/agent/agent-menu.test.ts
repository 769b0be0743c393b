import { describe, expect, it } from 'vitest';
import {
  AGENT_DEFAULT_PAGE,
  AGENT_MENU,
  isAgentMenuKey,
  isAgentType,
  normalisedAmount,
  transferProblems,
  visibleMenu,
} from './agent-menu';
import { inviteLink } from './components/agent-home';

const PLAIN = [
  'announcement',
  'teamOverview',
  'registerAccount',
  'teamManagement',
  'teamBetting',
  'userProfitLoss',
  'myIncome',
  'transactionDetails',
];

describe('agent-centre menu (SPEC section 2 order and conditions)', () => {
  it('lists the twelve entries in the spec order, team overview the default page', () => {
    expect(AGENT_MENU).toEqual([...PLAIN, 'dividend', 'dailyWage', 'hourlySalary', 'realTimeSalary']);
    expect(AGENT_DEFAULT_PAGE).toBe('teamOverview');
  });

  it('hides every contract entry when no flag is known', () => {
    expect(visibleMenu({})).toEqual(PLAIN);
  });

  it('shows a contract entry only when its own flag is on, keeping the order', () => {
    expect(visibleMenu({ salary: true, realTimeSalary: true })).toEqual([
      ...PLAIN,
      'dailyWage',
      'realTimeSalary',
    ]);
    expect(visibleMenu({ contracts: true, hourSalary: false })).toEqual([...PLAIN, 'dividend']);
  });

  it('drops entries the site has no page for', () => {
    expect(visibleMenu({}, ['announcement'])).toEqual(PLAIN.slice(1));
  });

  it('knows its keys', () => {
    expect(isAgentMenuKey('teamManagement')).toBe(true);
    expect(isAgentMenuKey('securityCenter')).toBe(false);
    expect(isAgentMenuKey(3)).toBe(false);
  });
});

describe('isAgentType (SPEC section 6: 1, 2, 41, 42)', () => {
  it.each([
    [1, true],
    [2, true],
    [41, true],
    [42, true],
    [0, false],
    [4, false],
    [null, false],
    [undefined, false],
  ])('%s -> %s', (v, expected) => expect(isAgentType(v)).toBe(expected));
});

describe('transferProblems', () => {
  it('accepts an amount within the balance and a 6-digit payment password', () => {
    expect(transferProblems('100.50', '123456', 200)).toEqual({});
    expect(transferProblems('200', '123456', 200)).toEqual({});
  });

  it('asks for both when nothing is typed', () => {
    expect(transferProblems('', '', 200)).toEqual({ amount: 'required', password: 'required' });
  });

  it('refuses a zero or malformed amount', () => {
    expect(transferProblems('0', '123456', 200).amount).toBe('format');
    expect(transferProblems('1.234', '123456', 200).amount).toBe('format');
  });

  it('compares in minor units: 200.01 is over a 200.00 balance', () => {
    expect(transferProblems('200.01', '123456', 200).amount).toBe('overBalance');
  });

  it('wants exactly six digits as the payment password', () => {
    expect(transferProblems('1', '12345', 200).password).toBe('format');
    expect(transferProblems('1', '12345a', 200).password).toBe('format');
  });

  it('shows the typed amount with two decimals', () => {
    expect(normalisedAmount('12.5')).toBe(12.5);
    expect(normalisedAmount('')).toBe(0);
  });
});

describe('inviteLink', () => {
  it('opens registration with the agent code', () => {
    expect(inviteLink('https://gold.example', 'GOLD 2026')).toBe(
      'https://gold.example/register?affiliateCode=GOLD%202026',
    );
  });
});
