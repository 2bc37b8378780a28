import { useEffect, useState } from 'react';
import { Spinner } from './ui/spinner';

/** Light modules around the code, as the QR standard asks, so phone cameras find it. */
const QUIET_ZONE = 4;

interface QrModel {
  text: string;
  /** Modules per side, quiet zone included. */
  size: number;
  /** Every dark module as one SVG path. */
  path: string;
}

/**
 * The QR generator, fetched when a code is first drawn (or just before: the invite dialog asks
 * for it with its other reads). Drawn for the invite link and the staff console's TOTP enrolment.
 * NOTE: never imported statically, so it stays out of /login's first download and out of home's
 * (scripts/check-login-budget.mjs).
 */
export const loadQrGenerator = () => import('qrcode-generator');

/** The dark modules of `text`'s QR code (error correction M), as one path. */
async function qrModel(text: string): Promise<QrModel> {
  const { default: qrcode } = await loadQrGenerator();
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { text, size: count + 2 * QUIET_ZONE, path };
}

/** A QR code of `text`, drawn as SVG (sharp at any size), dark on white; a spinner until drawn. */
export function QrCode({
  text,
  label,
  className = 'size-44',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [model, setModel] = useState<QrModel | null>(null);

  useEffect(() => {
    let live = true;
    void qrModel(text).then((next) => {
      if (live) setModel(next);
    });
    return () => {
      live = false;
    };
  }, [text]);

  const shown = model?.text === text ? model : null;
  return (
    <div className={`flex items-center justify-center overflow-hidden rounded-xl bg-white ${className}`}>
      {shown ? (
        <svg
          role="img"
          aria-label={label}
          data-qr-text={shown.text}
          viewBox={`0 0 ${shown.size} ${shown.size}`}
          shapeRendering="crispEdges"
          className="size-full"
        >
          <path d={shown.path} fill="#070b17" />
        </svg>
      ) : (
        <Spinner className="size-6 text-ink-700" />
      )}
    </div>
  );
}
