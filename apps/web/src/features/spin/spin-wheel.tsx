import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { SpinSlice } from '@wallet/contract/http/spinwheel';
import { fitLabel, type LabelSpace } from './label-fit';
import { planSpin, rotationAt } from './spin-animation';
import { useSpinTranslation } from './spin-texts';
import {
  normalize,
  restingRotation,
  sliceAngle,
  sliceUnderPointer,
  toCanvasRadians,
  wheelSize,
} from './wheel-geometry';

/** Spec section 9: the wheel is redrawn 500 ms after the window stops changing size. */
export const RESIZE_DEBOUNCE_MS = 500;

/** The app's own fonts (main.tsx), so Thai and Lao labels are drawn as the rest of the page. */
const FAMILIES = ['Noto Sans', 'Noto Sans Thai', 'Noto Sans Lao'];
const font = (px: number) => `700 ${px}px ${FAMILIES.map((family) => `"${family}"`).join(', ')}, sans-serif`;

export interface WheelControl {
  /** Turns the wheel until slice `index` is centred under the pointer; resolves once it stands still. */
  spinTo(index: number): Promise<void>;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The wheel's CSS size and the screen's pixel ratio, read again 500 ms after the last resize. */
function useWheelLayout() {
  const read = () => ({ size: wheelSize(window.innerWidth), dpr: window.devicePixelRatio || 1 });
  const [layout, setLayout] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = read();
        setLayout((current) => (current.size === next.size && current.dpr === next.dpr ? current : next));
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
  return layout;
}

/** The hub's diameter: a comfortable tap, and room for the coin count. */
const hubSize = (size: number) => Math.max(68, Math.round(size * 0.27));
const rimWidth = (size: number) => Math.max(9, size * 0.05);

/**
 * The still picture of the wheel (rim, slices, labels, bulbs) at the screen's pixel ratio; each
 * frame of a spin only turns this picture.
 */
function paintWheel(
  slices: SpinSlice[],
  size: number,
  dpr: number,
  locale: string,
): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.round(size * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(dpr, dpr);
  const centre = size / 2;
  const rim = rimWidth(size);
  const radius = centre - rim;
  const w = sliceAngle(slices.length);

  const gold = ctx.createLinearGradient(0, 0, size, size);
  gold.addColorStop(0, '#ffd36b');
  gold.addColorStop(0.6, '#e8a524');
  gold.addColorStop(1, '#c98711');
  ctx.beginPath();
  ctx.arc(centre, centre, centre - 0.5, 0, 2 * Math.PI);
  ctx.fillStyle = gold;
  ctx.fill();

  slices.forEach((slice, index) => {
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, toCanvasRadians(index * w), toCanvasRadians((index + 1) * w));
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    if (!slice.available) {
      // Out for today: dimmed, still readable.
      ctx.fillStyle = 'rgb(7 11 23 / 0.45)';
      ctx.fill();
    }
    ctx.strokeStyle = 'rgb(255 255 255 / 0.55)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  });
  // The inside edge of the rim.
  ctx.beginPath();
  ctx.arc(centre, centre, radius, 0, 2 * Math.PI);
  ctx.strokeStyle = 'rgb(7 11 23 / 0.5)';
  ctx.lineWidth = 2;
  ctx.stroke();

  const space: LabelSpace = {
    radius,
    hubRadius: hubSize(size) / 2,
    sliceDegrees: w,
    // Clear of the pointer's tip on the slice at the top.
    padding: Math.max(8, size * 0.035),
    maxFontPx: Math.max(12, Math.round(size * 0.05)),
    minFontPx: 9,
  };
  const measure = (text: string, px: number) => {
    ctx.font = font(px);
    return ctx.measureText(text).width;
  };
  slices.forEach((slice, index) => {
    const layout = fitLabel(slice.label, locale, space, measure);
    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(toCanvasRadians((index + 0.5) * w));
    ctx.font = font(layout.fontPx);
    ctx.fillStyle = slice.textColor;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const first = -((layout.lines.length - 1) * layout.lineHeightPx) / 2;
    layout.lines.forEach((line, row) => {
      ctx.fillText(line, radius - space.padding, first + row * layout.lineHeightPx);
    });
    ctx.restore();
  });

  // Bulbs on the rim, one at each slice's edge.
  slices.forEach((_, index) => {
    const angle = toCanvasRadians(index * w);
    ctx.beginPath();
    ctx.arc(
      centre + (centre - rim / 2) * Math.cos(angle),
      centre + (centre - rim / 2) * Math.sin(angle),
      Math.max(2, rim * 0.28),
      0,
      2 * Math.PI,
    );
    ctx.fillStyle = '#fff8e1';
    ctx.fill();
  });
  return canvas;
}

/** The pointer at the top: a gold arrow over the rim, pointing into the wheel. */
function paintPointer(ctx: CanvasRenderingContext2D, size: number) {
  const centre = size / 2;
  const half = Math.max(8, size * 0.04);
  const tip = rimWidth(size) + Math.max(8, size * 0.03);
  ctx.beginPath();
  ctx.moveTo(centre - half, 1.5);
  ctx.lineTo(centre + half, 1.5);
  ctx.lineTo(centre, tip);
  ctx.closePath();
  ctx.fillStyle = '#fff3c4';
  ctx.strokeStyle = '#070b17';
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.fill();
  ctx.stroke();
}

/**
 * The prize wheel on a <canvas> (spec sections 2, 4 and 9): at most 350 px and 85 % of the window,
 * sharp at the screen's pixel ratio, redrawn 500 ms after a resize; the slices' colours and
 * labels from the server; the pointer at the top; in the centre a button with the coin count,
 * greyed at zero, that spins as the Spin button does. `control` turns it to a drawn slice.
 */
export function SpinWheel({
  slices,
  coins,
  canSpin,
  onSpin,
  control,
}: {
  slices: SpinSlice[];
  coins: number;
  /** False at zero coins and while a spin runs: the centre does nothing then. */
  canSpin: boolean;
  onSpin: () => void;
  control: Ref<WheelControl>;
}) {
  const { t, i18n } = useSpinTranslation();
  const { size, dpr } = useWheelLayout();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const picture = useRef<HTMLCanvasElement | null>(null);
  // Slice 0 under the pointer at first; afterwards wherever the last spin stopped.
  const rotation = useRef(restingRotation(0, slices.length));
  const frame = useRef(0);
  const running = useRef<(() => void) | null>(null);
  const slicesRef = useRef(slices);
  const [fontsLoaded, setFontsLoaded] = useState(0);

  /** One frame: the picture turned by the current rotation, then the pointer over it. */
  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const current = slicesRef.current;
    // What the pointer shows, for tests and tools (the canvas itself has no DOM to look into).
    canvas.dataset.rotation = String(rotation.current);
    canvas.dataset.pointerSlice = current[sliceUnderPointer(rotation.current, current.length)]?.code ?? '';
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (picture.current) {
      ctx.save();
      ctx.translate(canvas.width / 2, canvas.height / 2);
      ctx.rotate((rotation.current * Math.PI) / 180);
      ctx.drawImage(picture.current, -canvas.width / 2, -canvas.height / 2);
      ctx.restore();
    }
    const scale = canvas.width / size;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    paintPointer(ctx, size);
  }, [size]);

  // The still picture again when the slices, the size, the pixel ratio or the fonts change.
  useEffect(() => {
    slicesRef.current = slices;
    picture.current = paintWheel(slices, size, dpr, i18n.language);
    draw();
  }, [slices, size, dpr, i18n.language, fontsLoaded, draw]);

  // The label fonts load when first used: draw again once they are here.
  useEffect(() => {
    const fonts = document.fonts as FontFaceSet | undefined;
    if (!fonts) return;
    let live = true;
    const text = slices.map((slice) => slice.label).join(' ');
    void Promise.all(FAMILIES.map((family) => fonts.load(`700 16px "${family}"`, text).catch(() => []))).then(
      () => {
        if (live) setFontsLoaded((count) => count + 1);
      },
    );
    return () => {
      live = false;
    };
  }, [slices]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      running.current?.();
    },
    [],
  );

  useImperativeHandle(
    control,
    () => ({
      spinTo: (index) =>
        new Promise<void>((resolve) => {
          cancelAnimationFrame(frame.current);
          running.current?.();
          running.current = resolve;
          const plan = planSpin({
            from: rotation.current,
            index,
            count: slicesRef.current.length,
            reducedMotion: prefersReducedMotion(),
          });
          let start: number | undefined;
          const step = (time: number) => {
            start ??= time;
            const elapsed = time - start;
            rotation.current = rotationAt(plan, elapsed);
            if (elapsed >= plan.durationMs) {
              // The same place, in small numbers for the next spin.
              rotation.current = normalize(plan.to);
              draw();
              running.current = null;
              resolve();
              return;
            }
            draw();
            frame.current = requestAnimationFrame(step);
          };
          frame.current = requestAnimationFrame(step);
        }),
    }),
    [draw],
  );

  const hub = hubSize(size);
  const empty = coins <= 0;
  return (
    <div className="relative mx-auto" style={{ width: size, height: size }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('wheel.label', { prizes: slices.map((slice) => slice.label).join(', ') })}
        width={Math.round(size * dpr)}
        height={Math.round(size * dpr)}
        style={{ width: size, height: size }}
        className="block rounded-full shadow-[0_18px_50px_-18px_rgb(232_165_36/0.55)]"
      />
      <button
        type="button"
        onClick={onSpin}
        disabled={!canSpin}
        aria-label={t('wheel.centre', { count: coins })}
        data-empty={empty || undefined}
        style={{ width: hub, height: hub }}
        className={`absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full border-4 leading-none shadow-lg transition active:scale-95 disabled:cursor-not-allowed ${
          empty ? 'border-ink-500 bg-ink-700 text-mist-500' : 'gold-gradient border-[#fff3c4] text-ink-950'
        }`}
      >
        <span className="text-[26px] font-bold tabular-nums" aria-hidden="true">
          {coins}
        </span>
        <span className="mt-1 text-xs font-semibold" aria-hidden="true">
          {t('wheel.coinWord', { count: coins })}
        </span>
      </button>
    </div>
  );
}
