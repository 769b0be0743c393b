/** Fixed client identity of this web build (SPEC section 3, brand config). */
export const CLIENT = {
  platform: 'web',
  device: 'WEB',
  lotteryType: 'SEA',
  gatewayVersion: '3',
} as const;
