import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Back, and the step's own submit button, along the bottom of a wizard step. */
export function StepActions(props: {
  onBack: () => void;
  busy: boolean;
  disabled?: boolean;
  icon: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3 pt-1">
      <Button variant="secondary" onClick={props.onBack} disabled={props.disabled}>
        {t('register.back')}
      </Button>
      {/* At 320 px the longest labels (Lao) keep one line: no icon, less padding. */}
      <Button
        type="submit"
        block
        loading={props.busy}
        disabled={props.disabled}
        className="max-[359px]:px-3"
        icon={<span className="contents max-[359px]:hidden">{props.icon}</span>}
      >
        {props.label}
      </Button>
    </div>
  );
}
