import { ROLE_PERMISSIONS, type OperatorGrant } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allows, rolesOn, type OperatorPrincipal } from './operator-auth';

const staff = (grants: OperatorGrant[]): OperatorPrincipal => ({
  kind: 'STAFF',
  id: '1',
  name: 'alice',
  grants,
  csrfToken: 't',
});

describe('operator permissions', () => {
  const finance = staff([{ merchant: 'GOLDEN', role: 'finance', permissions: ROLE_PERMISSIONS.finance }]);

  it('grants a role’s permissions on its own brand only', () => {
    expect(allows(finance, { permission: 'cashier.deposits.decide' }, 'GOLDEN')).toBe(true);
    expect(allows(finance, { permission: 'cashier.deposits.decide' }, 'SILVER')).toBe(false);
  });

  it('refuses what the role does not hold', () => {
    expect(allows(finance, { permission: 'staff.manage' }, 'GOLDEN')).toBe(false);
    const support = staff([{ merchant: 'GOLDEN', role: 'support', permissions: ROLE_PERMISSIONS.support }]);
    for (const p of [
      'cashier.deposits.view',
      'cashier.withdrawals.decide',
      'cashier.adjustments.request',
    ] as const) {
      expect(allows(support, { permission: p }, 'GOLDEN')).toBe(false);
    }
  });

  it('needs a platform grant for a platform-wide route, whatever the brand roles', () => {
    const brandOwner = staff([{ merchant: 'GOLDEN', role: 'owner', permissions: ROLE_PERMISSIONS.owner }]);
    expect(allows(brandOwner, { permission: 'system.manage', platform: true }, 'GOLDEN')).toBe(false);
    const platformOwner = staff([{ merchant: null, role: 'owner', permissions: ROLE_PERMISSIONS.owner }]);
    expect(allows(platformOwner, { permission: 'system.manage', platform: true }, 'GOLDEN')).toBe(true);
    expect(allows(platformOwner, { permission: 'players.view' }, 'ANY')).toBe(true);
  });

  it('opens a route to any of its permissions, on the brand that grants it', () => {
    const key = staff([{ merchant: 'GOLDEN', role: 'api', permissions: ['cashier.withdrawals.decide'] }]);
    const route = {
      permission: 'cashier.adjustments.approve',
      orPermissions: ['cashier.withdrawals.decide'],
    } as const;
    expect(allows(key, route, 'GOLDEN')).toBe(true);
    expect(allows(key, route, 'SILVER')).toBe(false);
    expect(allows(key, { permission: 'cashier.adjustments.approve' }, 'GOLDEN')).toBe(false);
    const viewer = staff([{ merchant: 'GOLDEN', role: 'api', permissions: ['cashier.withdrawals.view'] }]);
    expect(allows(viewer, route, 'GOLDEN')).toBe(false);
  });

  it('adds up roles on one brand and names them for the audit row', () => {
    const both = staff([
      { merchant: 'GOLDEN', role: 'support', permissions: ROLE_PERMISSIONS.support },
      { merchant: 'GOLDEN', role: 'content', permissions: ROLE_PERMISSIONS.content },
      { merchant: 'SILVER', role: 'finance', permissions: ROLE_PERMISSIONS.finance },
    ]);
    expect(allows(both, { permission: 'content.messages' }, 'GOLDEN')).toBe(true);
    expect(allows(both, { permission: 'players.note' }, 'GOLDEN')).toBe(true);
    expect(allows(both, { permission: 'cashier.deposits.decide' }, 'GOLDEN')).toBe(false);
    expect(rolesOn(both, 'GOLDEN')).toBe('content,support');
    expect(rolesOn(both, 'SILVER')).toBe('finance');
    expect(rolesOn(both, 'BRONZE')).toBeNull();
  });
});
