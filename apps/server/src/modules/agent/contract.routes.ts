import {
  contractProcessSchema,
  contractSchema,
  memberContractsQuerySchema,
  memberContractsSchema,
  myContractsQuerySchema,
  myContractsSchema,
  ok,
  platformContractSchema,
  statementQuerySchema,
  statementSchema,
  type ContractKind,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { ContractService } from './contract.service';
import type { SettlementService } from './settlement.service';
import { operatorRoute } from '../../platform/operator-auth';

/** The SPEC section 7 call of each kind (POST relays, one body shape: contractProcessSchema). */
export const CONTRACT_CALLS: Record<ContractKind, string> = {
  DIVIDEND: 'MCS2_processDividendReq',
  DAILY: 'MCS2_processDailySalContract',
  HOURLY: 'MCS2_processContractHourSalary',
  REALTIME: 'MCSFE_processRealTimeSalaryContract',
};

/**
 * Agent contracts, wages and dividends: the four process calls, and the reads the agent
 * centre's pages use. Every call needs the session of an agent type, checked before the input.
 */
export async function contractRoutes(
  app: FastifyInstance,
  opts: { contracts: ContractService; settlement: SettlementService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contracts, settlement } = opts;
  const tags = ['agent'];
  const config = { auth: 'real' } as const;
  const preValidation = async (req: FastifyRequest) => contracts.assertAgent(req.member!.isAgent);
  const me = (req: FastifyRequest) => req.member!.memberId;

  for (const [kind, name] of Object.entries(CONTRACT_CALLS) as [ContractKind, string][]) {
    r.post(
      `/wps/relay/${name}`,
      {
        config,
        preValidation,
        schema: {
          summary: `${kind} contract: OFFER to a direct downline agent, ACCEPT or REJECT a pending request, TERMINATE`,
          tags,
          body: contractProcessSchema,
          response: { 200: ok(contractSchema) },
        },
      },
      async (req) => envelope(await contracts.process(req.brand, me(req), kind, req.body)),
    );
  }

  r.post(
    '/wps/admin/agent/contracts',
    {
      // Operators work during maintenance too; the brand comes from the Merchant header.
      config: operatorRoute('agents.contracts.manage'),
      schema: {
        summary: 'Grant a top agent (no upline) a platform contract, in force at once',
        tags: ['operator'],
        body: platformContractSchema,
        response: { 200: ok(contractSchema) },
      },
    },
    async (req) => {
      const c = await contracts.grant(req.brand, req.body);
      req.auditDetail = {
        action: 'agent.contract.grant',
        target: `member:${c.memberId}`,
        before: null,
        after: { id: c.id, member: c.member, kind: c.kind, version: c.version, terms: c.terms },
      };
      return envelope(c);
    },
  );

  r.get(
    '/wps/agent/contracts',
    {
      config,
      preValidation,
      schema: {
        summary: 'My contracts: those I offered (as upline) and those I hold (as downline)',
        tags,
        querystring: myContractsQuerySchema,
        response: { 200: ok(myContractsSchema) },
      },
    },
    async (req) => envelope(await contracts.mine(req.brand, me(req), req.query.kind)),
  );

  r.get(
    '/wps/agent/contracts/member',
    {
      config,
      preValidation,
      schema: {
        summary: 'The contracts between me and one of my direct downlines',
        tags,
        querystring: memberContractsQuerySchema,
        response: { 200: ok(memberContractsSchema) },
      },
    },
    async (req) => envelope(await contracts.ofMember(req.brand, me(req), req.query)),
  );

  r.get(
    '/wps/agent/contracts/statements',
    {
      config,
      preValidation,
      schema: {
        summary: 'Settlement lines of wages and dividends paid to me (IN) or by me (OUT)',
        tags,
        querystring: statementQuerySchema,
        response: { 200: ok(statementSchema) },
      },
    },
    async (req) => envelope(await settlement.statements(req.brand, me(req), req.query)),
  );
}
