import { type Check, check } from '../core/model.js';
import { isToolId, TOOLS, type ToolId } from './tools.js';

export { isToolId, TOOLS, type ToolId };

/** A tool that is not there: skipped, never a pass, naming the tool and how to install it. */
export function toolMissing(tool: ToolId, why = 'not found'): Check {
  const t = TOOLS[tool];
  return check(`${t.group}.${tool}`, 'skipped', `\`${t.command}\` ${why}: this was not checked`, {
    fix: t.install,
  });
}
