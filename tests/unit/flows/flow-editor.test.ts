import { describe, expect, it } from 'vitest';
import { parseLocation, stepOf, stepPath } from '../../../src/features/flows/islands/editor/steps.ts';
import { defaultFields, type FlowFields } from '../../../src/shared/flows/types.ts';
import { flowHasPhones, validateFlowWith } from '../../../src/shared/flows/validate-core.ts';
import { checkTestPhones, isPhone, validateFlow } from '../../../src/shared/flows/validate.ts';

describe('flow editor address', () => {
  it('reads the flow id and step, keeping a locale prefix', () => {
    expect(parseLocation('/flows/edit/12/buttons')).toEqual({ base: '', flowId: 12, step: 'buttons', corrected: false });
    expect(parseLocation('/en/flows/edit/12/mode/')).toEqual({ base: '/en', flowId: 12, step: 'mode', corrected: false });
    const loc = parseLocation('/pt-br/flows/edit/7');
    expect(loc).toEqual({ base: '/pt-br', flowId: 7, step: 'message', corrected: true });
    expect(stepPath(loc, 'timing')).toBe('/pt-br/flows/edit/7/timing');
  });

  it('an unknown step is the first; a bad id is no flow', () => {
    expect(parseLocation('/flows/edit/12/__proto__')).toMatchObject({ step: 'message', corrected: true });
    expect(parseLocation('/flows/edit/abc/message').flowId).toBeUndefined();
    expect(parseLocation('/flows/edit/-3').flowId).toBeUndefined();
    expect(parseLocation('/flows/edit/1.5').flowId).toBeUndefined();
  });

  it('a field path of the shared rules or a server problem lands on its step', () => {
    expect(stepOf('buttons.1.text')).toBe('buttons');
    expect(stepOf('sendingHours')).toBe('timing');
    expect(stepOf('endDate')).toBe('timing');
    expect(stepOf('filters.spend')).toBe('filters');
    expect(stepOf('testPhones')).toBe('mode');
    expect(stepOf('connectionId')).toBe('mode');
    expect(stepOf('wabaTemplate')).toBe('mode');
    expect(stepOf('wabaVariables')).toBe('mode');
    expect(stepOf('image.sizeBytes')).toBe('message');
    expect(stepOf('content')).toBe('message');
  });
});

describe('flow rules without and with the phone check', () => {
  const now = Math.floor(Date.now() / 1000);
  const flow = (patch: Partial<FlowFields>): FlowFields => ({ ...defaultFields('recordReminder'), title: 'T', content: 'Hello', ...patch });
  const phoneless = flow({ testPhones: '+79161234567, 12', buttons: [{ type: 'call', text: 'Call', enabled: false, value: 'abc' }], sendingHours: { from: 22, to: 8 } });

  it('the editor checks everything but phones before the phone rules load, the same rules once they have', () => {
    expect(validateFlowWith(phoneless, now).map((e) => e.field)).toEqual(['sendingHours']);
    expect(validateFlowWith(phoneless, now, isPhone)).toEqual(validateFlow(phoneless, now));
    expect(validateFlow(phoneless, now).map((e) => e.field)).toEqual(['sendingHours', 'buttons.0.value', 'testPhones']);
    expect(checkTestPhones('+79161234567, 12')?.message).toContain('(12)');
    expect(checkTestPhones('')).toBeUndefined();
  });

  it('a phone number anywhere in the flow makes the editor load the phone rules', () => {
    expect(flowHasPhones(flow({}))).toBe(false);
    expect(flowHasPhones(flow({ testPhones: ' 1' }))).toBe(true);
    expect(flowHasPhones(flow({ buttons: [{ type: 'call', text: 'Call', enabled: false, value: '+7916' }] }))).toBe(true);
    expect(flowHasPhones(flow({ buttons: [{ type: 'call', text: 'Call', enabled: false, value: null }] }))).toBe(false);
  });
});
