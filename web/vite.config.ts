import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser uses the same zod contracts as the gateway, straight from their source.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@limo/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400 },
});
