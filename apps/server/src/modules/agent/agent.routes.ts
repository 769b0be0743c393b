import {
  agentDownlineTransferSchema,
  agentHomeSchema,
  agentTransactionQuerySchema,
  agentTransactionsSchema,
  agentTransferResultSchema,
  agentUplineTransferSchema,
  loginRequestSchema,
  loginResultSchema,
  ok,
  subAccountRequestSchema,
  subAccountSchema,
  teamBettingSchema,
  teamMembersQuerySchema,
  teamMembersSchema,
  teamOverviewQuerySchema,
  teamOverviewSchema,
  teamProfitSchema,
  teamReportQuerySchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientContext } from '../../platform/client-context';
import { ok as envelope } from '../../platform/envelope';
import type { SessionService } from '../session';
import type { AgentService } from './agent.service';

/**
 * The agent centre's calls. The login is open; every other call needs the session of
 * an agent type: a trial account is refused by the guard (member.trial.forbidden), any other
 * non-agent here (login.not.agent) before its input is even read.
 */
export async function agentRoutes(
  app: FastifyInstance,
  opts: { agents: AgentService; sessions: SessionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { agents } = opts;
  const tags = ['agent'];
  const config = { auth: 'real' } as const;
  // Route-level preValidation runs after the guard's (app-level) one: the session is known.
  const preValidation = async (req: FastifyRequest) => agents.assertAgent(req.member!);
  const me = (req: FastifyRequest) => req.member!.memberId;

  r.post(
    '/wps/agent/login',
    {
      config: { encrypted: true },
      schema: {
        summary: 'Agent-page login: as /wps/session/login, but only agent types get a session',
        tags,
        body: loginRequestSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) =>
      envelope(await opts.sessions.login(req.brand, req.body, clientContext(req), { agentOnly: true })),
  );

  r.get(
    '/wps/agent/home',
    {
      config,
      preValidation,
      schema: {
        summary: 'The agent home (/agentHome): account, invitation code, upline, team size, balance',
        tags,
        response: { 200: ok(agentHomeSchema) },
      },
    },
    async (req) => envelope(await agents.home(req.brand, me(req))),
  );

  r.get(
    '/wps/agent/team/overview',
    {
      config,
      preValidation,
      schema: {
        summary:
          'Team overview for a period: members, active members, deposits, withdrawals, turnover, profit',
        tags,
        querystring: teamOverviewQuerySchema,
        response: { 200: ok(teamOverviewSchema) },
      },
    },
    async (req) => envelope(await agents.overview(req.brand, me(req), req.query)),
  );

  r.post(
    '/wps/agent/team/register',
    {
      config: { ...config, encrypted: true },
      preValidation,
      schema: {
        summary: 'Register a sub-account under the agent (encrypted; the brand’s registration rules)',
        tags,
        body: subAccountRequestSchema,
        response: { 200: ok(subAccountSchema) },
      },
    },
    async (req) =>
      envelope(await agents.registerSubAccount(req.brand, req.member!, req.body, clientContext(req))),
  );

  r.get(
    '/wps/agent/team/members',
    {
      config,
      preValidation,
      schema: {
        summary: 'Team management: the downline with level, status, balance and last login (paged)',
        tags,
        querystring: teamMembersQuerySchema,
        response: { 200: ok(teamMembersSchema) },
      },
    },
    async (req) => envelope(await agents.teamMembers(req.brand, me(req), req.query)),
  );

  r.get(
    '/wps/agent/team/betting',
    {
      config,
      preValidation,
      schema: {
        summary: 'Team betting: bets placed in the period per downline, with sums',
        tags,
        querystring: teamReportQuerySchema,
        response: { 200: ok(teamBettingSchema) },
      },
    },
    async (req) => envelope(await agents.teamBetting(req.brand, me(req), req.query)),
  );

  r.get(
    '/wps/agent/team/profit',
    {
      config,
      preValidation,
      schema: {
        summary: 'User profit and loss: deposits, withdrawals, bonuses and settled bets per downline',
        tags,
        querystring: teamReportQuerySchema,
        response: { 200: ok(teamProfitSchema) },
      },
    },
    async (req) => envelope(await agents.teamProfit(req.brand, me(req), req.query)),
  );

  r.get(
    '/wps/agent/transactions',
    {
      config,
      preValidation,
      schema: {
        summary: 'Transaction details: the agent’s own transfers, wages and dividends',
        tags,
        querystring: agentTransactionQuerySchema,
        response: { 200: ok(agentTransactionsSchema) },
      },
    },
    async (req) => envelope(await agents.transactions(req.brand, me(req), req.query)),
  );

  r.post(
    '/wps/agent/transfer/downline',
    {
      config: { ...config, encrypted: true },
      preValidation,
      schema: {
        summary: 'Pay a member of the own downline (encrypted; payment password; idempotent on requestId)',
        tags,
        body: agentDownlineTransferSchema,
        response: { 200: ok(agentTransferResultSchema) },
      },
    },
    async (req) => envelope(await agents.transferToDownline(req.brand, me(req), req.body)),
  );

  r.post(
    '/wps/agent/transfer/upline',
    {
      config: { ...config, encrypted: true },
      preValidation,
      schema: {
        summary: 'Pay the own upline (encrypted; payment password; idempotent on requestId)',
        tags,
        body: agentUplineTransferSchema,
        response: { 200: ok(agentTransferResultSchema) },
      },
    },
    async (req) => envelope(await agents.transferToUpline(req.brand, me(req), req.body)),
  );
}
