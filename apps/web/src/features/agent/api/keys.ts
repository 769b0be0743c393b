/** The root of every agent-centre query: a money movement refreshes them all. */
export const AGENT_ROOT = 'agent';
