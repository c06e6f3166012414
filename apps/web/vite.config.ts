/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vendor groups: React and the router change rarely and are needed by every page, so they
// get their own long-cached chunk. antd is left to automatic splitting on purpose: a single
// antd chunk would make the login page download Table, Upload, Drawer... (see DECISIONS).
// The one antd group holds what the login form is made of (Form, Input, Alert, with their
// dependencies): left to automatic splitting, screens that use Table without Input split it
// into several smaller chunks the login page still loads, costing more than 4 KB of gzip.
export default defineConfig({
  plugins: [react()],
  // cmdk's Command.Dialog is never used (the palette is an antd Modal): see no-radix-dialog.ts.
  resolve: { alias: { '@radix-ui/react-dialog': fileURLToPath(new URL('./src/app/command-palette/no-radix-dialog.ts', import.meta.url)) } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
            { name: 'data', test: /node_modules[\\/](@tanstack|axios)[\\/]/, priority: 10 },
            { name: 'form', test: /node_modules[\\/]antd[\\/]es[\\/](input|form|alert)[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
  },
});
