import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProfileService } from '../member';
import type { RegistrationService } from '../member';
import type { InboxService } from '../messages';
import type { SessionService } from '../session';
import type { SystemService } from '../system';
import type { LedgerService } from '../wallet';
import type { TurnoverService } from '../wallet';
import type { MemberTransferService } from '../wallet';
import type { WalletService } from '../wallet';
import { AgentAdminRepository } from './agent-admin.repository';
import { agentAdminRoutes } from './agent-admin.routes';
import { AgentAdminService } from './agent-admin.service';
import { AgentRepository } from './agent.repository';
import { agentRoutes } from './agent.routes';
import { AgentService } from './agent.service';
import { consolidatedRoutes } from './consolidated.routes';
import { ConsolidatedFundsService } from './consolidated.service';
import { ContractRepository } from './contract.repository';
import { contractRoutes } from './contract.routes';
import { ContractService } from './contract.service';
import { agentMoveJob, contractSettlementJob } from './settlement.job';
import { SettlementService } from './settlement.service';

interface AgentDeps extends ModuleContext {
  system: SystemService;
  inbox: InboxService;
  registration: RegistrationService;
  profile: ProfileService;
  sessions: SessionService;
  ledger: LedgerService;
  turnover: TurnoverService;
  wallet: WalletService;
  transfers: MemberTransferService;
}

/**
 * The agent centre: the agent-page login, team, reports and transfers within the own tree;
 * contracts (wages and dividends) with their settlement every minute; and the consolidated flags
 * that show contract requests awaiting the member's answer.
 */
export function createAgentModule(
  deps: AgentDeps,
): ServerModule<{ agents: AgentService; contracts: ContractService; settlement: SettlementService }> {
  const agents = new AgentService(
    new AgentRepository(deps.db),
    {
      registerSubAccount: (...args) => deps.registration.registerSubAccount(...args),
      confirmPaymentPassword: (memberId, password) => deps.profile.confirmPaymentPassword(memberId, password),
    },
    deps.wallet,
    deps.transfers,
  );
  const contractRepo = new ContractRepository(deps.db);
  const contracts = new ContractService(contractRepo, deps.system, deps.inbox);
  const settlement = new SettlementService(contractRepo, deps.ledger);
  const admin = new AgentAdminService(new AgentAdminRepository(deps.db), contracts);
  const consolidated = new ConsolidatedFundsService(
    deps.db,
    deps.system,
    deps.wallet,
    deps.turnover,
    contracts,
  );
  return {
    services: { agents, contracts, settlement },
    routes: async (app: FastifyInstance) => {
      await app.register(agentRoutes, { agents, sessions: deps.sessions });
      await app.register(contractRoutes, { contracts, settlement });
      await app.register(consolidatedRoutes, { consolidated });
      await app.register(agentAdminRoutes, { admin, contracts });
    },
    jobs: [contractSettlementJob(settlement, admin), agentMoveJob(admin)],
  };
}
