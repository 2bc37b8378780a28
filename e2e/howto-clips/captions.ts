import type { HowtoTopic, Locale } from '@wallet/contract/constants';

/**
 * The caption of each step of each clip. `{label}` is filled with the label of the button the step
 * taps, read from the app's own texts, so a renamed button renames its caption at the next
 * recording. Thai and Lao follow docs' glossary (../shared/design/glossary.md): กด/ກົດ for a tap,
 * no full stops in Lao.
 */
export const CAPTIONS: Record<HowtoTopic, Record<Locale, string[]>> = {
  wallet: {
    th: [
      'หน้าแรกแสดงยอดเงินของคุณ',
      'กด “{label}”',
      'เลือก QR โค้ด ธนาคาร และใส่ยอดฝาก',
      'สแกน QR โค้ดด้วยแอปธนาคารของคุณ',
      'ชำระแล้ว ยอดเงินอัปเดตให้เอง',
    ],
    lo: [
      'ໜ້າຫຼັກສະແດງຍອດເງິນຂອງທ່ານ',
      'ກົດ “{label}”',
      'ເລືອກ QR ໂຄດ ທະນາຄານ ແລະ ໃສ່ຍອດຝາກ',
      'ສະແກນ QR ໂຄດດ້ວຍແອັບທະນາຄານຂອງທ່ານ',
      'ຈ່າຍແລ້ວ ຍອດເງິນຈະອັບເດດເອງ',
    ],
    en: [
      'Home shows your balance',
      'Tap “{label}”',
      'Choose QR payment, a bank and the amount',
      'Scan the QR code with your bank app',
      'Paid: your balance updates by itself',
    ],
  },
  play: {
    th: [
      'กดเลือกเกมที่หน้าแรก',
      'กด “{label}” เพื่อเปิดบัญชีเกม',
      'โอนเงินจากกระเป๋าเงินเข้าเกม',
      'กด “{label}” เกมจะเปิดขึ้นมา',
      'เล่นได้เลย',
    ],
    lo: [
      'ກົດເລືອກເກມຢູ່ໜ້າຫຼັກ',
      'ກົດ “{label}” ເພື່ອເປີດບັນຊີເກມ',
      'ໂອນເງິນຈາກກະເປົາເງິນເຂົ້າເກມ',
      'ກົດ “{label}” ເກມຈະເປີດຂຶ້ນມາ',
      'ຫຼິ້ນໄດ້ເລີຍ',
    ],
    en: [
      'Tap a game on Home',
      'Tap “{label}” to open a game account',
      'Transfer money from the wallet to the game',
      'Tap “{label}”: the game opens',
      'Play!',
    ],
  },
  balance: {
    th: [
      'ยอดเงินรวม: กระเป๋าเงินและทุกเกม',
      'แต่ละเกมแสดงยอดเงินในเกมนั้น',
      'กด “{label}” เพื่ออัปเดตยอดเงินในเกม',
      'รายการเดินบัญชี: ทุกความเคลื่อนไหวของเงิน',
      'กดที่รายการเพื่อดูรายละเอียด',
    ],
    lo: [
      'ຍອດເງິນລວມ: ກະເປົາເງິນ ແລະ ທຸກເກມ',
      'ແຕ່ລະເກມສະແດງຍອດເງິນໃນເກມນັ້ນ',
      'ກົດ “{label}” ເພື່ອອັບເດດຍອດເງິນໃນເກມ',
      'ລາຍການເຄື່ອນໄຫວບັນຊີ: ທຸກການເຄື່ອນໄຫວຂອງເງິນ',
      'ກົດທີ່ລາຍການເພື່ອເບິ່ງລາຍລະອຽດ',
    ],
    en: [
      'Total balance: the wallet and every game',
      'Each game shows the money in it',
      'Tap “{label}” to read the games again',
      'Statement: every move of your money',
      'Tap a row to see its details',
    ],
  },
  bonus: {
    th: ['กด “{label}” ที่หน้าแรก', 'เลือกโปรโมชั่นและอ่านเงื่อนไข', 'กด “{label}”', 'โบนัสเริ่มแล้ว ดูยอดเทิร์นได้ที่นี่'],
    lo: ['ກົດ “{label}” ຢູ່ໜ້າຫຼັກ', 'ເລືອກໂປຣໂມຊັນ ແລະ ອ່ານເງື່ອນໄຂ', 'ກົດ “{label}”', 'ໂບນັດເລີ່ມແລ້ວ ເບິ່ງຍອດເທີນໄດ້ຢູ່ນີ້'],
    en: [
      'Tap “{label}” on Home',
      'Choose a promotion and read its terms',
      'Tap “{label}”',
      'Your bonus runs: its turnover shows here',
    ],
  },
  endBonus: {
    th: [
      'ทำยอดเทิร์นให้ครบ โบนัสจบและถอนเงินได้',
      'หรือจบโบนัสตอนนี้: กด “{label}”',
      'ดูยอดที่ถูกหักคืน แล้วกดยืนยัน',
      'จากนั้นถอนเงินเข้าบัญชีธนาคารของคุณ',
    ],
    lo: [
      'ເຮັດຍອດເທີນໃຫ້ຄົບ ໂບນັດສິ້ນສຸດ ແລະ ຖອນເງິນໄດ້',
      'ຫຼື ສິ້ນສຸດໂບນັດດຽວນີ້: ກົດ “{label}”',
      'ເບິ່ງຍອດທີ່ຖືກຫັກຄືນ ແລ້ວກົດຢືນຢັນ',
      'ຈາກນັ້ນຖອນເງິນເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ',
    ],
    en: [
      'Play the turnover: the bonus ends and you can withdraw',
      'Or end it now: tap “{label}”',
      'See what is taken back, then confirm',
      'Then withdraw to your bank account',
    ],
  },
};
