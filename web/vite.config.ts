import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The browser uses the same zod contracts as the gateway, straight from their source.
export default defineConfig({
  plugins: [
    react(),
    // Each file compressed once at build time at the best settings (the gateway sends these:
    // brotli 11 is about 13% smaller than the quality a per-request compressor can afford).
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  resolve: {
    // `@limo/contracts` and its subpaths (`@limo/contracts/booking`) resolve to the sources.
    alias: [
      // zod without eval, for the CSP: see src/lib/zod-without-eval.ts.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) },
      { find: /^@limo\/contracts$/, replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
      { find: /^@limo\/contracts\/(.*)$/, replacement: `${fileURLToPath(new URL('../libs/contracts/src', import.meta.url))}/$1` },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // No modulepreload polyfill in the entry (0.3 KB off every first visit): a browser without
    // modulepreload (Safari before 17) still loads each module when it is imported, a moment later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared modules this small (constants, pure helpers) are copied into each chunk that
          // imports them rather than sent as files of their own: a first visit to / fetched nine
          // files under 1 KB, each with its ~400 bytes of headers. What must exist once is never
          // copied: the packages (React's and the router's contexts), the API client (ApiError is
          // checked with instanceof), the toast context and the event-stream parser class.
          // What every page runs (React, its DOM renderer, the router, TanStack Query) as one
          // file: one set of headers, and one compression stream that finds repeats across them.
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/ },
            // What every page runs of ours, beside the entry: the app shell, the API client and the
            // business clock. As files of their own they were three more sets of headers on a
            // first visit: / 100.2 → 99.1 KB, /booking 118.9 → 117.8, the admin and driver
            // dashboards 1.1 KB less each, the tracking page 0.2 KB more.
            { name: 'app', test: /web[\\/]src[\\/](app[\\/]|main\.tsx|lib[\\/]api\.ts)|libs[\\/]contracts[\\/]src[\\/]common[\\/]business-time\.ts/ },
          ],
          experimentalInlineCommonChunks: {
            maxSize: 4_000,
            exclude: [/node_modules/, /web[\\/]src[\\/]lib[\\/](api|toast|event-stream)\.tsx?$/],
          },
        },
      },
    },
  },
});
