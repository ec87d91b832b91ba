// Installs the page's service worker (public/sw.js): after one visit the page, its files and the
// engine are kept, so it opens and plays offline (docs/WEB.md). Only where browsers allow it (https,
// or this machine); elsewhere the page simply needs the network.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('sw.js').catch(() => { /* no offline copy: the page still works online */ });
}
