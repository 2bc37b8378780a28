import type { NewOffer } from '../engine/grants.service';

/**
 * The demo set of offers the site starts with (issue 11): a new-member bonus, a first deposit of
 * the day bonus, a weekly one, and two promotion codes. Seeded once by code: an operator's later
 * change is kept. Every amount has a figure per currency, sized for it (1 baht is some 600 kip;
 * decision 067), and texts name amounts by placeholders ({minimumDeposit}, {maxBonus},
 * {bonusAmount}, {floor}) that the member app fills in the member's currency. The banners are our own
 * artwork (media/banners).
 */
const banner = (image: string, th: string, lo: string, en: string) => ({
  image: `/media/banners/${image}.svg`,
  html: { th, lo, en },
});

/** Minor units of a whole number of kip. */
const kip = (whole: number) => whole * 100;

/** ฿5, ₭3,000: under this total a grant ends by itself. */
const FLOOR = { BAHT: 500, LAK: kip(3_000) };

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
      th: 'ฝากครั้งแรกขั้นต่ำ {minimumDeposit} รับโบนัส 100% สูงสุด {maxBonus} ทำเทิร์น 5 เท่าของยอดฝากรวมโบนัส ในสล็อต (นับ 100%) หรือคาสิโน (นับ 50%) ถอนได้สูงสุด 10 เท่า',
      lo: 'ຝາກຄັ້ງທຳອິດຂັ້ນຕ່ຳ {minimumDeposit} ຮັບໂບນັດ 100% ສູງສຸດ {maxBonus} ຫຼິ້ນໃຫ້ຄົບ 5 ເທົ່າຂອງຍອດຝາກລວມໂບນັດ ໃນສະລັອດ (ນັບ 100%) ຫຼື ຄາສິໂນ (ນັບ 50%) ຖອນໄດ້ສູງສຸດ 10 ເທົ່າ',
      en: 'First deposit of {minimumDeposit} or more: 100% bonus up to {maxBonus}. Play 5 times deposit plus bonus in slots (counted 100%) or casino (counted 50%). Withdraw up to 10 times.',
    },
    type: 'limit',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 100, max: { BAHT: 50_000, LAK: kip(300_000) } },
    depositRule: 'first_ever',
    minimumDeposit: { BAHT: 10_000, LAK: kip(50_000) },
    depositWithinMinutes: 1440,
    turnoverMultiple: 5,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: 10,
    floor: FLOOR,
    percentFail: 100,
    grantDays: 7,
    budget: { BAHT: 50_000_000, LAK: kip(300_000_000) },
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
      th: 'ยอดฝากแรกของวันขั้นต่ำ {minimumDeposit} รับโบนัส 10% สูงสุด {maxBonus} ทำเทิร์น 3 เท่า รับได้วันละ 1 ครั้ง',
      lo: 'ຍອດຝາກທຳອິດຂອງມື້ຂັ້ນຕ່ຳ {minimumDeposit} ຮັບໂບນັດ 10% ສູງສຸດ {maxBonus} ຫຼິ້ນໃຫ້ຄົບ 3 ເທົ່າ ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ',
      en: 'First deposit of the day of {minimumDeposit} or more: 10% bonus up to {maxBonus}. Play 3 times. Once a day.',
    },
    type: 'day',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 10, max: { BAHT: 30_000, LAK: kip(200_000) } },
    depositRule: 'first_of_day',
    minimumDeposit: { BAHT: 10_000, LAK: kip(50_000) },
    depositWithinMinutes: 1440,
    turnoverMultiple: 3,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: null,
    floor: FLOOR,
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
      th: 'ฝากขั้นต่ำ {minimumDeposit} รับโบนัส 20% สูงสุด {maxBonus} ทำเทิร์น 4 เท่า ถอนได้สูงสุด 8 เท่า รับได้สัปดาห์ละ 2 ครั้ง (สัปดาห์เริ่มวันจันทร์)',
      lo: 'ຝາກຂັ້ນຕ່ຳ {minimumDeposit} ຮັບໂບນັດ 20% ສູງສຸດ {maxBonus} ຫຼິ້ນໃຫ້ຄົບ 4 ເທົ່າ ຖອນໄດ້ສູງສຸດ 8 ເທົ່າ ຮັບໄດ້ອາທິດລະ 2 ຄັ້ງ (ອາທິດເລີ່ມວັນຈັນ)',
      en: 'Deposit {minimumDeposit} or more: 20% bonus up to {maxBonus}. Play 4 times, withdraw up to 8 times. Twice a week (weeks start on Monday).',
    },
    type: 'week',
    maxReceived: 2,
    reward: { kind: 'percent', percent: 20, max: { BAHT: 100_000, LAK: kip(600_000) } },
    depositRule: 'any',
    minimumDeposit: { BAHT: 30_000, LAK: kip(200_000) },
    depositWithinMinutes: 1440,
    turnoverMultiple: 4,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: 8,
    floor: FLOOR,
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
    names: { th: 'สงกรานต์ รับเครดิตฟรี', lo: 'ປີໃໝ່ ຮັບເຄຣດິດຟຣີ', en: 'Songkran: free credit' },
    notices: {
      th: '<p>รับเครดิตฟรี <strong>{bonusAmount}</strong> ไม่ต้องฝาก ทำเทิร์น 10 เท่าในสล็อต ถอนได้สูงสุด 4 เท่าของโบนัส ยกเลิกก่อนครบเทิร์นคืนโบนัสทั้งหมด</p>',
      lo: '<p>ຮັບເຄຣດິດຟຣີ <strong>{bonusAmount}</strong> ບໍ່ຕ້ອງຝາກ ຫຼິ້ນໃຫ້ຄົບ 10 ເທົ່າໃນສະລັອດ ຖອນໄດ້ສູງສຸດ 4 ເທົ່າຂອງໂບນັດ ຍົກເລີກກ່ອນຄົບເທີນຈະຄືນໂບນັດທັງໝົດ</p>',
      en: '<p>Get <strong>{bonusAmount}</strong> free, no deposit needed. Play 10 times in slots; withdraw up to 4 times the bonus. Cancelling before the turnover is met returns the whole bonus.</p>',
    },
    type: 'limit',
    maxReceived: 1,
    reward: { kind: 'fixed', amount: { BAHT: 5_000, LAK: kip(30_000) } },
    depositRule: 'any',
    minimumDeposit: { BAHT: 0, LAK: 0 },
    depositWithinMinutes: 1440,
    turnoverMultiple: 10,
    contributions: [{ category: 'slot', percent: 100 }],
    withdrawCapMultiple: 4,
    floor: { BAHT: 100, LAK: kip(1_000) },
    percentFail: 100,
    grantDays: 3,
    budget: { BAHT: 10_000_000, LAK: kip(60_000_000) },
    banners: [
      banner(
        'songkran',
        '<p>สาดความสุข <strong>รับเครดิตฟรี</strong></p>',
        '<p>ສາດຄວາມສຸກ <strong>ຮັບເຄຣດິດຟຣີ</strong></p>',
        '<p>Splash into <strong>free credit</strong>.</p>',
      ),
    ],
  },
  {
    code: 'NIGHT30',
    channel: 'promotion',
    sort: 11,
    names: { th: 'โปรดึก ฝากรับ 30%', lo: 'ໂປຣກາງຄືນ ຝາກຮັບ 30%', en: 'Night owl 30%' },
    notices: {
      th: '<p>ฝากขั้นต่ำ {minimumDeposit} รับโบนัส <strong>30%</strong> สูงสุด {maxBonus} ทำเทิร์น 5 เท่า ยกเลิกก่อนครบเทิร์นคืนโบนัสครึ่งหนึ่ง รับได้วันละ 1 ครั้ง</p>',
      lo: '<p>ຝາກຂັ້ນຕ່ຳ {minimumDeposit} ຮັບໂບນັດ <strong>30%</strong> ສູງສຸດ {maxBonus} ຫຼິ້ນໃຫ້ຄົບ 5 ເທົ່າ ຍົກເລີກກ່ອນຄົບເທີນຄືນໂບນັດເຄິ່ງໜຶ່ງ ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ</p>',
      en: '<p>Deposit {minimumDeposit} or more: <strong>30%</strong> bonus up to {maxBonus}. Play 5 times. Cancelling before the turnover is met returns half the bonus. Once a day.</p>',
    },
    type: 'day',
    maxReceived: 1,
    reward: { kind: 'percent', percent: 30, max: { BAHT: 30_000, LAK: kip(200_000) } },
    depositRule: 'any',
    minimumDeposit: { BAHT: 20_000, LAK: kip(100_000) },
    depositWithinMinutes: 120,
    turnoverMultiple: 5,
    contributions: SLOT_AND_CASINO,
    withdrawCapMultiple: null,
    floor: FLOOR,
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
