import {
  ACCOUNT_CENTRE_TYPES,
  CONTRACT_FLAG,
  fromMinor,
  isModuleOnTree,
  type ConsolidatedFunds,
  type ContractKind,
  type ModuleSwitch,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import type { Brand } from '../../platform/brand';
import type { SystemService } from '../system';
import type { TurnoverService } from '../wallet';
import type { WalletService } from '../wallet';
import type { ContractService } from './contract.service';

/** Contract flags of the consolidated call and the module switch each one follows. */
const CONTRACT_FLAGS = {
  dailysalreqtype: 'SALARY',
  divtypereq: 'CONTRACT',
  contracthoursalreq: 'HOURSALARY',
  realtimesalreqtype: 'REALTIMESALARY',
} as const satisfies Record<string, ModuleSwitch>;

/** The contract kind each flag reports requests of. */
const FLAG_KINDS = {
  dailysalreqtype: 'DAILY',
  divtypereq: 'DIVIDEND',
  contracthoursalreq: 'HOURLY',
  realtimesalreqtype: 'REALTIME',
} as const satisfies Record<keyof typeof CONTRACT_FLAGS, ContractKind>;

/**
 * `GET /wps/member/info/funds/consolidated`: the contract flags and a funds summary. A flag
 * (CONTRACT_FLAG) is 0 when the brand's module switch for that feature is off or the member is not
 * an agent type (account centre), else 1, or 2 when a new contract offer of that kind awaits the
 * member's answer, 3 when a termination request does. `balance` is the total the member owns
 * (sumBalance, as member info shows it).
 */
export class ConsolidatedFundsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly turnover: TurnoverService,
    private readonly contracts: ContractService,
  ) {}

  async consolidated(brand: Brand, memberId: string, isAgent: number): Promise<ConsolidatedFunds> {
    const agent = (ACCOUNT_CENTRE_TYPES as readonly number[]).includes(isAgent);
    const [tree, wallet, remaining, awaiting] = await Promise.all([
      this.system.whitelabel(brand),
      this.wallet.balance(brand, memberId),
      this.turnover.remaining(this.db, memberId),
      agent ? this.contracts.awaiting(brand.code, memberId) : Promise.resolve([]),
    ]);
    const flag = (name: keyof typeof CONTRACT_FLAGS) => {
      if (!agent || !isModuleOnTree(tree, CONTRACT_FLAGS[name])) return CONTRACT_FLAG.OFF;
      const asked = awaiting.filter((a) => a.kind === FLAG_KINDS[name]);
      if (asked.some((a) => a.request === 'NEW')) return CONTRACT_FLAG.NEW_PENDING;
      if (asked.length > 0) return CONTRACT_FLAG.TERMINATION_PENDING;
      return CONTRACT_FLAG.ON;
    };
    return {
      dailysalreqtype: flag('dailysalreqtype'),
      divtypereq: flag('divtypereq'),
      contracthoursalreq: flag('contracthoursalreq'),
      realtimesalreqtype: flag('realtimesalreqtype'),
      balance: wallet.sumBalance,
      lockedBalance: wallet.lockedBalance,
      turnoverRemaining: fromMinor(remaining),
      currencySymbol: brand.currencySymbol,
    };
  }
}
