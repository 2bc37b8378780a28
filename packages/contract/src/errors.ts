// NOTE: zod/mini: the API client of every page reads this module (issue 15, decision 033).
import { z } from 'zod/mini';

/**
 * Every code a member can meet. The server answers `{ "message": CODE }`; the web app
 * translates the code (apps/web/src/locales/<lang>/errors.json has one entry per code,
 * and a test fails when one is missing).
 *
 * NOTE: some spellings (`UNKNOW_ERROR`, `TRIPPLE_WRONG_CAPTCHA`, lower-case `gone` and
 * `invalid-token`) are the product's published codes; keep them as they are.
 */

/** Codes of the product's error catalogue (spec section 8). */
export const CATALOGUE_CODES = [
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'NOT_AREASLOT',
  'NOT_UFABET',
  'OTP_BLOCK',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'UNVERIFIED_OTP',
  'GAME_ACTIVATION_FAIL',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'NO_USER',
  'WRONG_PASSWORD',
  'WRONG_CREDENTIAL',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  'INTERNAL_SERVER_ERROR',
  'OK',
  'SUCCESS',
  'KEY_MISSING',
  'KEY_INVALID',
  'NO_DATA',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  'QR_FAIL',
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  'NO_BANK',
  'NO_WALLET',
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'TRANSFER_MINIMUM',
  'NO_GAME',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  /** The session token is unknown, expired or revoked: the app signs the member out. */
  'invalid-token',
  /** The service has been switched off: the app shows /terminated. */
  'gone',
] as const;

/** Spin-wheel coupon codes (spec section 8, shown as spin.error.{code}). */
export const SPIN_CODES = [
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  'BONUS_REMAINING',
  /** Ours: a spin with no coin left (also the loser of two spins on the last coin). */
  'NO_COIN',
  /** Ours: no wheel is active now. */
  'SPIN_INACTIVE',
  /** Ours: every slice's stock or today's budget is used up; no coin was spent. */
  'SPIN_SOLD_OUT',
] as const;

/** Notes a failed slip check leaves on the slip (spec section 8). */
export const SLIP_NOTES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
  /**
   * Ours: the sending account's bank and digits match the member's, its holder's name could not
   * be confirmed as theirs; nothing is credited, staff review the slip (status REVIEW).
   */
  'SENDER_UNCONFIRMED',
  /**
   * Ours: a slip credited a second time before references were known in any letter case (status
   * REVIEW, rows from before that change only); staff take the second credit back.
   */
  'SLIP_CREDITED_TWICE',
  /** Ours: staff looked at the slip kept for review and credited it (status SUCCESS). */
  'SLIP_CREDITED_BY_STAFF',
  /** Ours: staff looked at the slip kept for review and refused it; nothing credited (FAILED). */
  'SLIP_REFUSED_BY_STAFF',
  /**
   * Ours: the money went to the operator's baht account and the wallet is in kip (or the other way,
   * DEST_ACC_TAKES_KIP); nothing credited, the slip kept for staff (status REVIEW), the member told
   * to contact support (decision 069).
   */
  'DEST_ACC_TAKES_BAHT',
  'DEST_ACC_TAKES_KIP',
  /**
   * Ours: the money left the member's own registered account, which is in another currency than
   * the wallet (a baht wallet's BCEL kip account): the slip's amount is in that currency, so
   * nothing is credited; the slip is kept for staff (status REVIEW), the member told to contact
   * support (decision 069).
   */
  'SENDER_ACC_OTHER_CURRENCY',
] as const;

/**
 * Codes of our own that the catalogue does not name: failures of the HTTP layer itself
 * and form rules shared by the web app and the server.
 */
export const PLATFORM_CODES = [
  /** No route answers this method and path under /api. */
  'NOT_FOUND',
  /** The body is not valid JSON. */
  'MALFORMED_JSON',
  /** The body, query or path holds a NUL, another control character or a lone surrogate. */
  'INVALID_CHARACTERS',
  /** The body is larger than the server accepts. */
  'PAYLOAD_TOO_LARGE',
  /** The body's content type is not one the route accepts. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** The body, query or path failed validation and no more precise code applies. */
  'INVALID_INPUT',
  /** The fixed X-Requested-With header of the member app is missing or wrong. */
  'CLIENT_HEADER_MISSING',
  /** The request was refused by the security rules (for example a sandbox route in production). */
  'FORBIDDEN',
  /** A required form field is empty. */
  'FIELD_REQUIRED',
  /** The service is temporarily unable to answer (database or dependency down). */
  'SERVICE_UNAVAILABLE',
  /** A Lao mobile number was expected (020 followed by 8 digits, or 030 followed by 7). */
  'PHONE_NUMBER_INVALID',
  /** The password is shorter than PASSWORD_MIN_LENGTH or longer than PASSWORD_MAX_LENGTH. */
  'PASSWORD_LENGTH',
  /** The new password is one of the most used ones (the bundled list in common-passwords.ts). */
  'PASSWORD_TOO_COMMON',
  /** Registration: the password and its confirmation differ ('Passwords don't match'). */
  'PASSWORDS_DO_NOT_MATCH',
  /** Change of password: the new password and its confirmation differ ('password not equal'). */
  'PASSWORD_NOT_EQUAL',
  /** A bank account number does not have one of its bank's lengths (decision 035; BCEL: 13 or 18). */
  'BANK_ACCOUNT_NO_INVALID',
  /** A bank account name has characters other than letters and spaces. */
  'BANK_ACCOUNT_NAME_INVALID',
  /** The bank account name cannot be changed for this account (only KTB, TMB, BBL names not yet in English). */
  'BANK_ACCOUNT_NAME_LOCKED',
  /** The registered bank account itself can be changed only by staff. */
  'BANK_CHANGE_BY_STAFF_ONLY',
  /** The inviter code is not PR followed by the id of an existing member. */
  'INVITE_CODE_INVALID',
  /** The source of discovery is not one the site offers. */
  'SOURCE_INVALID',
  /** The currency is not offered in this market. */
  'CURRENCY_INVALID',
  /** A money call without its Idempotency-Key header. */
  'IDEMPOTENCY_KEY_MISSING',
  /** The Idempotency-Key was used before for a different request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** A transfer whose source and target are the same place. */
  'TRANSFER_SAME_ACCOUNT',
  /** A withdrawal below the withdrawMin of the withdraw lookup. */
  'WITHDRAW_MINIMUM',
  /** A withdrawal above the withdrawMax of the withdraw lookup. */
  'WITHDRAW_MAXIMUM',
  /** A QR payment below the provider's minimum (the QR state names it). */
  'QR_MINIMUM',
  /** A QR payment above QR_MAXIMUM_MINOR. */
  'QR_MAXIMUM',
  /** The member already has an open QR at this provider: pay or cancel it first. */
  'QR_ALREADY_OPEN',
  /** A gift link worth less than TRUELINK_MINIMUM_MINOR. */
  'TRUELINK_MINIMUM',
  /** A manual deposit notice below 1 baht. */
  'DEPOSIT_MINIMUM',
  /** Manual deposit notices are switched off (isManual of the deposit lookup). */
  'MANUAL_DEPOSIT_OFF',
  /** The deposit channel takes baht only (PromptPay QR, gift links) and the wallet is in another currency. */
  'CURRENCY_NOT_ACCEPTED',
  /** The deposit channel takes kip only (the Lao QR) and the wallet is in baht. */
  'CURRENCY_NOT_ACCEPTED_KIP',
  /**
   * A withdrawal to a registered bank account whose currency is not the wallet's: never paid
   * across currencies (decision 069); support changes the account.
   */
  'BANK_ACCOUNT_CURRENCY_MISMATCH',
  /** Too many slip uploads waiting to be read, or from this member lately: try again shortly. */
  'SLIP_UPLOAD_BUSY',
  /** Slip uploads are closed at this time of day (the slip lookup names the window). */
  'SLIP_UPLOAD_CLOSED',
  /** Bonus claim: no credited deposit the offer can use (none yet, or none within its window). */
  'BONUS_NO_DEPOSIT',
  /** Bonus claim: the latest deposit has already been used by a bonus or promotion. */
  'BONUS_DEPOSIT_USED',
  /** Bonus claim: the latest deposit is below the offer's minimum deposit. */
  'BONUS_DEPOSIT_MINIMUM',
  /** Bonus claim: the offer needs the member's first deposit (ever, or of the day) and this is not it. */
  'BONUS_DEPOSIT_RULE',
  /** Bonus claim: money other than the deposit is in play (the balance before it, or now in games, is at or above the floor). */
  'BONUS_BALANCE_NOT_EMPTY',
  /** Bonus claim: the deposit is no longer all there (withdrawn, on its way, or already played down). */
  'BONUS_DEPOSIT_SPENT',
  /** Bonus claim: the offer is not open now (before or after its window, or switched off). */
  'BONUS_UNAVAILABLE',
  /** Set by the web app: the server could not be reached. */
  'NETWORK_ERROR',
  /** Set by the web app: the server did not answer in time. */
  'TIMEOUT_ERROR',
  /** Change of password: the new password is the current one. */
  'PASSWORD_SAME_AS_OLD',
  /**
   * A bank account name mixes Thai or Lao letters with Latin ones (banks print a name in one
   * alphabet); at banks that want English names any Thai or Lao letter is BANK_ACCOUNT_NAME_ENG.
   */
  'BANK_ACCOUNT_NAME_MIXED',
  /** Play limits: a deposit past the member's own deposit limit (`remaining`: what is left). */
  'DEPOSIT_LIMIT',
  /** Play limits: the period's net loss reached the member's loss limit; nothing goes into games. */
  'LOSS_LIMIT',
  /**
   * Play limits: the member holds a loss limit and a provider's rounds could not be counted now
   * (the loss may have reached it); nothing goes into games until they can be (decision 062).
   */
  'LOSS_UNCOUNTED',
  /** Play limits: the member took a time-out; withdrawing, the statement and chat still work. */
  'TIMED_OUT',
  /** Play limits: the member excluded themselves; withdrawing, the statement and chat still work. */
  'SELF_EXCLUDED',
  /** Play limits: no loosening waits for a confirmation, or its 24 hours have not passed. */
  'LIMIT_NOT_CONFIRMABLE',
  /** Play limits: a self-exclusion can be asked to end only once its time is over. */
  'EXCLUSION_NOT_OVER',
  /** Console: staff may only tighten a member's limit (a lower value), never raise or remove one. */
  'LIMIT_STAFF_TIGHTEN_ONLY',
  /** Chat: the guest id was not issued by this server (a guest asks POST /api/chat/guest for one). */
  'CHAT_GUEST_INVALID',
  /** Chat: the room, message or file belongs to someone else. */
  'CHAT_ROOM_FORBIDDEN',
  /** Chat: the file's bytes are not a png, jpeg or gif image or an mp4 or quicktime video, or its name has no extension ('File is not supported'). */
  'CHAT_FILE_NOT_SUPPORTED',
  /** Chat: an image over 10 MB or a video over 20 MB ('The file is too large ... {n} MB'). */
  'CHAT_FILE_TOO_LARGE',
  /** Chat: a message with no text once trimmed. */
  'CHAT_TEXT_EMPTY',
  /** Chat: a message over 2000 characters. */
  'CHAT_TEXT_TOO_LONG',
  /** Chat: a media message whose file is not an upload of this room. */
  'CHAT_MEDIA_UNKNOWN',
  /** Chat: the message id was used before for a different message. */
  'CHAT_MESSAGE_ID_REUSED',
  /** Console: the username or password is wrong (one answer for both). */
  'STAFF_LOGIN_FAIL',
  /** Console: the authenticator code is wrong or already used. */
  'STAFF_CODE_INVALID',
  /** Console: the sign-in took too long or was already finished: sign in again. */
  'STAFF_CHALLENGE_EXPIRED',
  /** Console: no staff session, or it ended (expired, signed out or the account switched off). */
  'STAFF_SESSION_INVALID',
  /** Console: the staff member's role does not carry the permission this needs. */
  'STAFF_FORBIDDEN',
  /** Console: a second approval must come from another staff member than the first. */
  'STAFF_SAME_PERSON',
  /** Console: a colleague is working on this withdrawal now (their claim runs out in minutes). */
  'WITHDRAWAL_CLAIMED',
  /** Console: this withdrawal was already decided (approved or rejected). */
  'WITHDRAWAL_DECIDED',
  /** Console: the member is locked out; their withdrawals wait until they are unlocked or rejected. */
  'MEMBER_LOCKED',
  /** Console: no balance adjustment has this id. */
  'ADJUSTMENT_NOT_FOUND',
  /** Console: the adjustment was already decided the other way (approved, or rejected). */
  'ADJUSTMENT_DECIDED',
  /** Console: the debit would take the member's wallet below zero; nothing moved. */
  'ADJUSTMENT_BELOW_ZERO',
  /** Console: the member-facing reason does not fit the way the money moves (compensation taken out). */
  'ADJUSTMENT_REASON_DIRECTION',
  /** Console: the change would leave no active owner (switching off or demoting the last one). */
  'STAFF_LAST_OWNER',
  /** Console: this deposit was already credited or refused by staff, or no longer waits for them. */
  'DEPOSIT_REVIEW_DECIDED',
  /** Console: this money was credited already (by its automatic path or another item): nothing moved. */
  'DEPOSIT_ALREADY_CREDITED',
  /** Console: crediting a gift link needs the amount staff saw redeemed. */
  'DEPOSIT_AMOUNT_REQUIRED',
  /** Console: a slip credits the amount its bank verified, never another. */
  'DEPOSIT_AMOUNT_FIXED',
  /**
   * Console: the money arrived in another currency than the member's wallet (a slip to our
   * account of the other currency, a baht gift link of a kip member): never credited; staff refuse
   * it and return the money to the member's bank (decision 078).
   */
  'DEPOSIT_CURRENCY_MISMATCH',
  /** Console: the operator already has a receiving account with this number. */
  'DEPOSIT_ACCOUNT_EXISTS',
  /** Console: a report's days are not real dates (YYYY-MM-DD), out of order, or over 400 days. */
  'REPORT_RANGE_INVALID',
  /** Console: another offer already has this code. */
  'OFFER_EXISTS',
  /** Console: no offer has this code. */
  'OFFER_NOT_FOUND',
  /** Console: an offer code holds only letters, digits, `_` and `-`, at most 32. */
  'OFFER_CODE_INVALID',
  /** Console: a percentage of an offer is not a whole number from 0 to 100 (a bonus percent from 1). */
  'OFFER_PERCENT_RANGE',
  /** Console: a cap or budget below the bonus it must pay (a cap multiple under 1, a budget under the largest bonus). */
  'OFFER_CAP_BELOW_BONUS',
  /** Console: an offer's end is not after its start. */
  'OFFER_DATES_ORDER',
  /** Console: an offer gives either a percent (with a maximum above 0) or a fixed amount above 0, not both. */
  'OFFER_REWARD_INVALID',
  /** Console: a banner upload carried no file (multipart field `file`). */
  'BANNER_NO_FILE',
  /** Console: a banner is a PNG or JPEG image, judged by its bytes (not its name); this file is not one. */
  'BANNER_NOT_AN_IMAGE',
  /** Console: a banner image is over 5 MB or 40 megapixels. */
  'BANNER_TOO_LARGE',
  /** Console: a wheel colour is not #rrggbb. */
  'WHEEL_COLOR_INVALID',
  /** Console: a slice code holds only A-Z, digits, `_` and `-`, at most 24. */
  'WHEEL_SLICE_CODE_INVALID',
  /** Console: two slices of the wheel have the same code. */
  'WHEEL_SLICE_DUPLICATE',
  /** Console: a slice of the wheel was left out; a slice once made is withdrawn, never removed. */
  'WHEEL_SLICE_MISSING',
  /** Console: no slice could be drawn (every one withdrawn or of weight 0). */
  'WHEEL_WEIGHTS_EMPTY',
  /** Console: a game's wallet factor is not a number from 0.0001 to 10,000 with at most four decimals. */
  'WALLET_FACTOR_INVALID',
  /** Console: the order of the games must name every game of the catalogue once. */
  'GAME_ORDER_INVALID',
] as const;

export const ERROR_CODES = [
  ...new Set([...CATALOGUE_CODES, ...SPIN_CODES, ...SLIP_NOTES, ...PLATFORM_CODES]),
] as readonly ErrorCode[];

export type ErrorCode =
  | (typeof CATALOGUE_CODES)[number]
  | (typeof SPIN_CODES)[number]
  | (typeof SLIP_NOTES)[number]
  | (typeof PLATFORM_CODES)[number];

export type SlipNote = (typeof SLIP_NOTES)[number];

const errorCodeSet: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/** The body of every failed call. */
export const ErrorResponse = z
  .object({
    message: z.string(),
    /** Seconds to wait before trying again, on a refusal for a limit that says it (429). */
    retryAfter: z.optional(z.int()),
    /** What a limit leaves (minor units), on DEPOSIT_LIMIT. */
    remaining: z.optional(z.int()),
  })
  .register(z.globalRegistry, {
    id: 'ErrorResponse',
    description: 'Every failure: message is an error code (retryAfter: seconds to wait, on some 429s).',
  });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export { SESSION_ENDING_CODES } from './session-codes';
