import type { Locale } from '@wallet/contract/constants';
import {
  BOT_TOPICS,
  type BotTopic,
  type ChatMessageBody,
  type CustomerMessageBody,
} from '@wallet/contract/http/chat';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';

/**
 * The first-line bot (docs/decisions/023). It greets each new session in the member's language
 * with quick replies, answers the money questions it can from the member's own records, and hands
 * everything else to a person, saying so. It never guesses: a guest is asked to sign in first.
 */

/** A member's latest deposit or withdrawal as their statement shows it. */
export interface MoneyFact {
  /** Minor units; null when a slip's amount could not be read. */
  amount: number | null;
  currency: Currency;
  status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'REVIEW';
  createdAt: Date;
}

export interface MoneyFacts {
  lastDeposit: MoneyFact | null;
  lastWithdrawal: MoneyFact | null;
}

export interface BotContext {
  locale: Locale;
  /** The member, or null for a guest. */
  memberId: number | null;
  /** True when this message opens a session the bot has not greeted yet. */
  newSession: boolean;
  facts: (memberId: number) => Promise<MoneyFacts>;
}

export interface BotAnswer {
  replies: ChatMessageBody[];
  /** The conversation now waits for a person. */
  handOver: boolean;
  /** What the bot says when it hands over (said once while the conversation waits: the caller decides). */
  handOverText: ChatMessageBody;
}

type Texts = Record<
  | 'greeting'
  | 'DEPOSIT'
  | 'WITHDRAWAL'
  | 'BONUS'
  | 'OTHER'
  | 'signIn'
  | 'noDeposit'
  | 'noWithdrawal'
  | 'handOver'
  | 'unknownAmount'
  | 'SUCCESS'
  | 'FAILED'
  | 'PENDING'
  | 'REVIEW',
  string
> & {
  deposit: (amount: string, date: string, status: string) => string;
  withdrawal: (amount: string, date: string, status: string) => string;
  depositNext: Record<MoneyFact['status'], string>;
  withdrawalNext: Record<MoneyFact['status'], string>;
};

export const BOT_TEXTS: Record<Locale, Texts> = {
  th: {
    greeting: 'สวัสดีค่ะ ยินดีต้อนรับ เจ้าหน้าที่พร้อมช่วยเหลือ ต้องการให้ช่วยเรื่องใดคะ',
    DEPOSIT: 'ยอดฝากยังไม่เข้า',
    WITHDRAWAL: 'การถอนเงิน',
    BONUS: 'โบนัส',
    OTHER: 'เรื่องอื่น ๆ',
    signIn: 'กรุณาเข้าสู่ระบบก่อน เพื่อให้เราตรวจสอบรายการของท่านได้ หรือพิมพ์คำถามไว้ เจ้าหน้าที่จะตอบกลับที่นี่',
    noDeposit: 'ยังไม่พบรายการฝากของท่าน หากโอนแล้ว กรุณาส่งสลิปในหน้าฝากเงิน หรือส่งรูปสลิปที่นี่ เจ้าหน้าที่จะตรวจสอบให้ค่ะ',
    noWithdrawal: 'ยังไม่พบรายการถอนของท่านค่ะ',
    handOver: 'เจ้าหน้าที่จะตอบกลับในแชทนี้โดยเร็วที่สุดค่ะ',
    unknownAmount: 'ไม่ทราบยอด',
    SUCCESS: 'สำเร็จ',
    FAILED: 'ไม่สำเร็จ',
    PENDING: 'กำลังดำเนินการ',
    REVIEW: 'รอเจ้าหน้าที่ตรวจสอบ',
    deposit: (amount, date, status) => `รายการฝากล่าสุดของท่าน: ${amount} เมื่อ ${date} สถานะ: ${status}`,
    withdrawal: (amount, date, status) => `รายการถอนล่าสุดของท่าน: ${amount} เมื่อ ${date} สถานะ: ${status}`,
    depositNext: {
      SUCCESS: 'ยอดนี้เข้ากระเป๋าเงินของท่านแล้วค่ะ หากเป็นรายการอื่น เจ้าหน้าที่จะตรวจสอบให้',
      FAILED: 'รายการนี้ไม่สำเร็จ เจ้าหน้าที่จะตรวจสอบและตอบกลับที่นี่ค่ะ',
      PENDING: 'รายการกำลังดำเนินการ โดยปกติใช้เวลาไม่กี่นาทีค่ะ',
      REVIEW: 'สลิปนี้รอเจ้าหน้าที่ตรวจสอบ จะตอบกลับที่นี่ค่ะ',
    },
    withdrawalNext: {
      SUCCESS: 'โอนเข้าบัญชีธนาคารของท่านแล้วค่ะ',
      FAILED: 'รายการนี้ไม่สำเร็จ เงินคืนเข้ากระเป๋าเงินของท่านแล้วค่ะ',
      PENDING: 'กำลังโอนเข้าบัญชีธนาคารของท่าน เจ้าหน้าที่จะตรวจสอบหากล่าช้าค่ะ',
      REVIEW: 'รายการรอเจ้าหน้าที่ตรวจสอบค่ะ',
    },
  },
  lo: {
    greeting: 'ສະບາຍດີ ຍິນດີຕ້ອນຮັບ ເຈົ້າໜ້າທີ່ພ້ອມຊ່ວຍເຫຼືອ ຕ້ອງການໃຫ້ຊ່ວຍເລື່ອງໃດ?',
    DEPOSIT: 'ຍອດຝາກຍັງບໍ່ເຂົ້າ',
    WITHDRAWAL: 'ການຖອນເງິນ',
    BONUS: 'ໂບນັດ',
    OTHER: 'ເລື່ອງອື່ນໆ',
    signIn: 'ກະລຸນາເຂົ້າສູ່ລະບົບກ່ອນ ເພື່ອໃຫ້ພວກເຮົາກວດສອບລາຍການຂອງທ່ານໄດ້ ຫຼື ພິມຄຳຖາມໄວ້ ເຈົ້າໜ້າທີ່ຈະຕອບກັບທີ່ນີ້',
    noDeposit: 'ຍັງບໍ່ພົບລາຍການຝາກຂອງທ່ານ ຖ້າໂອນແລ້ວ ກະລຸນາສົ່ງສະລິບໃນໜ້າຝາກເງິນ ຫຼື ສົ່ງຮູບສະລິບທີ່ນີ້ ເຈົ້າໜ້າທີ່ຈະກວດສອບໃຫ້',
    noWithdrawal: 'ຍັງບໍ່ພົບລາຍການຖອນຂອງທ່ານ',
    handOver: 'ເຈົ້າໜ້າທີ່ຈະຕອບກັບໃນແຊັດນີ້ໄວທີ່ສຸດ',
    unknownAmount: 'ບໍ່ຮູ້ຍອດ',
    SUCCESS: 'ສຳເລັດ',
    FAILED: 'ບໍ່ສຳເລັດ',
    PENDING: 'ກຳລັງດຳເນີນການ',
    REVIEW: 'ລໍຖ້າເຈົ້າໜ້າທີ່ກວດສອບ',
    deposit: (amount, date, status) => `ລາຍການຝາກຫຼ້າສຸດຂອງທ່ານ: ${amount} ເມື່ອ ${date} ສະຖານະ: ${status}`,
    withdrawal: (amount, date, status) => `ລາຍການຖອນຫຼ້າສຸດຂອງທ່ານ: ${amount} ເມື່ອ ${date} ສະຖານະ: ${status}`,
    depositNext: {
      SUCCESS: 'ຍອດນີ້ເຂົ້າກະເປົາເງິນຂອງທ່ານແລ້ວ ຖ້າເປັນລາຍການອື່ນ ເຈົ້າໜ້າທີ່ຈະກວດສອບໃຫ້',
      FAILED: 'ລາຍການນີ້ບໍ່ສຳເລັດ ເຈົ້າໜ້າທີ່ຈະກວດສອບ ແລະ ຕອບກັບທີ່ນີ້',
      PENDING: 'ລາຍການກຳລັງດຳເນີນການ ປົກກະຕິໃຊ້ເວລາບໍ່ເທົ່າໃດນາທີ',
      REVIEW: 'ສະລິບນີ້ລໍຖ້າເຈົ້າໜ້າທີ່ກວດສອບ ຈະຕອບກັບທີ່ນີ້',
    },
    withdrawalNext: {
      SUCCESS: 'ໂອນເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ',
      FAILED: 'ລາຍການນີ້ບໍ່ສຳເລັດ ເງິນຄືນເຂົ້າກະເປົາເງິນຂອງທ່ານແລ້ວ',
      PENDING: 'ກຳລັງໂອນເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ ເຈົ້າໜ້າທີ່ຈະກວດສອບຖ້າຊັກຊ້າ',
      REVIEW: 'ລາຍການລໍຖ້າເຈົ້າໜ້າທີ່ກວດສອບ',
    },
  },
  en: {
    greeting: 'Hello, and welcome to member support. What can we help you with?',
    DEPOSIT: 'Deposit not received',
    WITHDRAWAL: 'Withdrawal',
    BONUS: 'Bonus',
    OTHER: 'Something else',
    signIn:
      'Please sign in first so we can look at your records, or type your question and our team will answer here.',
    noDeposit:
      'We find no deposit of yours yet. If you have transferred, upload the slip on the deposit page or send a photo of it here, and our team will check it.',
    noWithdrawal: 'We find no withdrawal of yours yet.',
    handOver: 'A member of our team will answer you in this chat as soon as possible.',
    unknownAmount: 'amount not readable',
    SUCCESS: 'successful',
    FAILED: 'failed',
    PENDING: 'in progress',
    REVIEW: 'waiting for our team to check',
    deposit: (amount, date, status) => `Your latest deposit: ${amount} on ${date}, ${status}.`,
    withdrawal: (amount, date, status) => `Your latest withdrawal: ${amount} on ${date}, ${status}.`,
    depositNext: {
      SUCCESS: 'It is in your wallet. If you mean another deposit, our team will check it.',
      FAILED: 'It did not go through. Our team will look into it and answer here.',
      PENDING: 'It is being processed; this usually takes a few minutes.',
      REVIEW: 'Our team is checking this slip and will answer here.',
    },
    withdrawalNext: {
      SUCCESS: 'It has been paid to your bank account.',
      FAILED: 'It did not go through, and the money is back in your wallet.',
      PENDING: 'It is on its way to your bank account; our team will check it if it is late.',
      REVIEW: 'Our team is checking it.',
    },
  },
};

const DATE_LOCALES: Record<Locale, string> = { th: 'th-TH', lo: 'lo-LA', en: 'en-GB' };

function describe(fact: MoneyFact, locale: Locale, kind: 'deposit' | 'withdrawal'): string {
  const texts = BOT_TEXTS[locale];
  const date = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(fact.createdAt);
  const amount =
    fact.amount === null
      ? texts.unknownAmount
      : `${fact.currency === 'LAK' ? '₭' : '฿'}${formatMajorAmount(fact.amount, fact.currency)}`;
  const line = texts[kind](amount, date, texts[fact.status]);
  const next = kind === 'deposit' ? texts.depositNext[fact.status] : texts.withdrawalNext[fact.status];
  return `${line} ${next}`;
}

const text = (payload: string): ChatMessageBody => ({ message_type: 'text', payload });

/** The greeting's quick replies, in the member's language. */
export function greeting(locale: Locale): ChatMessageBody {
  const texts = BOT_TEXTS[locale];
  return {
    message_type: 'quick_replies',
    payload: {
      text: texts.greeting,
      quick_replies: BOT_TOPICS.map((topic) => ({ title: texts[topic], payload: topic })),
    },
  };
}

const isTopic = (payload: string): payload is BotTopic => (BOT_TOPICS as readonly string[]).includes(payload);

/** What the bot says to one message of the member (the hand-over's words apart: said once). */
export async function botAnswer(message: CustomerMessageBody, context: BotContext): Promise<BotAnswer> {
  const texts = BOT_TEXTS[context.locale];
  const replies: ChatMessageBody[] = [];
  const handOverText = text(texts.handOver);
  if (context.newSession) replies.push(greeting(context.locale));
  const topic =
    message.message_type === 'postback' && isTopic(message.payload.payload) ? message.payload.payload : null;

  if (topic === 'DEPOSIT' || topic === 'WITHDRAWAL') {
    if (context.memberId === null) {
      replies.push(text(texts.signIn));
      return { replies, handOver: true, handOverText };
    }
    const facts = await context.facts(context.memberId);
    const fact = topic === 'DEPOSIT' ? facts.lastDeposit : facts.lastWithdrawal;
    if (!fact) replies.push(text(topic === 'DEPOSIT' ? texts.noDeposit : texts.noWithdrawal));
    else replies.push(text(describe(fact, context.locale, topic === 'DEPOSIT' ? 'deposit' : 'withdrawal')));
    // A settled answer may be enough; anything unsettled goes to a person as well.
    const settled = fact?.status === 'SUCCESS' || (topic === 'WITHDRAWAL' && fact?.status === 'FAILED');
    return { replies, handOver: !settled, handOverText };
  }
  // Anything else (a bonus, another question, free text) a person answers.
  return { replies, handOver: true, handOverText };
}
