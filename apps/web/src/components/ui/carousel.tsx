import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';

interface CarouselProps {
  slides: ReactNode[];
  /**
   * Autoplay delay; autoplay runs only when there is more than one slide, and not for visitors who
   * asked for less motion (they move it with the dots).
   */
  delayMs: number;
  label: string;
  /** Accessible name of the n-th pagination dot; omit for no pagination. */
  dotLabel?: (n: number) => string;
  className?: string;
  /** How many slides show at once, per breakpoint, as a CSS class hook. */
  align?: 'start' | 'center';
}

/** A looping carousel (Embla) with autoplay and clickable pagination. */
export function Carousel({
  slides,
  delayMs,
  label,
  dotLabel,
  className = '',
  align = 'start',
}: CarouselProps) {
  const many = slides.length > 1;
  const still = useReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: many, align, active: many },
    many && !still ? [Autoplay({ delay: delayMs, stopOnInteraction: false, stopOnMouseEnter: true })] : [],
  );
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  // A chosen slide stays a full delay: the autoplay timer restarts from the click, so it does not
  // move on at once when the click came just before its tick.
  const go = useCallback(
    (i: number) => {
      if (!embla) return;
      embla.scrollTo(i);
      // Typed as always there (module augmentation), but absent when autoplay is off.
      (embla.plugins() as Partial<ReturnType<typeof embla.plugins>>).autoplay?.reset();
    },
    [embla],
  );

  return (
    <section className={`carousel ${className}`} aria-roledescription="carousel" aria-label={label}>
      <div className="carousel-viewport" ref={viewportRef}>
        <div className="carousel-track">
          {slides.map((slide, i) => (
            <div className="carousel-slide" key={i} aria-roledescription="slide">
              {slide}
            </div>
          ))}
        </div>
      </div>
      {many && dotLabel && (
        <div className="carousel-dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === selected ? 'dot active' : 'dot'}
              aria-label={dotLabel(i + 1)}
              aria-current={i === selected}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
