import {
  amlCaseQuerySchema,
  amlCaseRowSchema,
  amlCaseSchema,
  amlCaseStatsSchema,
  amlDecisionSchema,
  amlListSummarySchema,
  amlListUploadSchema,
  amlNoteInputSchema,
  amlReportQuerySchema,
  amlRuleInputSchema,
  amlRuleKindSchema,
  amlRuleSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { AmlCasesService } from './aml-cases.service';
import { xlsxOf } from './xlsx';

const tags = ['admin'];
const ok = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });
const caseParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const target = (id: string) => `aml_case:${id}`;

/**
 * The back office's AML calls: cases (aml.cases), the brand's rules and screening lists (read with
 * aml.cases, changed with brand.security), and the suspicious-transaction report (aml.report).
 * Changes are audited by the operator guard (one row each); the report and a case's page, which
 * show members' identities, are audited reads.
 */
export async function amlRoutes(app: FastifyInstance, opts: { cases: AmlCasesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cases } = opts;

  r.get(
    '/wps/admin/aml/cases',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: 'The AML case queue, oldest first',
        tags,
        querystring: amlCaseQuerySchema,
        response: {
          200: ok(
            z.object({
              list: z.array(amlCaseRowSchema),
              page: z.number(),
              pageSize: z.number(),
              hasMore: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => envelope(await cases.queue(req.brand.code, req.query)),
  );

  r.get(
    '/wps/admin/aml/cases/:id',
    {
      config: operatorRoute('aml.cases', { auditRead: true }),
      schema: {
        summary: 'A case: member, movements, history',
        tags,
        params: caseParams,
        response: { 200: ok(amlCaseSchema) },
      },
    },
    async (req) => {
      const c = await cases.get(req.brand.code, req.params.id);
      req.auditDetail = { action: 'aml.case.view', target: target(req.params.id) };
      return envelope(c);
    },
  );

  r.post(
    '/wps/admin/aml/cases/:id/assign',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: 'Assigns an open case (to the caller when no assignee is named)',
        tags,
        params: caseParams,
        body: z.object({ assignee: z.string().trim().min(1).max(60).optional() }),
        response: { 200: ok(z.object({ assignee: z.string() })) },
      },
    },
    async (req) => {
      const who = req.body.assignee ?? operatorName(req);
      const change = await cases.assign(req.brand.code, req.params.id, who, operatorName(req));
      req.auditDetail = { action: 'aml.case.assign', target: target(req.params.id), ...change };
      return envelope({ assignee: who });
    },
  );

  r.post(
    '/wps/admin/aml/cases/:id/notes',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: 'Adds a note to a case',
        tags,
        params: caseParams,
        body: amlNoteInputSchema,
        response: { 200: ok(z.object({ added: z.literal(true) })) },
      },
    },
    async (req) => {
      const n = await cases.note(req.brand.code, req.params.id, req.body.text, operatorName(req));
      req.auditDetail = { action: 'aml.case.note', target: target(req.params.id), after: { text: n.text } };
      return envelope({ added: true as const });
    },
  );

  r.post(
    '/wps/admin/aml/cases/:id/decision',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: 'Decides an open case: clear, freeze the account, or report it',
        tags,
        params: caseParams,
        body: amlDecisionSchema,
        response: { 200: ok(z.object({ state: z.string() })) },
      },
    },
    async (req) => {
      const change = await cases.decide(req.brand.code, req.params.id, req.body, operatorName(req));
      req.auditDetail = {
        action: `aml.case.${req.body.decision.toLowerCase()}`,
        target: target(req.params.id),
        ...change,
      };
      return envelope({ state: change.after.state });
    },
  );

  r.get(
    '/wps/admin/aml/rules',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: "The brand's monitoring rules",
        tags,
        response: { 200: ok(z.array(amlRuleSchema)) },
      },
    },
    async (req) => envelope(await cases.rules(req.brand.code)),
  );

  r.put(
    '/wps/admin/aml/rules/:kind',
    {
      config: operatorRoute('brand.security'),
      schema: {
        summary: 'Sets one monitoring rule (an empty field takes the default)',
        tags,
        params: z.object({ kind: amlRuleKindSchema }),
        body: amlRuleInputSchema,
        response: { 200: ok(amlRuleSchema) },
      },
    },
    async (req) => {
      const change = await cases.setRule(req.brand.code, req.params.kind, req.body, operatorName(req));
      req.auditDetail = { action: 'aml.rule', target: `aml_rule:${req.params.kind}`, ...change };
      return envelope(change.after!);
    },
  );

  r.get(
    '/wps/admin/aml/lists',
    {
      config: operatorRoute('aml.cases'),
      schema: {
        summary: "The brand's screening lists",
        tags,
        response: { 200: ok(z.array(amlListSummarySchema)) },
      },
    },
    async (req) => envelope(await cases.lists(req.brand.code)),
  );

  r.post(
    '/wps/admin/aml/lists',
    {
      config: operatorRoute('brand.security'),
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary:
          'Replaces a screening list from CSV (name, date_of_birth, country); a bad line changes nothing',
        tags,
        body: amlListUploadSchema,
        response: { 200: ok(z.object({ kind: z.string(), entries: z.number() })) },
      },
    },
    async (req) => {
      const done = await cases.uploadList(req.brand.code, req.body, operatorName(req));
      req.auditDetail = { action: 'aml.list.upload', target: `aml_list:${req.body.kind}`, after: done };
      return envelope(done);
    },
  );

  r.get(
    '/wps/admin/aml/stats',
    {
      config: operatorRoute('aml.cases', { orPermissions: ['aml.report'] }),
      schema: {
        summary: 'Cases by rule and state',
        tags,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(3660).optional() }),
        response: { 200: ok(amlCaseStatsSchema) },
      },
    },
    async (req) => envelope(await cases.stats(req.brand.code, req.query.days ?? null)),
  );

  r.get(
    '/wps/admin/aml/report',
    {
      config: operatorRoute('aml.report', { auditRead: true }),
      schema: {
        summary: 'The suspicious-transaction report (reported cases) as CSV or XLSX',
        tags,
        querystring: amlReportQuerySchema,
      },
    },
    async (req, reply) => {
      const { format, from, to } = req.query;
      const name = `str-${req.brand.code}-${from}-${to}.${format}`;
      req.auditDetail = {
        action: 'aml.report',
        target: `merchant:${req.brand.code}`,
        after: { format, from, to },
      };
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'xlsx') {
        const rows = await cases.reportRows(req.brand.code, from, to);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(xlsxOf('STR', rows));
      }
      const csv = await cases.reportCsv(req.brand.code, from, to);
      return reply.type('text/csv; charset=utf-8').send(csv.body);
    },
  );
}
