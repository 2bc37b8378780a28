import { defineProject } from 'vitest/config';
import { CPU_BOUND, NEEDS_ISOLATION, serverTest } from './vitest.shared';

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...CPU_BOUND, ...NEEDS_ISOLATION],
    isolate: false,
  },
});
