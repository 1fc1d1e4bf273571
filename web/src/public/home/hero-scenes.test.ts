import { HERO_INTERVAL_MS, HERO_SCENES, nextSceneIndex, parseHeroVideoUrls, withVideos } from './hero-scenes';

describe('home hero scenes', () => {
  it('has six scenes changing every 5 seconds (spec section 9)', () => {
    expect(HERO_SCENES).toHaveLength(6);
    expect(HERO_INTERVAL_MS).toBe(5000);
    expect(new Set(HERO_SCENES.map((s) => s.id)).size).toBe(6);
    for (const scene of HERO_SCENES) expect(scene.alt.length).toBeGreaterThan(20);
  });

  it('wraps from the last scene to the first', () => {
    expect(nextSceneIndex(0)).toBe(1);
    expect(nextSceneIndex(5)).toBe(0);
  });

  it('reads no clips when the setting is unset or blank', () => {
    expect(parseHeroVideoUrls(undefined)).toEqual([]);
    expect(parseHeroVideoUrls('')).toEqual([]);
    expect(withVideos(HERO_SCENES, [])).toEqual(HERO_SCENES);
  });

  it('gives clips to scenes in order, keeps the artwork where an entry is empty, and ignores extra entries', () => {
    const videos = parseHeroVideoUrls(' /clips/lax.mp4 ,, https://cdn.example/pier.mp4,,,,/clips/seventh.mp4');
    expect(videos).toEqual(['/clips/lax.mp4', undefined, 'https://cdn.example/pier.mp4', undefined, undefined, undefined]);
    const scenes = withVideos(HERO_SCENES, videos);
    expect(scenes[0].video).toBe('/clips/lax.mp4');
    expect(scenes[1].video).toBeUndefined();
    expect(scenes[2].video).toBe('https://cdn.example/pier.mp4');
    expect(scenes[2].image).toBe('/images/hero/santa-monica-pier.svg');
  });
});
