import { describe, expect, it } from 'vitest';
import { phraseChunks } from './phrase-breaks';

const cut = (text: string) => phraseChunks(text).join('|');

describe('phraseChunks', () => {
  it('keeps a compound and a loan word whole where the dictionary splits them (issue 16)', () => {
    // The dictionary's words: รายการ|เดิน|บัญชี, โปร|โม|ชั่น, ເງື່ອນໄຂ|ໂບ|ນັດ, ລາຍການ|ເຄື່ອນໄຫວ|ບັນຊີ.
    expect(cut('รายการเดินบัญชี')).toBe('รายการ|เดินบัญชี');
    expect(cut('โปรโมชั่น')).toBe('โปรโมชั่น');
    expect(cut('ເງື່ອນໄຂໂບນັດ')).toBe('ເງື່ອນໄຂ|ໂບນັດ');
    expect(cut('ລາຍການເຄື່ອນໄຫວບັນຊີ')).toBe('ລາຍການ|ເຄື່ອນໄຫວບັນຊີ');
    expect(cut('ອັບເດດຍອດທັງໝົດ')).toBe('ອັບເດດຍອດ|ທັງໝົດ');
  });

  it('keeps the breaks between real words', () => {
    expect(cut('รีเฟรชยอดทั้งหมด')).toBe('รีเฟรชยอด|ทั้งหมด');
    expect(cut('เงื่อนไขโบนัส')).toBe('เงื่อนไข|โบนัส');
    expect(cut('สมัครสมาชิก')).toBe('สมัคร|สมาชิก');
  });

  it('sticks punctuation to the word before it, and keeps spaces as breaks', () => {
    expect(cut('โอนเงินเข้า-ออก')).toBe('โอนเงิน|เข้า-ออก');
    expect(cut('ฝากเงิน 5,000 บาท')).toBe('ฝากเงิน| |5,000| |บาท');
  });

  it('leaves text without Thai or Lao as the browser wraps it, and joins back to the text', () => {
    expect(cut('Refresh all')).toBe('Refresh| |all');
    for (const text of ['รายการเดินบัญชี', 'ຕິດຕໍ່ພວກເຮົາ', 'Loss refund', 'ถอนเงิน  ได้']) {
      expect(phraseChunks(text).join('')).toBe(text);
    }
  });

  it('keeps a long run of short words breakable', () => {
    const chunks = phraseChunks('เล่นผ่านเว็บได้ทุกวันทุกเวลาไม่มีวันหยุด');
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect([...new Intl.Segmenter('th').segment(chunk)].length).toBeLessThanOrEqual(10);
  });
});
