import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const serverUrl = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // A registerSW.js file, not an inline script: the server's CSP allows no inline scripts.
      injectRegister: 'script',
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Lucky Wallet',
        short_name: 'Lucky Wallet',
        description: 'Your member wallet: deposit, play and withdraw.',
        lang: 'th',
        start_url: '/user',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0b1020',
        theme_color: '#0b1020',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // NOTE: API answers carry balances and must never come from a cache; media is large.
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        runtimeCaching: [],
        // Web push of support chat answers: shows the notice and opens the chat when tapped.
        importScripts: ['/chat-push-sw.js'],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': serverUrl,
      '/media': serverUrl,
      // The chat's live socket (features/chat).
      '/socket.io': { target: serverUrl, ws: true },
    },
  },
  build: {
    // NOTE: no source maps in the published build: they hand out our whole source (the server
    // refuses to serve .map files too).
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
