import type { Locale } from '@wallet/contract/constants';
import type { StaffNoticeKind } from '../../adapters/staff-notifier/staff-notifier';

type Values = Record<string, string | number>;

/** What the staff group chat reads, in the operator's language (the market's). */
const TEXTS: Record<StaffNoticeKind, Record<Locale, string>> = {
  withdrawal_waiting: {
    th: '🟡 รายการถอนรอตรวจ: {{amount}} ของสมาชิก #{{member}} ({{reasons}})',
    lo: '🟡 ລາຍການຖອນລໍຖ້າກວດ: {{amount}} ຂອງສະມາຊິກ #{{member}} ({{reasons}})',
    en: '🟡 Withdrawal waiting for review: {{amount}} of member #{{member}} ({{reasons}})',
  },
  large_deposit: {
    th: '💰 ยอดฝากสูง: {{amount}} เข้ากระเป๋าสมาชิก #{{member}}',
    lo: '💰 ຍອດຝາກສູງ: {{amount}} ເຂົ້າກະເປົາສະມາຊິກ #{{member}}',
    en: '💰 Large deposit: {{amount}} into the wallet of member #{{member}}',
  },
  adjustment_made: {
    th: '✏️ ปรับยอด {{amount}} ของสมาชิก #{{member}} โดย {{staff}}: {{status}}',
    lo: '✏️ ປັບຍອດ {{amount}} ຂອງສະມາຊິກ #{{member}} ໂດຍ {{staff}}: {{status}}',
    en: '✏️ Balance adjustment of {{amount}} for member #{{member}} by {{staff}}: {{status}}',
  },
  daily_totals: {
    th: '📊 สรุปวันที่ {{day}}: ฝาก {{deposits}} ({{depositCount}} รายการ), ถอนจ่ายแล้ว {{withdrawals}} ({{withdrawalCount}} รายการ)',
    lo: '📊 ສະຫຼຸບວັນທີ {{day}}: ຝາກ {{deposits}} ({{depositCount}} ລາຍການ), ຖອນຈ່າຍແລ້ວ {{withdrawals}} ({{withdrawalCount}} ລາຍການ)',
    en: '📊 Totals of {{day}}: deposits {{deposits}} ({{depositCount}}), withdrawals paid {{withdrawals}} ({{withdrawalCount}})',
  },
};

export function noticeText(kind: StaffNoticeKind, locale: Locale, values: Values): string {
  return TEXTS[kind][locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** An amount as staff read it: major units with two decimals and the currency's sign. */
export function noticeAmount(minor: bigint | number, currency: string): string {
  const value = Number(minor) / 100;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'LAK' ? `${text} ₭` : `฿${text}`;
}
