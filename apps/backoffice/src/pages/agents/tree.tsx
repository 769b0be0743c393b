import {
  AGENT_ADMIN_LIMITS,
  type AgentContracts,
  type AgentMove,
  type AgentMovePreview,
  type AgentNode,
  type AgentSearch,
  type AgentTreePage,
  type Contract,
  type ContractTemplate,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DateTime,
  Dialog,
  Field,
  errorText,
  formatDateTime,
  formatNumber,
  useToast,
} from '../../ui';
import { ContractBadges, TermsEditor, emptyTerms, termsBody, termsProblem, type TermsDraft } from './terms';
import { fromZoneInput, toZoneInput } from './zone';

const PAGE = 50;

/** The tree: a search by account, and the tree itself read one level at a time. */
export function TreeTab() {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [agent, setAgent] = useState<AgentNode | null>(null);
  const [moving, setMoving] = useState<AgentNode | null>(null);
  const found = useQuery({
    queryKey: ['agents', 'search', brand, q],
    queryFn: () => api.get<AgentSearch>('/agents/search', { q }),
    enabled: q !== '',
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const actions = { onContracts: setAgent, onMove: setMoving };
  return (
    <>
      <form className="bo-card bo-form-row" onSubmit={search} noValidate>
        <Field label={t('tree.search')} hint={t('tree.searchHint')}>
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={64}
            data-testid="agent-search"
          />
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary">
            {t('common.search')}
          </Button>
          {q && (
            <Button type="button" variant="ghost" onClick={() => (setQ(''), setDraft(''))}>
              {t('common.reset')}
            </Button>
          )}
        </div>
      </form>
      {q !== '' && (
        <section className="bo-card" aria-label={t('tree.results')}>
          <h2>{t('tree.results')}</h2>
          {found.isPending && <p className="bo-muted">…</p>}
          {found.error && <p role="alert">{errorText(found.error)}</p>}
          {found.data?.list.length === 0 && <p className="bo-muted">{t('tree.noMatch')}</p>}
          {found.data && found.data.list.length > 0 && (
            <ul className="bo-agents-tree" data-testid="agent-results">
              {found.data.list.map(({ node, path }) => (
                <li key={node.id}>
                  <div className="bo-agents-path bo-muted">
                    {path.length === 0 ? t('tree.top') : path.map((p) => p.username).join(' › ')}
                  </div>
                  <NodeRow node={node} {...actions} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className="bo-card">
        <h2>{t('tree.title')}</h2>
        <p className="bo-muted">{t('tree.intro')}</p>
        <Level parentId={null} {...actions} />
      </section>
      {agent && <AgentDialog node={agent} onClose={() => setAgent(null)} />}
      {moving && <MoveDialog node={moving} onClose={() => setMoving(null)} />}
    </>
  );
}

interface RowActions {
  onContracts(n: AgentNode): void;
  onMove(n: AgentNode): void;
}

/** One level: the top of the tree or a member's direct downlines, 50 at a time. */
function Level({ parentId, ...actions }: { parentId: string | null } & RowActions) {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [page, setPage] = useState(1);
  const level = useQuery({
    queryKey: ['agents', 'tree', brand, parentId, page],
    queryFn: () => api.get<AgentTreePage>('/agents/tree', { parentId, pageNo: page, pageSize: PAGE }),
  });
  if (level.isPending) return <p className="bo-muted">…</p>;
  if (level.error)
    return (
      <p role="alert">
        {errorText(level.error)}{' '}
        <Button size="sm" variant="ghost" onClick={() => void level.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    );
  const { list, totalCount } = level.data;
  if (list.length === 0)
    return <p className="bo-muted">{parentId ? t('tree.noDownline') : t('tree.empty')}</p>;
  const pages = Math.ceil(totalCount / PAGE);
  return (
    <>
      <ul className="bo-agents-tree">
        {list.map((n) => (
          <Branch key={n.id} node={n} {...actions} />
        ))}
      </ul>
      {pages > 1 && (
        <div className="bo-agents-paging">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.prev')}
          </Button>
          <span className="bo-muted">
            {t('tree.pageOf', { page, pages, total: formatNumber(totalCount) })}
          </span>
          <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('common.next')}
          </Button>
        </div>
      )}
    </>
  );
}

function Branch({ node, ...actions }: { node: AgentNode } & RowActions) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <NodeRow
        node={node}
        open={open}
        onToggle={node.directCount > 0 ? () => setOpen(!open) : undefined}
        {...actions}
      />
      {open && (
        <div className="bo-agents-children">
          <Level parentId={node.id} {...actions} />
        </div>
      )}
    </li>
  );
}

function NodeRow({
  node,
  open,
  onToggle,
  onContracts,
  onMove,
}: { node: AgentNode; open?: boolean; onToggle?(): void } & RowActions) {
  const { t } = useTranslation('agents');
  const { can } = useSession();
  return (
    <div className="bo-agents-node" data-testid={`agent-node-${node.username}`}>
      {onToggle ? (
        <button
          type="button"
          className="bo-icon-btn bo-agents-toggle"
          aria-expanded={open}
          aria-label={
            open ? t('tree.collapse', { name: node.username }) : t('tree.expand', { name: node.username })
          }
          onClick={onToggle}
        >
          {open ? '▾' : '▸'}
        </button>
      ) : (
        <span className="bo-agents-toggle" aria-hidden="true" />
      )}
      <strong className="bo-agents-name">{node.username}</strong>
      {node.agent ? <Badge tone="info">{t('tree.agent')}</Badge> : <Badge>{t('tree.member')}</Badge>}
      <span className="bo-muted bo-agents-count">
        {t('tree.counts', { direct: formatNumber(node.directCount), team: formatNumber(node.teamSize) })}
      </span>
      <ContractBadges contracts={node.contracts} />
      <span className="bo-agents-actions">
        <Button size="sm" variant="secondary" onClick={() => onContracts(node)}>
          {t('tree.contracts')}
        </Button>
        {can('agents.members.move') && (
          <Button size="sm" variant="ghost" onClick={() => onMove(node)}>
            {t('tree.move')}
          </Button>
        )}
      </span>
    </div>
  );
}

// ---- a member's contracts, and the platform grant -------------------------------------------

function AgentDialog({ node, onClose }: { node: AgentNode; onClose(): void }) {
  const { t } = useTranslation('agents');
  const { brand, can } = useSession();
  const contracts = useQuery({
    queryKey: ['agents', 'contracts', brand, node.id],
    queryFn: () => api.get<AgentContracts>(`/agents/${node.id}/contracts`),
  });
  const [ending, setEnding] = useState<Contract | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const top = node.uplineId === null;
  return (
    <Dialog open title={t('contracts.title', { name: node.username })} onClose={onClose} wide>
      {contracts.isPending && <p className="bo-muted">…</p>}
      {contracts.error && <p role="alert">{errorText(contracts.error)}</p>}
      {contracts.data && contracts.data.list.length === 0 && (
        <p className="bo-muted">{t('contracts.none')}</p>
      )}
      {contracts.data && contracts.data.list.length > 0 && (
        <table className="bo-table bo-table-dense" data-testid="agent-contracts">
          <thead>
            <tr>
              <th>{t('terms.kind')}</th>
              <th>{t('contracts.version')}</th>
              <th>{t('contracts.payer')}</th>
              <th>{t('terms.rate')}</th>
              <th>{t('contracts.state')}</th>
              <th>{t('contracts.since')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {contracts.data.list.map((c) => (
              <tr key={c.id}>
                <td>
                  {t(`kind.${c.kind}`)} · {t(`period.${c.terms.period}`)}
                </td>
                <td>v{c.version}</td>
                <td>{c.upline ?? t('contracts.platform')}</td>
                <td>{c.rate.toFixed(2)}%</td>
                <td>
                  <Badge
                    tone={c.state === 'ACCEPTED' ? 'success' : c.state === 'PENDING' ? 'warning' : 'neutral'}
                  >
                    {t(`state.${c.state}`)}
                  </Badge>
                  {c.endReason && (
                    <span className="bo-muted"> {t(`endReason.${c.endReason}`, c.endReason)}</span>
                  )}
                </td>
                <td>
                  {c.acceptedTime ? <DateTime value={c.acceptedTime} /> : <DateTime value={c.createdTime} />}
                </td>
                <td>
                  {c.upline === null && c.state === 'ACCEPTED' && can('agents.contracts.manage') && (
                    <Button size="sm" variant="danger" onClick={() => setEnding(c)}>
                      {t('contracts.end')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {can('agents.contracts.manage') &&
        (top && node.agent ? (
          <GrantForm node={node} />
        ) : (
          <p className="bo-muted">{t('contracts.onlyTop')}</p>
        ))}
      <ConfirmDialog
        open={ending !== null}
        title={t('contracts.endTitle')}
        message={
          ending ? t('contracts.endText', { kind: t(`kind.${ending.kind}`), name: node.username }) : undefined
        }
        requireReason
        danger
        confirmLabel={t('contracts.end')}
        onClose={() => setEnding(null)}
        onConfirm={async (reason) => {
          await api.post(`/agents/contracts/${ending!.id}/end`, { reason });
          toast(t('contracts.ended'));
          await qc.invalidateQueries({ queryKey: ['agents'] });
        }}
      />
    </Dialog>
  );
}

const fromTemplate = (tpl: ContractTemplate): TermsDraft => ({
  kind: tpl.kind,
  period: tpl.period,
  tiers: tpl.tiers.map((x) => ({ minAmount: x.minAmount, minActive: String(x.minActive), rate: x.rate })),
});

function GrantForm({ node }: { node: AgentNode }) {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const templates = useQuery({
    queryKey: ['agents', 'templates', brand],
    queryFn: () => api.get<{ list: ContractTemplate[] }>('/agents/templates'),
  });
  const [templateId, setTemplateId] = useState('');
  const [terms, setTerms] = useState<TermsDraft>(emptyTerms);
  const [edited, setEdited] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const qc = useQueryClient();
  const toast = useToast();
  const problem = termsProblem(terms, t);
  const template = templates.data?.list.find((x) => x.id === templateId);
  const grant = useMutation({
    mutationFn: () =>
      template && !edited
        ? api.post<Contract>(`/agents/templates/${template.id}/grant`, { username: node.username })
        : api.post<Contract>('/agent/contracts', { username: node.username, ...termsBody(terms) }),
    onSuccess: async () => {
      toast(t('contracts.granted', { name: node.username }));
      await qc.invalidateQueries({ queryKey: ['agents'] });
    },
  });
  return (
    // A section, not a form: the confirmation below holds its own form, and forms do not nest.
    <section className="bo-agents-grant">
      <h3>{t('contracts.grantTitle')}</h3>
      <p className="bo-muted">{t('contracts.grantIntro')}</p>
      <Field label={t('contracts.template')}>
        <select
          value={templateId}
          data-testid="grant-template"
          onChange={(e) => {
            setTemplateId(e.target.value);
            const tpl = templates.data?.list.find((x) => x.id === e.target.value);
            setTerms(tpl ? fromTemplate(tpl) : emptyTerms());
            setEdited(false);
          }}
        >
          <option value="">{t('contracts.customTerms')}</option>
          {templates.data?.list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} ({t(`kind.${x.kind}`)}, {x.rate.toFixed(2)}%)
            </option>
          ))}
        </select>
      </Field>
      <TermsEditor
        value={terms}
        onChange={(v) => {
          setTerms(v);
          setEdited(true);
        }}
      />
      {touched && problem && (
        <p className="bo-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="bo-page-actions">
        <Button
          type="button"
          variant="primary"
          onClick={() => {
            setTouched(true);
            if (!problem) setConfirming(true);
          }}
        >
          {t('contracts.grant')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('contracts.grantTitle')}
        message={t('contracts.grantConfirm', {
          name: node.username,
          kind: t(`kind.${terms.kind}`),
          rate: Math.max(...terms.tiers.map((x) => Number(x.rate))).toFixed(2),
        })}
        confirmLabel={t('contracts.grant')}
        onClose={() => setConfirming(false)}
        onConfirm={() => grant.mutateAsync()}
      />
    </section>
  );
}

// ---- moving a member with its team ----------------------------------------------------------

/** The server takes a date this far ahead at most (AGENT_ADMIN_LIMITS.moveAheadDays). */
const AHEAD_MS = AGENT_ADMIN_LIMITS.moveAheadDays * 86_400_000;
/** Up to this far ahead the server takes a date as now (its clock may run behind the operator's). */
const SKEW_MS = 60_000;

function MoveDialog({ node, onClose }: { node: AgentNode; onClose(): void }) {
  const { t } = useTranslation('agents');
  const { brand, timeZone } = useSession();
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<AgentNode | null>(null);
  const [when, setWhen] = useState(() => toZoneInput(new Date(), zone));
  const [confirming, setConfirming] = useState(false);
  const qc = useQueryClient();
  const toast = useToast();
  const found = useQuery({
    queryKey: ['agents', 'search', brand, q],
    queryFn: () => api.get<AgentSearch>('/agents/search', { q }),
    enabled: q !== '',
  });
  const preview = useQuery({
    queryKey: ['agents', 'move-preview', brand, node.id, target?.id],
    queryFn: () =>
      api.get<AgentMovePreview>('/agents/moves/preview', { memberId: node.id, toUplineId: target!.id }),
    enabled: target !== null,
    retry: false,
  });
  const at = fromZoneInput(when, zone);
  const earliest = preview.data?.earliest ? new Date(preview.data.earliest) : null;
  // A time ahead of now schedules the move; the job makes it then.
  const scheduled = at !== null && at.getTime() > Date.now() + SKEW_MS;
  const invalid = !at
    ? t('move.whenRequired')
    : at.getTime() > Date.now() + AHEAD_MS
      ? t('move.future', { days: AGENT_ADMIN_LIMITS.moveAheadDays })
      : earliest && at < earliest
        ? t('move.beforeSettled', { at: formatDateTime(earliest.toISOString(), zone) })
        : null;
  return (
    <Dialog open title={t('move.title', { name: node.username })} onClose={onClose} wide>
      <p className="bo-muted">{t('move.intro')}</p>
      <form
        className="bo-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
        }}
        noValidate
      >
        <Field label={t('move.target')}>
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={64}
            data-testid="move-target"
          />
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="secondary">
            {t('common.search')}
          </Button>
        </div>
      </form>
      {found.error && <p role="alert">{errorText(found.error)}</p>}
      {found.data && (
        <ul className="bo-agents-pick">
          {found.data.list
            .filter((r) => r.node.agent && r.node.id !== node.id && r.node.id !== node.uplineId)
            .map(({ node: n, path }) => (
              <li key={n.id}>
                <label className="bo-check">
                  <input
                    type="radio"
                    name="target"
                    checked={target?.id === n.id}
                    onChange={() => setTarget(n)}
                  />{' '}
                  <strong>{n.username}</strong>{' '}
                  <span className="bo-muted">{path.map((p) => p.username).join(' › ') || t('tree.top')}</span>
                </label>
              </li>
            ))}
          {found.data.list.every(
            (r) => !r.node.agent || r.node.id === node.id || r.node.id === node.uplineId,
          ) && <li className="bo-muted">{t('move.noAgent')}</li>}
        </ul>
      )}
      {target && (
        <>
          <Field
            label={t('move.when', { zone })}
            hint={t('move.whenHint', { days: AGENT_ADMIN_LIMITS.moveAheadDays })}
            error={invalid ?? undefined}
          >
            <input
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              data-testid="move-when"
            />
          </Field>
          {scheduled && !invalid && (
            <p className="bo-agents-note" data-testid="move-scheduled-note">
              <Badge tone="info">{t('moves.status.SCHEDULED')}</Badge> {t('move.scheduledNote')}
            </p>
          )}
          {preview.isPending && <p className="bo-muted">…</p>}
          {preview.error && <p role="alert">{errorText(preview.error)}</p>}
          {preview.data && (
            <ul className="bo-agents-preview" data-testid="move-preview">
              <li>{t('move.teamSize', { n: preview.data.teamSize })}</li>
              <li>{t('move.contractsEnding', { n: preview.data.contractsEnding })}</li>
              <li>
                {preview.data.earliest
                  ? t('move.earliest', { at: formatDateTime(preview.data.earliest, zone) })
                  : t('move.noSettled')}
              </li>
            </ul>
          )}
          <div className="bo-page-actions">
            <Button
              variant="primary"
              disabled={!preview.data || invalid !== null}
              onClick={() => setConfirming(true)}
            >
              {scheduled ? t('move.schedule') : t('move.submit')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('move.confirmTitle')}
        message={
          target
            ? t(scheduled ? 'move.confirmScheduled' : 'move.confirmText', {
                name: node.username,
                target: target.username,
                at: at ? `${formatDateTime(at.toISOString(), zone)} (${zone})` : '',
                n: preview.data?.contractsEnding ?? 0,
              })
            : undefined
        }
        requireReason
        confirmLabel={scheduled ? t('move.schedule') : t('move.submit')}
        onClose={() => setConfirming(false)}
        onConfirm={async (reason) => {
          const moved = await api.post<AgentMove>('/agents/moves', {
            memberId: node.id,
            toUplineId: target!.id,
            effectiveAt: at!.toISOString(),
            reason,
          });
          toast(
            moved.status === 'SCHEDULED'
              ? t('move.doneScheduled', {
                  name: moved.member,
                  target: moved.to,
                  at: formatDateTime(moved.effectiveAt, zone),
                })
              : t('move.done', { name: moved.member, target: moved.to }),
          );
          await qc.invalidateQueries({ queryKey: ['agents'] });
          onClose();
        }}
      />
    </Dialog>
  );
}
