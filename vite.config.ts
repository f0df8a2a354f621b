/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './scripts/chunkGroups.ts';
import { sessionPreload } from './scripts/sessionPreload.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), sessionPreload()],
  server: {
    // `npm run dev` serves the SPA with hot reload and forwards the API to a running `npm start`.
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The manifest tells scripts/bundle-size.mjs which chunks each route loads.
    manifest: true,
    // A few chunks by who needs them, not one per shared module (scripts/chunkGroups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/support/dialogPolyfill.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
