import type { Locale } from '@wallet/contract/constants';
import type { WithdrawalRefusal } from '@wallet/contract/http/console-withdrawals';

/**
 * What a member reads in their statement when staff refused a withdrawal (decision 045): a fixed
 * text per reason, never what staff typed, so a member reads the same words in their language
 * whoever decided, and nothing meant for colleagues reaches them.
 */
export const REFUSAL_TEXTS: Record<WithdrawalRefusal, Record<Locale, string>> = {
  bank_details: {
    th: 'ข้อมูลบัญชีธนาคารไม่ตรงกับชื่อผู้ใช้ เงินคืนเข้ากระเป๋าแล้ว โปรดติดต่อฝ่ายบริการ',
    lo: 'ຂໍ້ມູນບັນຊີທະນາຄານບໍ່ກົງກັບຊື່ຜູ້ໃຊ້ ເງິນຄືນເຂົ້າກະເປົາແລ້ວ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ',
    en: 'The bank account details do not match your account. The money is back in your wallet; please contact support.',
  },
  play_conditions: {
    th: 'ยังทำเงื่อนไขการเล่นไม่ครบ เงินคืนเข้ากระเป๋าแล้ว',
    lo: 'ຍັງເຮັດເງື່ອນໄຂການຫຼິ້ນບໍ່ຄົບ ເງິນຄືນເຂົ້າກະເປົາແລ້ວ',
    en: 'The play conditions are not met yet. The money is back in your wallet.',
  },
  verification: {
    th: 'เราต้องยืนยันตัวตนของคุณก่อน เงินคืนเข้ากระเป๋าแล้ว โปรดติดต่อฝ่ายบริการ',
    lo: 'ພວກເຮົາຕ້ອງຢືນຢັນຕົວຕົນຂອງທ່ານກ່ອນ ເງິນຄືນເຂົ້າກະເປົາແລ້ວ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ',
    en: 'We need to verify your identity first. The money is back in your wallet; please contact support.',
  },
  duplicate: {
    th: 'รายการซ้ำกับรายการถอนอื่น เงินคืนเข้ากระเป๋าแล้ว',
    lo: 'ລາຍການຊ້ຳກັບລາຍການຖອນອື່ນ ເງິນຄືນເຂົ້າກະເປົາແລ້ວ',
    en: 'This repeated another withdrawal. The money is back in your wallet.',
  },
  other: {
    th: 'รายการถอนไม่ได้รับอนุมัติ เงินคืนเข้ากระเป๋าแล้ว โปรดติดต่อฝ่ายบริการ',
    lo: 'ລາຍການຖອນບໍ່ໄດ້ຮັບອະນຸມັດ ເງິນຄືນເຂົ້າກະເປົາແລ້ວ ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ',
    en: 'The withdrawal was not approved. The money is back in your wallet; please contact support.',
  },
};
