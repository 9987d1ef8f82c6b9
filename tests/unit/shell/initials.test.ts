import { describe, expect, it } from 'vitest';
import { avatarInitials } from '../../../src/scripts/initials.ts';

describe('the header avatar letters', () => {
  it('are the initials of the first and last name when the profile has a name', () => {
    expect(avatarInitials({ fullName: 'Анна Петрова', email: 'demo@cabinet.local' })).toBe('АП');
    expect(avatarInitials({ fullName: '  maria  da  silva ', email: 'x@y.z' })).toBe('MS');
    expect(avatarInitials({ fullName: 'Олеся', email: 'x@y.z' })).toBe('О');
  });
  it('skip words without letters and fall back to the e-mail', () => {
    expect(avatarInitials({ fullName: '— Ирина', email: 'x@y.z' })).toBe('И');
    expect(avatarInitials({ fullName: '   ', email: 'demo@cabinet.local' })).toBe('D');
    expect(avatarInitials({ fullName: null, email: '_ivan@x.ru' })).toBe('I');
    expect(avatarInitials({ email: '' })).toBe('');
  });
});
