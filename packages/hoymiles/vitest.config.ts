import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'hoymiles',
    include: ['test/**/*.test.ts'],
  },
});
