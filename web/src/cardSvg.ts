// Cards drawn as SVG by this client (our own drawing: no card set is bundled). A face shows the rank
// and the suit's symbol in two corners and a large symbol in the middle, so a card reads without
// colour; hearts and diamonds are also drawn red. Jokers show a star and "JOKER".
import { isRed, kSuitSymbol, parseCard, rankLabel } from './cards';

const kW = 60;
const kH = 84;

function esc(s: string): string { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;'); }

/** The SVG markup of a card's face (decorative: the element holding it carries the card's name). */
export function cardFaceSvg(code: string): string {
  const c = parseCard(code);
  const colour = c.joker ? '#5b2a86' : isRed(code) ? '#c0162c' : '#111';
  const rank = c.joker ? '★' : rankLabel(c.rank);
  const sym = c.joker ? 'JOKER' : kSuitSymbol[c.suit!];
  const middle = c.joker
    ? `<text x="30" y="50" font-size="11" font-weight="700" text-anchor="middle" fill="${colour}">JOKER</text>`
    : `<text x="30" y="56" font-size="30" text-anchor="middle" fill="${colour}">${sym}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${kW} ${kH}" aria-hidden="true" focusable="false" class="card-svg">` +
    `<rect x="0.75" y="0.75" width="${kW - 1.5}" height="${kH - 1.5}" rx="5" fill="#fff" stroke="#444" stroke-width="1.5"/>` +
    `<text x="5" y="16" font-size="14" font-weight="700" fill="${colour}">${esc(rank)}</text>` +
    (c.joker ? '' : `<text x="5" y="29" font-size="12" fill="${colour}">${sym}</text>`) +
    middle +
    `<g transform="rotate(180 30 42)"><text x="5" y="16" font-size="14" font-weight="700" fill="${colour}">${esc(rank)}</text>` +
    (c.joker ? '' : `<text x="5" y="29" font-size="12" fill="${colour}">${sym}</text>`) + `</g></svg>`;
}

/** The SVG markup of a card's back (a hidden card: the stock, an opponent's unknown card). */
export function cardBackSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${kW} ${kH}" aria-hidden="true" focusable="false" class="card-svg">` +
    `<rect x="0.75" y="0.75" width="${kW - 1.5}" height="${kH - 1.5}" rx="5" fill="#1d4f91" stroke="#123" stroke-width="1.5"/>` +
    `<rect x="6" y="6" width="${kW - 12}" height="${kH - 12}" rx="3" fill="none" stroke="#9cc3f5" stroke-width="1.5"/>` +
    `<path d="M6 6 L${kW - 6} ${kH - 6} M${kW - 6} 6 L6 ${kH - 6}" stroke="#9cc3f5" stroke-width="1"/></svg>`;
}
