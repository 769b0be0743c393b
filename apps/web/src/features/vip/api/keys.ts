/** The root of every VIP query key: a level change refreshes them all. */
export const VIP_ROOT = 'vip';
