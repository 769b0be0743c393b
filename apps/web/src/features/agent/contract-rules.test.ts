import type { Contract } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from './agent-menu';
import {
  awaitingByEntry,
  checkOffer,
  contractMenuFlags,
  enabledKinds,
  endedContracts,
  liveContracts,
  moveOf,
  offerCapBp,
  offerRateText,
  type TierDraft,
} from './contract-rules';

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
const flags = (d: number, div: number, h: number, rt: number) => ({
  dailysalreqtype: d,
  divtypereq: div,
  contracthoursalreq: h,
  realtimesalreqtype: rt,
});

describe('consolidated flags → contract menu entries (SPEC sections 2 and 3)', () => {
  it('hides every contract entry while the flags are unknown', () => {
    expect(visibleMenu(contractMenuFlags(undefined))).toEqual(PLAIN);
    expect(enabledKinds(undefined)).toEqual([]);
  });

  it('shows an entry for every flag that is not 0 (1 on, 2 an offer awaits, 3 a termination awaits)', () => {
    expect(visibleMenu(contractMenuFlags(flags(1, 0, 2, 3)))).toEqual([
      ...PLAIN,
      'dailyWage',
      'hourlySalary',
      'realTimeSalary',
    ]);
    expect(visibleMenu(contractMenuFlags(flags(0, 1, 0, 0)))).toEqual([...PLAIN, 'dividend']);
    expect(enabledKinds(flags(1, 1, 0, 3))).toEqual(['DIVIDEND', 'DAILY', 'REALTIME']);
  });

  it('badges the entries whose request awaits the member: 2 a new offer, 3 a termination', () => {
    expect(awaitingByEntry(flags(2, 1, 3, 0))).toEqual({ dailyWage: 'NEW', hourlySalary: 'TERMINATION' });
    expect(awaitingByEntry(flags(1, 1, 1, 1))).toEqual({});
    expect(awaitingByEntry(undefined)).toEqual({});
  });
});

const tier = (minAmount: string, minActive: string, rate: string): TierDraft => ({
  minAmount,
  minActive,
  rate,
});

describe('checkOffer (contractProcessSchema OFFER and the server rules)', () => {
  it('passes rising tiers within the cap: 0 → 0.5%, 10000 with 3 active → 1.2% (cap 1.5%)', () => {
    const r = checkOffer('DAILY', 'D', [tier('0', '0', '0.5'), tier('10000', '3', '1.2')], 150);
    expect(r.ok).toBe(true);
    expect(r.rows).toEqual([{}, {}]);
  });

  it('names empty and malformed fields: "" required, 1.234 format, rate 0 out of range, -1 active out of range', () => {
    const r = checkOffer('DAILY', 'D', [tier('', 'x', '1.234'), tier('5', '-1', '0')], 300);
    expect(r.ok).toBe(false);
    expect(r.rows[0]).toEqual({ minAmount: 'required', minActive: 'format', rate: 'format' });
    expect(r.rows[1]).toEqual({ minActive: 'range', rate: 'range' });
  });

  it('refuses tiers that do not rise: same amount, fewer active members, lower rate', () => {
    const r = checkOffer('HOURLY', 'H', [tier('100', '5', '1'), tier('100', '4', '0.5')], 300);
    expect(r.ok).toBe(false);
    expect(r.rows[1]).toEqual({ minAmount: 'rise', minActive: 'rise', rate: 'rise' });
  });

  it('refuses a rate above the agent’s own: 1.51% with a 1.50% cap', () => {
    const r = checkOffer('REALTIME', 'D', [tier('0', '0', '1.51')], 150);
    expect(r.rows[0]).toEqual({ rate: 'cap' });
    expect(checkOffer('REALTIME', 'D', [tier('0', '0', '1.50')], 150).ok).toBe(true);
  });

  it('refuses an offer with no cap, no tiers, too many tiers or a period the kind does not settle by', () => {
    expect(checkOffer('DAILY', 'D', [tier('0', '0', '1')], 0).offer).toBe('noCap');
    expect(checkOffer('DAILY', 'D', [], 300).offer).toBe('noTiers');
    const eleven = Array.from({ length: 11 }, (_, i) => tier(String(i * 10), '0', '1'));
    expect(checkOffer('DAILY', 'D', eleven, 300).offer).toBe('tooMany');
    expect(checkOffer('DIVIDEND', 'D', [tier('0', '0', '10')], 5000).offer).toBe('period');
    expect(checkOffer('DIVIDEND', 'SM', [tier('0', '0', '10')], 5000).ok).toBe(true);
  });

  it('shows the offer’s highest rate with 2 decimals, computed without floats', () => {
    expect(offerRateText([tier('0', '0', '0.5'), tier('1', '0', '1.2')])).toBe('1.20');
    expect(offerRateText([tier('0', '0', 'abc')])).toBeNull();
  });
});

const contract = (over: Partial<Contract>): Contract => ({
  id: '1',
  kind: 'DAILY',
  upline: 'agent01',
  uplineId: 1,
  member: 'agent02',
  memberId: 2,
  version: 1,
  state: 'ACCEPTED',
  pendingRequest: null,
  awaiting: null,
  terms: { kind: 'DAILY', period: 'D', tiers: [{ minAmount: '0.00', minActive: 0, rate: '1.00' }] },
  termsText: '{}',
  rate: 1,
  endReason: null,
  createdTime: '2026-11-25T10:00:00.000Z',
  acceptedTime: null,
  endedTime: null,
  ...over,
});

describe('contracts as the pages show them', () => {
  it('caps offers by the agent’s own accepted contract, else the brand ceiling for a top agent, else 0', () => {
    const held = [contract({ rate: 1.2 }), contract({ id: '2', state: 'PENDING', rate: 2 })];
    expect(offerCapBp('DAILY', held, false)).toBe(120);
    expect(offerCapBp('DAILY', [], true)).toBe(300);
    expect(offerCapBp('DIVIDEND', [], true)).toBe(5000);
    expect(offerCapBp('DAILY', [], false)).toBe(0);
  });

  it('says what each side may do', () => {
    expect(moveOf(contract({ state: 'PENDING', pendingRequest: 'NEW' }), 'holder')).toBe('answerOffer');
    expect(moveOf(contract({ state: 'PENDING', pendingRequest: 'NEW' }), 'upline')).toBe('awaitOther');
    expect(moveOf(contract({}), 'holder')).toBe('terminate');
    expect(moveOf(contract({ upline: null, uplineId: null }), 'holder')).toBe('none');
    const asked = contract({ pendingRequest: 'TERMINATION', awaiting: 'agent01' });
    expect(moveOf(asked, 'upline')).toBe('answerTermination');
    expect(moveOf(asked, 'holder')).toBe('awaitOther');
    expect(moveOf(contract({ state: 'TERMINATED' }), 'holder')).toBe('none');
  });

  it('splits live contracts (newest version first) from ended ones', () => {
    const list = [
      contract({ id: '1', version: 1, state: 'TERMINATED', endedTime: '2026-11-25T11:00:00.000Z' }),
      contract({ id: '2', version: 2 }),
      contract({ id: '3', version: 3, state: 'PENDING' }),
    ];
    expect(liveContracts(list).map((c) => c.id)).toEqual(['3', '2']);
    expect(endedContracts(list).map((c) => c.id)).toEqual(['1']);
  });
});
