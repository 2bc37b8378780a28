/**
 * What the member site keeps in the browser (spec section 3, Local storage). One place, so
 * the keys and the logged-out reset are defined once.
 */

const KEYS = {
  token: 'token',
  agreement: 'agreement',
  lastSync: 'lastSync',
  inviterCode: 'inviterCode',
  locale: 'locale',
  guestId: 'guestId',
  registerDraft: 'registerDraft',
  staffCsrf: 'staffCsrf',
} as const;

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Private mode or blocked storage: behave as if nothing is stored.
    return fallback;
  }
}

export const storage = {
  /** The session token: kept across browser restarts only when the member chose "remember me". */
  getToken(): string | null {
    return safe(() => sessionStorage.getItem(KEYS.token) ?? localStorage.getItem(KEYS.token), null);
  },
  setToken(token: string, remember: boolean): void {
    safe(() => {
      this.clearToken();
      (remember ? localStorage : sessionStorage).setItem(KEYS.token, token);
    }, undefined);
  },
  clearToken(): void {
    safe(() => {
      localStorage.removeItem(KEYS.token);
      sessionStorage.removeItem(KEYS.token);
    }, undefined);
  },

  getLocale(): string | null {
    return safe(() => localStorage.getItem(KEYS.locale), null);
  },
  setLocale(locale: string): void {
    safe(() => localStorage.setItem(KEYS.locale, locale), undefined);
  },

  /**
   * Whether the member accepted the agreement: its `version` when given (a new version is asked
   * again), else any version (what to do when the version cannot be read).
   */
  hasSeenAgreement(version?: string): boolean {
    return safe(() => {
      const accepted = localStorage.getItem(KEYS.agreement);
      return version === undefined ? accepted !== null : accepted === version;
    }, false);
  },
  markAgreementSeen(version: string): void {
    safe(() => localStorage.setItem(KEYS.agreement, version), undefined);
  },

  getInviterCode(): string | null {
    return safe(() => localStorage.getItem(KEYS.inviterCode), null);
  },
  setInviterCode(code: string): void {
    safe(() => localStorage.setItem(KEYS.inviterCode, code), undefined);
  },
  clearInviterCode(): void {
    safe(() => localStorage.removeItem(KEYS.inviterCode), undefined);
  },

  /** The token of the code a visitor verified for `phone`, so a reload of the wizard keeps it. */
  getOtpToken(phone: string): string | null {
    return safe(() => sessionStorage.getItem(`otp:${phone}`), null);
  },
  setOtpToken(phone: string, token: string): void {
    safe(() => sessionStorage.setItem(`otp:${phone}`, token), undefined);
  },
  clearOtpToken(phone: string): void {
    safe(() => sessionStorage.removeItem(`otp:${phone}`), undefined);
  },

  /**
   * What a visitor typed in the registration wizard (never the password), for this tab's session:
   * Back, Forward and a reload find it again (features/register/register-draft.ts reads it).
   */
  getRegisterDraft(): string | null {
    return safe(() => sessionStorage.getItem(KEYS.registerDraft), null);
  },
  setRegisterDraft(draft: string): void {
    safe(() => sessionStorage.setItem(KEYS.registerDraft, draft), undefined);
  },
  clearRegisterDraft(): void {
    safe(() => sessionStorage.removeItem(KEYS.registerDraft), undefined);
  },

  /**
   * The staff console's CSRF token (features/console): the session itself is an HttpOnly cookie
   * that no script reads (decision 047). Kept where every tab of the browser finds it, so a new
   * tab works in the session the first one signed in; it signs nobody in without the cookie, and
   * neither signs the member in or out.
   */
  getStaffCsrf(): string | null {
    return safe(() => localStorage.getItem(KEYS.staffCsrf), null);
  },
  setStaffCsrf(token: string): void {
    safe(() => localStorage.setItem(KEYS.staffCsrf, token), undefined);
  },
  clearStaffCsrf(): void {
    safe(() => localStorage.removeItem(KEYS.staffCsrf), undefined);
  },
  /** The storage key of the staff CSRF token: another tab's sign-out clears it (a `storage` event). */
  staffCsrfKey: KEYS.staffCsrf,

  /**
   * A visitor's chat guest id, issued and signed by the server (POST /api/chat/guest), kept on
   * this device until the visitor signs in and their member room takes the conversation
   * (features/chat). Never cleared with the session: a guest who comes back finds their answers.
   */
  getGuestId(): string | null {
    return safe(() => localStorage.getItem(KEYS.guestId), null);
  },
  setGuestId(guestId: string): void {
    safe(() => localStorage.setItem(KEYS.guestId, guestId), undefined);
  },
  clearGuestId(): void {
    safe(() => localStorage.removeItem(KEYS.guestId), undefined);
  },

  /** Opening the logged-out shell forgets the session and what belonged to it (spec section 4). */
  clearSession(): void {
    safe(() => {
      this.clearToken();
      localStorage.removeItem(KEYS.agreement);
      localStorage.removeItem(KEYS.lastSync);
    }, undefined);
  },
};
