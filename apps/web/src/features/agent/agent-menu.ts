import { ACCOUNT_CENTRE_TYPES, fromMinor, toMinor } from '@app/contracts';

/**
 * The agent-centre menu keys (SPEC section 2), in the spec's order. Each entry's button carries
 * data-testid equal to its key.
 */
export const AGENT_MENU = [
  'announcement',
  'teamOverview',
  'registerAccount',
  'teamManagement',
  'teamBetting',
  'userProfitLoss',
  'myIncome',
  'transactionDetails',
  'dividend',
  'dailyWage',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentMenuKey = (typeof AGENT_MENU)[number];

/** The page the agent centre opens at (SPEC section 2: agent team overview). */
export const AGENT_DEFAULT_PAGE: AgentMenuKey = 'teamOverview';

/** The contract entries and the per-agent flag each needs (SPEC section 2 conditions). */
const CONTRACT_FLAG = {
  dividend: 'contracts',
  dailyWage: 'salary',
  hourlySalary: 'hourSalary',
  realTimeSalary: 'realTimeSalary',
} as const satisfies Partial<Record<AgentMenuKey, string>>;
export type ContractFlag = (typeof CONTRACT_FLAG)[keyof typeof CONTRACT_FLAG];
export type ContractFlags = Partial<Record<ContractFlag, boolean>>;

const flagOf = (key: AgentMenuKey): ContractFlag | undefined =>
  (CONTRACT_FLAG as Partial<Record<AgentMenuKey, ContractFlag>>)[key];

/**
 * The entries shown, in order: every plain entry, and a contract entry only when its flag is on
 * (no flag known: hidden). `hidden` drops entries the site has no page for.
 */
export function visibleMenu(flags: ContractFlags, hidden: readonly AgentMenuKey[] = []): AgentMenuKey[] {
  return AGENT_MENU.filter((key) => {
    if (hidden.includes(key)) return false;
    const flag = flagOf(key);
    return flag === undefined || flags[flag] === true;
  });
}

export const isAgentMenuKey = (v: unknown): v is AgentMenuKey =>
  typeof v === 'string' && (AGENT_MENU as readonly string[]).includes(v);

/** Whether an isAgent value is an agent type (SPEC section 6: 1, 2, 41, 42). */
export const isAgentType = (isAgent: number | null | undefined): boolean =>
  isAgent !== null && isAgent !== undefined && (ACCOUNT_CENTRE_TYPES as readonly number[]).includes(isAgent);

const PAYMENT_PASSWORD = /^\d{6}$/;

export type AmountProblem = 'required' | 'format' | 'overBalance';
export type PasswordProblem = 'required' | 'format';

/**
 * What is wrong with a transfer before it is confirmed: the amount (typed text, compared in
 * minor units with the balance, never as a float) and the 6-digit payment password.
 */
export function transferProblems(
  amount: string,
  password: string,
  balance: number,
): { amount?: AmountProblem; password?: PasswordProblem } {
  const minor = toMinor(amount);
  const max = toMinor(String(balance));
  const found: { amount?: AmountProblem; password?: PasswordProblem } = {};
  if (amount.trim() === '') found.amount = 'required';
  else if (minor === null || minor <= 0n) found.amount = 'format';
  else if (max !== null && minor > max) found.amount = 'overBalance';
  if (password === '') found.password = 'required';
  else if (!PAYMENT_PASSWORD.test(password)) found.password = 'format';
  return found;
}

/** The amount as the confirmation shows it: the typed text normalised to two decimals. */
export const normalisedAmount = (amount: string): number => fromMinor(toMinor(amount) ?? 0n);
