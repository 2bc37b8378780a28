import { createHash } from 'node:crypto';
import type { CatalogueGame, Emblem } from './sandbox-provider.catalogue';

/**
 * The sandbox games' artwork, drawn here as small SVGs: a gradient of the game's two colours, an
 * emblem and the game's name. NOTE: original shapes only; no third-party logo may appear here.
 */

const round = (value: number): string => String(Math.round(value * 10) / 10);

/** Points of a regular polygon (or a star, with two radii), clockwise from the top. */
function polygon(cx: number, cy: number, radii: readonly number[], corners: number, turn = 0): string {
  const points: string[] = [];
  for (let i = 0; i < corners * radii.length; i++) {
    const angle = ((i / (corners * radii.length)) * 2 - 0.5 + turn) * Math.PI;
    const radius = radii[i % radii.length]!;
    points.push(`${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

/** One emblem of size r around (cx, cy), in the current fill or stroke. */
function emblem(kind: Emblem, cx: number, cy: number, r: number, colour: string): string {
  const fill = `fill="${colour}"`;
  const line = `fill="none" stroke="${colour}" stroke-width="${round(r / 4)}" stroke-linecap="round"`;
  switch (kind) {
    case 'circle':
      return `<circle cx="${cx}" cy="${cy}" r="${r}" ${fill}/><circle cx="${cx}" cy="${cy}" r="${round(r / 2.4)}" fill="#000" fill-opacity="0.18"/>`;
    case 'ring':
      return `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.8)}" ${line}/><circle cx="${cx}" cy="${cy}" r="${round(r / 4)}" ${fill}/>`;
    case 'diamond':
      return `<polygon points="${polygon(cx, cy, [r], 4)}" ${fill}/><polygon points="${polygon(cx, cy, [r / 2], 4)}" fill="#000" fill-opacity="0.15"/>`;
    case 'hexagon':
      return `<polygon points="${polygon(cx, cy, [r], 6, 1 / 6)}" ${fill}/><polygon points="${polygon(cx, cy, [r * 0.55], 6, 1 / 6)}" fill="#000" fill-opacity="0.15"/>`;
    case 'star':
      return `<polygon points="${polygon(cx, cy, [r, r * 0.45], 5)}" ${fill}/>`;
    case 'bolt': {
      const s = r / 10;
      const at = (x: number, y: number) => `${round(cx + x * s)},${round(cy + y * s)}`;
      return `<polygon points="${[at(2, -10), at(-6, 1), at(-1, 1), at(-3, 10), at(6, -2), at(1, -2)].join(' ')}" ${fill}/>`;
    }
    case 'crown': {
      const s = r / 10;
      const at = (x: number, y: number) => `${round(cx + x * s)},${round(cy + y * s)}`;
      const outline = [at(-10, 7), at(-10, -6), at(-5, 0), at(0, -9), at(5, 0), at(10, -6), at(10, 7)];
      return `<polygon points="${outline.join(' ')}" ${fill}/><rect x="${round(cx - r)}" y="${round(cy + r * 0.8)}" width="${round(2 * r)}" height="${round(r / 4)}" rx="${round(r / 10)}" ${fill}/>`;
    }
    case 'wave': {
      const w = r * 2;
      const wave = (dy: number) =>
        `<path d="M${round(cx - r)} ${round(cy + dy)} q${round(w / 8)} ${round(-r / 2)} ${round(w / 4)} 0 t${round(w / 4)} 0 t${round(w / 4)} 0 t${round(w / 4)} 0" ${line}/>`;
      return wave(-r / 2) + wave(r / 2);
    }
  }
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const stops = ([from, to]: readonly [string, string]) =>
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`;

const FONT = "font-family=\"'Noto Sans', 'Helvetica Neue', Arial, sans-serif\"";

/** A square logo: the emblem over the game's name. */
export function logoSvg(game: CatalogueGame): string {
  // Long names get smaller letters, so that every name keeps inside the tile.
  const size = Math.min(46, Math.floor(330 / Math.max(game.name.length, 4)));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops(game.colours)}</linearGradient></defs>`,
    '<rect width="256" height="256" rx="52" fill="url(#g)"/>',
    '<rect x="10" y="10" width="236" height="236" rx="44" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>',
    emblem(game.emblem, 128, 104, 52, '#fff'),
    `<text x="128" y="214" text-anchor="middle" ${FONT} font-weight="800" font-size="${size}" fill="#fff">${escapeXml(game.name)}</text>`,
    '</svg>',
  ].join('');
}

/** A card background: the game's gradient scattered with its emblem, no text. */
export function backgroundSvg(game: CatalogueGame): string {
  // Positions from a hash of the code: each game has its own pattern, the same every time.
  const seed = createHash('sha256').update(game.code).digest();
  const scattered = Array.from({ length: 9 }, (_, i) => {
    const x = 20 + (seed[i * 3]! / 255) * 600;
    const y = 20 + (seed[i * 3 + 1]! / 255) * 320;
    const r = 12 + (seed[i * 3 + 2]! / 255) * 30;
    return emblem(game.emblem, Math.round(x), Math.round(y), Math.round(r), '#fff');
  }).join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" preserveAspectRatio="xMidYMid slice">',
    '<defs>',
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1">${stops(game.colours)}</linearGradient>`,
    // Darker at the bottom, where the member app writes on the card.
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>',
    '</defs>',
    '<rect width="640" height="360" fill="url(#b)"/>',
    `<g opacity="0.12">${scattered}</g>`,
    `<g opacity="0.22">${emblem(game.emblem, 520, 200, 150, '#fff')}</g>`,
    '<rect width="640" height="360" fill="url(#shade)"/>',
    '</svg>',
  ].join('');
}

/** The symbols of the demo slot's reels. */
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven', 'diamond'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

const SYMBOL_ART: Record<SlotSymbol, string> = {
  cherry:
    '<path d="M50 14 C44 30 36 40 30 56 M50 14 C56 32 62 42 70 58" fill="none" stroke="#2e7d32" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M50 14 q14 -6 24 2 q-12 8 -24 -2z" fill="#43a047"/>' +
    '<circle cx="30" cy="66" r="18" fill="#d32f2f"/><circle cx="70" cy="68" r="18" fill="#c62828"/>' +
    '<circle cx="24" cy="60" r="5" fill="#fff" fill-opacity="0.5"/><circle cx="64" cy="62" r="5" fill="#fff" fill-opacity="0.5"/>',
  lemon:
    '<ellipse cx="50" cy="52" rx="36" ry="26" fill="#fdd835" stroke="#f9a825" stroke-width="4" transform="rotate(-20 50 52)"/>' +
    '<ellipse cx="40" cy="44" rx="10" ry="5" fill="#fff" fill-opacity="0.5" transform="rotate(-20 40 44)"/>',
  bell:
    '<path d="M50 14 c-18 0 -26 14 -26 32 v16 l-8 10 h68 l-8 -10 v-16 c0 -18 -8 -32 -26 -32z" fill="#ffb300" stroke="#e65100" stroke-width="3" stroke-linejoin="round"/>' +
    '<circle cx="50" cy="80" r="8" fill="#e65100"/><rect x="46" y="8" width="8" height="8" rx="3" fill="#e65100"/>',
  star: `<polygon points="${polygon(50, 52, [40, 17], 5)}" fill="#ab47bc" stroke="#6a1b9a" stroke-width="4" stroke-linejoin="round"/>`,
  seven: `<text x="50" y="82" text-anchor="middle" ${FONT} font-weight="900" font-size="84" fill="#e53935" stroke="#7f0000" stroke-width="3">7</text>`,
  diamond:
    '<polygon points="50,12 84,40 50,90 16,40" fill="#4dd0e1" stroke="#00838f" stroke-width="4" stroke-linejoin="round"/>' +
    '<polygon points="50,12 62,40 50,90 38,40" fill="#b2ebf2"/><path d="M16 40 H84" stroke="#00838f" stroke-width="3"/>',
};

export function symbolSvg(symbol: SlotSymbol): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">${SYMBOL_ART[symbol]}</svg>`;
}
