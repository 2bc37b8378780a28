import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WizardStep } from './register-draft';

/**
 * Where the visitor is in the wizard: numbered steps, done ones ticked, joined by lines.
 * Each line is one piece from a circle to the next, drawn by the first step's item across into the
 * next item (the items touch, with no gap between them): two halves with a gap between the items
 * left a break in the line (issue 16). It reaches 2 px under both circles, which are painted over
 * it, so a rounded pixel never shows a seam.
 */
export function StepIndicator({ steps, current }: { steps: WizardStep[]; current: WizardStep }) {
  const { t } = useTranslation();
  const at = steps.indexOf(current);
  return (
    <ol
      className="flex items-start"
      aria-label={t('register.progress', { step: at + 1, total: steps.length })}
    >
      {steps.map((step, index) => {
        const state = index < at ? 'done' : index === at ? 'current' : 'todo';
        return (
          <li
            key={step}
            className="relative flex min-w-0 flex-1 flex-col items-center gap-1.5 px-0.5"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {index < steps.length - 1 ? (
              // From 14 px right of this circle's centre to 14 px left of the next one's (its centre
              // is one item's width on: the items share the row equally).
              <span
                data-step-line
                aria-hidden="true"
                className={`absolute top-[15px] left-[calc(50%+14px)] h-0.5 w-[calc(100%-28px)] ${index < at ? 'bg-gold-400' : 'bg-ink-600'}`}
              />
            ) : null}
            <span
              data-step-circle
              className={`relative inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                state === 'todo' ? 'bg-ink-700 text-mist-400' : 'gold-gradient text-ink-950'
              }`}
            >
              {state === 'done' ? <Check className="size-4" aria-hidden="true" /> : index + 1}
            </span>
            <span
              className={`w-full truncate text-center text-xs ${state === 'current' ? 'font-semibold text-snow' : 'text-mist-400'}`}
            >
              {t(`register.step.${step}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
