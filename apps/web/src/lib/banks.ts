import { useLookup } from './lookups';

/**
 * Names a bank in the current language: the banks lookup's name (the lookup is asked again on a
 * language switch), else `answered`, the name an answer at hand carries (the profile's, which is
 * in the language of the moment it was read).
 */
export function useBankName(code: string | undefined, answered: string | undefined): string {
  const banks = useLookup('banks', { enabled: code !== undefined });
  return banks.data?.banks.find((bank) => bank.code === code)?.name ?? answered ?? code ?? '';
}
