/** The whitelabel module tree (SPEC section 3). No zod here: the site imports it in its first load. */

export interface ModuleNode {
  modId: string;
  /** '1' on, '0' off: the real clients compare against the string. */
  enabled: '1' | '0';
  childrenNodes: ModuleNode[];
}

/** Whether a whitelabel flag or module switch is on ('1') anywhere in the module tree. */
export function isModuleOnTree(tree: ModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (isModuleOnTree(node.childrenNodes, modId)) return true;
  }
  return false;
}
