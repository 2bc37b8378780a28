import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';

/** Light modules around the code, as the QR standard asks, so phone cameras find it. */
const QUIET_ZONE = 4;

interface QrModel {
  text: string;
  size: number;
  path: string;
}

/**
 * The authenticator's otpauth URL as a QR code, drawn as SVG. NOTE: features/rewards/qr-code.tsx
 * draws the same way; features may not import each other, and the generator is fetched only here,
 * inside the console's chunk.
 */
async function qrModel(text: string): Promise<QrModel> {
  const { default: qrcode } = await import('qrcode-generator');
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

export function EnrolQr({ text, label }: { text: string; label: string }) {
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
    <div className="mx-auto flex size-52 items-center justify-center overflow-hidden rounded-xl bg-white">
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
