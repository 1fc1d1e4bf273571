import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser uses the same zod contracts as the gateway, straight from their source.
export default defineConfig({
  plugins: [react()],
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400 },
});
