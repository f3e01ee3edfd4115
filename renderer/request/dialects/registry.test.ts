import { describe, expect, it } from 'vitest';
import { descriptorOf, PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { parseParams, parseTools } from '../validate.ts';
import { NO_PARAMS } from '../draft.ts';
import { endpointPath, endpointPattern } from './kit/endpoint.ts';
import { PARAMS, paramNames } from './kit/params.ts';
import { DEFAULT_PROTOCOL, REQUEST_DIALECTS, requestDialect } from './registry.ts';

describe('the request dialects', () => {
  it('has one for every registered protocol, and nothing else', () => {
    expect(Object.keys(REQUEST_DIALECTS).sort()).toEqual([...PROTOCOLS].sort());
    for (const protocol of PROTOCOLS) expect(requestDialect(protocol).protocol).toBe(protocol);
    expect(DEFAULT_PROTOCOL).toBe(PROTOCOLS[0]);
  });

  describe.each(PROTOCOLS)('%s', (protocol) => {
    const dialect = requestDialect(protocol);
    const descriptor = descriptorOf(protocol);

    it('names the endpoint its descriptor does, and finds it at the end of a recorded URL', () => {
      expect(endpointPath(protocol)).toBe(descriptor.pathEnding);
      expect(endpointPattern(protocol).test(descriptor.path)).toBe(true);
      expect(endpointPattern(protocol).test(`/gateway${descriptor.path}/`)).toBe(true);
      expect(`/v1${descriptor.pathEnding}`.replace(endpointPattern(protocol), '')).toBe('/v1');
      for (const other of PROTOCOLS.filter((each) => descriptorOf(each).pathEnding !== descriptor.pathEnding)) expect(endpointPattern(other).test(descriptor.path)).toBe(false);
    });

    it('has a field for each of its parameters once, the tool choice last', () => {
      const names = paramNames(dialect);
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((name) => (PARAMS as readonly string[]).includes(name))).toBe(true);
      expect(names.at(-1)).toBe('tool_choice');
    });

    it('takes its own example tool, and its word for "use some tool" as a mode it writes and reads back', () => {
      expect(parseTools(dialect.tools.example, protocol).ok).toBe(true);
      expect(dialect.toolChoice.modes).toContain(dialect.toolChoice.mustUse);
      for (const choice of [...dialect.toolChoice.modes, 'get_weather']) expect(dialect.toolChoice.read(dialect.toolChoice.write(choice))).toBe(choice);
    });

    it('asks for its required parameters only, filled by the limit it fills in', () => {
      const required = dialect.numbers.filter((param) => param.required !== undefined);
      const checked = parseParams(NO_PARAMS, protocol);
      expect(checked.ok).toBe(required.length === 0);
      if (dialect.filledLimit !== null) for (const param of required) expect(parseParams({ ...NO_PARAMS, [param.name]: dialect.filledLimit }, protocol).ok).toBe(true);
    });
  });
});
