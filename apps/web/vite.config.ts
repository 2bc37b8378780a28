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
    // NOTE: no modulepreload polyfill in the first download (0.4 KB): every browser the members use
    // (Chrome 66+, Safari 17+, Firefox 115+) preloads modules itself; an older one fetches each
    // module when it is imported, as before, only later (issue 30, decision 076).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, steadier chunks (issue 30, decision 076): left to itself the bundler cut what
        // /login runs into pieces that moved with every change to which chunk imports what, each
        // cut costing bytes, and made each icon shared by two screens a request of its own.
        codeSplitting: {
          groups: [
            {
              // What /login runs (the entry's static imports), so the icons group below takes
              // only the icons of other screens.
              name: 'first',
              tags: ['$initial'],
              priority: 3,
            },
            {
              // Every other screen's icons in one chunk: one request where home made some 20 of
              // 0.3 KB each (HTTP/1.1 asks six at a time).
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 800,
  },
});
