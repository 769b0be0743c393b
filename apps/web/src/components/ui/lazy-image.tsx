import { useEffect, useRef, useState } from 'react';

/** Images start loading this far ahead of the viewport: 1.3 screens (SPEC section 9). */
const LAZY_ROOT_MARGIN = '130% 0px 130% 0px';
const LAZY_THRESHOLD = 0.1;

interface LazyImageProps {
  src: string;
  alt: string;
  /** Shown after the first failed load; never retried further (SPEC section 8: one attempt). */
  fallbackSrc: string;
  width: number;
  height: number;
  className?: string;
}

type Phase = 'waiting' | 'loading' | 'loaded' | 'fallback';

/** Without IntersectionObserver (very old browsers) images load at once. */
const firstPhase = (): Phase => (typeof IntersectionObserver === 'undefined' ? 'loading' : 'waiting');

/**
 * An image fetched only when it comes near the viewport. One failed load shows `fallbackSrc`;
 * a failed fallback is left as it is, so a broken host never causes a request loop.
 */
export function LazyImage({ src, alt, fallbackSrc, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [phase, setPhase] = useState<Phase>(firstPhase);
  const [shownFor, setShownFor] = useState(src);

  // A new source starts over (a list re-used for another page keeps its elements).
  if (shownFor !== src) {
    setShownFor(src);
    setPhase(firstPhase());
  }

  useEffect(() => {
    if (phase !== 'waiting') return;
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          setPhase('loading');
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [phase]);

  const current = phase === 'waiting' ? undefined : phase === 'fallback' ? fallbackSrc : src;
  return (
    <img
      ref={ref}
      src={current}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      className={['lazy-image', className].filter(Boolean).join(' ')}
      data-state={phase}
      onLoad={() => {
        if (phase === 'loading') setPhase('loaded');
      }}
      onError={() => {
        if (phase === 'loading') setPhase('fallback');
      }}
    />
  );
}
