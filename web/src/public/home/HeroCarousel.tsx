import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HERO_INTERVAL_MS, HERO_SCENES, nextSceneIndex, parseHeroVideoUrls, withVideos } from './hero-scenes';

const SCENES = withVideos(HERO_SCENES, parseHeroVideoUrls(import.meta.env.VITE_HERO_VIDEO_URLS as string | undefined));

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * The home hero's background: six scenes, one every 5 s, with dot controls and a pause button.
 * Rotation stops while the pointer or focus is inside the hero, when the visitor pauses it, and
 * for visitors who ask for reduced motion (they change scenes with the dots).
 */
export function HeroCarousel({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const videoRefs = useRef<(HTMLVideoElement | null)[]>([]);
  // Scenes are fetched when first needed (the visible one and the next), not all six up front.
  const [needed, setNeeded] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const rotating = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    setNeeded((current) => {
      const next = nextSceneIndex(index, SCENES.length);
      return current.has(index) && current.has(next) ? current : new Set([...current, index, next]);
    });
  }, [index]);

  useEffect(() => {
    if (!rotating) return;
    // Keyed on index: choosing a scene with a dot restarts the 5 s.
    const timer = setTimeout(() => setIndex((i) => nextSceneIndex(i, SCENES.length)), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index]);

  // Only the visible clip plays; reduced motion shows its poster (the artwork) instead.
  useEffect(() => {
    videoRefs.current.forEach((video, i) => {
      if (!video) return;
      if (i === index && !reducedMotion) void video.play().catch(() => {});
      else video.pause();
    });
  }, [index, reducedMotion]);

  const scene = SCENES[index];
  return (
    <section
      className="hero"
      aria-labelledby={labelledBy}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero-stage" role="group" aria-roledescription="carousel" aria-label="Scenes of Southern California">
        <div className="hero-scenes" aria-live={rotating ? 'off' : 'polite'}>
          {SCENES.map((s, i) => (
            <div
              key={s.id}
              className={`hero-scene${i === index ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SCENES.length}: ${s.title}`}
              aria-hidden={i !== index}
              data-scene={s.id}
            >
              {!needed.has(i) ? null : s.video ? (
                <video
                  ref={(el) => {
                    videoRefs.current[i] = el;
                  }}
                  src={s.video}
                  poster={s.image}
                  muted
                  loop
                  playsInline
                  preload={i === 0 ? 'auto' : 'none'}
                  aria-label={s.alt}
                />
              ) : (
                <img src={s.image} alt={s.alt} fetchPriority={i === 0 ? 'high' : 'low'} decoding="async" />
              )}
            </div>
          ))}
        </div>
        <div className="hero-shade" aria-hidden="true" />
        <div className="hero-controls">
          <button
            type="button"
            className="hero-pause"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused || reducedMotion ? 'Play scenes' : 'Pause scenes'}
            disabled={reducedMotion}
            title={reducedMotion ? 'Scenes do not rotate because your device asks for reduced motion' : undefined}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              {paused || reducedMotion ? <path d="M4 2.5v11l9-5.5z" fill="currentColor" /> : <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />}
            </svg>
          </button>
          <div className="hero-dots" role="group" aria-label="Choose a scene">
            {SCENES.map((s, i) => (
              <button
                key={s.id}
                type="button"
                className="hero-dot"
                aria-label={`Show scene ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <p className="hero-caption" aria-hidden="true">
            {scene.title}
          </p>
        </div>
      </div>
      <div className="hero-content container">{children}</div>
    </section>
  );
}
