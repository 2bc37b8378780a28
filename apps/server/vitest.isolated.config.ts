import { defineProject } from 'vitest/config';
import { NEEDS_ISOLATION, serverTest } from './vitest.shared';

/** The few server files that must load their modules afresh (see NEEDS_ISOLATION). */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server-isolated',
    include: NEEDS_ISOLATION,
  },
});
