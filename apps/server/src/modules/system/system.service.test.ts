import { describe, expect, it } from 'vitest';
import { buildModuleTree } from './system.service';

const row = (mod_id: string, parent_mod_id: string | null, enabled = true) => ({
  mod_id,
  parent_mod_id,
  enabled,
});

describe('buildModuleTree', () => {
  it('nests children under their parents, keeping the rows order', () => {
    const tree = buildModuleTree([
      row('WHITELABEL', null),
      row('MODULES', null),
      row('DIRECTREG3', 'WHITELABEL'),
      row('FREEPLAY', 'MODULES', false),
      row('USERNAMEREG3', 'WHITELABEL', false),
    ]);
    expect(tree).toEqual([
      {
        modId: 'WHITELABEL',
        enabled: '1',
        childrenNodes: [
          { modId: 'DIRECTREG3', enabled: '1', childrenNodes: [] },
          { modId: 'USERNAMEREG3', enabled: '0', childrenNodes: [] },
        ],
      },
      {
        modId: 'MODULES',
        enabled: '1',
        childrenNodes: [{ modId: 'FREEPLAY', enabled: '0', childrenNodes: [] }],
      },
    ]);
  });

  it('attaches a child that comes before its parent, at any depth', () => {
    const tree = buildModuleTree([row('C', 'B'), row('B', 'A', false), row('A', null)]);
    expect(tree).toEqual([
      {
        modId: 'A',
        enabled: '1',
        childrenNodes: [
          { modId: 'B', enabled: '0', childrenNodes: [{ modId: 'C', enabled: '1', childrenNodes: [] }] },
        ],
      },
    ]);
  });

  it('keeps a node whose parent is missing as a root rather than losing it', () => {
    const tree = buildModuleTree([row('A', null), row('ORPHAN', 'GONE', false)]);
    expect(tree.map((n) => [n.modId, n.enabled])).toEqual([
      ['A', '1'],
      ['ORPHAN', '0'],
    ]);
  });

  it('answers an empty tree for no rows', () => {
    expect(buildModuleTree([])).toEqual([]);
  });
});
