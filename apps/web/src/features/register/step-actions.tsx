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
      <Button type="submit" block loading={props.busy} disabled={props.disabled} icon={props.icon}>
        {props.label}
      </Button>
    </div>
  );
}
