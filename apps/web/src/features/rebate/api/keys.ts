/** The root of every rebate query key: a claim refreshes them all. */
export const REBATE_ROOT = 'rebate';
