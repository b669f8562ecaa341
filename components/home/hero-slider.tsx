"use client";

import { useEffect, useState } from "react";
import clsx from "clsx";

/** Spec: hero slides advance every 5 seconds. */
export const HERO_SLIDE_INTERVAL_MS = 5000;

export type HeroSlide = { title: string; text: string };

/**
 * Cross-fading text slides. All slides share one grid cell, so the block is as tall as the
 * longest slide and nothing below it jumps when the text changes.
 */
export function HeroSlider({
  slides,
  dotLabels,
  regionLabel,
  roleDescription,
}: {
  slides: HeroSlide[];
  dotLabels: string[];
  regionLabel: string;
  /** What a screen reader calls the region (a slideshow), in the page's language. */
  roleDescription: string;
}) {
  const [active, setActive] = useState(0);

  // A timeout per slide (not one interval) so that choosing a dot restarts the 5-second wait.
  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setTimeout(() => setActive((i) => (i + 1) % slides.length), HERO_SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, slides.length]);

  return (
    <section aria-roledescription={roleDescription} aria-label={regionLabel} data-testid="hero-slider">
      <div className="grid">
        {slides.map((slide, i) => (
          <div
            key={i}
            aria-hidden={i !== active}
            data-testid="hero-slide"
            data-active={i === active}
            className={clsx(
              "[grid-area:1/1] transition-opacity duration-700 ease-out motion-reduce:transition-none",
              i === active ? "opacity-100" : "pointer-events-none opacity-0",
            )}
          >
            <h2 className="text-3xl font-bold text-balance sm:text-4xl lg:text-5xl lg:leading-tight">{slide.title}</h2>
            <p className="mt-3 max-w-xl text-base text-pretty text-primary-foreground sm:text-lg">{slide.text}</p>
          </div>
        ))}
      </div>
      <div className="mt-5 flex gap-1">
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-label={dotLabels[i]}
            aria-current={i === active ? "true" : undefined}
            data-testid="hero-dot"
            onClick={() => setActive(i)}
            // 24 px hit area around a small visible dot, for thumbs on small screens.
            className="group flex size-6 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:outline-none"
          >
            <span
              className={clsx(
                "block h-2.5 rounded-full bg-primary-foreground transition-all",
                i === active ? "w-6" : "w-2.5 opacity-50 group-hover:opacity-80",
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
