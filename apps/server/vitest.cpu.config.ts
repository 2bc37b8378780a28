import { defineProject } from 'vitest/config';
import { CPU_BOUND, serverTest } from './vitest.shared';

export default defineProject({
  test: {
    ...serverTest,
    name: 'server-cpu',
    include: CPU_BOUND,
    maxWorkers: 1,
    // After every other project: a group of its own (Vitest runs groups one after another).
    sequence: { groupOrder: 1 },
  },
});
