// The name of the Cache Storage cache that keeps the page for offline play: public/sw.js (plain
// JavaScript, not built) names it too, as kCache; web/test/pageCache.test.ts keeps the two equal.
// A new name makes every visitor's service worker drop the old copy and keep a fresh one.
export const kPageCache = 'tonk-page-v1';
