import { createHash } from 'node:crypto';

const COLOURS = ['#0d7a53', '#b7791f', '#2b6cb0', '#9b2c2c', '#6b46c1', '#2c7a7b', '#c05621', '#4a5568'];

/** A default avatar: the account's initial on a colour picked from the account name, as an SVG data URL. */
export function initialAvatar(username: string): string {
  const colour = COLOURS[createHash('sha256').update(username).digest()[0]! % COLOURS.length];
  const initial = (username.match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    `<text x="48" y="62" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
