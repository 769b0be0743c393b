/**
 * The sidebar's icons as inline SVG strokes: the text glyphs they replace are missing from many
 * system fonts (tablets showed empty boxes), and an icon font would be a download of its own.
 */
const PATHS = {
  dashboard: 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  players:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  deposits: 'M12 3v14M5 10l7 7 7-7M4 21h16',
  withdrawals: 'M12 21V7M5 14l7-7 7 7M4 3h16',
  approvals: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
  staff: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  apiKeys: 'M15 7a4 4 0 1 1-3.9 4.9L3 20v-3h3v-3h3l2.1-2.1A4 4 0 0 1 15 7',
  security: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10',
  audit: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8M8 9h2',
  brand: 'M12 2l9 5v10l-9 5-9-5V7z',
  // A plug: providers plugged into the brand.
  integrations: 'M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4',
  // An ID card: identity documents.
  kyc: 'M3 5h18v14H3zM8 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4M5 16a3 3 0 0 1 6 0M14 9h4M14 13h4',
  // A magnifier over money movements.
  aml: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14M21 21l-5-5M11 8v6M9 9.5h3a1.5 1.5 0 0 1 0 3H9',
  // A life ring.
  protection:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8M5.6 5.6l3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6',
  // A globe: the brand's sites.
  brands: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  // A picture: banners, notices and pages.
  content: 'M3 4h18v16H3zM8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4M21 15l-5-5L5 20',
  // A game pad.
  games:
    'M6 8h12a4 4 0 0 1 4 4v2a4 4 0 0 1-7 2.6L14 16h-4l-1 .6A4 4 0 0 1 2 14v-2a4 4 0 0 1 4-4M7 11v4M5 13h4M16 12h.01M18 14h.01',
  // A numbered ball.
  lottery: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8M12 10.5v3',
  // A gift box.
  promotions: 'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10 3 7.5 4.5 9 8 12 8M12 8s2-5 4.5-3.5S15 8 12 8',
  // A star.
  rewards: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z',
  // A tree of people.
  agents:
    'M12 3v6M12 9H5v4M12 9h7v4M5 13a2 2 0 1 0 0 4 2 2 0 0 0 0-4M19 13a2 2 0 1 0 0 4 2 2 0 0 0 0-4M12 9v4M12 13a2 2 0 1 0 0 4 2 2 0 0 0 0-4',
  // A bar chart.
  reports: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  // A speech bubble: the customer-service chat.
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12M8 11h.01M12 11h.01M16 11h.01',
  // A card.
  paymentChannels: 'M2 6h20v12H2zM2 10h20M6 15h4',
} as const;
export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="bo-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
