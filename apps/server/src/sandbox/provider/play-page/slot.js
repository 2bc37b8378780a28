/* global document */
/**
 * The sandbox demo slot (play-page.html.ts). A file of its own: the site's CSP allows no inline
 * script. Money stays in integer minor units and is formatted by integer division.
 */
(() => {
  const token = document.body.dataset.token;
  if (!token) return;
  const base = `/api/sandbox/pages/play/${encodeURIComponent(token)}`;
  const SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven', 'diamond'];
  const machine = document.querySelector('.machine');
  const balanceOutput = document.getElementById('balance');
  const message = document.getElementById('message');
  const spinButton = document.getElementById('spin');
  const reels = Array.from(document.querySelectorAll('#reels .reel img'));
  const betButtons = Array.from(document.querySelectorAll('.bet'));
  let bet = Number(betButtons[0].dataset.bet);
  let balance = Number(balanceOutput.dataset.minor);
  let busy = false;

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const format = (minor) =>
    `\u0e3f${Math.trunc(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;
  const show = (symbol, image) => {
    image.src = `/api/sandbox/pages/symbols/${symbol}.svg`;
    image.alt = symbol;
  };
  const say = (text, tone) => {
    message.textContent = text;
    message.dataset.tone = tone || '';
  };

  function showBalance(minor) {
    balance = minor;
    balanceOutput.textContent = format(minor);
    balanceOutput.dataset.minor = String(minor);
    spinButton.disabled = busy || balance < bet;
    if (!busy && balance < bet)
      say(balance > 0 ? 'Pick a smaller bet.' : 'No balance left: move money in from your wallet.');
  }

  function choose(button) {
    for (const other of betButtons) other.setAttribute('aria-pressed', String(other === button));
    bet = Number(button.dataset.bet);
    showBalance(balance);
  }

  const ERRORS = {
    INSUFFICIENT_BALANCE: 'Not enough balance for this bet.',
    LINK_EXPIRED: 'This link has expired: open the game again from your wallet.',
  };

  async function call(path, options) {
    const response = await fetch(`${base}${path}`, options);
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(ERRORS[body.error] || 'Something went wrong. Try again.');
    return body;
  }

  async function spin() {
    if (busy || bet > balance) return;
    busy = true;
    spinButton.disabled = true;
    machine.classList.add('spinning');
    for (const image of reels) image.parentElement.classList.remove('stopped');
    say('Good luck\u2026');
    const stopped = [false, false, false];
    const ticker = setInterval(() => {
      reels.forEach((image, i) => {
        if (!stopped[i]) show(SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)], image);
      });
    }, 90);
    const started = Date.now();
    try {
      const result = await call('/spin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet }),
      });
      await wait(Math.max(0, 650 - (Date.now() - started)));
      for (let i = 0; i < reels.length; i++) {
        stopped[i] = true;
        show(result.reels[i], reels[i]);
        reels[i].parentElement.classList.add('stopped');
        await wait(220);
      }
      if (result.win > result.bet) say(`You win ${format(result.win)}!`, 'win');
      else if (result.win > 0) say(`Bet back: ${format(result.win)}`, 'push');
      else say('No win this time.', 'lose');
      busy = false;
      showBalance(result.balance);
    } catch (error) {
      say(error.message, 'error');
      busy = false;
      showBalance(balance);
    } finally {
      clearInterval(ticker);
      machine.classList.remove('spinning');
    }
  }

  for (const button of betButtons) button.addEventListener('click', () => choose(button));
  spinButton.addEventListener('click', () => void spin());
  // The page may come back from the history cache: read the balance the provider has now.
  call('/state')
    .then((state) => showBalance(state.balance))
    .catch((error) => say(error.message, 'error'));
})();
