/**
 * The home hero's six scenes (spec: six clips changing every 5 seconds, with dot controls). The
 * pictures are the project's own SVG artwork in web/public/images/hero/; an operator can put a real
 * clip in front of any of them with VITE_HERO_VIDEO_URLS (docs/public-site.md).
 */
export interface HeroScene {
  id: string;
  title: string;
  image: string;
  alt: string;
  /** A real clip for this scene, when one is configured. */
  video?: string;
}

export const HERO_INTERVAL_MS = 5000;

export const HERO_SCENES: HeroScene[] = [
  {
    id: 'lax-dusk',
    title: 'LAX at dusk',
    image: '/images/hero/lax-dusk.svg',
    alt: 'Illustration: a jet climbing over the LAX Theme Building at dusk, runway lights glowing.',
  },
  {
    id: 'hollywood-hills',
    title: 'Hollywood Hills',
    image: '/images/hero/hollywood-hills.svg',
    alt: 'Illustration: the Hollywood Hills at twilight with the observatory on the ridge and city lights below.',
  },
  {
    id: 'santa-monica-pier',
    title: 'Santa Monica Pier',
    image: '/images/hero/santa-monica-pier.svg',
    alt: 'Illustration: Santa Monica Pier and its Ferris wheel against a Pacific sunset.',
  },
  {
    id: 'downtown-skyline',
    title: 'Downtown Los Angeles',
    image: '/images/hero/downtown-skyline.svg',
    alt: 'Illustration: the Downtown Los Angeles skyline at night above freeway light trails.',
  },
  {
    id: 'newport-coast',
    title: 'Newport Coast',
    image: '/images/hero/newport-coast.svg',
    alt: 'Illustration: the cliffs of Newport Coast at golden hour with yachts on the ocean.',
  },
  {
    id: 'beverly-hills',
    title: 'Beverly Hills',
    image: '/images/hero/beverly-hills.svg',
    alt: 'Illustration: a palm-lined avenue in Beverly Hills at sunset with a black limousine.',
  },
];

/**
 * Clip URLs from configuration: a comma-separated list, first URL for the first scene and so on.
 * Empty entries keep that scene's artwork (",,/clips/pier.mp4" only replaces the third scene).
 */
export function parseHeroVideoUrls(raw: string | undefined): (string | undefined)[] {
  if (!raw) return [];
  return raw
    .split(',')
    .slice(0, HERO_SCENES.length)
    .map((url) => url.trim() || undefined);
}

export function withVideos(scenes: HeroScene[], videos: (string | undefined)[]): HeroScene[] {
  return scenes.map((scene, i) => (videos[i] ? { ...scene, video: videos[i] } : scene));
}

export function nextSceneIndex(current: number, count = HERO_SCENES.length): number {
  return (current + 1) % count;
}
