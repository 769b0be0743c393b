export interface Logo {
  src: string;
  name: string;
}

/** A row of partner, payment or certificate logos, each named for screen readers and on hover. */
export function LogoRow({ logos, width, height }: { logos: Logo[]; width: number; height: number }) {
  return (
    <ul className="logo-row">
      {logos.map((l) => (
        <li key={l.src}>
          <img src={l.src} alt={l.name} title={l.name} width={width} height={height} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
