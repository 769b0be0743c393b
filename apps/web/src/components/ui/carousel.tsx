import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';

interface CarouselProps {
  slides: ReactNode[];
  /**
   * Autoplay delay; autoplay runs only when there is more than one slide, and not for visitors who
   * asked for less motion (they move it with the dots or a swipe).
   */
  delayMs: number;
  label: string;
  /** Accessible name of the n-th pagination dot; omit for no pagination. */
  dotLabel?: (n: number) => string;
  className?: string;
}

/**
 * A carousel on the browser's own scroll snapping: a finger swipes it with the platform's
 * momentum, a trackpad or the arrow keys scroll it, and the page carries no carousel library.
 * Autoplay steps one slide at a time and starts over after the last one in view; it waits while a
 * pointer rests on it or a finger touches it, and a chosen slide stays a full delay.
 */
export function Carousel({ slides, delayMs, label, dotLabel, className = '' }: CarouselProps) {
  const many = slides.length > 1;
  const still = useReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const [held, setHeld] = useState(false);
  // Bumped by a dot: restarts the autoplay timer from the click.
  const [chosenAt, setChosenAt] = useState(0);

  const slideAt = (i: number) => viewport.current?.querySelectorAll<HTMLElement>('.carousel-slide')[i];

  const scrollTo = useCallback(
    (i: number) => {
      const el = viewport.current;
      const slide = el?.querySelectorAll<HTMLElement>('.carousel-slide')[i];
      if (!el || !slide) return;
      el.scrollTo({ left: slide.offsetLeft, behavior: still ? 'auto' : 'smooth' });
      setSelected(i);
    },
    [still],
  );

  // The slide in view follows the scroll position (swipes and keys included), read once a frame:
  // a smooth scroll fires many events, and reading layout in each costs a phone's main thread.
  const frame = useRef(0);
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = viewport.current;
      const width = slideAt(0)?.offsetWidth;
      if (!el || !width) return;
      setSelected(Math.min(slides.length - 1, Math.round(el.scrollLeft / width)));
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  useEffect(() => {
    if (!many || still || held) return;
    const id = window.setInterval(() => {
      const el = viewport.current;
      if (!el) return;
      const width = slideAt(0)?.offsetWidth ?? el.clientWidth;
      const current = Math.round(el.scrollLeft / width);
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
      scrollTo(atEnd ? 0 : current + 1);
    }, delayMs);
    return () => window.clearInterval(id);
  }, [many, still, held, delayMs, scrollTo, chosenAt]);

  return (
    <section
      className={`carousel ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onTouchStart={() => setHeld(true)}
      onTouchEnd={() => setHeld(false)}
    >
      <div className="carousel-viewport" ref={viewport} onScroll={many ? onScroll : undefined}>
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
              onClick={() => {
                scrollTo(i);
                setChosenAt(Date.now());
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
