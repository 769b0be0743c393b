import type { ReactNode } from 'react';

/**
 * Small drawn flags (30 x 20) for the dialing-code picker. Drawn inline rather than loaded as
 * images: no request per flag, crisp at any size, and no emoji (which some systems lack).
 */

/** Points of a five-pointed star centred on (cx, cy) with outer radius r. */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

/** Horizontal bands of equal height (a colour repeated makes a double band). */
function bands(colours: string[]): ReactNode {
  const h = 20 / colours.length;
  return colours.map((c, i) => <rect key={i} y={i * h} width={30} height={h + 0.05} fill={c} />);
}

const FLAGS: Record<string, ReactNode> = {
  PH: (
    <>
      {bands(['#0038a8', '#ce1126'])}
      <path d="M0 0 17.3 10 0 20z" fill="#fff" />
      <circle cx={6} cy={10} r={2.6} fill="#fcd116" />
    </>
  ),
  MY: (
    <>
      {bands(['#cc0001', '#fff', '#cc0001', '#fff', '#cc0001', '#fff', '#cc0001'])}
      <rect width={15} height={11.43} fill="#010066" />
      <circle cx={6} cy={5.7} r={3.8} fill="#fc0" />
      <circle cx={7.3} cy={5.7} r={3.2} fill="#010066" />
      <polygon points={star(11.3, 5.7, 2.4)} fill="#fc0" />
    </>
  ),
  ID: bands(['#ce1126', '#fff']),
  TH: bands(['#a51931', '#f4f5f8', '#2d2a4a', '#2d2a4a', '#f4f5f8', '#a51931']),
  VN: (
    <>
      <rect width={30} height={20} fill="#da251d" />
      <polygon points={star(15, 10.5, 6)} fill="#ff0" />
    </>
  ),
  SG: (
    <>
      {bands(['#ef3340', '#fff'])}
      <circle cx={6} cy={5} r={3.3} fill="#fff" />
      <circle cx={7.4} cy={5} r={3.1} fill="#ef3340" />
      <polygon points={star(10.5, 3.6, 0.9)} fill="#fff" />
      <polygon points={star(9.5, 6.6, 0.9)} fill="#fff" />
      <polygon points={star(12, 5.4, 0.9)} fill="#fff" />
    </>
  ),
  KH: (
    <>
      {bands(['#032ea1', '#e00025', '#e00025', '#032ea1'])}
      <path d="M9 14h12v-1.5h-1V11h-1.5V8.5H17V7h-1V5.5h-2V7h-1v1.5h-1.5V11H10v1.5H9z" fill="#fff" />
    </>
  ),
  MM: (
    <>
      {bands(['#fecb00', '#34b233', '#ea2839'])}
      <polygon points={star(15, 11, 7)} fill="#fff" />
    </>
  ),
  LA: (
    <>
      {bands(['#ce1126', '#002868', '#002868', '#ce1126'])}
      <circle cx={15} cy={10} r={4} fill="#fff" />
    </>
  ),
  CN: (
    <>
      <rect width={30} height={20} fill="#de2910" />
      <polygon points={star(5, 5, 3)} fill="#ffde00" />
      <polygon points={star(10, 2, 1)} fill="#ffde00" />
      <polygon points={star(12, 4, 1)} fill="#ffde00" />
      <polygon points={star(12, 7, 1)} fill="#ffde00" />
      <polygon points={star(10, 9, 1)} fill="#ffde00" />
    </>
  ),
  HK: (
    <>
      <rect width={30} height={20} fill="#de2910" />
      <polygon points={star(15, 10.4, 6)} fill="#fff" />
      <circle cx={15} cy={10.4} r={1} fill="#de2910" />
    </>
  ),
  TW: (
    <>
      <rect width={30} height={20} fill="#fe0000" />
      <rect width={15} height={10} fill="#000095" />
      <circle cx={7.5} cy={5} r={2.9} fill="#fff" />
      <circle cx={7.5} cy={5} r={2.1} fill="#000095" />
      <circle cx={7.5} cy={5} r={1.7} fill="#fff" />
    </>
  ),
  IN: (
    <>
      {bands(['#ff9933', '#fff', '#138808'])}
      <circle cx={15} cy={10} r={2.4} fill="none" stroke="#000080" strokeWidth={0.8} />
    </>
  ),
  KR: (
    <>
      <rect width={30} height={20} fill="#fff" />
      <path d="M10 10a5 5 0 0 1 10 0z" fill="#cd2e3a" />
      <path d="M10 10a5 5 0 0 0 10 0z" fill="#0047a0" />
      <path
        d="M4 4.5 6.5 2.5M5 5.7l2.5-2M23.5 2.5 26 4.5M22.5 3.7l2.5 2M4 15.5l2.5 2M5 14.3l2.5 2M23.5 17.5 26 15.5M22.5 16.3l2.5-2"
        stroke="#000"
        strokeWidth={0.7}
      />
    </>
  ),
  JP: (
    <>
      <rect width={30} height={20} fill="#fff" />
      <circle cx={15} cy={10} r={6} fill="#bc002d" />
    </>
  ),
};

export function CountryFlag({ countryCode }: { countryCode: string }) {
  const art = FLAGS[countryCode];
  return (
    <svg className="flag" width={24} height={16} viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      {art ?? <rect width={30} height={20} fill="var(--surface-2)" />}
    </svg>
  );
}
