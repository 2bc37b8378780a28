/** Side of the saved picture, in pixels: sharp enough for a banking app to read from the photos. */
const SIZE = 720;
/** White around the code (the server's SVG has a narrow margin): scanners want a quiet zone. */
const MARGIN = 48;

/**
 * The server's QR code (SVG markup) drawn as a PNG picture, dark on white. A member paying from
 * the phone that shows the code cannot scan it: they save it and pick it in the banking app.
 * NOTE: the markup goes into an <img>, never into the page, as where it is shown.
 */
export async function qrPng(svg: string): Promise<Blob> {
  const image = new Image();
  // NOTE: the server's SVG has a viewBox and no size; without one a browser draws it as if it were
  // 300 x 150 and the code comes out squashed.
  const sized = svg.replace(/<svg\b(?![^>]*\swidth=)/, `<svg width="${SIZE}" height="${SIZE}"`);
  image.src = `data:image/svg+xml;utf8,${encodeURIComponent(sized)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, SIZE, SIZE);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, MARGIN, MARGIN, SIZE - 2 * MARGIN, SIZE - 2 * MARGIN);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG made'))), 'image/png');
  });
}

/**
 * iPhone and iPad Safari (iPads say they are Macs, with a touch screen): a download there may go
 * nowhere a member finds, so the picture opens in a tab of its own, where a long press saves it.
 */
export function savesByOpening(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
