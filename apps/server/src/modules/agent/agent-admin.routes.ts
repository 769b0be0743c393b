import {
  adminStatementBetsQuerySchema,
  adminStatementBetsSchema,
  adminStatementDetailSchema,
  adminStatementQuerySchema,
  adminStatementsSchema,
  agentContractsSchema,
  agentMoveCancelSchema,
  agentMoveInputSchema,
  agentMovePreviewQuerySchema,
  agentMovePreviewSchema,
  agentMoveSchema,
  agentMovesQuerySchema,
  agentMovesSchema,
  agentSearchQuerySchema,
  agentSearchSchema,
  agentTreePageSchema,
  agentTreeQuerySchema,
  contractEndSchema,
  contractSchema,
  contractTemplateInputSchema,
  contractTemplateSchema,
  contractTemplatesSchema,
  ok,
  templateGrantSchema,
  type Contract,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { AgentAdminService } from './agent-admin.service';
import type { ContractService } from './contract.service';

const tags = ['operator'];
const idParams = z.object({ id: z.coerce.string().regex(/^\d{1,18}$/) });
/** What the audit row keeps of a contract. */
const audited = (c: Contract) => ({
  id: c.id,
  member: c.member,
  kind: c.kind,
  version: c.version,
  state: c.state,
  terms: c.terms,
});

/**
 * The back office's agents: the tree and its search (bulk reads of members: audited reads), a
 * member's contracts, contract templates and granting from them, ending a platform contract,
 * moves to another upline, and statements traced to bets and ledger entries.
 */
export async function agentAdminRoutes(
  app: FastifyInstance,
  opts: { admin: AgentAdminService; contracts: ContractService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { admin } = opts;
  const view = operatorRoute('agents.view', { auditRead: true });
  const manage = operatorRoute('agents.contracts.manage');

  r.get(
    '/wps/admin/agents/tree',
    {
      config: view,
      schema: {
        summary:
          'One level of the agent tree: the top, or the direct downlines of parentId, with contracts and team sizes',
        tags,
        querystring: agentTreeQuerySchema,
        response: { 200: ok(agentTreePageSchema) },
      },
    },
    async (req) => envelope(await admin.tree(req.brand, req.query)),
  );
  r.get(
    '/wps/admin/agents/search',
    {
      config: view,
      schema: {
        summary: 'Members whose account starts with q, each with its path from the top of the tree',
        tags,
        querystring: agentSearchQuerySchema,
        response: { 200: ok(agentSearchSchema) },
      },
    },
    async (req) => envelope(await admin.search(req.brand, req.query.q)),
  );
  r.get(
    '/wps/admin/agents/:id/contracts',
    {
      config: operatorRoute('agents.view'),
      schema: {
        summary: 'Every contract the member holds or held, newest first',
        tags,
        params: idParams,
        response: { 200: ok(agentContractsSchema) },
      },
    },
    async (req) => envelope({ list: await admin.contractsOf(req.brand, req.params.id) }),
  );
  r.post(
    '/wps/admin/agents/contracts/:id/end',
    {
      config: manage,
      schema: {
        summary: 'Ends a top agent’s platform contract now (and the contracts below it capped by it)',
        tags,
        params: idParams,
        body: contractEndSchema,
        response: { 200: ok(contractSchema) },
      },
    },
    async (req) => {
      const { before, after } = await opts.contracts.endPlatform(req.brand, req.params.id);
      req.auditDetail = {
        action: 'agent.contract.end',
        target: `contract:${after.id}`,
        before: audited(before),
        after: { ...audited(after), reason: req.body.reason },
      };
      return envelope(after);
    },
  );

  // ---- templates ---------------------------------------------------------------------------------

  r.get(
    '/wps/admin/agents/templates',
    {
      config: operatorRoute('agents.view'),
      schema: {
        summary: 'The brand’s contract templates',
        tags,
        response: { 200: ok(contractTemplatesSchema) },
      },
    },
    async (req) => envelope({ list: await admin.templates(req.brand) }),
  );
  r.post(
    '/wps/admin/agents/templates',
    {
      config: manage,
      schema: {
        summary: 'Creates a contract template (checked as a grant is)',
        tags,
        body: contractTemplateInputSchema,
        response: { 200: ok(contractTemplateSchema) },
      },
    },
    async (req) => {
      const { after } = await admin.saveTemplate(req.brand, null, req.body, operatorName(req));
      req.auditDetail = {
        action: 'agent.template.create',
        target: `template:${after.id}`,
        before: null,
        after,
      };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/agents/templates/:id',
    {
      config: manage,
      schema: {
        summary: 'Replaces a template’s name and terms (contracts granted from it keep theirs)',
        tags,
        params: idParams,
        body: contractTemplateInputSchema,
        response: { 200: ok(contractTemplateSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.saveTemplate(
        req.brand,
        req.params.id,
        req.body,
        operatorName(req),
      );
      req.auditDetail = { action: 'agent.template.update', target: `template:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.delete(
    '/wps/admin/agents/templates/:id',
    {
      config: manage,
      schema: {
        summary: 'Deletes a template (contracts granted from it keep their terms)',
        tags,
        params: idParams,
        response: { 200: ok(contractTemplateSchema) },
      },
    },
    async (req) => {
      const before = await admin.deleteTemplate(req.brand, req.params.id);
      req.auditDetail = {
        action: 'agent.template.delete',
        target: `template:${before.id}`,
        before,
        after: null,
      };
      return envelope(before);
    },
  );
  r.post(
    '/wps/admin/agents/templates/:id/grant',
    {
      config: manage,
      schema: {
        summary:
          'Grants a top agent the template’s terms, in force at once (replaces its contract of that kind)',
        tags,
        params: idParams,
        body: templateGrantSchema,
        response: { 200: ok(contractSchema) },
      },
    },
    async (req) => {
      const after = await admin.grantTemplate(req.brand, req.params.id, req.body.username);
      req.auditDetail = {
        action: 'agent.contract.grant',
        target: `member:${after.memberId}`,
        before: null,
        after: { ...audited(after), template: req.params.id },
      };
      return envelope(after);
    },
  );

  // ---- moves -------------------------------------------------------------------------------------

  r.get(
    '/wps/admin/agents/moves/preview',
    {
      config: operatorRoute('agents.members.move'),
      schema: {
        summary: 'What moving the member would do: the earliest effective date, contracts ending, team size',
        tags,
        querystring: agentMovePreviewQuerySchema,
        response: { 200: ok(agentMovePreviewSchema) },
      },
    },
    async (req) => envelope(await admin.preview(req.brand, req.query.memberId, req.query.toUplineId)),
  );
  r.get(
    '/wps/admin/agents/moves',
    {
      config: operatorRoute('agents.view'),
      schema: {
        summary:
          'Moves scheduled, applied, cancelled or failed, newest first (of one member with memberId, in one status)',
        tags,
        querystring: agentMovesQuerySchema,
        response: { 200: ok(agentMovesSchema) },
      },
    },
    async (req) => envelope(await admin.moves(req.brand, req.query, req.lang)),
  );
  r.post(
    '/wps/admin/agents/moves',
    {
      config: operatorRoute('agents.members.move'),
      schema: {
        summary:
          'Moves a member with its team under another agent, effective from a date; a future date schedules it (audited)',
        tags,
        body: agentMoveInputSchema,
        response: { 200: ok(agentMoveSchema) },
      },
    },
    async (req) => {
      const r = await admin.move(req.brand, req.body, operatorName(req));
      if (!('move' in r)) throw new Error('a move answered as a preview');
      req.auditDetail = {
        action: 'agent.move',
        target: `member:${r.move.memberId}`,
        before: r.before,
        after: {
          upline: r.move.to,
          effectiveAt: r.move.effectiveAt,
          status: r.move.status,
          reason: r.move.reason,
          contractsEnded: r.move.contractsEnded,
        },
      };
      return envelope(r.move);
    },
  );
  r.post(
    '/wps/admin/agents/moves/:id/cancel',
    {
      config: operatorRoute('agents.members.move'),
      schema: {
        summary: 'Cancels a scheduled move before it takes effect (audited)',
        tags,
        params: idParams,
        body: agentMoveCancelSchema,
        response: { 200: ok(agentMoveSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.cancelMove(
        req.brand,
        req.params.id,
        req.body.reason,
        operatorName(req),
        req.lang,
      );
      req.auditDetail = {
        action: 'agent.move.cancel',
        target: `member:${after.memberId}`,
        before: {
          move: before.id,
          status: before.status,
          upline: before.to,
          effectiveAt: before.effectiveAt,
        },
        after: { move: after.id, status: after.status, reason: req.body.reason },
      };
      return envelope(after);
    },
  );

  // ---- statements --------------------------------------------------------------------------------

  r.get(
    '/wps/admin/agents/statements',
    {
      config: view,
      schema: {
        summary: 'Settlement lines of the brand (wages and dividends), periods ending within the days',
        tags,
        querystring: adminStatementQuerySchema,
        response: { 200: ok(adminStatementsSchema) },
      },
    },
    async (req) => envelope(await admin.statements(req.brand, req.query)),
  );
  r.get(
    '/wps/admin/agents/statements/:id',
    {
      config: view,
      schema: {
        summary: 'One line: the ledger entry that paid it and the team members whose bets made its base',
        tags,
        params: idParams,
        response: { 200: ok(adminStatementDetailSchema) },
      },
    },
    async (req) => envelope(await admin.statement(req.brand, req.params.id)),
  );
  r.get(
    '/wps/admin/agents/statements/:id/bets',
    {
      config: view,
      schema: {
        summary: 'One team member’s bets counted in the line',
        tags,
        params: idParams,
        querystring: adminStatementBetsQuerySchema,
        response: { 200: ok(adminStatementBetsSchema) },
      },
    },
    async (req) => envelope(await admin.statementBets(req.brand, req.params.id, req.query)),
  );
}
