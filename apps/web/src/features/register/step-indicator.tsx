import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WizardStep } from './register-draft';

/** Where the visitor is in the wizard: numbered steps, done ones ticked. */
export function StepIndicator({ steps, current }: { steps: WizardStep[]; current: WizardStep }) {
  const { t } = useTranslation();
  const at = steps.indexOf(current);
  return (
    <ol
      className="flex items-start gap-1"
      aria-label={t('register.progress', { step: at + 1, total: steps.length })}
    >
      {steps.map((step, index) => {
        const state = index < at ? 'done' : index === at ? 'current' : 'todo';
        return (
          <li
            key={step}
            className="flex min-w-0 flex-1 flex-col items-center gap-1.5"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <div className="flex w-full items-center">
              <span
                className={`h-0.5 flex-1 ${index === 0 ? 'invisible' : index <= at ? 'bg-gold-400' : 'bg-ink-600'}`}
              />
              <span
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  state === 'todo' ? 'bg-ink-700 text-mist-400' : 'gold-gradient text-ink-950'
                }`}
              >
                {state === 'done' ? <Check className="size-4" aria-hidden="true" /> : index + 1}
              </span>
              <span
                className={`h-0.5 flex-1 ${index === steps.length - 1 ? 'invisible' : index < at ? 'bg-gold-400' : 'bg-ink-600'}`}
              />
            </div>
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
