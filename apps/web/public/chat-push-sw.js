// Web push of support chat answers (features/chat/web-push.ts subscribes) and of the console's
// waiting work to staff (features/console/staff-push.ts subscribes), imported into the
// Workbox service worker by vite.config.ts (workbox.importScripts). A file of its own, never
// inline code: the site's CSP allows no inline scripts.
/* global self */

self.addEventListener('push', (event) => {
  let notice = { title: '', body: '', url: '/' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A push without our JSON still says that an answer came.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || 'Lucky Wallet', {
      body: notice.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: notice.tag || 'support-chat',
      renotify: true,
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a path of this site is opened (never another site's address from a push).
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The page opens the chat panel for ?chat=1.
        if ('navigate' in open) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
