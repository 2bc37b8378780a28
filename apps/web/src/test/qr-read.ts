import jsQR from 'jsqr';

/**
 * The text of a drawn QR code (components/qr-code.tsx's SVG): its dark modules as pixels jsQR
 * can read (4 px a module, white around), then read.
 */
export function qrText(svg: Element): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const side = size * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const path = svg.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        data.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(data, side, side)?.data;
}
