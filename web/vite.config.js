// The client is served by `churchill serve` from web/dist; in development Vite proxies the API.
// The message catalogues of data/i18n (beside web/) are bundled (src/i18n.ts).
// Unit tests (npm test): Vitest runs src/**/*.test.ts in a simulated page (happy-dom).
export default {
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } }, fs: { allow: ['..'] } },
  test: { environment: 'happy-dom', include: ['src/**/*.test.ts'] },
};
