/** Every variable production needs, with harmless values, for tests of production mode. */
export const PRODUCTION_ENV: Record<string, string> = {
  APP_MODE: 'production',
  DATABASE_URL: 'postgres://user@127.0.0.1:5432/unused',
  SMS_GATEWAY_URL: 'https://sms.invalid/send',
  SMS_GATEWAY_TOKEN: 'token',
  GAME_PROVIDER_URL: 'https://games.invalid/',
  GAME_PROVIDER_KEY: 'key',
  PAYMENT_PROVIDER_URL: 'https://pay.invalid/',
  PAYMENT_WEBHOOK_SECRET: 'secret',
  PAYMENT_PROVIDER_KEY: 'key',
  VOUCHER_URL: 'https://vouchers.invalid/',
  VOUCHER_KEY: 'key',
  SLIP_VERIFIER_URL: 'https://slip.invalid/',
  SLIP_VERIFIER_KEY: 'key',
  SLIP_LINK_SECRET: 'secret',
  PAYOUT_URL: 'https://payout.invalid/',
  PAYOUT_KEY: 'key',
};
