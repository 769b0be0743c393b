import { AGENT_LIMITS, MEMBER_STATES } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { isAgentType } from '../agent-menu';
import { useContractFlags } from '../api/contracts';
import { useTeamMembers } from '../api/get-team-members';
import { enabledKinds } from '../contract-rules';
import { ContractOfferDialog, type OfferTarget } from './contract-offer';
import { DownlineTransferDialog, type TransferTarget } from './downline-transfer';
import { TwoLineTime } from './figures';

/** Levels the filter offers (deeper members are found by name). */
const LEVELS = [1, 2, 3, 4, 5] as const;
type MemberState = (typeof MEMBER_STATES)[number];
const isState = (v: string): v is MemberState => (MEMBER_STATES as readonly string[]).includes(v);

/**
 * Team management: the downline, searchable by name and filtered by level and status, with each
 * member's balance and last login, paged; Transfer opens the transfer dialog for that member.
 */
export function TeamManagement() {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const [level, setLevel] = useState('');
  const [status, setStatus] = useState<MemberState | ''>('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<TransferTarget | null>(null);
  const [contractFor, setContractFor] = useState<OfferTarget | null>(null);
  // "Set contract": an offer to a direct downline agent, of any kind the brand has on.
  const kinds = enabledKinds(useContractFlags().data);
  const members = useTeamMembers({
    pageNo: page,
    pageSize: AGENT_LIMITS.pageSize,
    username: username || undefined,
    level: level ? Number(level) : undefined,
    status: status || undefined,
  });
  const symbol = brand.currencySymbol;
  const cols = {
    account: t('team.account'),
    level: t('team.level'),
    status: t('team.status'),
    balance: t('team.balance'),
    lastLogin: t('team.lastLogin'),
    action: t('team.action'),
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setUsername(draft.trim());
    setPage(1);
  };

  return (
    <div className="sec-page" data-testid="team-management">
      <h3 className="sec-page-title">{t('menu.teamManagement')}</h3>
      <form className="mc-filters ag-search" role="search" onSubmit={search}>
        <label className="mc-filter" htmlFor="team-search">
          <span>{t('team.search')}</span>
          <input
            id="team-search"
            className="mc-select"
            type="search"
            value={draft}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('team.searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="team-search"
          />
        </label>
        <label className="mc-filter" htmlFor="team-level">
          <span>{cols.level}</span>
          <select
            id="team-level"
            className="mc-select"
            value={level}
            onChange={(e) => {
              setLevel(e.target.value);
              setPage(1);
            }}
            data-testid="team-level"
          >
            <option value="">{t('team.allLevels')}</option>
            {LEVELS.map((l) => (
              <option key={l} value={String(l)}>
                {t('team.levelN', { n: l })}
              </option>
            ))}
          </select>
        </label>
        <label className="mc-filter" htmlFor="team-status">
          <span>{cols.status}</span>
          <select
            id="team-status"
            className="mc-select"
            value={status}
            onChange={(e) => {
              setStatus(isState(e.target.value) ? e.target.value : '');
              setPage(1);
            }}
            data-testid="team-status"
          >
            <option value="">{t('team.allStates')}</option>
            {MEMBER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`team.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-sm btn-primary" data-testid="team-search-submit">
          {t('team.searchButton')}
        </button>
      </form>
      <QueryState query={members}>
        {(data) => (
          <PagedTable
            count={data.list.length}
            empty={username || level || status ? t('team.noMatch') : t('team.empty')}
            emptyTestId="team-empty"
            busy={members.isPlaceholderData}
            page={page}
            totalPages={data.totalPages}
            onPage={setPage}
            label={t('team.pages')}
          >
            <table className="sec-table mc-table" data-testid="team-table">
              <thead>
                <tr>
                  <th scope="col">{cols.account}</th>
                  <th scope="col">{cols.level}</th>
                  <th scope="col">{cols.status}</th>
                  <th scope="col" className="mc-num">
                    {cols.balance}
                  </th>
                  <th scope="col">{cols.lastLogin}</th>
                  <th scope="col">
                    <span className="visually-hidden">{cols.action}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((m) => (
                  <tr key={m.id} data-testid="team-row" data-account={m.account}>
                    <th scope="row" data-label={cols.account}>
                      {m.account}
                      <span className="mc-sub">
                        {isAgentType(m.isAgent) ? t('team.agent') : t('team.member')}
                      </span>
                    </th>
                    <td data-label={cols.level}>{t('team.levelN', { n: m.level })}</td>
                    <td data-label={cols.status}>
                      <span
                        className={m.status === 'ACTIVE' ? 'mc-badge mc-badge-ok' : 'mc-badge mc-badge-bad'}
                      >
                        {t(`team.states.${m.status}`)}
                      </span>
                    </td>
                    <td data-label={cols.balance} className="mc-num" data-testid="team-balance">
                      {showMoney(m.balance, symbol)}
                    </td>
                    <td data-label={cols.lastLogin}>
                      <TwoLineTime iso={m.lastLoginTime} timeZone={brand.timezone} none={t('team.never')} />
                    </td>
                    <td data-label={cols.action} className="ag-action">
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        onClick={() => setTarget({ id: m.id, account: m.account })}
                        data-testid="team-transfer"
                      >
                        {t('team.transfer')}
                      </button>
                      {kinds.length > 0 && m.level === 1 && isAgentType(m.isAgent) && (
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() => setContractFor({ id: m.id, account: m.account })}
                          data-testid="team-set-contract"
                        >
                          {t('team.setContract')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PagedTable>
        )}
      </QueryState>
      {target && <DownlineTransferDialog target={target} onClose={() => setTarget(null)} />}
      {contractFor && (
        <ContractOfferDialog kinds={kinds} target={contractFor} onClose={() => setContractFor(null)} />
      )}
    </div>
  );
}
