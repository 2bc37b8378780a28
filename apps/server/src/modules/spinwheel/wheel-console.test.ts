import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleWheelResponse, WheelSettings } from '@wallet/contract/http/console-offers';
import type { SpinSetupResponse } from '@wallet/contract/http/spinwheel';
import { rowsOf } from '../../platform/db/rows';
import { booksAreSound, listen } from '../../../test/money';
import { spinCalls } from '../../../test/spin';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The spin wheel edited by staff (issue 28 section 1, decision 057): what the console saves is the
 * wheel members are shown and drawn from, with the odds recomputed; bad wheels are refused whole.
 */
describe('the spin wheel edited by staff', () => {
  let t: TestApp;
  let marketing: string;
  beforeAll(async () => {
    t = await createTestApp();
    await listen(t.app);
    marketing = (await createStaffAndSignIn(t, { role: 'marketing' })).token;
  });
  afterAll(() => t.close());
  const { get, spin, withCoins } = spinCalls(() => t);
  const read = async () =>
    (await staffCall(t.app, marketing, 'GET', '/api/console/wheel')).json<ConsoleWheelResponse>();
  const save = (wheel: WheelSettings) => staffCall(t.app, marketing, 'PUT', '/api/console/wheel', wheel);

  it('shows the odds members are shown, and a change reaches their wheel and draws', async () => {
    const { wheel, odds } = await read();
    expect(wheel.slices).toHaveLength(8);
    const member = await withCoins(1);
    const setup = async () => (await get<SpinSetupResponse>(member.token, '/api/spinwheel/setup')).body;
    expect((await setup()).result.activeSpinwheel!.slices.map((slice) => slice.odds)).toEqual(odds);

    // A new slice that alone can be drawn, one of stock; a relabelled one; colours and hours.
    const changed: WheelSettings = {
      ...wheel,
      couponHours: 24,
      slices: [
        ...wheel.slices.map((slice) => ({
          ...slice,
          weight: 0,
          ...(slice.code === 'CASH20'
            ? { labels: { th: 'เงิน <b>{amount}</b>', lo: 'ເງິນ {amount}', en: 'Cash {amount}!' } }
            : {}),
        })),
        {
          code: 'STAFF5',
          labels: { th: 'ห้าบาท', lo: 'ຫ້າບາດ', en: 'Five baht' },
          descriptions: { th: '<p>x</p><script>y</script>', lo: '', en: '' },
          bgColor: '#123456',
          textColor: '#ffffff',
          weight: 3,
          stock: 1,
          dailyBudget: null,
          withdrawn: false,
          prize: { kind: 'cash', amounts: { BAHT: 500 } },
        },
      ] as WheelSettings['slices'],
    };
    const saved = await save(changed);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<ConsoleWheelResponse>();
    expect(answer.odds).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 100]);
    expect(answer.wheel.slices[0]!.labels.th).toBe('เงิน {amount}');
    expect(answer.wheel.slices[8]!.descriptions.th).toBe('<p>x</p>');

    const shown = (await setup()).result.activeSpinwheel!;
    expect(shown.couponHours).toBe(24);
    expect(shown.slices.map((slice) => [slice.code, slice.odds])).toContainEqual(['STAFF5', 100]);
    expect(shown.slices.find((slice) => slice.code === 'CASH20')?.label).toBe('เงิน ฿20');
    const drawn = await spin(member.token);
    expect(drawn.body).toMatchObject({ success: true, result: { code: 'STAFF5', label: 'ห้าบาท' } });
    // Its stock of one is spent: the console reads 0 left.
    expect((await read()).wheel.slices[8]!.stock).toBe(0);

    const [row] = await rowsOf<{
      detail: { before: Record<string, unknown>; after: Record<string, unknown> };
    }>(
      t.database.db,
      sql`select detail from staff_audit where action = 'wheel.update' order by id desc limit 1`,
    );
    expect(Object.keys(row!.detail.after).sort()).toEqual(['couponHours', 'slices']);
    expect(row!.detail.before.couponHours).toBe(72);
    await booksAreSound(t.database.db);
  });

  it('refuses a wheel that cannot work, and changes nothing', async () => {
    const before = await read();
    const { wheel } = before;
    const refusals: [WheelSettings, string][] = [
      [{ ...wheel, slices: wheel.slices.slice(1) }, 'WHEEL_SLICE_MISSING'],
      [{ ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, weight: 0 })) }, 'WHEEL_WEIGHTS_EMPTY'],
      [{ ...wheel, slices: [...wheel.slices, wheel.slices[0]!] }, 'WHEEL_SLICE_DUPLICATE'],
      [
        { ...wheel, slices: wheel.slices.map((slice) => ({ ...slice, bgColor: 'red' })) },
        'WHEEL_COLOR_INVALID',
      ],
    ];
    for (const [body, code] of refusals) {
      const answer = await save(body);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json(), code).toEqual({ message: code });
    }
    expect(await read()).toEqual(before);
  });
});
