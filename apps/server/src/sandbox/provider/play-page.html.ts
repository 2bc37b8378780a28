import { formatMajorAmount } from '@wallet/contract/money';
import { toWireAmount } from '../../adapters/game-provider/protocol';
import { PAGES_PATH, type CatalogueGame } from './sandbox-provider.catalogue';
import { PAIR_MULTIPLE, SLOT_BETS, THREE_OF_A_KIND } from './sandbox-provider.slot';
import { SLOT_SYMBOLS } from './sandbox-provider.art';

/**
 * The sandbox games' pages. NOTE: the site's CSP allows scripts from this origin only, so the
 * page has no inline script and no inline event handler: slot.js finds its elements by id and
 * reads the launch token from `data-token`. Style attributes are allowed.
 */

const escapeHtml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const head = (title: string, icon = 'data:,') => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="${icon}">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAGES_PATH}/slot.css">
<script src="${PAGES_PATH}/slot.js" defer></script>
</head>`;

const symbolImage = (symbol: string, size: number) =>
  `<img src="${PAGES_PATH}/symbols/${symbol}.svg" alt="${symbol}" width="${size}" height="${size}">`;

/** The demo slot of a game, signed in by the launch token of the link. */
export function playPage(token: string, game: CatalogueGame, balance: bigint): string {
  const [from, to] = game.colours;
  const bets = SLOT_BETS.map(
    (bet, index) =>
      `<button type="button" class="bet" data-bet="${bet}" aria-pressed="${index === 0}">${bet / 100}</button>`,
  ).join('');
  const paytable = SLOT_SYMBOLS.map(
    (symbol) =>
      `<tr><td>${symbolImage(symbol, 22).repeat(3)}</td><td>&times;${THREE_OF_A_KIND[symbol]}</td></tr>`,
  )
    .reverse()
    .join('');
  return `${head(`${game.name} · Sandbox slot`, `${PAGES_PATH}/art/${game.code}/logo.svg`)}
<body data-token="${escapeHtml(token)}" style="--from: ${from}; --to: ${to}; background-image: url('${PAGES_PATH}/art/${game.code}/background.svg')">
<main class="machine">
  <header class="top">
    <img class="logo" src="${PAGES_PATH}/art/${game.code}/logo.svg" alt="" width="56" height="56">
    <div class="title">
      <h1>${escapeHtml(game.name)}</h1>
      <p>Demo slot · sandbox provider</p>
    </div>
  </header>
  <section class="balance" aria-label="Balance">
    <span class="label">Balance</span>
    <output id="balance" data-minor="${toWireAmount(balance)}">&#3647;${formatMajorAmount(toWireAmount(balance))}</output>
  </section>
  <section class="reels" id="reels" aria-label="Reels">
    <div class="reel">${symbolImage('seven', 88)}</div>
    <div class="reel">${symbolImage('seven', 88)}</div>
    <div class="reel">${symbolImage('seven', 88)}</div>
  </section>
  <p class="message" id="message" role="status">Pick a bet and spin.</p>
  <fieldset class="bets">
    <legend>Bet (&#3647;)</legend>
    <div class="bet-row">${bets}</div>
  </fieldset>
  <button type="button" class="spin" id="spin">Spin</button>
  <details class="paytable">
    <summary>Paytable</summary>
    <table>
      <tbody>${paytable}<tr><td>Any two alike</td><td>&times;${PAIR_MULTIPLE}</td></tr></tbody>
    </table>
    <p>Wins are multiples of the bet. This is a sandbox game: no real money.</p>
  </details>
</main>
</body>
</html>
`;
}

/** What a link that expired (or never existed) shows. */
export function expiredPage(): string {
  return `${head('Link expired · Sandbox slot')}
<body>
<main class="machine notice">
  <h1>This game link has expired</h1>
  <p>Open the game again from your wallet to get a new link.</p>
</main>
</body>
</html>
`;
}
