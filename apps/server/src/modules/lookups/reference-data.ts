import type { MinorUnits } from '@wallet/contract/money';
import { DEFAULT_REVIEW_FLAGS } from '@wallet/contract/http/console-withdrawals';
import { QR_DEFAULT_MINIMUMS } from '@wallet/contract/http/deposit';
import { SHIPPED_HOWTO } from './howto-clips';
import type { ReferenceData, SettingsSeed } from './lookups.settings';

/** The operator's company name on its deposit accounts, as members of each language read it. */
const OPERATOR_NAMES = {
  th: 'บจก. ลักกี้ วอลเล็ต',
  lo: 'ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ',
  en: 'LUCKY WALLET CO., LTD.',
};

/**
 * Lao banks whose account number lengths we could not confirm (decision 035): the lengths seen in
 * Lao account numbers, so that no member is turned away; a number typed with zeros before it is
 * still caught as the same account, since numbers are compared without them.
 */
const LAO_UNKNOWN = [10, 11, 12, 13, 14, 15, 16, 17, 18];

/**
 * Demo reference data: banks, discovery sources, site settings and the operator's deposit accounts.
 * Account numbers are invented. Amounts are integer minor units (satang / att).
 */
export const referenceData: ReferenceData = {
  banks: [
    {
      code: 'SCB',
      nameTh: 'ธนาคารไทยพาณิชย์',
      nameEn: 'Siam Commercial Bank',
      nameLo: 'ທະນາຄານໄທພານິດ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'KBANK',
      nameTh: 'ธนาคารกสิกรไทย',
      nameEn: 'Kasikornbank',
      nameLo: 'ທະນາຄານກະສິກອນໄທ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'KTB',
      nameTh: 'ธนาคารกรุงไทย',
      nameEn: 'Krung Thai Bank',
      nameLo: 'ທະນາຄານກຸງໄທ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: true,
    },
    {
      code: 'BBL',
      nameTh: 'ธนาคารกรุงเทพ',
      nameEn: 'Bangkok Bank',
      nameLo: 'ທະນາຄານກຸງເທບ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: true,
    },
    {
      code: 'BAY',
      nameTh: 'ธนาคารกรุงศรีอยุธยา',
      nameEn: 'Bank of Ayudhya (Krungsri)',
      nameLo: 'ທະນາຄານກຸງສີອະຍຸດທະຍາ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'TMB',
      nameTh: 'ธนาคารทหารไทยธนชาต',
      nameEn: 'TMBThanachart Bank (ttb)',
      nameLo: 'ທະນາຄານທະຫານໄທທະນະຊາດ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: true,
    },
    {
      code: 'GSB',
      nameTh: 'ธนาคารออมสิน',
      nameEn: 'Government Savings Bank',
      nameLo: 'ທະນາຄານອອມສິນ',
      market: 'TH',
      accountNoLengths: [12],
      englishNameOnly: false,
    },
    {
      code: 'BAAC',
      nameTh: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
      nameEn: 'Bank for Agriculture and Agricultural Cooperatives',
      nameLo: 'ທະນາຄານເພື່ອການກະເສດ ແລະ ສະຫະກອນການກະເສດ',
      market: 'TH',
      accountNoLengths: [12],
      englishNameOnly: false,
    },
    {
      code: 'GHB',
      nameTh: 'ธนาคารอาคารสงเคราะห์',
      nameEn: 'Government Housing Bank',
      nameLo: 'ທະນາຄານອາຄານສົງເຄາະ',
      market: 'TH',
      accountNoLengths: [12],
      englishNameOnly: false,
    },
    {
      code: 'KKP',
      nameTh: 'ธนาคารเกียรตินาคินภัทร',
      nameEn: 'Kiatnakin Phatra Bank',
      nameLo: 'ທະນາຄານກຽດນາກິນພັດ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'CIMBT',
      nameTh: 'ธนาคารซีไอเอ็มบี ไทย',
      nameEn: 'CIMB Thai Bank',
      nameLo: 'ທະນາຄານ ຊີໄອເອັມບີ ໄທ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'UOBT',
      nameTh: 'ธนาคารยูโอบี',
      nameEn: 'United Overseas Bank (Thai)',
      nameLo: 'ທະນາຄານ ຢູໂອບີ',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'TISCO',
      nameTh: 'ธนาคารทิสโก้',
      nameEn: 'TISCO Bank',
      nameLo: 'ທະນາຄານ ທິສໂກ້',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'LHBANK',
      nameTh: 'ธนาคารแลนด์ แอนด์ เฮ้าส์',
      nameEn: 'Land and Houses Bank',
      nameLo: 'ທະນາຄານ ແລນ ແອນ ເຮົ້າສ໌',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'ICBC',
      nameTh: 'ธนาคารไอซีบีซี (ไทย)',
      nameEn: 'Industrial and Commercial Bank of China (Thai)',
      nameLo: 'ທະນາຄານ ໄອຊີບີຊີ (ໄທ)',
      market: 'TH',
      accountNoLengths: [10],
      englishNameOnly: false,
    },
    {
      code: 'BCEL',
      nameTh: 'ธนาคารการค้าต่างประเทศลาว',
      nameEn: 'Banque pour le Commerce Extérieur Lao',
      nameLo: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      market: 'LA',
      accountNoLengths: [13, 18],
      englishNameOnly: false,
    },
    {
      code: 'LDB',
      nameTh: 'ธนาคารพัฒนาลาว',
      nameEn: 'Lao Development Bank',
      nameLo: 'ທະນາຄານພັດທະນາລາວ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'APB',
      nameTh: 'ธนาคารส่งเสริมกสิกรรม',
      nameEn: 'Agricultural Promotion Bank',
      nameLo: 'ທະນາຄານສົ່ງເສີມກະສິກຳ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'JDB',
      nameTh: 'ธนาคารร่วมพัฒนา',
      nameEn: 'Joint Development Bank',
      nameLo: 'ທະນາຄານຮ່ວມພັດທະນາ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'LVB',
      nameTh: 'ธนาคารร่วมทุนลาว-เวียด',
      nameEn: 'Lao-Viet Bank',
      nameLo: 'ທະນາຄານຮ່ວມທຸນລາວ-ຫວຽດ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'STB',
      nameTh: 'ธนาคารเอสที',
      nameEn: 'ST Bank',
      nameLo: 'ທະນາຄານ ເອັສທີ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'IDB',
      nameTh: 'ธนาคารอินโดจีน',
      nameEn: 'Indochina Bank',
      nameLo: 'ທະນາຄານອິນໂດຈີນ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'BFL',
      nameTh: 'ธนาคารฝรั่งเศส-ลาว',
      nameEn: 'Banque Franco-Lao (BRED)',
      nameLo: 'ທະນາຄານຝຣັ່ງ-ລາວ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'ACLEDA',
      nameTh: 'ธนาคารเอซีลีดา ลาว',
      nameEn: 'ACLEDA Bank Lao',
      nameLo: 'ທະນາຄານ ເອຊີລີດາ ລາວ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
    {
      code: 'PSV',
      nameTh: 'ธนาคารพงสะหวัน',
      nameEn: 'Phongsavanh Bank',
      nameLo: 'ທະນາຄານ ພົງສະຫວັນ',
      market: 'LA',
      accountNoLengths: LAO_UNKNOWN,
      englishNameOnly: false,
    },
  ],

  sources: [
    { code: 'FACEBOOK', descriptions: { th: 'Facebook', lo: 'Facebook', en: 'Facebook' } },
    { code: 'LINE', descriptions: { th: 'LINE', lo: 'LINE', en: 'LINE' } },
    { code: 'TIKTOK', descriptions: { th: 'TikTok', lo: 'TikTok', en: 'TikTok' } },
    { code: 'YOUTUBE', descriptions: { th: 'YouTube', lo: 'YouTube', en: 'YouTube' } },
    { code: 'GOOGLE', descriptions: { th: 'ค้นหาจาก Google', lo: 'ຄົ້ນຫາຈາກ Google', en: 'Google search' } },
    { code: 'FRIEND', descriptions: { th: 'เพื่อนแนะนำ', lo: 'ໝູ່ແນະນຳ', en: 'A friend told me' } },
    { code: 'SMS', descriptions: { th: 'ข้อความ SMS', lo: 'ຂໍ້ຄວາມ SMS', en: 'SMS message' } },
    { code: 'OTHER', descriptions: { th: 'อื่น ๆ', lo: 'ອື່ນໆ', en: 'Other' } },
  ],

  settings: {
    info: { name: 'Lucky Wallet', website: 'https://luckywallet.example' },

    contact: {
      contactText: {
        th: 'เจ้าหน้าที่พร้อมดูแลคุณตลอด 24 ชั่วโมง เพิ่มเพื่อนทาง LINE เพื่อติดต่อเราได้ทันที',
        lo: 'ເຈົ້າໜ້າທີ່ພ້ອມໃຫ້ບໍລິການທ່ານຕະຫຼອດ 24 ຊົ່ວໂມງ ເພີ່ມໝູ່ທາງ LINE ເພື່ອຕິດຕໍ່ພວກເຮົາໄດ້ທັນທີ',
        en: 'Our support team is here for you 24 hours a day. Add us on LINE to reach us right away.',
      },
      lineLink: 'https://line.me/R/ti/p/@luckywallet',
      lineName: '@luckywallet',
      lineQR: null,
      // Staff offer WhatsApp beside LINE in the console (Settings); none until they do.
      whatsappLink: '',
      whatsappName: '',
    },

    conditions: {
      th: [
        '<p>สมาชิก 1 ท่าน สมัครได้เพียง <strong>1 บัญชี</strong> เท่านั้น</p>',
        '<p>ฝากเงินได้จาก<strong>บัญชีธนาคารที่ลงทะเบียนไว้</strong>เท่านั้น ' +
          'หากโอนจากบัญชีอื่น ระบบจะไม่เติมเงินให้อัตโนมัติ</p>',
        '<p>สลิปต้องเป็นสลิปจริงจากธนาคาร และต้องแนบภายใน <strong>1 ชั่วโมง</strong> หลังโอนเงิน<br>' +
          'หากใช้สลิปปลอมหรือสลิปที่ถูกแก้ไข บัญชีจะถูกระงับทันที</p>',
        '<p>เงินที่ถอนจะโอนเข้า<strong>บัญชีธนาคารที่ลงทะเบียนไว้</strong>เท่านั้น</p>',
        '<p>โบนัสและโปรโมชั่นทุกรายการมี<strong>เงื่อนไขยอดเทิร์นโอเวอร์</strong> ' +
          'ต้องทำยอดให้ครบก่อนจึงจะถอนเงินได้</p>',
        '<p>เจ้าหน้าที่<strong>จะไม่ขอรหัสผ่าน</strong>หรือรหัส OTP ของคุณไม่ว่ากรณีใด ๆ ห้ามเปิดเผยให้ผู้อื่นทราบ</p>',
      ],
      lo: [
        '<p>ສະມາຊິກ 1 ທ່ານ ລົງທະບຽນໄດ້ພຽງ <strong>1 ບັນຊີ</strong> ເທົ່ານັ້ນ</p>',
        '<p>ຝາກເງິນໄດ້ຈາກ<strong>ບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້</strong>ເທົ່ານັ້ນ ' +
          'ຖ້າໂອນຈາກບັນຊີອື່ນ ລະບົບຈະບໍ່ເຕີມເງິນໃຫ້ອັດຕະໂນມັດ</p>',
        '<p>ສະລິບຕ້ອງເປັນສະລິບແທ້ຈາກທະນາຄານ ແລະ ຕ້ອງອັບໂຫຼດພາຍໃນ <strong>1 ຊົ່ວໂມງ</strong> ຫຼັງໂອນເງິນ<br>' +
          'ຖ້າໃຊ້ສະລິບປອມ ຫຼື ສະລິບທີ່ຖືກແກ້ໄຂ ບັນຊີຈະຖືກລະງັບທັນທີ</p>',
        '<p>ເງິນທີ່ຖອນຈະໂອນເຂົ້າ<strong>ບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້</strong>ເທົ່ານັ້ນ</p>',
        '<p>ໂບນັດ ແລະ ໂປຣໂມຊັນທຸກລາຍການມີ<strong>ເງື່ອນໄຂຍອດເທີນໂອເວີ</strong> ຕ້ອງເຮັດຍອດໃຫ້ຄົບກ່ອນຈຶ່ງຈະຖອນເງິນໄດ້</p>',
        '<p>ເຈົ້າໜ້າທີ່<strong>ຈະບໍ່ຂໍລະຫັດຜ່ານ</strong> ຫຼື ລະຫັດ OTP ຂອງທ່ານໃນທຸກກໍລະນີ ຫ້າມເປີດເຜີຍໃຫ້ຜູ້ອື່ນຮູ້</p>',
      ],
      en: [
        '<p>Each person may register <strong>one account</strong> only.</p>',
        '<p>Deposit <strong>only from your registered bank account</strong>. ' +
          'Transfers from any other account are not credited automatically.</p>',
        '<p>Slips must be genuine bank slips, uploaded within <strong>1 hour</strong> of the transfer.<br>' +
          'Using a fake or edited slip gets the account suspended immediately.</p>',
        '<p>Withdrawals are paid <strong>only to your registered bank account</strong>.</p>',
        '<p>Every bonus and promotion has a <strong>turnover requirement</strong> ' +
          'that must be met before you can withdraw.</p>',
        '<p>Our staff <strong>will never ask for your password</strong> or OTP code. ' +
          'Never share them with anyone.</p>',
      ],
    },

    agreements: {
      th: [
        '<p>ผู้สมัครต้องมี<strong>อายุ 18 ปีบริบูรณ์ขึ้นไป</strong> ' +
          'การสมัครสมาชิกถือว่าท่านยืนยันว่าข้อมูลที่ให้ไว้เป็นความจริงทุกประการ</p>',
        '<p>ท่านต้องเก็บรักษาชื่อผู้ใช้และรหัสผ่านเป็นความลับ ' +
          'รายการทั้งหมดที่เกิดขึ้นภายใต้บัญชีของท่านถือเป็นความรับผิดชอบของท่าน</p>',
        '<p><strong>เล่นอย่างมีความรับผิดชอบ</strong> เล่นเพื่อความบันเทิงและใช้เฉพาะเงินที่ท่านพร้อมจะเสียได้ ' +
          'หากรู้สึกว่าควบคุมการเล่นไม่ได้ สามารถติดต่อเจ้าหน้าที่เพื่อขอปิดบัญชีได้ตลอดเวลา</p>',
        '<p><strong>ความเป็นส่วนตัว</strong> ข้อมูลส่วนบุคคลของท่านใช้เพื่อให้บริการและยืนยันตัวตนเท่านั้น ' +
          'และจะไม่เปิดเผยต่อบุคคลภายนอก เว้นแต่กฎหมายกำหนด</p>',
        '<p>บริษัทขอสงวนสิทธิ์ใน<strong>การระงับหรือปิดบัญชี</strong>และยกเลิกรายการที่เกี่ยวข้อง ' +
          'หากตรวจพบการทุจริต การใช้สลิปปลอม หรือการเปิดหลายบัญชี โดยไม่ต้องแจ้งให้ทราบล่วงหน้า</p>',
        '<p>บริษัทอาจปรับปรุงข้อตกลงนี้ได้ตามความเหมาะสม การใช้บริการต่อหลังการปรับปรุงถือว่าท่านยอมรับข้อตกลงฉบับใหม่</p>',
      ],
      lo: [
        '<p>ຜູ້ລົງທະບຽນຕ້ອງມີ<strong>ອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</strong> ' +
          'ການລົງທະບຽນຖືວ່າທ່ານຢືນຢັນວ່າຂໍ້ມູນທີ່ໃຫ້ໄວ້ເປັນຄວາມຈິງທຸກປະການ</p>',
        '<p>ທ່ານຕ້ອງຮັກສາຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານໄວ້ເປັນຄວາມລັບ ' +
          'ທຸກລາຍການທີ່ເກີດຂຶ້ນພາຍໃຕ້ບັນຊີຂອງທ່ານ ຖືເປັນຄວາມຮັບຜິດຊອບຂອງທ່ານ</p>',
        '<p><strong>ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ</strong> ຫຼິ້ນເພື່ອຄວາມບັນເທີງ ແລະ ໃຊ້ສະເພາະເງິນທີ່ທ່ານພ້ອມຈະເສຍໄດ້ ' +
          'ຖ້າຮູ້ສຶກວ່າຄວບຄຸມການຫຼິ້ນບໍ່ໄດ້ ສາມາດຕິດຕໍ່ເຈົ້າໜ້າທີ່ເພື່ອຂໍປິດບັນຊີໄດ້ຕະຫຼອດເວລາ</p>',
        '<p><strong>ຄວາມເປັນສ່ວນຕົວ</strong> ຂໍ້ມູນສ່ວນບຸກຄົນຂອງທ່ານໃຊ້ເພື່ອໃຫ້ບໍລິການ ແລະ ຢືນຢັນຕົວຕົນເທົ່ານັ້ນ ' +
          'ແລະ ຈະບໍ່ເປີດເຜີຍຕໍ່ບຸກຄົນພາຍນອກ ເວັ້ນເສຍແຕ່ກົດໝາຍກຳນົດ</p>',
        '<p>ບໍລິສັດຂໍສະຫງວນສິດໃນ<strong>ການລະງັບ ຫຼື ປິດບັນຊີ</strong> ແລະ ຍົກເລີກລາຍການທີ່ກ່ຽວຂ້ອງ ' +
          'ຖ້າກວດພົບການສໍ້ໂກງ ການໃຊ້ສະລິບປອມ ຫຼື ການເປີດຫຼາຍບັນຊີ ໂດຍບໍ່ຕ້ອງແຈ້ງໃຫ້ຊາບລ່ວງໜ້າ</p>',
        '<p>ບໍລິສັດອາດປັບປຸງຂໍ້ຕົກລົງນີ້ໄດ້ຕາມຄວາມເໝາະສົມ ການນຳໃຊ້ບໍລິການຕໍ່ຫຼັງການປັບປຸງ ຖືວ່າທ່ານຍອມຮັບຂໍ້ຕົກລົງສະບັບໃໝ່</p>',
      ],
      en: [
        '<p>You must be <strong>at least 18 years old</strong> to register. ' +
          'By registering you confirm that all the information you provide is true.</p>',
        '<p>You must keep your username and password secret. ' +
          'Everything done under your account is your responsibility.</p>',
        '<p><strong>Play responsibly.</strong> Play for entertainment, with money you can afford to lose. ' +
          'If you feel you are losing control, contact our staff to close your account at any time.</p>',
        '<p><strong>Privacy.</strong> Your personal data is used only to provide the service ' +
          'and verify your identity, and is never disclosed to third parties unless the law requires it.</p>',
        '<p>The company reserves the right to <strong>suspend or close any account</strong> and cancel ' +
          'related transactions without notice if it detects fraud, fake slips or multiple accounts.</p>',
        '<p>The company may update this agreement from time to time. ' +
          'Continuing to use the service after an update means you accept the new version.</p>',
      ],
    },

    notice: {
      th: 'ฝากเงินเข้าระบบอัตโนมัติภายใน 1 นาที ถอนเงินได้ตลอด 24 ชั่วโมง',
      lo: 'ຝາກເງິນເຂົ້າລະບົບອັດຕະໂນມັດພາຍໃນ 1 ນາທີ ຖອນເງິນໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ',
      en: 'Deposits are credited automatically within 1 minute. Withdrawals are available 24 hours a day.',
    },

    // ฿100 to ฿50,000 per withdrawal; ₭50,000 to ₭30,000,000 (1 baht is some 600 kip; decision 067).
    withdraw: {
      BAHT: { withdrawMin: 10_000 as MinorUnits, withdrawMax: 5_000_000 as MinorUnits },
      LAK: { withdrawMin: 5_000_000 as MinorUnits, withdrawMax: 3_000_000_000 as MinorUnits },
    },

    // Issue 27's defaults: up to ฿20,000 (₭12,000,000) paid at once, 3 a day, a member's first
    // withdrawal reviewed, two approvals over ฿50,000 (₭30,000,000); the sandbox's differ
    // (sandboxWithdrawalRules). Kip at some 600 a baht (decision 075).
    withdrawalRules: {
      autoApproveMax: { BAHT: 2_000_000 as MinorUnits, LAK: 1_200_000_000 as MinorUnits },
      dailyAutoCount: 3,
      reviewFirst: true,
      secondApprovalOver: { BAHT: 5_000_000 as MinorUnits, LAK: 3_000_000_000 as MinorUnits },
      reviewFlags: DEFAULT_REVIEW_FLAGS,
      reviewTags: [],
    },

    slip: { maxAgeMinutes: 60, closedFrom: '23:50', closedTo: '00:10', timeZone: 'Asia/Bangkok' },

    active: { terminated: false },
    registerOTP: { enabled: true },
    enableChatWidget: { enabled: true },
    deposit: { isManual: false },
    qrMinimums: QR_DEFAULT_MINIMUMS as SettingsSeed['qrMinimums'],

    howto: SHIPPED_HOWTO,

    // ฿1,000 or ₭600,000: a larger balance adjustment waits for a second staff member (decisions 046, 075).
    adjustmentApprovalOver: { approvalOver: { BAHT: 100_000 as MinorUnits, LAK: 60_000_000 as MinorUnits } },
  },

  depositBanks: [
    {
      bankCode: 'SCB',
      bankType: 'DEPOSIT',
      mode: 'AUTO',
      accountName: 'บจก. ลักกี้ วอลเล็ต',
      accountNames: OPERATOR_NAMES,
      accountNo: '4078823156',
      currency: 'BAHT',
    },
    {
      bankCode: 'KBANK',
      bankType: 'DEPOSIT',
      mode: 'AUTO',
      accountName: 'บจก. ลักกี้ วอลเล็ต',
      accountNames: OPERATOR_NAMES,
      accountNo: '0583917264',
      currency: 'BAHT',
    },
    {
      bankCode: 'GSB',
      bankType: 'DEPOSIT',
      mode: 'SMS',
      accountName: 'บจก. ลักกี้ วอลเล็ต',
      accountNames: OPERATOR_NAMES,
      accountNo: '0203591874',
      currency: 'BAHT',
    },
    {
      bankCode: 'BCEL',
      bankType: 'DEPOSIT',
      mode: 'AUTO',
      accountName: 'LUCKY WALLET CO LTD',
      accountNames: { lo: OPERATOR_NAMES.lo, en: 'LUCKY WALLET CO LTD' },
      accountNo: '0101100458723',
      currency: 'LAK',
    },
  ],

  depositWallets: [{ mode: 'AUTO', walletAccountName: 'LUCKY WALLET' }],
};
