import type { Page, Request } from 'playwright-core';

/** The live boards' server-sent event streams: open as long as the page is. */
const isLiveStream = (url: string) => /\/api\/(admin|drivers\/current)\/stream(\?|$)/.test(new URL(url).pathname);

/**
 * Playwright's 'networkidle' never comes on a page with a live board (its event stream stays
 * open). This waits instead until no other request has been in flight for `quietMs`. Call it
 * before the page navigates, then `settled()` where 'networkidle' was awaited.
 */
export function trackRequests(page: Page): { settled: (quietMs?: number, timeoutMs?: number) => Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!isLiveStream(request.url())) open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 500, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = open.size === 0 ? Date.now() : 0;
      while (Date.now() < deadline) {
        if (open.size > 0) quietSince = 0;
        else if (!quietSince) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`);
    },
  };
}
