// The browser tests' check of text contrast (WCAG AA), measured in the page as it is drawn.
import { expect } from './harness.mjs';

/**
 * Every visible text meets WCAG AA contrast against what is behind it: 4.5:1, or 3:1 for large text
 * (24 px, or 18.66 px bold). The background is the first opaque one up the tree, with the
 * translucent ones between composited over it.
 */
export async function checkContrast(page, where) {
  const bad = await page.evaluate(() => {
    const rgba = (c) => { const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]; return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') || !(el instanceof HTMLElement)) continue;
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (!text || el.getClientRects().length === 0) continue;
      const st = getComputedStyle(el);
      if (st.visibility === 'hidden' || el.closest('.modal-back') === null && document.querySelector('.modal-back')) continue;
      const layers = [];
      for (let a = el; a; a = a.parentElement) {
        const bg = rgba(getComputedStyle(a).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let back = [255, 255, 255];
      for (const l of layers.reverse()) back = over(l, back);
      const fg = over(rgba(st.color), back);
      const [hi, lo] = [lum(fg), lum(back)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(st.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) out.push(`"${text.slice(0, 30)}" ${ratio.toFixed(2)}:1`);
    }
    return out;
  });
  expect(bad.length === 0, `WCAG AA contrast (${where}): ${bad.join('; ')}`);
}
