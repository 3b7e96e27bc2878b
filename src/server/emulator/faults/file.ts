// `--faults FILE`: rules in force from the start, as `POST /__faults` takes them (`{"rules": [...], "seed"}`)
// or as a bare array of rules. A file that cannot be read or holds a bad rule refuses the start.
import { readFileSync } from 'node:fs';
import type { SetFaultsRequest } from '../../../wire/faults.ts';
import { isRecord } from '../../../wire/json.ts';
import { FaultRulesError, validateFaultRules } from './rules.ts';

export function readFaultsFile(path: string): SetFaultsRequest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new FaultRulesError([`--faults: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? e}).`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FaultRulesError([`--faults: ${path} is not JSON (${(e as Error).message}).`]);
  }
  const request = Array.isArray(value) ? { rules: value } : isRecord(value) ? value : null;
  if (!request)
    throw new FaultRulesError([`--faults: ${path} must hold {"rules": [...]} or an array of rules.`]);
  try {
    validateFaultRules(request.rules);
  } catch (e) {
    if (e instanceof FaultRulesError)
      throw new FaultRulesError([
        `--faults: ${path} has bad rules, and the emulator did not start.`,
        ...e.problems,
      ]);
    throw e;
  }
  return request as unknown as SetFaultsRequest;
}
