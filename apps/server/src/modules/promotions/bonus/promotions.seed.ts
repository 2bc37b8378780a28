import type { MinorUnits } from '@wallet/contract/money';
import type { NewOffer } from '../engine/grants.service';

/**
 * The demo set of offers the site starts with (issue 11): a new-member bonus, a first deposit of
 * the day bonus, a weekly one, and two promotion codes. Seeded once by code: an operator's later
 * change is kept. Amounts are minor units of the member's currency. The banners are our own
 * artwork (media/banners).
 */
const banner = (image: string, th: string, lo: string, en: string) => ({
  image: `/media/banners/${image}.svg`,
  html: { th, lo, en },
});

const minor = (amount: number) => amount as MinorUnits;

const SLOT_AND_CASINO = [
  { category: 'slot' as const, percent: 100 },
  { category: 'casino' as const, percent: 50 },
];

export const DEMO_OFFERS: NewOffer[] = [
  {
    code: 'WELCOME100',
    channel: 'bonus',
    sort: 1,
    names: { th: 'สมาชิกใหม่ รับโบนัส 100%', lo: 'ສະມາຊິກໃໝ່ ຮັບໂບນັດ 100%', en: 'New member 100% bonus' },
    notices: {
      th: 'ฝากครั้งแรกขั้นต่ำ 100 บาท รับโบนัส 100% สูงสุด 500 บาท ทำเทิร์น 5 เท่าของยอดฝากรวมโบนัส ในสล็อต (นับ 100%) หรือคาสิโน (นับ 50%) ถอนได้สูงสุด 10 เท่า',
      lo: 'ຝາກຄັ້ງທຳອິດຂັ້ນຕ່ຳ 100 ບາດ ຮັບໂບນັດ 100% ສູງສຸດ 500 ບາດ ຫຼິ້ນໃຫ້ຄົບ 5 ເທົ່າຂອງຍອດຝາກລວມໂບນັດ ໃນສະລັອດ (ນັບ 100%) ຫຼື ຄາສິໂນ (ນັບ 50%) ຖອນໄດ້ສູງສຸດ 10 ເທົ່າ',
      en: 'First deposit of 100 baht or more: 100% bonus up to 500 baht. Play 5 times deposit plus bonus in slots (counted 100%) or casino (counted 50%). Withdraw up to 10 times.',
    },
    type: 'limit',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 100, max: minor(50_000) },
    depositRule: 'first_ever',
    minimumDeposit: 10_000n,
    depositWithinMinutes: 1440,
    turnoverMultiple: 5,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: 10,
    floor: 500n,
    percentFail: 100,
    grantDays: 7,
    budget: 50_000_000n,
    banners: [
      banner(
        'welcome',
        '<p><strong>ยินดีต้อนรับ!</strong> ฝากครั้งแรกรับเพิ่ม 100%</p>',
        '<p><strong>ຍິນດີຕ້ອນຮັບ!</strong> ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 100%</p>',
        '<p><strong>Welcome!</strong> Double your first deposit.</p>',
      ),
    ],
  },
  {
    code: 'DAILY10',
    channel: 'bonus',
    sort: 2,
    names: { th: 'ฝากแรกของวัน รับ 10%', lo: 'ຝາກທຳອິດຂອງມື້ ຮັບ 10%', en: 'First deposit of the day 10%' },
    notices: {
      th: 'ยอดฝากแรกของวันขั้นต่ำ 100 บาท รับโบนัส 10% สูงสุด 300 บาท ทำเทิร์น 3 เท่า รับได้วันละ 1 ครั้ง',
      lo: 'ຍອດຝາກທຳອິດຂອງມື້ຂັ້ນຕ່ຳ 100 ບາດ ຮັບໂບນັດ 10% ສູງສຸດ 300 ບາດ ຫຼິ້ນໃຫ້ຄົບ 3 ເທົ່າ ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ',
      en: 'First deposit of the day of 100 baht or more: 10% bonus up to 300 baht. Play 3 times. Once a day.',
    },
    type: 'day',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 10, max: minor(30_000) },
    depositRule: 'first_of_day',
    minimumDeposit: 10_000n,
    depositWithinMinutes: 1440,
    turnoverMultiple: 3,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: null,
    floor: 500n,
    percentFail: 100,
    grantDays: 1,
    budget: null,
    banners: [
      banner(
        'daily',
        '<p>ฝากแรกของวัน <strong>รับเพิ่ม 10%</strong> ทุกวัน</p>',
        '<p>ຝາກທຳອິດຂອງມື້ <strong>ຮັບເພີ່ມ 10%</strong> ທຸກມື້</p>',
        '<p>Every day: <strong>10% more</strong> on your first deposit.</p>',
      ),
    ],
  },
  {
    code: 'WEEKLY20',
    channel: 'bonus',
    sort: 3,
    names: { th: 'โบนัสประจำสัปดาห์ 20%', lo: 'ໂບນັດປະຈຳອາທິດ 20%', en: 'Weekly 20% bonus' },
    notices: {
      th: 'ฝากขั้นต่ำ 300 บาท รับโบนัส 20% สูงสุด 1,000 บาท ทำเทิร์น 4 เท่า ถอนได้สูงสุด 8 เท่า รับได้สัปดาห์ละ 2 ครั้ง (สัปดาห์เริ่มวันจันทร์)',
      lo: 'ຝາກຂັ້ນຕ່ຳ 300 ບາດ ຮັບໂບນັດ 20% ສູງສຸດ 1,000 ບາດ ຫຼິ້ນໃຫ້ຄົບ 4 ເທົ່າ ຖອນໄດ້ສູງສຸດ 8 ເທົ່າ ຮັບໄດ້ອາທິດລະ 2 ຄັ້ງ (ອາທິດເລີ່ມວັນຈັນ)',
      en: 'Deposit 300 baht or more: 20% bonus up to 1,000 baht. Play 4 times, withdraw up to 8 times. Twice a week (weeks start on Monday).',
    },
    type: 'week',
    maxReceived: 2,
    reward: { kind: 'percent', percent: 20, max: minor(100_000) },
    depositRule: 'any',
    minimumDeposit: 30_000n,
    depositWithinMinutes: 1440,
    turnoverMultiple: 4,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: 8,
    floor: 500n,
    percentFail: 50,
    grantDays: 7,
    budget: null,
    banners: [
      banner(
        'weekly',
        '<p>โบนัส <strong>20%</strong> สัปดาห์ละ 2 ครั้ง</p>',
        '<p>ໂບນັດ <strong>20%</strong> ອາທິດລະ 2 ຄັ້ງ</p>',
        '<p><strong>20%</strong> bonus, twice a week.</p>',
      ),
    ],
  },
  {
    code: 'SONGKRAN50',
    channel: 'promotion',
    sort: 10,
    names: { th: 'สงกรานต์ รับฟรี 50 บาท', lo: 'ປີໃໝ່ ຮັບຟຣີ 50 ບາດ', en: 'Songkran: 50 baht free' },
    notices: {
      th: '<p>รับเครดิตฟรี <strong>50 บาท</strong> ไม่ต้องฝาก ทำเทิร์น 10 เท่าในสล็อต ถอนได้สูงสุด 200 บาท ยกเลิกก่อนครบเทิร์นคืนโบนัสทั้งหมด</p>',
      lo: '<p>ຮັບເຄຣດິດຟຣີ <strong>50 ບາດ</strong> ບໍ່ຕ້ອງຝາກ ຫຼິ້ນໃຫ້ຄົບ 10 ເທົ່າໃນສະລັອດ ຖອນໄດ້ສູງສຸດ 200 ບາດ ຍົກເລີກກ່ອນຄົບເທີນຈະຄືນໂບນັດທັງໝົດ</p>',
      en: '<p>Get <strong>50 baht</strong> free, no deposit needed. Play 10 times in slots; withdraw up to 200 baht. Cancelling before the turnover is met returns the whole bonus.</p>',
    },
    type: 'limit',
    maxReceived: 1,
    reward: { kind: 'fixed', amount: minor(5_000) },
    depositRule: 'any',
    minimumDeposit: 0n,
    depositWithinMinutes: 1440,
    turnoverMultiple: 10,
    contributions: [{ category: 'slot', percent: 100 }],
    withdrawCapMultiple: 4,
    floor: 100n,
    percentFail: 100,
    grantDays: 3,
    budget: 10_000_000n,
    banners: [
      banner(
        'songkran',
        '<p>สาดความสุข <strong>รับฟรี 50 บาท</strong></p>',
        '<p>ສາດຄວາມສຸກ <strong>ຮັບຟຣີ 50 ບາດ</strong></p>',
        '<p>Splash into <strong>50 baht free</strong>.</p>',
      ),
    ],
  },
  {
    code: 'NIGHT30',
    channel: 'promotion',
    sort: 11,
    names: { th: 'โปรดึก ฝากรับ 30%', lo: 'ໂປຣກາງຄືນ ຝາກຮັບ 30%', en: 'Night owl 30%' },
    notices: {
      th: '<p>ฝากขั้นต่ำ 200 บาท รับโบนัส <strong>30%</strong> สูงสุด 300 บาท ทำเทิร์น 5 เท่า ยกเลิกก่อนครบเทิร์นคืนโบนัสครึ่งหนึ่ง รับได้วันละ 1 ครั้ง</p>',
      lo: '<p>ຝາກຂັ້ນຕ່ຳ 200 ບາດ ຮັບໂບນັດ <strong>30%</strong> ສູງສຸດ 300 ບາດ ຫຼິ້ນໃຫ້ຄົບ 5 ເທົ່າ ຍົກເລີກກ່ອນຄົບເທີນຄືນໂບນັດເຄິ່ງໜຶ່ງ ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ</p>',
      en: '<p>Deposit 200 baht or more: <strong>30%</strong> bonus up to 300 baht. Play 5 times. Cancelling before the turnover is met returns half the bonus. Once a day.</p>',
    },
    type: 'day',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 30, max: minor(30_000) },
    depositRule: 'any',
    minimumDeposit: 20_000n,
    depositWithinMinutes: 120,
    turnoverMultiple: 5,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: null,
    floor: 500n,
    percentFail: 50,
    grantDays: 2,
    budget: null,
    banners: [
      banner(
        'night',
        '<p>ดึกแล้วยังสนุก <strong>รับ 30%</strong></p>',
        '<p>ເດິກແລ້ວຍັງມ່ວນ <strong>ຮັບ 30%</strong></p>',
        '<p>Late night, <strong>30% more</strong>.</p>',
      ),
    ],
  },
];
