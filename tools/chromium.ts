/**
 * Debian's Chromium, as every browser-driving tool here launches it: nothing downloads a
 * browser of its own, and the flags keep it from reaching for the network at start-up.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
