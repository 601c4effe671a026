import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';
import { maltaBasemapPlugin } from './build/basemap.ts';
import { sharedAndOwnModuleProjects } from '../../scripts/vitest-projects.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions), maltaBasemapPlugin(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  // No source maps in production: they would publish the whole source next to the app.
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React, the router, TanStack Query and i18next in one chunk: every screen needs them and they change less
        // often than the app, so a release of the app leaves them cached.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // Form tests type into jsdom and validate with zod: about 2.5 s each on a quiet machine, near the default 5 s
    // limit on a loaded CI machine. A limit is a hang detector here, not a speed check.
    testTimeout: 15_000,
    // Files share their worker's modules instead of a fresh module graph, jsdom and catalogs a file: 121 s -> 24 s
    // alone on this 2-core machine (issue 26, ADR 021). vitest.setup.ts still runs before every file and cleans up
    // after every test; a file that calls vi.mock keeps modules of its own (the second project).
    projects: sharedAndOwnModuleProjects(import.meta.dirname, ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], ['src', 'build']),
  },
});
