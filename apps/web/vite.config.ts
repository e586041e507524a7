import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/v2': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
  // Module workers (the Gerar Remessas sheet reader loads its xlsx library on demand: docs/gerar-remessas.md).
  worker: { format: 'es' },
});
