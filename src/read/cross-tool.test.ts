import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, TOOL_FIXTURE_DIRS } from '../../test/helpers/fixtures.js';
import { TOOLS, type ToolId } from '../classify/index.js';
import { ParseError } from '../parsers/errors.js';
import { READERS } from './tools.js';

// A paste given to the wrong reader must be refused, never read as a (possibly healthy) result.
describe('every reader refuses every other tool’s fixtures', () => {
  for (const tool of Object.keys(TOOLS) as ToolId[]) {
    it(tool, () => {
      const accepted: string[] = [];
      for (const [other, dir] of Object.entries(TOOL_FIXTURE_DIRS)) {
        if (other === tool) continue;
        for (const file of listFixtures(...dir)) {
          try {
            READERS[tool](readFixture(...dir, file), { expect: 'any' });
            accepted.push(`${other}/${file}`);
          } catch (err) {
            expect(err).toBeInstanceOf(ParseError);
          }
        }
      }
      expect(accepted).toEqual([]);
    });
  }
});
